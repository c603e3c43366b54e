package org.fparity.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Job;
import org.junit.jupiter.api.Test;

/** A window's jobs go to the executor costliest compile first: O2 and above, then O1, then O0, otherwise as planned. */
class JobOrderTest {
    @Test
    void costlierOptLevelsComeFirstAndToolchainsKeepTheirTurns() {
        List<Job> jobs = new ArrayList<>();
        for (String tc : List.of("gcc", "clang-14")) {
            DetectedToolchain dt = Sites.undetected(Fixtures.shipped().get(tc));
            for (String opt : List.of("O0", "O1", "O2", "O3", "O3_FM"))
                jobs.add(Fixtures.job("B", dt, opt, List.of(Fixtures.line("p", 0, 1, 2))));
        }
        jobs.sort(org.fparity.exec.Worker.COSTLIEST_FIRST);
        List<String> order =
                jobs.stream().map(j -> j.toolchain().name() + "@" + j.opt()).toList();
        assertEquals(
                List.of(
                        "gcc@O2",
                        "gcc@O3",
                        "gcc@O3_FM",
                        "clang-14@O2",
                        "clang-14@O3",
                        "clang-14@O3_FM",
                        "gcc@O1",
                        "clang-14@O1",
                        "gcc@O0",
                        "clang-14@O0"),
                order);
    }
}
