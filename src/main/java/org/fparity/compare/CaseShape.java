package org.fparity.compare;

import java.util.Arrays;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome.Status;

/**
 * A case's answers worked out from its runs ({@link CaseSource.Runs}) into reused arrays, as {@link Cases#of} works them
 * out into a {@link Cases.Case}: the stable platforms' results grouped by agreement, biggest group first (ties by first
 * platform), the majority, the odd ones out and the unstable platforms, all as platform numbers. What a verdict counts of
 * a disagreeing case (a quarter of a campaign's cases), without a map, list or string per case; the whole case is made
 * only for the few a verdict keeps. Valid until the next {@link #of}; one per walk.
 */
final class CaseShape {
    /** Stable results: their records and platform numbers, in platform order; the answer each is in. */
    int results;

    int[] record = new int[16];
    int[] platform = new int[16];
    int[] answerOf = new int[16];

    /** Platforms whose result changed between reruns, in platform order. */
    int unstable;

    int[] unstablePlatform = new int[16];

    /** Answers in the order the case lists them: value, how many platforms, first platform (its result's index). */
    int answers;

    double[] value = new double[16];
    int[] size = new int[16];
    int[] first = new int[16];
    /** Answer numbers (as made, in platform order) sorted: biggest first, ties by first platform. */
    int[] order = new int[16];
    /** The majority's answer number, or -1 (a tie, or no result). */
    int majority;

    /** Works out the case of {@code x}. */
    void of(CaseSource.Runs x) {
        results = 0;
        unstable = 0;
        answers = 0;
        if (x.n > record.length) {
            int k = Math.max(x.n, record.length * 2);
            record = Arrays.copyOf(record, k);
            platform = Arrays.copyOf(platform, k);
            answerOf = Arrays.copyOf(answerOf, k);
            unstablePlatform = Arrays.copyOf(unstablePlatform, k);
            value = Arrays.copyOf(value, k);
            size = Arrays.copyOf(size, k);
            first = Arrays.copyOf(first, k);
            order = Arrays.copyOf(order, k);
        }
        int ok = Status.OK.ordinal();
        for (int e = 0; e < x.n; e++) {
            int r = x.first[e];
            if (x.rerun(e) && !Cases.stable(x, e) && Cases.distinct(x, e).size() > 1) {
                unstablePlatform[unstable++] = x.platform[e];
                continue;
            }
            if (x.status[r] != ok) continue;
            double v = Cases.value(x, r);
            int i = 0;
            while (i < answers && DiscrepancyClass.classify(value[i], v) != null) i++;
            if (i == answers) {
                value[i] = v;
                size[i] = 0;
                first[i] = results;
                answers++;
            }
            size[i]++;
            record[results] = r;
            platform[results] = x.platform[e];
            answerOf[results++] = i;
        }
        // biggest first, ties by first platform (answers are made in platform order: by number)
        for (int i = 0; i < answers; i++) {
            int a = i;
            int j = i - 1;
            while (j >= 0 && size[order[j]] < size[a]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = a;
        }
        majority = answers == 0 || answers > 1 && size[order[0]] == size[order[1]] ? -1 : order[0];
    }

    /** Two stable platforms disagree. */
    boolean discrepant() {
        return answers > 1;
    }

    /** The platform number of answer {@code a}'s first platform. */
    int firstPlatform(int a) {
        return platform[first[a]];
    }
}
