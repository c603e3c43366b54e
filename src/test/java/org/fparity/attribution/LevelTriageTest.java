package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/**
 * Flag attribution of many cases in lockstep, against a toolchain whose behaviour is planted (a fake runner: a
 * program prints B's result exactly when its flags hold all of its planted set, and the opt level does not undo
 * them): the sets found, and that the experiments of all cases are built together — the number of batch builds does
 * not grow with the number of cases.
 */
class LevelTriageTest {
    static final List<String> FM = List.of("-fa", "-fb", "-fc", "-fd", "-fe", "-ff");

    /** Prints 0x1p+1 (B) when the flags hold the program's planted set, else 0x1p+0 (A); one build per flag set per call. */
    static class Planted implements ExperimentRunner {
        final Map<String, List<String>> needs;
        int builds;
        int runs;
        int calls;

        Planted(Map<String, List<String>> needs) {
            this.needs = needs;
        }

        @Override
        public List<Outcome> run(List<Experiment> xs) {
            Set<List<String>> sets = new HashSet<>();
            List<Outcome> out = new ArrayList<>();
            for (Experiment e : xs) {
                sets.add(e.flags());
                boolean b = e.flags().containsAll(needs.get(e.program().id()));
                out.add(outcome(e.program().id(), b ? "0x1p+1" : "0x1p+0"));
            }
            builds += sets.size();
            runs += xs.size();
            calls++;
            return out;
        }

        @Override
        public int builds() {
            return builds;
        }

        @Override
        public int runs() {
            return runs;
        }
    }

    /** A runner for one program that prints B's result exactly when {@code b} holds for the flags. */
    static Planted rule(Program p, java.util.function.Predicate<List<String>> b) {
        return new Planted(Map.of()) {
            @Override
            public List<Outcome> run(List<Experiment> xs) {
                List<Outcome> out = new ArrayList<>();
                Set<List<String>> sets = new HashSet<>();
                for (Experiment e : xs) {
                    sets.add(e.flags());
                    out.add(outcome(p.id(), b.test(e.flags()) ? "0x1p+1" : "0x1p+0"));
                }
                builds += sets.size();
                calls++;
                return out;
            }
        };
    }

    static Outcome outcome(String program, String hex) {
        return new Outcome(program, 0, "gcc", "x", Outcome.Status.OK, hex, null, "gcc@x", 0);
    }

    static Program program(int k) {
        return Program.parse(
                "program fp64 array 1\ncompute(double comp, double x) {\n  comp = x + 0x1p+" + k + ";\n}\n");
    }

    static final Toolchain GCC =
            Toolchains.load(Path.of("runners", "toolchains")).get("gcc");
    static final FlagModel MODEL = new FlagModel(
            "planted.json", Map.of("O3_FM", concat(List.of("-O3"), FM)), Map.of(), Map.of(), List.of(), null);

    static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** {@code perSet} cases of programs 0..2 needing {-fb, -fd}, and of programs 3..4 needing {-fe}. */
    static List<LevelTriage.Case> cases(Map<String, List<String>> needs, int perProgram) {
        List<LevelTriage.Case> cs = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            Program p = program(k);
            needs.put(p.id(), k < 3 ? List.of("-fb", "-fd") : List.of("-fe"));
            for (int i = 0; i < perProgram; i++) {
                cs.add(new LevelTriage.Case(
                        k + "/" + i,
                        p,
                        new Input(List.of("0x1p-" + (i + 1))),
                        outcome(p.id(), "0x1p+0"),
                        outcome(p.id(), "0x1p+1")));
            }
        }
        return cs;
    }

    Map<LevelTriage.Case, LevelTriage.Found> attribute(
            Planted runner, List<LevelTriage.Case> cs, List<List<String>> known) throws Exception {
        Lab lab = new Lab(runner, () -> {});
        return new LevelTriage(lab, GCC, MODEL, "O3", "O3_FM").attribute(cs, known);
    }

    @Test
    void manyCasesWithTwoPlantedSetsCostTheBuildsOfOne() throws Exception {
        for (int perProgram : new int[] {1, 20}) {
            Map<String, List<String>> needs = new java.util.HashMap<>();
            List<LevelTriage.Case> cs = cases(needs, perProgram);
            Planted runner = new Planted(needs);
            List<List<String>> known = new ArrayList<>();
            Map<LevelTriage.Case, LevelTriage.Found> found = attribute(runner, cs, known);
            for (LevelTriage.Case c : cs) {
                LevelTriage.Found f = found.get(c);
                assertNull(f.undecided(), c.id());
                assertEquals(c.id().compareTo("3") < 0 ? List.of("-fb", "-fd") : List.of("-fe"), f.flags(), c.id());
            }
            // all changes (1), each left out (6), each set with one member fewer (3 + 2): the same for 5 cases and 100
            assertEquals(1 + 6 + 3 + 2, runner.builds(), "batch builds for " + cs.size() + " cases");
            assertEquals(List.of(List.of("-fb", "-fd"), List.of("-fe")), known);
            // one round each for all changes and each left out; the two sets are verified side by side (3 rounds, not
            // 5)
            assertEquals(1 + 6 + 3, runner.calls, "rounds for " + cs.size() + " cases");
        }
    }

    @Test
    void aScreenedSetLargerThanNeededLosesItsExtraMembersWithoutDeltaDebugging() throws Exception {
        // B's result needs -fa, and -fc only where -fd is on: with all changes, leaving out -fa or -fc loses it, so
        // screening names {-fa, -fc}; A + {-fa} alone gives B's result (no -fd), so the minimal set is {-fa}
        Program p = program(7);
        Planted runner = rule(p, f -> f.contains("-fa") && (f.contains("-fc") || !f.contains("-fd")));
        List<LevelTriage.Case> cs = List.of(new LevelTriage.Case(
                "c0", p, new Input(List.of("0x1p-1")), outcome(p.id(), "0x1p+0"), outcome(p.id(), "0x1p+1")));
        Map<LevelTriage.Case, LevelTriage.Found> found = attribute(runner, cs, new ArrayList<>());
        assertEquals(List.of("-fa"), found.get(cs.getFirst()).flags());
        // all changes (1), each left out (6), then {-fa,-fc}, {-fc}, {-fa}, {}: no delta debugging over all six
        assertEquals(1 + 6 + 4, runner.builds);
    }

    @Test
    void aKnownSetIsVerifiedWithItsSizePlusOneBuilds() throws Exception {
        Map<String, List<String>> needs = new java.util.HashMap<>();
        List<LevelTriage.Case> cs = cases(needs, 10).subList(0, 30);
        Planted runner = new Planted(needs);
        List<List<String>> known = new ArrayList<>(List.of(List.of("-fb", "-fd")));
        Map<LevelTriage.Case, LevelTriage.Found> found = attribute(runner, cs, known);
        for (LevelTriage.Found f : found.values()) assertEquals(List.of("-fb", "-fd"), f.flags());
        assertEquals(1 + 3, runner.builds(), "all changes, then the known set and the set without each member");
    }

    @Test
    void aSetThatNeedsNoneOfItsMembersAloneIsDeltaDebugged() throws Exception {
        // either -fa or -fc gives B's result: no flag is necessary, so screening names nothing; ddmin finds {-fa}, and
        // {-fa} is then verified on the other cases
        Program p = program(9);
        Planted runner = rule(p, f -> f.contains("-fa") || f.contains("-fc"));
        List<LevelTriage.Case> cs = new ArrayList<>();
        for (int i = 0; i < 3; i++)
            cs.add(new LevelTriage.Case(
                    "c" + i,
                    p,
                    new Input(List.of("0x1p-" + (i + 1))),
                    outcome(p.id(), "0x1p+0"),
                    outcome(p.id(), "0x1p+1")));
        Map<LevelTriage.Case, LevelTriage.Found> found = attribute(runner, cs, new ArrayList<>());
        for (LevelTriage.Found f : found.values()) assertEquals(List.of("-fa"), f.flags());
    }

    @Test
    void aLevelThatDropsOneOfAsFlagsIsAChangeToo() {
        // pocl's O0 is -cl-opt-disable and its O1 nothing: the change from O0 to O1 is leaving that flag out
        Toolchain pocl = Toolchains.load(Path.of("runners", "toolchains")).get("pocl");
        FlagModel none = new FlagModel(null, Map.of(), Map.of(), Map.of(), List.of(), null);
        LevelTriage t = new LevelTriage(new Lab(new Planted(Map.of()), () -> {}), pocl, none, "O0", "O1");
        assertEquals(List.of(), t.apply(List.of("without -cl-opt-disable")));
        assertEquals(List.of("-cl-opt-disable"), t.apply(List.of()));
    }
}
