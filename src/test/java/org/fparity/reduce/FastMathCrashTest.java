package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.cli.Cli;
import org.fparity.compare.CampaignFixtures;
import org.fparity.compare.CampaignView;
import org.fparity.compare.ProgramInfo;
import org.fparity.confirm.DiscrepancyId;
import org.fparity.confirm.Interestingness;
import org.fparity.confirm.Side;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramFiles;
import org.fparity.ir.ProgramJson;
import org.fparity.ir.Size;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that ends differently is a finding fparity reduces like a numerical one. Found by the README's default
 * campaign: clang 16 and 19 at -O3 -ffast-math fold a division by zero to poison (finite-math-only), a branch on it is
 * undefined behaviour, and the process runs into whatever code follows the deleted call (SIGSEGV, or the harness's
 * "bad value" exit) where every IEEE level prints a result. Before, {@code fparity reduce} refused it ("does not run
 * on both platforms").
 */
@Tag("tools")
class FastMathCrashTest {
    @TempDir
    Path tmp;

    /** clang-19, else clang-16, when it can build and run here: the versions that make this value poison. */
    private static String clang(Toolchains tcs) {
        for (String n : List.of("clang-19", "clang-16")) {
            Toolchain tc = tcs.get(n);
            if (tc == null) continue;
            DetectedToolchain dt = DetectedToolchain.detect(tc);
            if (dt.canCompile() && dt.canRun()) return n;
        }
        return null;
    }

    @Test
    void aCrashUnderFiniteMathOnlyIsConfirmedReducedExplainedAndBundled() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        String cc = clang(tcs);
        Assumptions.assumeTrue(
                cc != null, "neither clang-19 nor clang-16 is installed (the crash needs LLVM 16 or later)");
        Program p = Program.parse("""
                program fp64 array 8
                compute(double comp, double var_1, double var_2) {
                  comp += var_1 * var_2;
                  comp /= 0x0p+0;
                  if (comp >= comp) {
                    comp = var_2 * 0x1p-3;
                  }
                }
                """);
        Input in = new Input(List.of("0x1p-3", "0x1.8p+0", "0x1p+1"));
        Path out = tmp.resolve("reproducers");
        ReduceSession s = new ReduceSession(tcs, tmp.resolve("work"), out, m -> {});
        // B is the crashing side here, A the one that prints: either order is reduced
        ReduceSession.Report r = s.run(new ReduceSession.Request(
                null, p, in, Side.read(cc + "@O0"), Side.read(cc + "@O3_FM"), null, 1, false, 50, null));

        assertEquals(
                ReduceSession.Kind.REDUCED,
                r.kind(),
                Reducer.describe(r.standaloneA()) + " vs " + Reducer.describe(r.standaloneB()));
        assertTrue(r.confirmed(), "the crash happens in the single-program form too");
        assertNull(r.cls(), "a crash is not a numerical class");
        assertEquals(Interestingness.ENDED_LABEL, r.label());
        assertEquals(Outcome.Status.OK, r.standaloneA().status());
        assertEquals(Outcome.Status.CRASH, r.standaloneB().status(), Reducer.describe(r.standaloneB()));
        assertEquals(DiscrepancyId.of(p.id(), 0, cc + "@O0", cc + "@O3_FM", Interestingness.ENDED_ID), r.id());

        // reduced to the cause: a division by zero and a branch on its result (5 operations to at most 2)
        assertEquals(5, r.original().operations());
        assertTrue(r.reducedStandalone(), "the reduced program still crashes standalone");
        assertTrue(
                Size.of(r.result().program()).operations() <= 2,
                r.result().program().canonical());
        assertTrue(
                r.result().program().canonical().contains("0x0p+0"),
                r.result().program().canonical());
        assertEquals(Outcome.Status.CRASH, r.result().b().status());
        assertEquals(Outcome.Status.OK, r.result().a().status());
        if (r.sanitizer() != null)
            assertTrue(r.sanitizer().clean(), r.sanitizer().detail());

        // the explanation: the printing side's first non-finite operation is the division by zero
        assertNotNull(r.divergence(), "no explanation");
        assertEquals("non-finite", r.divergence().kind());
        assertTrue(r.divergence().text().contains("/"), r.divergence().text());
        assertTrue(
                Double.isInfinite(org.fparity.ir.HexFloat.parse(r.divergence().b())),
                r.divergence().b());
        String root = r.divergence().rootCause();
        assertTrue(root.startsWith("non-finite:/") && root.endsWith(":" + cc + "@O3_FM"), root);

        // the bundle records how each side ended
        JsonNode ex = ProgramJson.MAPPER.readTree(Files.readString(r.bundle().resolve("expected.json")));
        assertEquals(Interestingness.ENDED_ID, ex.get("class").asText());
        assertEquals(
                "CRASH", ex.get("platforms").get(cc + "@O3_FM").get("status").asText());
        assertNotNull(ex.get("platforms").get(cc + "@O0").get("result"));
        assertTrue(Files.readString(r.bundle().resolve("README.md")).contains("finite-math-only"));

        // the minimal source, built and run here, crashes as the reduced program did (its function called through a
        // volatile pointer, as the harness calls it), so the bundle ships it and not the 6 KB harness form
        assertTrue(Files.isRegularFile(r.bundle().resolve("min.c")), "the minimal source");
        assertFalse(Files.exists(r.bundle().resolve("test.c")), "no harness form");
        assertTrue(
                Files.readString(r.bundle().resolve("README.md"))
                        .contains("the minimal source (`min.c`, no harness) ends as recorded: " + cc + "@O0 prints `"),
                Files.readString(r.bundle().resolve("README.md")));

        // build.sh, from a fresh copy on a clean PATH, shows the crash as recorded: the printing side's value and no
        // result on the other
        Path fresh = tmp.resolve("fresh");
        Files.createDirectories(fresh);
        try (var files = Files.list(r.bundle())) {
            for (Path f : files.toList()) if (Files.isRegularFile(f)) Files.copy(f, fresh.resolve(f.getFileName()));
        }
        ProcessBuilder pb =
                new ProcessBuilder("sh", "build.sh").directory(fresh.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/bin:/bin");
        Process proc = pb.start();
        String printed = new String(proc.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, proc.waitFor(), printed);
        assertTrue(printed.contains(cc + "@O3_FM no-result"), printed);
    }

    /**
     * The same crash as a campaign finds it: {@code fparity reduce CAMPAIGN --top 1} takes it, with its id, before the
     * campaign's value discrepancies (clang-19 here also gives corpora/daz-subnormal-times-inf's NaN–Inf, the most
     * severe class, which --top took first when it left crashes out).
     */
    @Test
    void topTakesTheCrashOfARealCampaignFirst() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        String cc = clang(tcs);
        Assumptions.assumeTrue(
                cc != null, "neither clang-19 nor clang-16 is installed (the crash needs LLVM 16 or later)");
        Map<String, ProgramInfo> programs = new LinkedHashMap<>();
        for (String corpus : List.of("fastmath-poison-branch", "daz-subnormal-times-inf")) {
            ProgramFiles.ProgramFile pf = ProgramFiles.read(Path.of("corpora", corpus, "program.fp"));
            Program p = pf.program();
            programs.put(p.id(), new ProgramInfo(p.id(), p.precision(), p.canonical(), pf.inputs()));
        }
        String poison = programs.keySet().iterator().next();
        Path camp = CampaignFixtures.write(
                new CampaignView("poison", Map.of(), Map.of(), programs, List.of()), tmp.resolve("poison"));
        // both programs in one batch binary, the poison one first: its deleted code runs on into its neighbour's
        // fp_run,
        // and the harness's canary answers that line with an error instead of the neighbour's value (before it, this
        // campaign needed --batch 1: the O3_FM build printed a wrong value instead of crashing)
        Cli.Run run = Cli.fparity(
                "run",
                "--campaign",
                camp.toString(),
                "--toolchains",
                cc,
                "--opt",
                "O0,O3_FM",
                "--reruns",
                "0",
                "--no-report");
        assertEquals(0, run.exit(), run.out() + run.err());

        String crash = DiscrepancyId.of(poison, 0, cc + "@O0", cc + "@O3_FM", Interestingness.ENDED_ID);
        List<String> ended = CampaignDiscrepancies.menu(camp).endedDifferently().stream()
                .map(CampaignDiscrepancies.Entry::id)
                .toList();
        assertEquals(
                List.of(crash),
                ended,
                "the campaign's one run that ended differently: " + cc + "@O3_FM beside O0's result; outcomes:\n"
                        + Files.readString(camp.resolve("outcomes.jsonl")));
        Path out = tmp.resolve("out");
        Cli.Run r = Cli.fparity("reduce", camp.toString(), "--top", "1", "--out", out.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith(crash + "  " + Interestingness.ENDED_LABEL + "  confirmed"), r.out());
        assertTrue(Files.isRegularFile(out.resolve(crash).resolve("expected.json")), r.out());
    }
}
