package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, finding 2: two {@code fparity run}s on one folder used to interleave their lines (unparsable lines,
 * duplicates, missing runs, both exit 0). Now the second is refused at once, naming the first, and the first's
 * campaign is what an undisturbed run gives.
 */
@Tag("tools")
@Tag("slow")
class OneWriterToolsTest {
    @TempDir
    Path tmp;

    /** gcc whose compile first sleeps $FPARITY_TEST_SLEEP seconds (0 when unset): the first run is still running when the second starts. */
    private Path slowGcc() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        Files.writeString(dir.resolve("gcc.json"), """
                {
                  "name": "gcc",
                  "language": "C",
                  "extension": "c",
                  "compile": ["sh", "-c", "sleep ${FPARITY_TEST_SLEEP:-0}; exec gcc \\"$@\\"", "gcc", "{opt}", "-o", "{bin}", "{src}", "-lm"],
                  "opt": {"O0": ["-O0"], "O2": ["-O2"]},
                  "run": ["{bin}"],
                  "version": [["gcc", "--version"]]
                }
                """);
        return dir;
    }

    private static String[] args(Path toolchains, Path out) {
        return new String[] {
            "run",
            "--programs",
            "3",
            "--inputs",
            "2",
            "--seed",
            "7",
            "--toolchains",
            "gcc",
            "--opt",
            "O0,O2",
            "--toolchain-dir",
            toolchains.toString(),
            "--reruns",
            "0",
            "--no-report",
            "--jobs",
            "1",
            "--out",
            out.toString()
        };
    }

    @Test
    void aSecondRunOnTheSameFolderIsRefusedNamingTheFirstWhichEndsAsAnUndisturbedRun() throws Exception {
        Path tcs = slowGcc();
        Path shared = tmp.resolve("shared");
        ProcessBuilder first = new ProcessBuilder(Cli.childJvm(List.of(), args(tcs, shared)))
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("first.log").toFile());
        first.environment().put("FPARITY_TEST_SLEEP", "4");
        Process a = first.start();
        // the first holds the folder once its lock file names it
        Path lock = shared.resolve(".lock");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!(Files.exists(lock) && Files.readString(lock).startsWith("pid " + a.pid() + " "))) {
            assertTrue(
                    a.isAlive(),
                    "the first run ended before it took the lock: " + Files.readString(tmp.resolve("first.log")));
            assertTrue(System.nanoTime() < deadline, "the first run never wrote its lock file " + lock);
            Thread.sleep(50);
        }
        Process b = new ProcessBuilder(Cli.childJvm(List.of(), args(tcs, shared)))
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("second.log").toFile())
                .start();
        int second = b.waitFor();
        String said = Files.readString(tmp.resolve("second.log"));
        assertTrue(
                a.isAlive(),
                "the first run must still be running when the second is refused (else this test proves nothing)");
        assertEquals(4, second, said);
        assertTrue(
                said.startsWith(
                        "fparity: " + shared + " is being written by another fparity (pid " + a.pid() + " on host "),
                said);
        assertTrue(said.contains("'fparity run --programs 3 "), said);
        assertEquals(1, said.lines().count(), said);
        assertEquals(0, a.waitFor(), Files.readString(tmp.resolve("first.log")));

        Path alone = tmp.resolve("alone");
        Cli.Run r = Cli.fparity(args(tcs, alone));
        assertEquals(0, r.exit(), r.err());
        List<String> got = withoutTimes(shared.resolve("outcomes.jsonl"));
        assertEquals(3 * 2 * 2, got.size(), "one line per program × input × platform: " + got);
        assertEquals(withoutTimes(alone.resolve("outcomes.jsonl")), got);
    }

    /**
     * The log's runs without their timings, sorted (the order of a batch's platforms may differ between runs, and with
     * it the compact log's numbering of platforms).
     */
    private static List<String> withoutTimes(Path log) throws Exception {
        List<String> out = new ArrayList<>();
        for (org.fparity.exec.Outcome o :
                org.fparity.campaign.OutcomeLog.read(log).outcomes())
            out.add(o.key() + " " + o.node() + " " + o.status() + " " + o.hex() + " " + o.detail() + " "
                    + o.platform());
        out.sort(null);
        return out;
    }
}
