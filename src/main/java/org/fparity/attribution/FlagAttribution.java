package org.fparity.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Input;
import org.fparity.ir.Program;

/**
 * Which flags make one program's result differ between two opt levels of one toolchain, found by experiment: every
 * step a real build and run of the single-program form. A is the side whose flags are the base, B the side whose
 * result is to be reproduced. A minimal sufficient set S: A's flags plus S give B's result, and dropping any one member
 * of S does not; several such sets are reported as such. A necessary knob: B's flags with that behaviour turned off
 * give A's result.
 */
public final class FlagAttribution {
    /** At most this many minimal sets are looked for (each further one costs a delta-debugging run). */
    static final int MAX_SETS = 4;

    /** One flag set that reproduces B: its flags and, for each, the knob it turns on (null where none is named). */
    public record FlagSet(List<String> flags, List<String> knobs) {}

    /** A knob whose turning off on B gives A's result. */
    public record Necessary(String knob, String change) {}

    /**
     * What was found. {@code undecided} says why nothing could be attributed (then the lists are empty); {@code
     * builds} counts distinct builds and runs.
     */
    public record Result(
            Outcome a,
            Outcome b,
            DiscrepancyClass cls,
            List<FlagSet> sufficient,
            List<Necessary> necessary,
            String undecided,
            int builds) {}

    private final Standalone single;
    private final Map<List<String>, Outcome> runs = new HashMap<>();
    private int level;

    public FlagAttribution(Path work) {
        this.single = new Standalone(work);
    }

    /** Attributes the difference between {@code a@optA} and {@code a@optB} (one toolchain) on one input. */
    public Result attribute(DetectedToolchain dt, String optA, String optB, FlagModel model, Program p, Input in)
            throws InterruptedException {
        Outcome oa = single.run(dt, optA, p, in);
        Outcome ob = single.run(dt, optB, p, in);
        if (oa.status() != Outcome.Status.OK || ob.status() != Outcome.Status.OK) {
            return undecided(
                    oa,
                    ob,
                    null,
                    "both sides must print a result (" + Platform.local(dt.name(), optA) + ": " + oa.status() + ", "
                            + Platform.local(dt.name(), optB) + ": " + ob.status() + ")");
        }
        DiscrepancyClass cls = DiscrepancyClass.classify(oa.value(), ob.value());
        if (cls == null)
            return undecided(oa, ob, null, "the two levels agree on this input built standalone: nothing to attribute");
        Toolchain tc = dt.toolchain();
        List<String> partsA = model.parts(tc, optA);
        List<String> partsB = model.parts(tc, optB);
        if (!same(run(dt, model, p, in, partsB), ob)) {
            return undecided(
                    oa,
                    ob,
                    cls,
                    optB + " taken apart (" + String.join(" ", partsB) + ", " + model.file() + ") does not give " + optB
                            + "'s result");
        }
        List<String> d = DeltaDebug.minus(partsB, partsA);
        DeltaDebug.Test reproducesB = s -> same(run(dt, model, p, in, concat(partsA, s)), ob);
        List<FlagSet> sets = new ArrayList<>();
        if (!reproducesB.holds(d)) {
            return undecided(
                    oa, ob, cls, optA + "'s flags with all of " + optB + "'s do not give " + optB + "'s result");
        }
        for (List<String> set : DeltaDebug.minimalSets(d, reproducesB, MAX_SETS)) sets.add(named(model, set));
        List<Necessary> necessary = new ArrayList<>();
        for (FlagModel.Knob k : model.knobs()) {
            boolean present = partsB.contains(k.on());
            if (!present && k.implicit() == null) continue;
            List<String> without = new ArrayList<>(DeltaDebug.minus(partsB, List.of(k.on())));
            if (k.off() != null) without.add(k.off());
            if (without.equals(partsB)) continue;
            if (same(run(dt, model, p, in, without), oa)) {
                necessary.add(new Necessary(k.name(), k.off() != null ? k.off() : "without " + k.on()));
            }
        }
        return new Result(oa, ob, cls, List.copyOf(sets), List.copyOf(necessary), null, runs.size());
    }

    private Result undecided(Outcome oa, Outcome ob, DiscrepancyClass cls, String why) {
        return new Result(oa, ob, cls, List.of(), List.of(), why, runs.size());
    }

    private static FlagSet named(FlagModel model, List<String> flags) {
        List<String> knobs = new ArrayList<>();
        for (String f : flags) {
            FlagModel.Knob k = model.knobOf(f);
            knobs.add(k == null ? null : k.name());
        }
        return new FlagSet(List.copyOf(flags), java.util.Collections.unmodifiableList(knobs));
    }

    /** One build and run with these flags (remembered: the same flags are built once). */
    private Outcome run(DetectedToolchain dt, FlagModel model, Program p, Input in, List<String> flags)
            throws InterruptedException {
        Outcome known = runs.get(flags);
        if (known != null) return known;
        String lvl = "x" + (level++);
        DetectedToolchain withFlags = dt.withToolchain(dt.toolchain().withLevel(lvl, model.argv(flags)));
        Outcome o = single.run(withFlags, lvl, p, in);
        runs.put(List.copyOf(flags), o);
        return o;
    }

    /** The same result as the campaign compares results: both printed, and no discrepancy class between them. */
    static boolean same(Outcome x, Outcome y) {
        return x.status() == Outcome.Status.OK
                && y.status() == Outcome.Status.OK
                && DiscrepancyClass.classify(x.value(), y.value()) == null;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
