package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.junit.jupiter.api.Test;

class DisagreementsTest {
    static Outcome o(String prog, String tc, String opt, Status s, String hex) {
        return new Outcome(prog, 0, tc, opt, s, hex, null, tc + "@" + opt, 0);
    }

    @Test
    void countsRunsWhereToolchainsAlreadyDisagreeIgnoringSignsOfNanAndZero() {
        RunCommand.Disagreements d = new RunCommand.Disagreements();
        assertEquals(0, d.applyAsInt(o("p", "gcc", "O0", Status.OK, "0x1p+0")));
        assertEquals(0, d.applyAsInt(o("p", "clang-19", "O0", Status.OK, "0x1p+0")));
        assertEquals(0, d.applyAsInt(o("p", "gcc", "O3", Status.OK, "0x1.0000000000001p+0")), "another opt level is another run");
        assertEquals(1, d.applyAsInt(o("p", "gcc-fma", "O0", Status.OK, "0x1.0000000000001p+0")));
        assertEquals(1, d.applyAsInt(o("p", "java", "O0", Status.OK, "0x1.8p+0")), "one run counts once");
        assertEquals(1, d.applyAsInt(o("q", "gcc", "O0", Status.OK, "nan")));
        assertEquals(1, d.applyAsInt(o("q", "clang-19", "O0", Status.OK, "-nan")));
        assertEquals(1, d.applyAsInt(o("q", "pocl", "O0", Status.CRASH, null)));
        assertEquals(1, d.applyAsInt(o("r", "gcc", "O0", Status.OK, "0x0p+0")));
        assertEquals(1, d.applyAsInt(o("r", "clang-19", "O0", Status.OK, "-0x0p+0")));
        assertEquals(2, d.applyAsInt(o("r", "java", "O0", Status.OK, "inf")));
    }
}
