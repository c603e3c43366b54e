package org.fparity.reduce;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.fparity.ExitCode;
import org.fparity.confirm.Side;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;

/**
 * A platform an imported campaign recorded (Varity's {@code nvcc-9.2} at {@code O3_nostrict} on a V100) mapped onto
 * this machine's descriptor of the same compiler family ({@code nvcc-sm75}): that descriptor's build command with the
 * flags the campaign recorded for the label as a level of the label's name, and the version the campaign recorded kept
 * beside the one found here.
 */
public final class RecordedToolchains {
    private RecordedToolchains() {}

    /**
     * A recorded side mapped: {@code here}, this machine's descriptor (detected) with the recorded label as a level;
     * {@code flags}, that level's flags; {@code recordedVersion}, the version the campaign recorded.
     */
    public record Mapped(Side side, DetectedToolchain here, List<String> flags, String recordedVersion) {
        /** Whether this machine can build and run the side (a GPU toolchain needs a GPU here). */
        public boolean runsHere() {
            return here.canCompile() && here.canRun();
        }

        /** Why it cannot run here (the compile problem first), or null. */
        public String problem() {
            return !here.canCompile() ? here.compileProblem() : here.canRun() ? null : here.runProblem();
        }

        /**
         * The descriptor here under the recorded toolchain's name, with the recorded version: what a bundle of the
         * recorded results names (the build lines are this machine's).
         */
        public DetectedToolchain asRecorded() {
            return new DetectedToolchain(
                    renamed(here.toolchain(), side.toolchain()),
                    recordedVersion,
                    here.canCompile(),
                    here.compileProblem(),
                    here.canRun(),
                    here.runProblem());
        }

        /** {@code nvcc-9.2 (recorded: CUDA 9.2) as nvcc-sm75}: the toolchain, not the level. */
        public String describe() {
            return side.toolchain() + " (recorded: " + recordedVersion + ") as " + here.name();
        }
    }

    /** The family of a toolchain name: the name without a trailing version ({@code nvcc-9.2} → {@code nvcc}). */
    static String family(String toolchain) {
        return toolchain.replaceFirst("-\\d[\\w.]*$", "");
    }

    /** {@link #map(Side, String, Toolchains, Function)} with each candidate descriptor probed here. */
    public static Mapped map(Side s, String recordedVersion, Toolchains tcs) {
        return map(s, recordedVersion, tcs, DetectedToolchain::detect);
    }

    /**
     * Maps a recorded side: the descriptor of the same name, else of its family's name, else the first of the family's
     * descriptors ({@code nvcc-sm75}, {@code nvcc-sm80} …) that runs here, else the first that compiles here, else the
     * first by name; with the recorded compile command's flags (all but its first word) as the level of the side's
     * label. A {@link ReduceException} (one line, exit 3; {@code --top} goes on to the next discrepancy) when no descriptor of the family exists or the campaign did not record the flags.
     */
    public static Mapped map(
            Side s, String recordedVersion, Toolchains tcs, Function<Toolchain, DetectedToolchain> detect) {
        String name = s.toolchain();
        String fam = family(name);
        List<String> names = new ArrayList<>();
        if (tcs.has(name)) names.add(name);
        else if (tcs.has(fam)) names.add(fam);
        else for (String n : tcs.names()) if (n.startsWith(fam + "-")) names.add(n);
        if (names.isEmpty())
            throw new ReduceException(
                    s + " was recorded by an imported campaign, and this machine has no descriptor of " + fam
                            + " to build it with (known: " + String.join(", ", tcs.names()) + ")",
                    ExitCode.MISSING_TOOL);
        // an import writes a sentence in parentheses where its source did not document a label's flags
        if (s.compile() == null || s.compile().isEmpty() || s.compile().stream().anyMatch(w -> w.startsWith("(")))
            throw new ReduceException(
                    s + " was recorded by an imported campaign without its flags (the campaign says which compiler, not"
                            + " how it was called): this machine cannot build that side",
                    ExitCode.MISSING_TOOL);
        List<String> flags = s.compile().subList(1, s.compile().size());
        DetectedToolchain pick = null;
        for (int pass = 0; pass < 3 && pick == null; pass++) {
            for (String n : names) {
                DetectedToolchain dt = detect.apply(tcs.get(n).withLevel(s.opt(), flags));
                boolean fits = pass == 0 ? dt.canCompile() && dt.canRun() : pass == 1 ? dt.canCompile() : true;
                if (fits) {
                    pick = dt;
                    break;
                }
            }
        }
        return new Mapped(s, pick, List.copyOf(flags), recordedVersion == null ? "not recorded" : recordedVersion);
    }

    /** The same descriptor under another name. */
    static Toolchain renamed(Toolchain t, String name) {
        return new Toolchain(
                name,
                t.description(),
                t.language(),
                t.extension(),
                t.emit(),
                t.compile(),
                t.opt(),
                t.buildOpt(),
                t.optNote(),
                t.run(),
                t.env(),
                t.envNote(),
                t.version(),
                t.versionPattern(),
                t.runsHereIf(),
                t.compileTimeoutSeconds(),
                t.runTimeoutSeconds(),
                t.startupTimeoutSeconds(),
                t.deviceOnly());
    }
}
