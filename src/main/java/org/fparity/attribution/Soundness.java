package org.fparity.attribution;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;

/**
 * Checks a triage's flag sets independently of how they were found: every attributed set S of a case is rebuilt with
 * the real compiler in the single-program form a reproducer ships (not the batch form triage decided in): A's flags
 * plus S must give B's recorded result (sound), and A's flags plus S minus any one member must not (minimal). A sample
 * of every {@code every}-th flag unit, or all of them.
 */
public final class Soundness {
    /** What was checked: flag units rebuilt, how many held both ways, and one line for each that did not. */
    public record Report(int units, int checked, int sound, int minimal, List<String> failures, int builds) {}

    private Soundness() {}

    public static Report check(Path campaign, Path toolchainDir, Path knobDir, int every) throws InterruptedException {
        if (!Files.isRegularFile(campaign.resolve(TriageState.DIR).resolve(TriageState.FILE))) {
            throw new FparityError(campaign + " has not been triaged (no " + TriageState.DIR + "/" + TriageState.FILE
                    + "): run fparity triage " + campaign);
        }
        CampaignView view = CampaignFiles.load(campaign);
        Map<String, Outcome> outcomes = new HashMap<>();
        for (Outcome o : view.outcomes())
            outcomes.putIfAbsent(
                    o.program() + "/" + o.input() + "/" + Platform.of(o).label(), o);
        List<TriageState.Unit> units = new ArrayList<>();
        for (TriageState.Unit u : TriageState.read(campaign)) if (u.kind() == RootCause.Kind.FLAGS) units.add(u);
        Toolchains tcs = Toolchains.load(toolchainDir);
        Map<String, DetectedToolchain> detected = new HashMap<>();
        Map<String, FlagModel> models = new HashMap<>();
        Map<String, Program> programs = new HashMap<>();
        Standalone single = new Standalone(campaign.resolve(TriageState.DIR).resolve("soundness"));
        int checked = 0;
        int sound = 0;
        int minimal = 0;
        List<String> failures = new ArrayList<>();
        Map<String, Integer> builds = new LinkedHashMap<>();
        for (int i = 0; i < units.size(); i += Math.max(1, every)) {
            TriageState.Unit u = units.get(i);
            // level|TOOLCHAIN@A|B|PROGRAM/INPUT
            String[] f = u.unit().split("\\|");
            Platform a = org.fparity.exec.Platform.parse(f[1]);
            String optB = f[2];
            String program = f[3].substring(0, f[3].indexOf('/'));
            int input = Integer.parseInt(f[3].substring(f[3].indexOf('/') + 1));
            Outcome recordedB =
                    outcomes.get(program + "/" + input + "/" + a.at(optB).label());
            Program p = programs.computeIfAbsent(program, k -> Program.parse(view.source(k)));
            Input in = view.input(program, input);
            DetectedToolchain dt = detected.computeIfAbsent(a.toolchain(), n -> DetectedToolchain.detect(tcs.get(n)));
            FlagModel model = models.computeIfAbsent(a.toolchain(), n -> FlagModel.forToolchain(knobDir, n));
            LevelTriage changes = new LevelTriage(null, dt.toolchain(), model, a.opt(), optB);
            checked++;
            boolean reproduces = same(single, dt, model, changes.apply(u.flags()), p, in, recordedB, builds);
            if (!reproduces) {
                failures.add(
                        u.unit() + ": A + " + String.join(" ", u.flags()) + " does not give B's result single-program");
                continue;
            }
            sound++;
            String needless = null;
            for (String m : u.flags()) {
                if (same(
                        single,
                        dt,
                        model,
                        changes.apply(DeltaDebug.minus(u.flags(), List.of(m))),
                        p,
                        in,
                        recordedB,
                        builds)) needless = m;
            }
            if (needless == null) minimal++;
            else
                failures.add(u.unit() + ": A + " + String.join(" ", u.flags()) + " without " + needless
                        + " still gives B's result single-program");
        }
        return new Report(units.size(), checked, sound, minimal, List.copyOf(failures), builds.size());
    }

    private static boolean same(
            Standalone single,
            DetectedToolchain dt,
            FlagModel model,
            List<String> flags,
            Program p,
            Input in,
            Outcome b,
            Map<String, Integer> builds)
            throws InterruptedException {
        List<String> words = model.argv(flags);
        String level = "s"
                + org.fparity.util.Hashes.sha256Hex(String.join("\u0000", words))
                        .substring(0, 12);
        builds.merge(p.id() + "/" + dt.name() + "/" + level, 1, Integer::sum);
        Toolchain tc = dt.toolchain().withLevel(level, words);
        return FlagAttribution.same(single.run(dt.withToolchain(tc), level, p, in), b);
    }
}
