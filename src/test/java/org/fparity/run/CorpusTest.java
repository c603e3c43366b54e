package org.fparity.run;

import static org.fparity.cli.Cli.fparity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.campaign.CampaignMeta;
import org.fparity.cli.Cli.Run;
import org.fparity.ir.Program;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fparity run --corpus DIR}: a user's .fp programs with their input lines as a campaign. */
class CorpusTest {
    @TempDir
    Path tmp;

    /** x * 3 then / 3: two inputs, and an array program (element-wise input written one element after the other). */
    private static final String THIRDS = """
            // a user's kernel
            program fp64 array 1
            compute(double comp, double x) {
              comp += x * 3.0 / 3.0;
            }
            // input: 0x0p+0 0x1.5555555555555p-2
            // input: 0x0p+0 0x1p-1074
            """;

    private static final String SUM = """
            program fp32 array 4
            compute(float comp, float v[4] each, int n) {
              for (int i = 0; i < n; ++i) {
                comp += v[i];
              }
            }
            // input: 0x0p+0 0x1p+0,0x1p-24,0x1p-24,-0x1p+0 4
            """;

    private Path corpus() throws IOException {
        Path dir = tmp.resolve("my-kernels");
        Files.createDirectories(dir.resolve("sums"));
        Files.writeString(dir.resolve("thirds.fp"), THIRDS);
        Files.writeString(dir.resolve("sums/sum4.fp"), SUM);
        Files.writeString(dir.resolve("notes.txt"), "not a program");
        return dir;
    }

    @Test
    void theFilesAreTheCampaignInPathOrderWithTheirInputs() throws IOException {
        CampaignPlan plan = Corpus.plan(corpus(), 200);
        assertEquals(2, plan.entries().size());
        CampaignMeta.ProgramEntry sum = plan.entries().get(0),
                thirds = plan.entries().get(1);
        assertEquals(Program.parse(SUM).id(), sum.id());
        assertEquals(
                List.of("0x0p+0", "0x1p+0,0x1p-24,0x1p-24,-0x1p+0", "4"),
                sum.inputs().getFirst().args(),
                "the array's elements are one token");
        assertEquals(Program.parse(THIRDS).canonical(), thirds.source());
        assertEquals(2, thirds.inputs().size());
        assertEquals(List.of("0x0p+0", "0x1p-1074"), thirds.inputs().get(1).args());
        assertEquals("3", plan.settings().get("inputs"));
        assertEquals(
                tmp.resolve("my-kernels").toAbsolutePath().toString(),
                plan.settings().get(Corpus.SETTING));
        assertNull(plan.spec("t", List.of(), List.of("O0")).seed(), "a corpus campaign has no seed");
        assertNull(plan.grammar());
    }

    @Test
    void aBadCorpusIsOneLineAndExit2() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path dir = corpus();
        List<String[]> cases = List.of(
                new String[] {tmp.resolve("nope").toString(), "--corpus " + tmp.resolve("nope") + ": no such folder"},
                new String[] {empty.toString(), "--corpus " + empty + ": no .fp program in it"});
        for (String[] c : cases) {
            Run r = fparity(
                    "run",
                    "--corpus",
                    c[0],
                    "--toolchains",
                    "gcc",
                    "--out",
                    tmp.resolve("x").toString());
            assertEquals(2, r.exit(), r.err());
            assertTrue(r.err().startsWith("fparity: " + c[1]), r.err());
        }
        Files.writeString(dir.resolve("copy.fp"), THIRDS);
        Run dup = fparity(
                "run",
                "--corpus",
                dir.toString(),
                "--toolchains",
                "gcc",
                "--out",
                tmp.resolve("x").toString());
        assertEquals(2, dup.exit());
        assertEquals(
                "fparity: " + dir.resolve("thirds.fp") + ": the same program as " + dir.resolve("copy.fp") + " (id "
                        + Program.parse(THIRDS).id() + "); keep one of them",
                dup.err().lines().findFirst().orElseThrow());
        Files.delete(dir.resolve("copy.fp"));
        Files.writeString(dir.resolve("bare.fp"), THIRDS.replaceAll("// input:.*\n", ""));
        Run bare = fparity(
                "run",
                "--corpus",
                dir.toString(),
                "--toolchains",
                "gcc",
                "--out",
                tmp.resolve("x").toString());
        assertEquals(2, bare.exit());
        assertEquals(
                "fparity: " + dir.resolve("bare.fp")
                        + ": no '// input:' line: a corpus program runs on the inputs its file lists",
                bare.err().strip());
        Files.writeString(
                dir.resolve("bare.fp"),
                THIRDS.replace("x * 3.0", "x * 5.0").replace("0x0p+0 0x1p-1074", "0x0p+0 0x1p+0 0x1p+1"));
        Run arity = fparity(
                "run",
                "--corpus",
                dir.toString(),
                "--toolchains",
                "gcc",
                "--out",
                tmp.resolve("x").toString());
        assertEquals(2, arity.exit());
        assertTrue(
                arity.err()
                        .startsWith("fparity: " + dir.resolve("bare.fp")
                                + ": input line 2 gives 3 values; the program has 2 parameters"),
                arity.err());
        assertFalse(Files.exists(tmp.resolve("x/campaign.json")), "nothing ran");
        Run both = fparity(
                "run",
                "--corpus",
                dir.toString(),
                "--campaign",
                tmp.resolve("x").toString());
        assertEquals(2, both.exit());
    }

    @Test
    @Tag("tools")
    void aCorpusRunsComparesAndResumesAsAnyCampaign() throws IOException {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc not installed");
        Path dir = corpus();
        Path out = tmp.resolve("campaign");
        Run r = fparity(
                "run",
                "--corpus",
                dir.toString(),
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O3_FM",
                "--out",
                out.toString(),
                "--reruns",
                "0",
                "--report",
                tmp.resolve("report").toString(),
                "--jobs",
                "1",
                "--no-triage"); // about running a corpus; RunTriageTest triages one
        assertTrue(r.exit() == 0 || r.exit() == 1, r.out() + r.err());
        assertTrue(
                r.err().contains("fparity: 2 programs × 3 inputs in all × 1 toolchains × 2 opt levels into " + out),
                r.err());
        // every program on every input of its file, on both platforms
        // the runs of the compact log (its other lines declare the platforms)
        List<String> outcomes = Files.readAllLines(out.resolve("outcomes.jsonl")).stream()
                .filter(l -> l.startsWith("["))
                .toList();
        assertEquals(6, outcomes.size(), outcomes.toString());
        Run again = fparity(
                "run",
                "--corpus",
                dir.toString(),
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O3_FM",
                "--out",
                out.toString(),
                "--reruns",
                "0",
                "--no-report",
                "--jobs",
                "1");
        assertTrue(again.out().contains("6 runs recorded (0 this time, 6 already done)"), again.out() + again.err());
        Run compare = fparity("compare", out.toString());
        assertEquals(r.exit(), compare.exit(), compare.out());
        assertTrue(compare.out().contains("3 cases ran on 2 platforms"), compare.out());
        assertTrue(
                Files.readString(out.resolve("campaign.json")).contains("\"corpus\" : \"" + dir.toAbsolutePath()),
                "the campaign records its corpus");
    }
}
