package org.fparity.exec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.fparity.emit.Language;
import org.fparity.util.Processes;

/**
 * A toolchain as found on this machine: the exact version string its probe printed, whether it can compile and whether
 * its binaries can run here, each "no" with a reason a person can act on.
 */
public record DetectedToolchain(
        Toolchain toolchain,
        String version,
        boolean canCompile,
        String compileProblem,
        boolean canRun,
        String runProblem) {

    public String name() {
        return toolchain.name();
    }

    /** The same detection for another form of the same toolchain (its device-only build, its loader). */
    public DetectedToolchain withToolchain(Toolchain other) {
        return new DetectedToolchain(other, version, canCompile, compileProblem, canRun, runProblem);
    }

    /** Probes one toolchain (runs its version commands; a few hundred ms, seconds for nvcc). */
    public static DetectedToolchain detect(Toolchain tc) {
        String compiler =
                tc.compileArgv(tc.optLevels().getFirst(), "x", "x", "x").getFirst();
        if (Processes.which(compiler) == null) {
            String why = "compiler '" + compiler + "' not found" + (compiler.contains("/") ? "" : " on PATH");
            return new DetectedToolchain(tc, null, false, why, false, why);
        }
        List<String> parts = new ArrayList<>();
        Pattern pick = tc.versionPattern() == null ? null : Pattern.compile(tc.versionPattern());
        for (List<String> argv : tc.versionArgvs()) {
            if (Processes.which(argv.getFirst()) == null) {
                String why = "version probe '" + argv.getFirst() + "' not found";
                return new DetectedToolchain(tc, null, false, why, false, why);
            }
            String out = Processes.probe(argv, tc.env(), 60);
            if (out == null) {
                String why = "version probe '" + String.join(" ", argv) + "' failed";
                return new DetectedToolchain(tc, null, false, why, false, why);
            }
            parts.add(versionLine(out, pick));
        }
        // the HIPIFY language's text depends on the converter as much as on the compiler: record which one
        if (tc.lang() == Language.HIPIFY) parts.add("converter: " + org.fparity.emit.HipifyEmitter.converter());
        String version = String.join("; ", parts);
        String runCmd = tc.runArgv(tc.optLevels().getFirst(), "{bin}", "x").getFirst();
        if (!runCmd.equals("{bin}") && Processes.which(runCmd) == null) {
            return new DetectedToolchain(tc, version, true, null, false, "run command '" + runCmd + "' not found");
        }
        String runProblem = runProblem(tc);
        return new DetectedToolchain(tc, version, true, null, runProblem == null, runProblem);
    }

    /** Why binaries of this toolchain cannot run here, or null if nothing says they cannot. */
    static String runProblem(Toolchain tc) {
        Toolchain.RunsHereIf cond = tc.runsHereIf();
        if (cond == null) return null;
        if (cond.path() != null && !Files.exists(Path.of(cond.path()))) return cond.reason();
        if (cond.command() != null && Processes.probe(cond.command(), tc.env(), 30) == null) return cond.reason();
        if (cond.nvidiaArch() != null) return NvidiaGpus.here().cannotRun(cond.nvidiaArch(), tc.name());
        return null;
    }

    /**
     * Every line matching the pattern, joined with ", " (or the first non-blank line without a pattern), runs of blanks
     * squeezed: e.g. {@code gcc (Debian 12.2.0-14) 12.2.0}. hipcc's harmless Python traceback is skipped.
     */
    static String versionLine(String output, Pattern pick) {
        List<String> hits = new ArrayList<>();
        String first = null;
        boolean traceback = false;
        for (String raw : output.lines().toList()) {
            String line = raw.strip().replaceAll("\\s+", " ");
            if (line.startsWith("Traceback")) traceback = true;
            if (line.isEmpty()
                    || traceback && (raw.startsWith(" ") || line.startsWith("Traceback") || line.contains("Error:")))
                continue;
            if (first == null) first = line;
            if (pick == null) return line;
            if (pick.matcher(line).find()) hits.add(line);
        }
        if (!hits.isEmpty()) return String.join(", ", hits);
        return first == null ? "(no version output)" : first;
    }
}
