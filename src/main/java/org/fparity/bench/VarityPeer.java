package org.fparity.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.util.CpuTime;
import org.fparity.util.Executables;
import org.fparity.util.Processes;

/**
 * Runs the real Varity (LLNL/Varity, unmodified, from a folder the user names) as the peer of {@code fparity bench}: it
 * is copied into a scratch folder, its one known bug patched there (stock Varity puts {@code -lm} before the source, so
 * every gcc build that calls libm fails to link on Debian and is silently dropped), configured through its own
 * {@code cfg.py} with the same compilers and opt levels as fparity, and run as its README says: {@code -g}, {@code -c},
 * {@code -r}. Nothing of Varity's is ever written outside the scratch folder.
 */
public final class VarityPeer {
    private VarityPeer() {}

    /** The compile command line of stock Varity ({@code varity.py}, compileCode) with {@code libs} before the source. */
    static final String STOCK_ARGS =
            "[compiler_path, op_level, more_ops, libs, \"-o\", fileName+\"-\"+compiler_name+op_level+extra_name+\".exe\", fileName]";
    /** The same with {@code -lm} after the source, where the linker can use it. */
    static final String PATCHED_ARGS =
            "[compiler_path, op_level, more_ops, \"-o\", fileName+\"-\"+compiler_name+op_level+extra_name+\".exe\", fileName, libs]";

    /** One compiler for Varity: a name without '-' (Varity splits exe names on it) and the compiler's path. */
    public record Compiler(String name, String path) {
        public Compiler {
            if (name.contains("-") || name.contains("\""))
                throw new IllegalArgumentException("Varity compiler name must not contain '-': " + name);
        }
    }

    /**
     * What to run: {@code programs} tests, {@code inputs} input samples each, every compiler at every opt level. An opt
     * level is Varity's pair: the flag and its switch (1 = no FMA contraction, 0 = plain; {@code ("-Ofast", 0)} is its
     * fast-math level).
     */
    public record Config(int programs, int inputs, List<Compiler> compilers, List<String> optFlags) {}

    /** Wall and CPU milliseconds of one of Varity's phases (CPU: the whole Python process tree, compilers included). */
    public record Phase(String name, long millis, long cpuMillis) {}

    /** The three phases and the results file Varity wrote (null when it aborted); campaigns it aborted before this one. */
    public record Result(List<Phase> phases, Path results, int aborted) {
        public long millis() {
            return phases.stream().mapToLong(Phase::millis).sum();
        }

        public long cpuMillis() {
            return phases.stream().mapToLong(Phase::cpuMillis).sum();
        }
    }

    /** Finds varity.py in {@code dir} or in {@code dir/varity} (the repository's root). */
    public static Path sourceDir(Path dir) {
        for (Path d : List.of(dir, dir.resolve("varity"))) {
            if (Files.isRegularFile(d.resolve("varity.py")) && Files.isRegularFile(d.resolve("cfg.py"))) return d;
        }
        throw new FparityError(
                "--varity " + dir + ": no varity.py and cfg.py there or in " + dir.resolve("varity")
                        + " (expected a checkout of LLNL/Varity)",
                ExitCode.BAD_INPUT);
    }

    /** Copies Varity's sources into {@code scratch}, patches the link order and appends the configuration. */
    public static Path prepare(Path varityDir, Path scratch, Config cfg) throws IOException {
        Path src = sourceDir(varityDir);
        Path dst = Files.createDirectories(scratch.resolve("varity"));
        try (Stream<Path> s = Files.walk(src)) {
            for (Path p : s.toList()) {
                Path rel = src.relativize(p);
                if (rel.toString().contains("__pycache__")) continue;
                Path to = dst.resolve(rel.toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path driver = dst.resolve("varity.py");
        Files.writeString(
                driver, patchLinkOrder(Files.readString(driver, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        Path cfgFile = dst.resolve("cfg.py");
        Files.writeString(
                cfgFile,
                Files.readString(cfgFile, StandardCharsets.UTF_8) + configuration(cfg),
                StandardCharsets.UTF_8);
        return dst;
    }

    /** varity.py with {@code -lm} moved after the source file; refuses a driver it does not recognise. */
    static String patchLinkOrder(String driver) {
        if (driver.contains(PATCHED_ARGS)) return driver;
        if (!driver.contains(STOCK_ARGS)) {
            throw new FparityError(
                    "cannot apply the -lm link-order patch: varity.py's compile line is not the one of LLNL/Varity f5e0492",
                    ExitCode.BAD_INPUT);
        }
        return driver.replace(STOCK_ARGS, PATCHED_ARGS);
    }

    /**
     * Settings appended to cfg.py: later assignments win in a Python module, so the user's file is left as it was and
     * only these names change. One group holds every test.
     */
    static String configuration(Config cfg) {
        StringBuilder sb = new StringBuilder("\n# --- set by fparity bench --varity ---\n");
        sb.append("NUM_GROUPS = 1\n");
        sb.append("TESTS_PER_GROUP = ").append(cfg.programs()).append('\n');
        sb.append("INPUT_SAMPLES_PER_RUN = ").append(cfg.inputs()).append('\n');
        sb.append("REAL_TYPE = \"double\"\n");
        List<String> cs = cfg.compilers().stream()
                .map(c -> "(\"" + c.name() + "\", \"" + c.path() + "\")")
                .toList();
        sb.append("COMPILERS = [").append(String.join(", ", cs)).append("]\n");
        List<String> os = cfg.optFlags().stream().map(o -> "(\"" + o + "\", 0)").toList();
        sb.append("OPT_LEVELS = [").append(String.join(", ", os)).append("]\n");
        return sb.toString();
    }

    /** Varity's flag for an fparity opt level: the same -O, and -Ofast (its fast-math level) for O3_FM. */
    public static String optFlag(String fparityOpt) {
        return switch (fparityOpt) {
            case "O0", "O1", "O2", "O3" -> "-" + fparityOpt;
            case "O3_FM" -> "-Ofast";
            default ->
                throw new FparityError(
                        "--varity: Varity has no equivalent of opt level " + fparityOpt, ExitCode.BAD_INPUT);
        };
    }

    /** How many fresh campaigns to try when Varity aborts one (see {@link #run}). */
    static final int ATTEMPTS = 3;

    /**
     * Runs generate, compile and run in the prepared copy; each phase's wall time and process-tree CPU time. Varity
     * aborts a whole campaign, writing no results.json, when one binary exits non-zero on one input (run.py's
     * runTestsSerial calls exit()); its programs are random and unseeded, so a fresh campaign is generated, up to
     * {@link #ATTEMPTS} times. The aborted attempts are counted in {@link Result#aborted()}, not in the figures.
     */
    public static Result run(Path copy, Consumer<String> log) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            Result r = attempt(copy, log);
            if (r.results() != null) return new Result(r.phases(), r.results(), attempt - 1);
            String why = Files.readString(copy.resolve("run.log"), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> l.startsWith("Error at runtime"))
                    .findFirst()
                    .orElse("no results.json");
            log.accept("varity aborted its campaign (" + why + "); attempt " + attempt + " of " + ATTEMPTS);
            if (attempt == ATTEMPTS) {
                throw new FparityError(
                        "Varity aborted " + ATTEMPTS + " campaigns in a row (" + why + "); see "
                                + copy.resolve("run.log"),
                        ExitCode.MISSING_TOOL);
            }
        }
    }

    private static Result attempt(Path copy, Consumer<String> log) throws IOException, InterruptedException {
        Path python = Executables.find("python3");
        if (python == null) throw new FparityError("--varity needs python3 on PATH", ExitCode.MISSING_TOOL);
        List<Phase> phases = new ArrayList<>();
        String gen = phase(copy, List.of(python.toString()), List.of("varity.py", "-g"), "generate", phases, log);
        Matcher m = Pattern.compile("Creating dir: (\\S+)").matcher(gen);
        if (!m.find())
            throw new FparityError(
                    "Varity's generate phase did not say where it wrote: " + gen.strip(), ExitCode.MISSING_TOOL);
        String dir = m.group(1);
        phase(copy, List.of(python.toString()), List.of("varity.py", "-c", dir), "compile", phases, log);
        phase(copy, limited(python), List.of("varity.py", "-r", dir), "run", phases, log);
        Path results = copy.resolve(dir).resolve("results.json");
        return new Result(phases, Files.isRegularFile(results) ? results : null, 0);
    }

    /**
     * CPU seconds each process of Varity's run phase may take. Varity runs its binaries without a time limit, and a
     * random program can loop forever once optimised (a clang-14 -Ofast binary was seen spinning for minutes); past the
     * limit the binary is killed, Varity aborts that campaign like any failed run and {@link #run} starts a fresh one.
     * Varity's own Python process stays far below it (a few CPU seconds for 100 programs).
     */
    static final int RUN_CPU_SECONDS = 120;

    /** {@code python} under a per-process CPU-time limit ({@link #RUN_CPU_SECONDS}), which its children inherit. */
    static List<String> limited(Path python) {
        return List.of("sh", "-c", "ulimit -t " + RUN_CPU_SECONDS + " && exec \"$@\"", "sh", python.toString());
    }

    private static String phase(
            Path copy, List<String> python, List<String> args, String name, List<Phase> phases, Consumer<String> log)
            throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(python);
        argv.addAll(args);
        Path out = copy.resolve(name + ".log");
        long t0 = System.nanoTime();
        long c0 = CpuTime.childCpuMillis();
        Processes.Result r = Processes.run(argv, Map.of(), copy, out, 3 * 3600);
        long cpu = CpuTime.childCpuMillis() - c0;
        long ms = (System.nanoTime() - t0) / 1_000_000;
        String text = Files.readString(out, StandardCharsets.UTF_8);
        if (!r.ok())
            throw new FparityError(
                    "Varity's " + name + " phase failed (exit " + r.exitCode() + "); see " + out,
                    ExitCode.MISSING_TOOL);
        phases.add(new Phase(name, ms, cpu));
        log.accept("varity " + name + ": " + ms / 1000.0 + " s, " + cpu / 1000.0 + " CPU-s");
        return text;
    }
}
