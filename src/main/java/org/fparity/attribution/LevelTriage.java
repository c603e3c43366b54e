package org.fparity.attribution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.Size;

/**
 * Attributes many cases of one toolchain's two opt levels (A the base, B the level whose recorded result is to be
 * reproduced) to minimal sufficient flag sets, all cases in lockstep ({@link Lab}), cheapest first:
 * <ol>
 * <li>A's flags plus all of B's that A lacks ({@code d}) must give B's recorded result (else undecided: the level
 * taken apart, or the batch it is built in, does not reproduce the campaign);
 * <li>a set S already found (in this group, or for the same level of a toolchain with the same knob file) is tried
 * first on every case left: A + S gives B's result and A + S minus any one member does not — |S| + 1 batch builds
 * for all of them together;
 * <li>screening: A + {@code d} without one change, for every change, one batch of every case left each; what a case
 * cannot do without is its screened set;
 * <li>every case is minimised from its own screened set, all cases at once (one round builds the sets of all of
 * them, a set that several cases ask for once): A + the set must give B's result, then members are left out one at a
 * time while it still does, until A + the set minus any one member does not (|S| + 1 builds when the screened set is
 * minimal already);
 * <li>the smallest case left (no screened set, or one that does not give B's result) is delta-debugged over {@code
 * d}; its set joins the known ones, and step 2 runs again on the rest.
 * </ol>
 * A set whose knobs name no operation (e.g. {@code -O2} alone) is completed by the implicit knobs: B with one turned
 * off giving A's result names it (gcc-fma's contraction at -O2).
 */
final class LevelTriage {
    /** A case: its recorded outcomes on A and B. */
    record Case(String id, Program program, Input input, Outcome a, Outcome b) {}

    /** What was found for a case: the flag set and the operations it names, or why not. */
    record Found(List<String> flags, List<String> operations, String undecided) {
        static Found undecided(String why) {
            return new Found(List.of(), List.of(), why);
        }
    }

    /** Distinct sets delta-debugged per group at most; cases no set explains after that are undecided. */
    static final int MAX_SETS = 8;

    /** Sets found for the same level of another toolchain with the same knob file, tried first (most cases first). */
    static final int SEEDS = 3;

    private final Lab lab;
    private final String toolchain;
    private final FlagModel model;
    private final List<String> partsA;
    private final List<String> partsB;
    /** B's flags that A lacks, and {@code without F} for each of A's flags that B lacks: the changes from A to B. */
    private final List<String> d;

    /** How a change that drops one of A's flags is written. */
    static final String WITHOUT = "without ";

    LevelTriage(Lab lab, Toolchain tc, FlagModel model, String optA, String optB) {
        this.lab = lab;
        this.toolchain = tc.name();
        this.model = model;
        this.partsA = model.parts(tc, optA);
        this.partsB = model.parts(tc, optB);
        List<String> changes = new ArrayList<>(DeltaDebug.minus(partsB, partsA));
        for (String f : DeltaDebug.minus(partsA, partsB)) changes.add(WITHOUT + f);
        this.d = List.copyOf(changes);
    }

    /** Each case's attribution; {@code known} holds sets found before (tried first) and gets the new ones. */
    Map<Case, Found> attribute(List<Case> cases, List<List<String>> known) throws InterruptedException {
        Map<Case, Found> out = new LinkedHashMap<>();
        List<Case> left = new ArrayList<>();
        Map<Case, Boolean> whole = lab.solve(cases, c -> reproducesB(c, d));
        for (Case c : cases) {
            if (whole.get(c)) left.add(c);
            else
                out.put(
                        c,
                        Found.undecided(
                                (apply(d).isEmpty() ? "no flags" : String.join(" ", apply(d))) + " (A's flags with all "
                                        + d.size() + " changes to B's) does not give B's result in a batch build"));
        }
        List<List<String>> tried = new ArrayList<>();
        for (List<String> seed : List.copyOf(known).subList(0, Math.min(SEEDS, known.size()))) {
            if (left.isEmpty()) break;
            verify(seed, left, out, tried);
        }
        if (!left.isEmpty()) {
            // screening: d without one flag, for every flag, each one batch of every case left; what a case cannot do
            // without is its candidate set
            Map<Case, List<String>> needs = lab.solve(left, c -> {
                List<String> n = new ArrayList<>();
                for (String f : d) if (!reproducesB(c, DeltaDebug.minus(d, List.of(f)))) n.add(f);
                return n;
            });
            // every case minimised from its own screened set at once: cases that ask the same set share its build,
            // and the sets of different cases are built side by side in one round
            List<Case> screened =
                    left.stream().filter(c -> !needs.get(c).isEmpty()).toList();
            Map<Case, List<String>> minimal = lab.solve(screened, c -> descend(c, needs.get(c)));
            Map<List<String>, Integer> bySet = new LinkedHashMap<>();
            for (Case c : screened) {
                List<String> s = minimal.get(c);
                if (s == null || s.isEmpty()) continue;
                out.put(c, new Found(s, List.of(), null));
                left.remove(c);
                bySet.merge(s, 1, Integer::sum);
            }
            List<List<String>> sets = new ArrayList<>(bySet.keySet());
            sets.sort(Comparator.comparingInt((List<String> s) -> -bySet.get(s)).thenComparing(Object::toString));
            for (List<String> s : sets) if (!known.contains(s)) known.add(s);
        }
        int debugged = 0;
        while (!left.isEmpty()) {
            for (List<String> s : List.copyOf(known)) {
                if (left.isEmpty()) break;
                verify(s, left, out, tried);
            }
            if (left.isEmpty()) break;
            Case sample = left.stream()
                    .min(Comparator.comparing((Case c) -> Size.of(c.program())).thenComparing(Case::id))
                    .orElseThrow();
            left.remove(sample);
            if (debugged++ >= MAX_SETS) {
                out.put(
                        sample,
                        Found.undecided("more than " + MAX_SETS + " distinct flag sets for " + toolchain
                                + " at these two levels; not delta-debugged"));
                continue;
            }
            List<String> s = lab.solve(List.of(sample), c -> minimise(c)).get(sample);
            if (s.isEmpty()) {
                out.put(sample, Found.undecided("A's own flags give B's result in a batch build"));
            } else {
                out.put(sample, new Found(s, List.of(), null));
                if (!known.contains(s)) known.add(s);
            }
        }
        Map<List<String>, Integer> count = new HashMap<>();
        for (Found f : out.values()) if (f.undecided() == null) count.merge(f.flags(), 1, Integer::sum);
        known.sort(Comparator.comparingInt((List<String> s) -> -count.getOrDefault(s, 0)));
        return withOperations(cases, out);
    }

    /** The operations of each found set: its knobs', else the implicit knobs whose turning off on B gives A's result. */
    private Map<Case, Found> withOperations(List<Case> cases, Map<Case, Found> found) throws InterruptedException {
        List<Case> implicit = new ArrayList<>();
        Map<Case, Found> out = new LinkedHashMap<>();
        for (Case c : cases) {
            Found f = found.get(c);
            List<String> ops = operations(f.flags());
            if (f.undecided() == null && ops.isEmpty()) implicit.add(c);
            out.put(c, f.undecided() != null ? f : new Found(f.flags(), ops, null));
        }
        Map<Case, List<String>> named = lab.solve(implicit, c -> {
            List<String> ops = new ArrayList<>();
            for (FlagModel.Knob k : model.knobs()) {
                String op = k.operation();
                if (op == null || k.off() == null || (k.implicit() == null && !partsB.contains(k.on()))) continue;
                List<String> off = new ArrayList<>(DeltaDebug.minus(partsB, List.of(k.on())));
                off.add(k.off());
                if (FlagAttribution.same(lab.outcome(new Experiment(c.program(), c.input(), toolchain, off)), c.a())
                        && !ops.contains(op)) ops.add(op);
            }
            return ops;
        });
        for (Case c : implicit) out.put(c, new Found(out.get(c).flags(), named.get(c), null));
        return out;
    }

    /** The operations a flag set's knobs name, in knob-file order. */
    List<String> operations(List<String> flags) {
        Set<String> ops = new LinkedHashSet<>();
        for (FlagModel.Knob k : model.knobs()) {
            if (flags.contains(k.on()) && k.operation() != null) ops.add(k.operation());
        }
        return List.copyOf(ops);
    }

    private boolean reproducesB(Case c, List<String> s) {
        return FlagAttribution.same(lab.outcome(new Experiment(c.program(), c.input(), toolchain, apply(s))), c.b());
    }

    /** Verifies {@code s} on the cases left that it was not tried on yet; those it explains move from {@code left} to {@code out}. */
    private void verify(List<String> s, List<Case> left, Map<Case, Found> out, List<List<String>> tried)
            throws InterruptedException {
        if (!d.containsAll(s) || s.isEmpty()) return;
        tried.add(s);
        Map<Case, Boolean> ok = lab.solve(left, c -> verified(c, s));
        for (Case c : List.copyOf(left)) {
            if (ok.get(c)) {
                out.put(c, new Found(s, List.of(), null));
                left.remove(c);
            }
        }
    }

    /**
     * A 1-minimal set found from {@code s} by leaving out one member at a time while B's result stays, or null when A +
     * {@code s} does not give B's result. Every answer is a build: A + the set gives B's result, and the last pass
     * tried A + the set minus each member, none of which does. A screened set is usually minimal already (then this
     * costs the |S| + 1 builds of verifying it); one that is not loses its extra members here, not by delta
     * debugging from all the changes again.
     */
    private List<String> descend(Case c, List<String> s) {
        if (!reproducesB(c, s)) return null;
        List<String> current = s;
        boolean dropped = true;
        while (dropped && !current.isEmpty()) {
            dropped = false;
            for (String f : current) {
                List<String> less = DeltaDebug.minus(current, List.of(f));
                if (reproducesB(c, less)) {
                    current = less;
                    dropped = true;
                    break;
                }
            }
        }
        return current;
    }

    /** A + S gives B's result, and A + S minus any one member does not. */
    private boolean verified(Case c, List<String> s) {
        if (!reproducesB(c, s)) return false;
        for (String f : s) if (reproducesB(c, DeltaDebug.minus(s, List.of(f)))) return false;
        return true;
    }

    private List<String> minimise(Case c) {
        try {
            return DeltaDebug.minimise(d, s -> reproducesB(c, s));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A's flags with these changes: the ones a {@code without} change names left out, the others added at the end. */
    List<String> apply(List<String> changes) {
        List<String> out = new ArrayList<>();
        for (String f : partsA) if (!changes.contains(WITHOUT + f)) out.add(f);
        for (String f : changes) if (!f.startsWith(WITHOUT)) out.add(f);
        return out;
    }
}
