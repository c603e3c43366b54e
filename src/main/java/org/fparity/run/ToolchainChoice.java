package org.fparity.run;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;

/**
 * Which toolchains and opt levels a campaign runs. {@code auto} takes every toolchain that can compile and run here;
 * a toolchain named explicitly must at least compile here, otherwise the campaign is refused (exit 3): a nightly that
 * asked for nvcc must not quietly test gcc alone.
 */
public final class ToolchainChoice {
    private ToolchainChoice() {}

    /** The toolchains to run; {@code names} is {@code [auto]} or explicit names. Progress and notes go to {@code log}. */
    public static List<DetectedToolchain> choose(Toolchains tcs, List<String> names, Consumer<String> log) {
        boolean auto = names.size() == 1 && names.getFirst().strip().equals("auto");
        List<Toolchain> wanted = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        if (auto) wanted.addAll(tcs.all());
        else {
            for (String n : new LinkedHashSet<>(names)) {
                String name = n.strip();
                if (tcs.has(name)) wanted.add(tcs.get(name));
                else
                    missing.add(name + ": no such toolchain in " + tcs.dir() + " (known: "
                            + String.join(", ", tcs.names()) + ")");
            }
        }
        List<DetectedToolchain> chosen = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (DetectedToolchain d : detectAll(wanted)) {
            if (auto) {
                if (d.canCompile() && d.canRun()) chosen.add(d);
                else left.add(d.name());
            } else if (!d.canCompile()) {
                missing.add(d.name() + ": " + d.compileProblem());
            } else {
                if (!d.canRun()) log.accept(d.name() + " compiles here but cannot run: " + d.runProblem());
                chosen.add(d);
            }
        }
        if (!missing.isEmpty()) {
            throw new FparityError(
                    "toolchain " + String.join("; toolchain ", missing)
                            + " (asked for with --toolchains; drop it, or use"
                            + " --toolchains auto; 'fparity toolchains' lists what is here)",
                    ExitCode.MISSING_TOOL);
        }
        if (auto && !chosen.isEmpty()) {
            log.accept("toolchains: "
                    + String.join(
                            ", ", chosen.stream().map(DetectedToolchain::name).toList())
                    + (left.isEmpty()
                            ? ""
                            : " (not here or cannot run here: " + String.join(", ", left)
                                    + "; see 'fparity toolchains')"));
        }
        if (chosen.isEmpty()) {
            throw new FparityError(
                    "no usable toolchain" + (auto ? " found" : " among " + String.join(",", names))
                            + "; run 'fparity toolchains' to see what is available",
                    ExitCode.MISSING_TOOL);
        }
        return chosen;
    }

    /** The opt levels to run: the ones named, or with {@code all} every standard level plus each toolchain's extras. */
    public static List<String> optLevels(List<DetectedToolchain> chosen, List<String> opts) {
        LinkedHashSet<String> levels = new LinkedHashSet<>();
        for (String o : opts) {
            if (o.equalsIgnoreCase("all")) {
                levels.addAll(Toolchain.STANDARD_OPTS);
                for (DetectedToolchain d : chosen) levels.addAll(d.toolchain().optLevels());
            } else {
                String s = o.strip();
                if (chosen.stream().noneMatch(d -> d.toolchain().opt().containsKey(s))) {
                    throw new FparityError("--opt: no chosen toolchain has opt level '" + s + "' (standard: "
                            + String.join(",", Toolchain.STANDARD_OPTS) + ")");
                }
                levels.add(s);
            }
        }
        return List.copyOf(levels);
    }

    /** Detects toolchains in parallel: probes are processes, mostly waiting. */
    public static List<DetectedToolchain> detectAll(List<Toolchain> tcs) {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<DetectedToolchain>> fs = new ArrayList<>();
            for (Toolchain t : tcs) fs.add(pool.submit(() -> DetectedToolchain.detect(t)));
            List<DetectedToolchain> out = new ArrayList<>();
            for (Future<DetectedToolchain> f : fs) out.add(f.get());
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FparityError("interrupted while detecting toolchains", ExitCode.INTERNAL_ERROR);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
