package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.Outcome;
import org.fparity.ir.Precision;
import org.fparity.run.CampaignPlan;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign whose programs do not fit in the heap runs anyway: {@code fparity run} in a JVM of 32 MB runs 10,000
 * programs (the fparity before the program store ran out of memory there: it held every program, parsed, plus their
 * text in campaign.json; it needs more than 96 MB for 20,000). And a run killed with SIGKILL at moments while it writes
 * its programs and outcomes, then run again, has every program once and every outcome once. The toolchains are the sed
 * scripts of {@link ProgramStoreCampaignTest} (nothing to compile), so what is measured is fparity's own memory.
 */
@Tag("slow")
class LargeCampaignHeapTest {
    @TempDir
    Path tmp;

    private Processes.Running child(String heap, Path log, String... args) throws IOException {
        return Processes.command(Cli.childJvm(List.of("-Xmx" + heap, "-Xss8m"), args))
                .output(log)
                .stdin(Path.of("/dev/null"))
                .start();
    }

    @Test
    void tenThousandProgramsRunInA32MegabyteHeap() throws Exception {
        Path dir = tmp.resolve("big");
        Path log = tmp.resolve("big.log");
        String[] args = ProgramStoreCampaignTest.run(dir, 10_000, "one");
        args[4] = "1"; // --inputs 1
        Processes.Running p = child("32m", log, args);
        assertTrue(p.waitFor(600_000), "finished within 10 minutes");
        String out = Files.readString(log);
        assertFalse(out.contains("OutOfMemoryError"), out);
        assertEquals(0, p.exitValue(), out);
        assertEquals(10_000, Files.readAllLines(dir.resolve("programs.jsonl")).size());
        Campaign c = Campaign.load(dir);
        assertEquals(10_000, c.programEntries().size());
        assertEquals(10_000, c.outcomes().size());
        for (Outcome o : c.outcomes()) assertEquals("0x1p+0", o.hex(), o.toString());
    }

    @Test
    void killedWhileWritingProgramsAndOutcomesThenRunAgainLosesNothing() throws Exception {
        int programs = 3000;
        Path dir = tmp.resolve("killed");
        String[] args = ProgramStoreCampaignTest.run(dir, programs, "one,two");
        int kills = 0;
        for (int attempt = 0; attempt < 8 && kills < 3; attempt++) {
            long outcomes = lines(dir.resolve(Campaign.OUTCOMES));
            Processes.Running p = child("256m", tmp.resolve("killed-" + attempt + ".log"), args);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            if (attempt == 0) {
                // while the program store is written: some programs in it, campaign.json not yet there
                while (p.isAlive() && lines(dir.resolve("programs.jsonl")) < 200 && System.nanoTime() < deadline)
                    Thread.sleep(1);
            } else {
                // while outcomes are appended: after some new lines
                while (p.isAlive()
                        && lines(dir.resolve(Campaign.OUTCOMES)) < outcomes + 500
                        && System.nanoTime() < deadline) Thread.sleep(1);
            }
            if (!p.isAlive()) continue;
            p.handle().destroyForcibly(); // SIGKILL to the JVM only: no shutdown hook, no flush
            p.handle().onExit().join();
            kills++;
        }
        assertTrue(kills >= 2, "killed mid-campaign at least twice, got " + kills);

        Cli.Run r = Cli.fparity(args);
        assertEquals(0, r.exit(), r.err());
        List<CampaignMeta.ProgramEntry> want = new ArrayList<>();
        CampaignPlan.generate(new CampaignPlan.Request(5, List.of(Precision.FP64), "fp64", programs, 2, 200, null))
                .entries()
                .forEach(want::add);
        Campaign c = Campaign.load(dir);
        assertEquals(List.of(), c.problems());
        assertEquals(want, new ArrayList<>(c.programEntries()), "every program once, in order, as generated");
        assertEquals(programs, lines(dir.resolve("programs.jsonl")));
        Set<String> keys = new HashSet<>();
        for (Outcome o : c.outcomes()) keys.add(o.key());
        assertEquals(programs * 2 * 2, keys.size(), "every (program, input, toolchain) has its outcome");
        assertEquals(
                programs * 2 * 2,
                Files.readAllLines(dir.resolve(Campaign.OUTCOMES)).stream()
                        .filter(l -> l.startsWith("["))
                        .count(),
                "and only one (a run a line of the compact log; its other lines declare platforms)");
    }

    /** Complete lines of a file so far (0 before it exists). */
    static long lines(Path f) throws IOException {
        if (!Files.exists(f)) return 0;
        long n = 0;
        for (byte x : Files.readAllBytes(f)) if (x == '\n') n++;
        return n;
    }
}
