package org.fparity.compare;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;

/**
 * A campaign's outcomes grouped by case without a map per case or per run: every case (program, input) that has an
 * outcome gets a number in (program, input) order, every platform a number in platform order, and the outcomes are
 * listed case by case, platform by platform, the first outcome of a (case, platform) only (a resumed campaign may hold a
 * run twice; the first counts, as in the outcome log). Three ints per outcome instead of hash-map entries, keys and a
 * sorted map per case: what {@link Cases#of} and {@link Comparer#compare} walk.
 */
final class CaseIndex {
    /** The platforms, in order; {@link #platform(int)} of an outcome indexes it. */
    final Platform[] platforms;
    /** Per case: its program and input. */
    final String[] programOf;

    final int[] inputOf;
    /** Outcomes of case {@code c}: {@code outcomes[first[c]] … outcomes[first[c+1]-1]}, as indices into the view's list, by platform. */
    final int[] first;

    final int[] order;
    /** Per entry of {@link #order}: the outcome's platform number. */
    final int[] platformAt;

    private final List<Outcome> outcomes;
    private final Map<String, Integer> programNumber;
    private final int[] programBase;
    private final int[][] inputsOfProgram;

    private CaseIndex(List<Outcome> outcomes) {
        this.outcomes = outcomes;
        int n = outcomes.size();
        // platforms and programs: few, looked up by the (shared) names of each outcome
        Map<Platform, Integer> platformNumber = new TreeMap<>();
        Map<String, int[]> inputsSeen = new HashMap<>(); // program → [count, inputs…]
        Platform last = null;
        int[] platformOfOutcome = new int[n];
        for (int k = 0; k < n; k++) {
            Outcome o = outcomes.get(k);
            if (last == null || !sameNames(last, o)) last = Platform.of(o);
            platformNumber.putIfAbsent(last, -1);
            int[] in = inputsSeen.computeIfAbsent(o.program(), p -> new int[9]);
            if (in[0] + 1 == in.length) inputsSeen.put(o.program(), in = Arrays.copyOf(in, in.length * 2));
            in[++in[0]] = o.input();
        }
        platforms = platformNumber.keySet().toArray(new Platform[0]);
        for (int i = 0; i < platforms.length; i++) platformNumber.put(platforms[i], i);
        String[] programs = inputsSeen.keySet().toArray(new String[0]);
        Arrays.sort(programs);
        programNumber = new HashMap<>(programs.length * 2);
        programBase = new int[programs.length + 1];
        inputsOfProgram = new int[programs.length][];
        int cases = 0;
        for (int p = 0; p < programs.length; p++) {
            int[] in = inputsSeen.get(programs[p]);
            int[] distinct = Arrays.stream(in, 1, in[0] + 1).sorted().distinct().toArray();
            programNumber.put(programs[p], p);
            inputsOfProgram[p] = distinct;
            programBase[p] = cases;
            cases += distinct.length;
        }
        programBase[programs.length] = cases;
        inputsSeen.clear();
        programOf = new String[cases];
        inputOf = new int[cases];
        for (int p = 0; p < programs.length; p++) {
            for (int i = 0; i < inputsOfProgram[p].length; i++) {
                programOf[programBase[p] + i] = programs[p];
                inputOf[programBase[p] + i] = inputsOfProgram[p][i];
            }
        }
        // each outcome's case, counted per case, then listed case by case (a counting sort: file order kept within a
        // case)
        int[] caseOfOutcome = new int[n];
        int[] count = new int[cases + 1];
        last = null;
        int lastNumber = -1;
        for (int k = 0; k < n; k++) {
            Outcome o = outcomes.get(k);
            if (last == null || !sameNames(last, o)) {
                last = Platform.of(o);
                lastNumber = platformNumber.get(last);
            }
            platformOfOutcome[k] = lastNumber;
            int c = caseOf(o.program(), o.input());
            caseOfOutcome[k] = c;
            count[c + 1]++;
        }
        for (int c = 0; c < cases; c++) count[c + 1] += count[c];
        int[] byCase = new int[n];
        int[] fill = Arrays.copyOf(count, cases);
        for (int k = 0; k < n; k++) byCase[fill[caseOfOutcome[k]]++] = k;
        caseOfOutcome = null;
        // within a case: by platform, the first outcome of each platform only
        int[] kept = new int[n];
        int[] keptPlatform = new int[n];
        first = new int[cases + 1];
        int m = 0;
        for (int c = 0; c < cases; c++) {
            first[c] = m;
            int from = count[c], to = count[c + 1];
            // insertion sort by (platform, file order): a case has as many outcomes as platforms, a few dozen at most
            for (int i = from + 1; i < to; i++) {
                int x = byCase[i];
                int j = i - 1;
                while (j >= from && platformOfOutcome[byCase[j]] > platformOfOutcome[x]) {
                    byCase[j + 1] = byCase[j];
                    j--;
                }
                byCase[j + 1] = x;
            }
            for (int i = from; i < to; i++) {
                int x = byCase[i];
                if (i > from && platformOfOutcome[byCase[i - 1]] == platformOfOutcome[x]) continue;
                kept[m] = x;
                keptPlatform[m++] = platformOfOutcome[x];
            }
        }
        first[cases] = m;
        order = m == n ? kept : Arrays.copyOf(kept, m);
        platformAt = m == n ? keptPlatform : Arrays.copyOf(keptPlatform, m);
    }

    private static boolean sameNames(Platform p, Outcome o) {
        return p.toolchain().equals(o.toolchain())
                && p.opt().equals(o.opt())
                && p.site().equals(o.site())
                && java.util.Objects.equals(p.node(), o.node());
    }

    /** The number of case (program, input), or -1 when no outcome has it. */
    int caseOf(String program, int input) {
        Integer p = programNumber.get(program);
        if (p == null) return -1;
        int i = Arrays.binarySearch(inputsOfProgram[p], input);
        return i < 0 ? -1 : programBase[p] + i;
    }

    int cases() {
        return programOf.length;
    }

    Outcome outcome(int entry) {
        return outcomes.get(order[entry]);
    }

    /** The platform number of {@code p}, or -1 when no outcome ran on it. */
    int platformNumber(Platform p) {
        int i = Arrays.binarySearch(platforms, p);
        return i < 0 ? -1 : i;
    }

    // the index of the last list asked for: compare and report both walk the same campaign's outcomes
    private static volatile java.lang.ref.SoftReference<CaseIndex> last = new java.lang.ref.SoftReference<>(null);

    static CaseIndex of(List<Outcome> outcomes) {
        CaseIndex had = last.get();
        if (had != null && had.outcomes == outcomes) return had;
        CaseIndex made = new CaseIndex(outcomes);
        last = new java.lang.ref.SoftReference<>(made);
        return made;
    }
}
