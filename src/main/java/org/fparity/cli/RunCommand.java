package org.fparity.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.CampaignRunner;
import org.fparity.campaign.Emitters;
import org.fparity.campaign.Progress;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.DiscrepancyClass;
import org.fparity.compare.Findings;
import org.fparity.compare.Pair;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.LocalExecutor;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fparity run}: generate, emit, compile, run, compare and report. Idempotent: the same command on the
 * same {@code --out} resumes a killed campaign and redoes nothing finished.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Generate programs and inputs, build them with every toolchain and opt level, run them, record every outcome.")
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--programs", paramLabel = "N", defaultValue = "50", description = "Programs per precision (default: ${DEFAULT-VALUE}).")
    int programs;

    @Option(names = "--inputs", paramLabel = "K", defaultValue = "3", description = "Inputs per program (default: ${DEFAULT-VALUE}).")
    int inputs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Generator seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--precision", paramLabel = "P", defaultValue = "fp64", description = "fp32, fp64 or both (default: ${DEFAULT-VALUE}).")
    String precision;

    @Option(names = "--toolchains", paramLabel = "LIST", split = ",", defaultValue = "auto",
            description = "Toolchain names, comma-separated; 'auto' = every toolchain that can compile and run here (default: ${DEFAULT-VALUE}).")
    List<String> toolchains;

    @Option(names = "--opt", paramLabel = "LIST", split = ",", defaultValue = "O0,O1,O2,O3,O3_FM",
            description = "Opt levels; 'all' adds each toolchain's extra levels such as nvcc's nofma (default: ${DEFAULT-VALUE}).")
    List<String> opts;

    @Option(names = "--out", paramLabel = "DIR", description = "Campaign folder (default: campaigns/seed<S>-<precision>-p<N>-i<K>).")
    Path out;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "200", description = "Programs per batch binary (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--jobs", paramLabel = "N", description = "Parallel builds and runs (default: the number of cores).")
    Integer jobs;

    @Option(names = "--grammar", paramLabel = "FILE", description = "Generator grammar (default: grammar/varity.json).")
    Path grammarFile;

    @Option(names = "--toolchain-dir", paramLabel = "DIR", description = "Folder of toolchain descriptors (default: runners/toolchains).")
    Path toolchainDir;

    @Option(names = "--report", paramLabel = "DIR", description = "Where to write the report (default: reports/<campaign name>).")
    Path reportDir;

    @Option(names = "--no-report", description = "Stop after running: no comparison, no report.")
    boolean noReport;

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        PrintStream err = System.err;
        if (programs < 1 || inputs < 1 || batch < 1) throw new FparityError("--programs, --inputs and --batch must be at least 1");
        List<Precision> precisions = switch (precision.toLowerCase(Locale.ROOT)) {
            case "both" -> List.of(Precision.FP64, Precision.FP32);
            default -> {
                try {
                    yield List.of(Precision.parseProgram(precision));
                } catch (IllegalArgumentException e) {
                    throw new FparityError("--precision: " + e.getMessage() + " or both");
                }
            }
        };
        Path dir = out != null ? out : Path.of("campaigns", "seed" + seed + "-" + precision.toLowerCase(Locale.ROOT) + "-p" + programs + "-i" + inputs);

        Toolchains tcs = Toolchains.load(toolchainDir == null ? Toolchains.defaultDir() : toolchainDir);
        for (String p : tcs.problems()) err.println("fparity: " + p);
        List<DetectedToolchain> chosen = choose(tcs, err);
        List<String> optLevels = optLevels(chosen);

        Grammar grammar = grammarFile == null ? Grammar.defaults() : Grammar.load(grammarFile);
        List<CampaignMeta.ProgramEntry> entries = new ArrayList<>();
        Map<String, Program> byId = new LinkedHashMap<>();
        InputGenerator ig = new InputGenerator(grammar, seed);
        for (Precision pr : precisions) {
            for (Program p : new Generator(grammar, seed).generate(pr, programs)) {
                List<Input> ins = ig.inputs(p, inputs);
                String canonical = p.canonical();
                entries.add(new CampaignMeta.ProgramEntry(p.id(), org.fparity.util.Hashes.sha256Hex(canonical), pr, canonical, ins));
                byId.put(p.id(), p);
            }
        }
        Map<String, String> settings = new TreeMap<>();
        settings.put("programs", Integer.toString(programs));
        settings.put("inputs", Integer.toString(inputs));
        settings.put("precision", precision.toLowerCase(Locale.ROOT));
        settings.put("batch", Integer.toString(batch));
        CampaignMeta.GrammarInfo gi = new CampaignMeta.GrammarInfo(grammar.source(), grammar.sha256(), grammarJson(grammarFile));
        CampaignRunner.Spec runSpec = new CampaignRunner.Spec(Main.VERSION, seed, gi, settings, entries, chosen, optLevels, batch,
                dt -> Emitters.forToolchain(dt.toolchain(), byId));

        int workers = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
        boolean terminal = System.console() != null && System.console().isTerminal();
        err.println("fparity: " + entries.size() + " programs × " + inputs + " inputs × " + chosen.size() + " toolchains × "
                + optLevels.size() + " opt levels into " + dir + " (" + workers + " workers)");
        LocalExecutor ex = new LocalExecutor(new BinaryCache(dir.resolve("build")), workers, s -> err.println("fparity: " + s));
        CampaignRunner.Result r = CampaignRunner.run(dir, runSpec, ex, n -> new Progress(err, terminal, n, new Disagreements()), s -> err.println("fparity: " + s));
        summary(o, r, ex);
        if (noReport) {
            o.println("next: fparity compare " + dir + "   (then: fparity report " + dir + ")");
        } else {
            CampaignView view = CliCampaigns.load(dir);
            Report rep = Report.of(view, null);
            Path where = reportDir != null ? reportDir : Path.of("reports", view.name());
            ReportWriter.write(rep, where);
            discrepancies(o, rep.findings());
            o.println("report: " + where.resolve("report.html") + "  (also report.json, summary.md, junit.xml, metrics.txt)");
        }
        o.flush();
        return 0;
    }

    /**
     * Counts, as outcomes arrive, the (program, input, opt level) runs on which two toolchains already disagree (by the
     * compare package's rule: signs of NaN and zero ignored), for the progress line. Not thread-safe: Progress
     * serialises the calls.
     */
    static final class Disagreements implements java.util.function.ToIntFunction<Outcome> {
        private final Map<String, List<String>> results = new java.util.HashMap<>();
        private final java.util.Set<String> disagreeing = new java.util.HashSet<>();

        @Override
        public int applyAsInt(Outcome o) {
            if (o.status() != Outcome.Status.OK) return disagreeing.size();
            String run = o.program() + "/" + o.input() + "/" + o.opt();
            List<String> seen = results.computeIfAbsent(run, k -> new ArrayList<>(4));
            if (!disagreeing.contains(run)) {
                double v = o.value();
                for (String h : seen) {
                    if (DiscrepancyClass.classify(org.fparity.ir.HexFloat.parse(h), v) != null) {
                        disagreeing.add(run);
                        break;
                    }
                }
            }
            seen.add(o.hex());
            return disagreeing.size();
        }
    }

    /** Discrepancy counts per class and opt level: toolchains against each other, then each opt level against O0. */
    static void discrepancies(PrintWriter o, Findings f) {
        List<DiscrepancyClass> classes = List.of(DiscrepancyClass.values());
        Map<String, int[]> byToolchains = new TreeMap<>(RunCommand::optOrder);
        Map<String, int[]> byOpt = new TreeMap<>(RunCommand::optOrder);
        for (Discrepancy d : f.discrepancies()) {
            boolean tc = d.pair().kind() == Pair.Kind.TOOLCHAINS;
            Map<String, int[]> m = tc ? byToolchains : byOpt;
            m.computeIfAbsent(d.pair().row(), k -> new int[classes.size()])[d.cls().ordinal()]++;
        }
        o.println();
        o.printf("discrepancies: %d (in %d runs; %d runs ended differently, e.g. one crashed)%n", f.discrepancies().size(), f.totalRuns(), f.mismatches().size());
        StringBuilder head = new StringBuilder(String.format("  %-22s", "pairs / opt"));
        for (DiscrepancyClass c : classes) head.append(String.format(" %13s", c.label()));
        o.println(head);
        for (var e : List.of(Map.entry("toolchain vs toolchain", byToolchains), Map.entry("opt level vs O0", byOpt))) {
            for (var row : e.getValue().entrySet()) {
                StringBuilder line = new StringBuilder(String.format("  %-22s", e.getKey().substring(0, e.getKey().indexOf(' ')) + " " + row.getKey()));
                for (int n : row.getValue()) line.append(String.format(" %13d", n));
                o.println(line);
            }
        }
    }

    private static int optOrder(String a, String b) {
        return Toolchain.OPT_ORDER.compare(a, b);
    }

    /** The toolchains to run: named ones (skipping, with one line each, those that cannot compile), or all usable ones. */
    private List<DetectedToolchain> choose(Toolchains tcs, PrintStream err) {
        boolean auto = toolchains.size() == 1 && toolchains.getFirst().equals("auto");
        List<Toolchain> wanted = new ArrayList<>();
        if (auto) wanted.addAll(tcs.all());
        else for (String n : new LinkedHashSet<>(toolchains)) wanted.add(tcs.get(n.strip()));
        List<DetectedToolchain> chosen = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (DetectedToolchain d : detectAll(wanted)) {
            if (auto) {
                if (d.canCompile() && d.canRun()) chosen.add(d);
                else left.add(d.name());
            } else if (!d.canCompile()) {
                err.println("fparity: skipping toolchain " + d.name() + ": " + d.compileProblem());
            } else {
                if (!d.canRun()) err.println("fparity: " + d.name() + " compiles here but cannot run: " + d.runProblem());
                chosen.add(d);
            }
        }
        if (auto && !chosen.isEmpty()) {
            err.println("fparity: toolchains: " + String.join(", ", chosen.stream().map(DetectedToolchain::name).toList())
                    + (left.isEmpty() ? "" : " (not here or cannot run here: " + String.join(", ", left) + "; see 'fparity toolchains')"));
        }
        if (chosen.isEmpty()) {
            throw new FparityError("no usable toolchain" + (auto ? " found" : " among " + String.join(",", toolchains))
                    + "; run 'fparity toolchains' to see what is available", FparityError.MISSING_TOOL);
        }
        return chosen;
    }

    private List<String> optLevels(List<DetectedToolchain> chosen) {
        LinkedHashSet<String> levels = new LinkedHashSet<>();
        for (String o : opts) {
            if (o.equalsIgnoreCase("all")) {
                levels.addAll(Toolchain.STANDARD_OPTS);
                for (DetectedToolchain d : chosen) levels.addAll(d.toolchain().optLevels());
            } else {
                String s = o.strip();
                if (chosen.stream().noneMatch(d -> d.toolchain().opt().containsKey(s))) {
                    throw new FparityError("--opt: no chosen toolchain has opt level '" + s + "' (standard: " + String.join(",", Toolchain.STANDARD_OPTS) + ")");
                }
                levels.add(s);
            }
        }
        return List.copyOf(levels);
    }

    /** Detects toolchains in parallel: probes are processes, mostly waiting. */
    static List<DetectedToolchain> detectAll(List<Toolchain> tcs) {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<DetectedToolchain>> fs = new ArrayList<>();
            for (Toolchain t : tcs) fs.add(pool.submit(() -> DetectedToolchain.detect(t)));
            List<DetectedToolchain> out = new ArrayList<>();
            for (Future<DetectedToolchain> f : fs) out.add(f.get());
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FparityError("interrupted while detecting toolchains", 1);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** One screen: outcomes per toolchain (all its opt levels) by status, and where things are. */
    static void summary(PrintWriter o, CampaignRunner.Result r, LocalExecutor ex) {
        Campaign c = r.campaign();
        Map<String, Map<Outcome.Status, Integer>> table = new TreeMap<>();
        Map<String, java.util.Set<String>> opts = new TreeMap<>();
        for (Outcome x : c.outcomes()) {
            table.computeIfAbsent(x.toolchain(), k -> new TreeMap<>()).merge(x.status(), 1, Integer::sum);
            opts.computeIfAbsent(x.toolchain(), k -> new java.util.TreeSet<>(RunCommand::optOrder)).add(x.opt());
        }
        o.println();
        o.printf("campaign %s: %d runs recorded (%d this time, %d already done), %d compiles, %.1f s%n", c.dir(), c.outcomes().size(),
                r.ran(), r.alreadyDone(), ex.cache().compiles(), r.millis() / 1000.0);
        int w = Math.max(9, table.keySet().stream().mapToInt(String::length).max().orElse(9));
        StringBuilder head = new StringBuilder(String.format("  %-" + w + "s", "toolchain"));
        for (Outcome.Status s : Outcome.Status.values()) head.append(String.format(" %13s", s.name()));
        o.println(head + "  opt levels");
        for (var e : table.entrySet()) {
            StringBuilder row = new StringBuilder(String.format("  %-" + w + "s", e.getKey()));
            for (Outcome.Status s : Outcome.Status.values()) row.append(String.format(" %13d", e.getValue().getOrDefault(s, 0)));
            o.println(row + "  " + String.join(",", opts.get(e.getKey())));
        }
        o.println("outcomes: " + c.dir().resolve(Campaign.OUTCOMES) + "   sources and build logs: " + c.dir().resolve("build"));
    }

    private static com.fasterxml.jackson.databind.JsonNode grammarJson(Path file) throws java.io.IOException {
        String text;
        if (file != null) {
            text = java.nio.file.Files.readString(file);
        } else {
            try (var in = Grammar.class.getResourceAsStream(Grammar.DEFAULT_RESOURCE)) {
                text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return org.fparity.ir.ProgramJson.MAPPER.readTree(text);
    }

}
