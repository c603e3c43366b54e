package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.OutcomeLog;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fparity merge}: associative, idempotent, partial programs kept, conflicts and unrelated campaigns refused. */
class MergeCommandTest {
    @TempDir
    static Path tmp;

    static List<CampaignMeta.ProgramEntry> programs;
    static Path a;
    static Path b;
    static Path c;

    /** Each campaign ran at its own site (named after its node). */
    static List<CampaignMeta.PlatformRecord> platforms(String site, String... tcs) {
        List<CampaignMeta.PlatformRecord> out = new ArrayList<>();
        for (String tc : tcs)
            for (String o : List.of("O0", "O3_FM")) out.add(CampaignBuilder.platform(tc, o, site, site + "-n1"));
        return out;
    }

    @BeforeAll
    static void campaigns() {
        programs = CampaignBuilder.programs(5, 12, 3);
        a = CampaignBuilder.write(
                tmp.resolve("a/c"), 5, programs, platforms("node-a", "gcc"), CampaignBuilder::standard);
        b = CampaignBuilder.write(
                tmp.resolve("b/c"), 5, programs, platforms("node-b", "gcc", "fake-cc"), CampaignBuilder::standard);
        // C: ten of the programs (the second with its inputs in reverse order) and two programs of its own.
        List<CampaignMeta.ProgramEntry> cs = new ArrayList<>(programs.subList(0, 10));
        CampaignMeta.ProgramEntry p1 = cs.get(1);
        cs.set(
                1,
                new CampaignMeta.ProgramEntry(
                        p1.id(),
                        p1.sha256(),
                        p1.precision(),
                        p1.source(),
                        p1.inputs().reversed()));
        cs.addAll(CampaignBuilder.programs(77, 2, 3));
        c = CampaignBuilder.write(tmp.resolve("c/c"), 5, cs, platforms("node-c", "clang"), CampaignBuilder::standard);
        // Reruns of one case, twice: at A gcc@O3_FM gives another answer the first time (unstable there); at C (where
        // that program's input 0 is A's input 2) every rerun repeats the first run.
        String rerun = programs.get(1).id();
        CampaignBuilder.reruns(
                a,
                2,
                (k, o) -> !(o.program().equals(rerun) && o.input() == 0)
                        ? null
                        : k == 1 && o.opt().equals("O3_FM")
                                ? CampaignBuilder.withHex(o, org.fparity.ir.HexFloat.format(Math.nextDown(o.value())))
                                : o);
        CampaignBuilder.reruns(c, 2, (k, o) -> o.program().equals(rerun) && o.input() == 0 ? o : null);
    }

    private static Path merge(String out, Path... ins) {
        List<String> args = new ArrayList<>(List.of("merge"));
        for (Path p : ins) args.add(p.toString());
        args.add("--out");
        Path o = tmp.resolve(out);
        args.add(o.toString());
        Cli.Run r = Cli.fparity(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return o;
    }

    private static void sameCampaign(Path x, Path y) throws IOException {
        for (String f : List.of("campaign.json", "outcomes.jsonl", "reruns-1.jsonl", "reruns-2.jsonl")) {
            assertArrayEquals(Files.readAllBytes(x.resolve(f)), Files.readAllBytes(y.resolve(f)), f);
        }
        assertFalse(Files.exists(y.resolve("reruns-3.jsonl")));
    }

    @Test
    void rerunsTravelWithTheMergeRenamedAsTheOutcomesAre() throws IOException {
        Path ac = merge("ac-reruns", a, c);
        String p1 = programs.get(1).id();
        for (String f : List.of("reruns-1.jsonl", "reruns-2.jsonl")) {
            List<Outcome> want = new ArrayList<>(OutcomeLog.read(a.resolve(f)).outcomes());
            // C's input 0 of that program is the merged campaign's input 2
            for (Outcome o : OutcomeLog.read(c.resolve(f)).outcomes())
                want.add(o.program().equals(p1) && o.input() == 0 ? o.at(o.program(), 2) : o);
            assertEquals(4, want.size());
            assertEquals(want, OutcomeLog.read(ac.resolve(f)).outcomes(), f);
        }
        // and the unstable platform is still told apart after the merge
        Cli.Run before = Cli.fparity("compare", a.toString());
        Cli.Run after = Cli.fparity("compare", ac.toString());
        assertTrue(before.out().contains("1 case with an unstable platform"), before.out());
        assertTrue(after.out().contains("1 case with an unstable platform"), after.out());
    }

    @Test
    void mergingACampaignWithItselfGivesItBack() throws IOException {
        sameCampaign(a, merge("aa", a, a));
        sameCampaign(a, merge("aaa", a, a, a));
    }

    @Test
    void mergingIsAssociative() throws IOException {
        Path ab = merge("ab", a, b);
        Path bc = merge("bc", b, c);
        Path left = merge("ab_c", ab, c);
        Path right = merge("a_bc", a, bc);
        sameCampaign(left, right);
        sameCampaign(left, merge("abc", a, b, c));
        // and the result holds every platform and every outcome of the three
        String meta = Files.readString(left.resolve("campaign.json"));
        for (String tc : List.of("gcc", "fake-cc", "clang"))
            assertTrue(meta.contains("\"toolchain\" : \"" + tc + "\""), tc);
        long lines = OutcomeLog.read(left.resolve("outcomes.jsonl")).outcomes().size();
        assertEquals(12 * 3 * 2 + 12 * 3 * 4 + 12 * 3 * 2, lines, "nothing lost, nothing doubled");
        // gcc at two sites stays two platforms
        assertTrue(meta.contains("\"site\" : \"node-a\"") && meta.contains("\"site\" : \"node-b\""), meta);
    }

    @Test
    void programsOnlySomeCampaignsHaveAreKeptAndReported() throws IOException {
        Path out = tmp.resolve("partial");
        Cli.Run r = Cli.fparity("merge", a.toString(), c.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(
                r.out().contains("4 programs are not in every campaign (kept; their other platforms have no outcome):"),
                r.out());
        assertTrue(r.out().contains("  " + programs.get(11).id() + " only in " + a), r.out());
        assertEquals(
                14,
                org.fparity.campaign.Campaign.load(out).programEntries().size(),
                "12 shared-or-A programs + 2 of C's own");
    }

    @Test
    void inputsAreMatchedByValueNotByPosition() throws IOException {
        Path out = merge("inputs", a, c);
        CampaignMeta.ProgramEntry p1 = programs.get(1);
        // C ran p1's inputs in reverse order: its input 0 is the merged campaign's input 2.
        Outcome clang0 = OutcomeLog.read(out.resolve("outcomes.jsonl")).outcomes().stream()
                .filter(o -> o.program().equals(p1.id())
                        && o.input() == 2
                        && o.toolchain().equals("clang")
                        && o.opt().equals("O0"))
                .findFirst()
                .orElseThrow();
        Outcome cs0 =
                CampaignBuilder.standard(p1, 1, 0, CampaignBuilder.platform("clang", "O0", "node-c", "node-c-n1"));
        assertEquals(cs0.hex(), clang0.hex());
        CampaignMeta.ProgramEntry merged1 =
                org.fparity.campaign.Campaign.load(out).programEntries().get(1);
        assertEquals(p1.inputs().getFirst().args(), merged1.inputs().get(0).args());
        assertEquals(3, merged1.inputs().size(), "still three inputs: the same three, in A's order");
    }

    @Test
    void campaignsWithNoProgramInCommonAreRefused() {
        Path d = CampaignBuilder.write(
                tmp.resolve("d/c"),
                9,
                CampaignBuilder.programs(99, 4, 2),
                platforms("node-d", "gcc"),
                CampaignBuilder::standard);
        Path out = tmp.resolve("disjoint");
        Cli.Run r = Cli.fparity("merge", a.toString(), d.toString(), "--out", out.toString());
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: " + d + " shares no program with " + a
                        + ": these are different campaigns, not the same one run elsewhere\n",
                r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void aConflictingOutcomeIsRefusedNotOverwritten() throws IOException {
        CampaignMeta.ProgramEntry p3 = programs.get(3);
        Path a2 =
                CampaignBuilder.write(tmp.resolve("a2/c"), 5, programs, platforms("node-a", "gcc"), (p, i, in, pl) -> {
                    Outcome o = CampaignBuilder.standard(p, i, in, pl);
                    if (p == p3 && in == 1 && pl.opt().equals("O3_FM"))
                        return new Outcome(
                                o.program(),
                                in,
                                o.toolchain(),
                                o.opt(),
                                o.site(),
                                o.node(),
                                o.status(),
                                "0x1p+3",
                                null,
                                o.platform(),
                                1);
                    return o;
                });
        Path out = tmp.resolve("conflict");
        Cli.Run r = Cli.fparity("merge", a.toString(), a2.toString(), "--out", out.toString());
        assertEquals(2, r.exit());
        String platform = "gcc@O3_FM@node-a";
        String was = CampaignBuilder.standard(p3, 3, 1, CampaignBuilder.platform("gcc", "O3_FM", "node-a", "node-a-n1"))
                .hex();
        assertEquals(
                "fparity: conflict: " + p3.id() + " input 1 on " + platform + " is OK " + was
                        + " in an earlier campaign but OK 0x1p+3 in " + a2
                        + "; not merged (rerun that platform or drop one side)\n",
                r.err());
        assertFalse(Files.exists(out));
        try (var s = Files.list(tmp)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".conflict")), "no half-written merge");
        }
    }

    @Test
    void mergeNeedsAFreshOutputFolder() {
        Cli.Run r = Cli.fparity("merge", a.toString(), b.toString(), "--out", c.toString());
        assertEquals(2, r.exit());
        assertEquals("fparity: " + c + " already exists; merge into a new folder (--out)\n", r.err());
    }
}
