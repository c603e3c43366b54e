package org.fparity.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.reduce.ReduceSession;
import org.fparity.reduce.Reducer;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A single-program form that gives no result (here: it starts too late for its one-second run limit) says nothing about whether
 * the discrepancy needs its batch: the session must say the standalone run failed, not call the case batch-only.
 */
@Tag("tools")
class StandaloneFailureTest {
    @TempDir
    Path tmp;

    @Test
    void aStandaloneTimeoutIsReportedAsSuchNotAsBatchOnly() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Path tcs = Files.createDirectories(tmp.resolve("toolchains"));
        // gcc whose binaries start 30 s late, with a one-second run limit: every standalone run times out
        Files.writeString(
                tcs.resolve("gcc-late.json"),
                Files.readString(Path.of("runners/toolchains/gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"gcc-late\",\n  \"runTimeoutSeconds\": 1")
                        .replace(
                                "\"run\": [\"{bin}\"]",
                                "\"run\": [\"sh\", \"-c\", \"sleep 30; exec \\\"$0\\\" \\\"$@\\\"\", \"{bin}\"]"));
        assertTrue(
                Files.readString(tcs.resolve("gcc-late.json")).contains("sleep 30"),
                "gcc.json's run line changed: update this test");
        Program p = Program.parse("""
                program fp64 array 4
                compute(double comp, double var_1) {
                  comp += sin(comp) * var_1;
                }
                """);
        Input in = new Input(List.of("0x1p-3", "0x1.8p+0"));
        ReduceSession s =
                new ReduceSession(Toolchains.load(tcs), tmp.resolve("work"), tmp.resolve("reproducers"), m -> {});
        ReduceSession.Report r = s.run(new ReduceSession.Request(
                "case",
                p,
                in,
                Side.read("gcc-late@O0"),
                Side.read("gcc-late@O1"),
                DiscrepancyClass.NUMBER_NUMBER,
                1,
                false,
                50,
                null));
        assertEquals(ReduceSession.Kind.STANDALONE_FAILED, r.kind());
        assertEquals(Outcome.Status.TIMEOUT, r.standaloneA().status(), Reducer.describe(r.standaloneA()));
        assertEquals(Outcome.Status.TIMEOUT, r.standaloneB().status(), Reducer.describe(r.standaloneB()));
        assertFalse(r.confirmed());
        assertNull(r.result(), "nothing was reduced");
        assertNull(r.bundle(), "nothing was bundled");
        assertFalse(
                Files.exists(tmp.resolve("reproducers"))
                        && Files.list(tmp.resolve("reproducers")).findAny().isPresent(),
                "no bundle written");
    }
}
