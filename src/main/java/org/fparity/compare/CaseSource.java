package org.fparity.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;

/**
 * A campaign's outcomes case by case, in (program, input) order: for each case (one program on one input) the first
 * outcome of each platform that has one, platforms in order, and that platform's rerun outcomes (every attempt, in
 * attempt order). What {@link Comparer} and {@link Cases} walk, in one pass each, keeping nothing per run. Two kinds:
 * outcomes held in a list ({@link #of(CampaignView)}: a campaign just run, tests) or sorted by case on disk
 * ({@link CaseSpill}: a campaign read from its folder, whatever its size).
 */
interface CaseSource {
    /** Every platform some outcome ran on, in order; {@link Runs#platform} indexes it. */
    Platform[] platforms();

    /** Calls {@code v} once per case that has an outcome, in (program, input) order, with a {@link Runs} it reuses. */
    void forEach(java.util.function.Consumer<Runs> v);

    /** One case's runs; valid only during the call it is handed to. */
    final class Runs {
        String program;
        int input;
        /** How many platforms have an outcome for the case. */
        int n;
        /** Per platform with an outcome, in order: its number, its first outcome, its reruns (empty when none). */
        int[] platform = new int[16];

        Outcome[] first = new Outcome[16];

        @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type can only be made raw
        List<Outcome>[] reruns = new List[16];

        void clear(String program, int input) {
            this.program = program;
            this.input = input;
            n = 0;
        }

        void add(int platformNumber, Outcome o, List<Outcome> more) {
            if (n == platform.length) {
                platform = java.util.Arrays.copyOf(platform, n * 2);
                first = java.util.Arrays.copyOf(first, n * 2);
                reruns = java.util.Arrays.copyOf(reruns, n * 2);
            }
            platform[n] = platformNumber;
            first[n] = o;
            reruns[n++] = more;
        }

        public String program() {
            return program;
        }

        public int input() {
            return input;
        }
    }

    /** The cases of a view: sorted on disk when the view's outcomes are ({@link CaseSpill.Outcomes}), else grouped in memory. */
    static CaseSource of(CampaignView view) {
        if (view.outcomes() instanceof CaseSpill.Outcomes s) return s.cases();
        return new Held(view.outcomes(), view.reruns());
    }

    /** Outcomes in memory: grouped by {@link CaseIndex}, reruns by a map of the runs that have some. */
    final class Held implements CaseSource {
        private final CaseIndex x;
        private final Map<Cases.RunOn, List<Outcome>> again;

        Held(List<Outcome> outcomes, List<List<Outcome>> attempts) {
            x = CaseIndex.of(outcomes);
            Map<Cases.RunOn, List<Outcome>> m = new HashMap<>();
            for (List<Outcome> attempt : attempts) {
                for (Outcome o : attempt)
                    m.computeIfAbsent(new Cases.RunOn(o.program(), o.input(), Platform.of(o)), k -> new ArrayList<>(2))
                            .add(o);
            }
            again = m;
        }

        @Override
        public Platform[] platforms() {
            return x.platforms;
        }

        @Override
        public void forEach(java.util.function.Consumer<Runs> v) {
            Runs r = new Runs();
            for (int c = 0; c < x.cases(); c++) {
                if (x.first[c] == x.first[c + 1]) continue;
                r.clear(x.programOf[c], x.inputOf[c]);
                for (int e = x.first[c]; e < x.first[c + 1]; e++) {
                    Outcome o = x.outcome(e);
                    Platform pl = x.platforms[x.platformAt[e]];
                    List<Outcome> more = again.isEmpty()
                            ? List.of()
                            : again.getOrDefault(new Cases.RunOn(o.program(), o.input(), pl), List.of());
                    r.add(x.platformAt[e], o, more);
                }
                v.accept(r);
            }
        }
    }
}
