package org.fparity.campaign;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.transfer.ExportFormat;

/**
 * Writes a real campaign folder (generated IR programs with their hashes, a grammar, platforms with versions and argv,
 * outcomes through {@link OutcomeLog}) without running a compiler: results are made up, deterministically, so that
 * {@code fake} toolchains differ from the truthful ones in known runs. Used by the transfer tests and the benchmark.
 */
public final class CampaignBuilder {
    private CampaignBuilder() {}

    /** How one (program, input) comes out on one platform. */
    public interface Results {
        Outcome of(CampaignMeta.ProgramEntry p, int programIndex, int input, CampaignMeta.PlatformRecord platform);
    }

    public static List<CampaignMeta.ProgramEntry> programs(long seed, int count, int inputs) {
        Grammar g = Grammar.defaults();
        InputGenerator ig = new InputGenerator(g, seed);
        List<CampaignMeta.ProgramEntry> out = new ArrayList<>();
        for (Program p : new Generator(g, seed).generate(Precision.FP64, count)) {
            String c = p.canonical();
            out.add(new CampaignMeta.ProgramEntry(
                    p.id(), ExportFormat.sha256(c), Precision.FP64, c, ig.inputs(p, inputs)));
        }
        return out;
    }

    public static CampaignMeta.PlatformRecord platform(String toolchain, String opt, String host) {
        return platform(toolchain, opt, "local", host);
    }

    /** A platform at a site; its id is made the way the runner makes one (name, opt, a hash of what it is). */
    public static CampaignMeta.PlatformRecord platform(String toolchain, String opt, String site, String host) {
        return new CampaignMeta.PlatformRecord(
                toolchain + "@" + opt + "@" + site + "-"
                        + ExportFormat.sha256(toolchain + opt + site + host).substring(0, 8),
                toolchain,
                opt,
                site,
                null,
                "c",
                toolchain + " (fparity test) 1.0",
                List.of(toolchain, "-" + opt, "{src}", "-o", "{bin}", "-lm"),
                List.of("{bin}"),
                Map.of("LC_ALL", "C"),
                host,
                Map.of("hostname", host, "cpu", "test cpu"));
    }

    /** Truth: a value made from the program and input; a toolchain whose name starts with {@code fake} is 1 ULP off on every fifth run at O3_FM and NaN on every eleventh. */
    public static Outcome standard(
            CampaignMeta.ProgramEntry p, int programIndex, int input, CampaignMeta.PlatformRecord pl) {
        double truth = Math.scalb(1.0 + ((programIndex * 31 + input * 7) % 97) / 97.0, (programIndex % 40) - 20);
        int k = programIndex * 3 + input;
        double v = truth;
        if (pl.toolchain().startsWith("fake") && pl.opt().equals("O3_FM") && k % 5 == 0) v = Math.nextUp(truth);
        if (pl.toolchain().startsWith("fake") && k % 11 == 0) v = Double.NaN;
        return new Outcome(
                p.id(),
                input,
                pl.toolchain(),
                pl.opt(),
                pl.site(),
                pl.node(),
                Outcome.Status.OK,
                HexFloat.format(v),
                null,
                pl.id(),
                100 + k % 13);
    }

    /** Writes a campaign folder: campaign.json by {@link Campaign#writeMeta}, outcomes appended in program, input, platform order. */
    public static Path write(
            Path dir,
            long seed,
            List<CampaignMeta.ProgramEntry> programs,
            List<CampaignMeta.PlatformRecord> platforms,
            Results results) {
        return write(dir, seed, programs, platforms, results, OutcomeLog.Form.of(Campaign.SCHEMA));
    }

    /** As {@link #write(Path, long, List, List, Results)}, the outcome log in {@code form} (JSON: as layout 2 wrote it). */
    public static Path write(
            Path dir,
            long seed,
            List<CampaignMeta.ProgramEntry> programs,
            List<CampaignMeta.PlatformRecord> platforms,
            Results results,
            OutcomeLog.Form form) {
        try {
            java.nio.file.Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Grammar g = Grammar.defaults();
        com.fasterxml.jackson.databind.JsonNode content;
        try (var in = Grammar.class.getResourceAsStream(Grammar.DEFAULT_RESOURCE)) {
            content = org.fparity.ir.ProgramJson.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CampaignMeta meta = new CampaignMeta(
                Campaign.SCHEMA,
                "0.1.0",
                "2026-11-22T18:00:00Z",
                seed,
                new CampaignMeta.GrammarInfo(g.source(), g.sha256(), content),
                Map.of("programs", Integer.toString(programs.size())),
                Map.of("hostname", "node17", "cpu", "test cpu"),
                platforms,
                programs);
        Campaign.writeMeta(dir, meta);
        try (OutcomeLog log = OutcomeLog.open(dir.resolve(Campaign.OUTCOMES), s -> {}, form)) {
            for (int i = 0; i < programs.size(); i++) {
                CampaignMeta.ProgramEntry p = programs.get(i);
                for (int in = 0; in < p.inputs().size(); in++) {
                    for (CampaignMeta.PlatformRecord pl : platforms) {
                        Outcome o = results.of(p, i, in, pl);
                        if (o != null) log.append(o);
                    }
                }
            }
        }
        return dir;
    }

    /**
     * Writes rerun attempts 1 … {@code attempts} ({@code reruns-K.jsonl}, as {@code run.Reruns} keeps them): attempt K of
     * each recorded outcome is {@code rerun.apply(K, outcome)}, or nothing when that gives null.
     */
    public static void reruns(Path dir, int attempts, java.util.function.BiFunction<Integer, Outcome, Outcome> rerun) {
        List<Outcome> firsts = OutcomeLog.read(dir.resolve(Campaign.OUTCOMES)).outcomes();
        for (int k = 1; k <= attempts; k++) {
            try (OutcomeLog log = OutcomeLog.open(
                    dir.resolve(Campaign.rerunFile(k)),
                    s -> {},
                    OutcomeLog.Form.of(Campaign.readMeta(dir).schema()))) {
                for (Outcome o : firsts) {
                    Outcome again = rerun.apply(k, o);
                    if (again != null) log.append(again);
                }
            }
        }
    }

    /** The same run with another result. */
    public static Outcome withHex(Outcome o, String hex) {
        return new Outcome(
                o.program(),
                o.input(),
                o.toolchain(),
                o.opt(),
                o.site(),
                o.node(),
                o.status(),
                hex,
                o.detail(),
                o.platform(),
                o.micros());
    }

    /** A small campaign: 12 programs × 3 inputs on gcc and fake-cc at O0 and O3_FM. */
    public static Path small(Path dir) {
        List<CampaignMeta.PlatformRecord> pls = new ArrayList<>();
        for (String tc : List.of("gcc", "fake-cc"))
            for (String o : List.of("O0", "O3_FM")) pls.add(platform(tc, o, "node17"));
        return write(dir, 5, programs(5, 12, 3), pls, CampaignBuilder::standard);
    }

    static Input in(String... toks) {
        return new Input(List.of(toks));
    }
}
