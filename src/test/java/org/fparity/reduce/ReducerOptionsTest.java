package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.confirm.Interestingness;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.ir.Input;
import org.fparity.ir.Params;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.fparity.oracle.CorrectlyRounded;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** C-Vise's conventions (issue 29, point 5): the user's interestingness script, progress while reducing, a time limit. */
class ReducerOptionsTest {
    @TempDir
    Path tmp;

    static final Program P = Program.parse(PlantedCeilTest.PROGRAM);
    static final Input IN = new Input(List.of("0x0p+0", "0x1p-1000", "0x0p+0", "2", "0x0p+0", "0x1p+0"));
    static final Interestingness ZERO_NUMBER = new Interestingness(DiscrepancyClass.ZERO_NUMBER, 1, true);

    @BeforeEach
    void mpfr() {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
    }

    @Test
    void theUsersScriptMustAlsoSayInteresting() throws Exception {
        // the user wants the sin call kept: fparity alone removes it (the ceil is the cause)
        Path script = tmp.resolve("keep-sin.sh");
        Files.writeString(script, "#!/bin/sh\ngrep -q 'sin(' \"$1\" && test -f min.c\n");
        assertTrue(script.toFile().setExecutable(true));
        Reducer.Result plain = new Reducer(new ReducerTest.PlantedRunner(), ZERO_NUMBER, 200, s -> {}).reduce(P, IN);
        assertTrue(
                !plain.program().canonical().contains("sin("), plain.program().canonical());
        Reducer.Result kept = new Reducer(
                        new ReducerTest.PlantedRunner(),
                        ZERO_NUMBER,
                        200,
                        s -> {},
                        new Reducer.Options(new UserTest(script, Files.createDirectories(tmp.resolve("w")), 30), 0))
                .reduce(P, IN);
        String canon = kept.program().canonical();
        assertTrue(canon.contains("sin(") && canon.contains("ceil("), canon);
    }

    @Test
    void progressLinesGiveRoundOperationsLeftAndElapsed() throws Exception {
        List<String> log = new ArrayList<>();
        new Reducer(new ReducerTest.PlantedRunner(), ZERO_NUMBER, 200, log::add).reduce(P, IN);
        String first = log.stream()
                .filter(l -> l.startsWith("round 1: ") && l.contains("tried"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(log.toString()));
        assertTrue(
                first.matches("round 1: \\d+ candidates tried, \\d+ left this round; "
                        + Size.of(P).operations() + " operations; \\d+\\.\\d s"),
                first);
    }

    @Test
    void aTimeLimitStopsTakingStepsAndKeepsAStandaloneState() throws Exception {
        // every batch takes 1.2 s: a 1 s limit ends after the first
        ReducerTest.PlantedRunner slow = new ReducerTest.PlantedRunner() {
            @Override
            public List<Outcome[]> run(List<Params.WithInput> cs) {
                try {
                    Thread.sleep(1200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.run(cs);
            }
        };
        List<String> log = new ArrayList<>();
        Reducer.Result r = new Reducer(slow, ZERO_NUMBER, 200, log::add, new Reducer.Options(null, 1)).reduce(P, IN);
        Reducer.Result full = new Reducer(new ReducerTest.PlantedRunner(), ZERO_NUMBER, 200, s -> {}).reduce(P, IN);
        assertTrue(log.stream().anyMatch(l -> l.startsWith("time limit of 1 s reached after ")), log.toString());
        assertTrue(
                Size.of(r.program()).operations() > Size.of(full.program()).operations(),
                "stopped early: " + r.program().canonical());
        assertTrue(
                ZERO_NUMBER.interesting(r.program(), r.input(), r.a(), r.b()),
                "the kept state still shows the discrepancy");
        assertTrue(r.millis() < 15_000, "stopped within a few batches: " + r.millis() + " ms");
        assertEquals(DiscrepancyClass.ZERO_NUMBER, DiscrepancyClass.classify(r.a().value(), r.b().value()));
    }
}
