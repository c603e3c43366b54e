package org.fparity.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;

/**
 * The unit every report counts in: the <b>case</b>, one (program, input), and what its platforms answered. A case is
 * discrepant when two <i>stable</i> platforms' results differ ({@link DiscrepancyClass#classify}: signs of NaN and zero
 * ignored). A platform is unstable for a case when its result changed between the first run and a rerun of the same
 * binary on the same input ({@link CampaignView#reruns}); its results for that case are reported apart and never make
 * the case discrepant. Among the stable platforms of a discrepant case, the majority answer is the one more platforms
 * gave than any other; the platforms that gave another answer are the odd ones out.
 */
public final class Cases {
    private Cases() {}

    /** A group of platforms that gave the same answer for a case. */
    public record Answer(String hex, double value, List<Platform> platforms) {}

    /**
     * One case.
     *
     * @param results     each stable platform's result (hex), platforms in order
     * @param unstable    each unstable platform's distinct results across the first run and the reruns (a status name
     *                    for a run that printed nothing)
     * @param failed      platforms whose run ended without a result (crash, timeout, compile error; not CANNOT_RUN)
     * @param answers     the stable platforms grouped by answer, most platforms first
     * @param majority    the answer more stable platforms gave than any other, or null (a tie, or no result)
     * @param oddOnesOut  stable platforms that disagree with the majority (empty without a majority)
     * @param micros      wall time of all its runs, microseconds
     */
    public record Case(
            String program,
            int input,
            Precision precision,
            Map<Platform, String> results,
            Map<Platform, List<String>> unstable,
            List<Platform> failed,
            List<Answer> answers,
            Answer majority,
            List<Platform> oddOnesOut,
            long micros) {
        /** Two stable platforms disagree. */
        public boolean discrepant() {
            return answers.size() > 1;
        }

        /** Some platform changed its result between reruns. */
        public boolean hasUnstable() {
            return !unstable.isEmpty();
        }

        /** {@code program/input}: the case's identity across campaigns. */
        public String key() {
            return program + "/" + input;
        }
    }

    /**
     * Every case that has an outcome, in (program, input) order: a list read by iterating it, kept on disk beyond a few
     * thousand cases ({@link Spill}), so that a campaign of any size is walked in bounded memory.
     */
    public static List<Case> of(CampaignView view) {
        return of(view, c -> {});
    }

    /** As {@link #of(CampaignView)}, handing each case to {@code each} as it is made, in order. */
    static List<Case> of(CampaignView view, java.util.function.Consumer<Case> each) {
        // case by case, in order (CaseSource): no sorted map per case, no key per run
        CaseSource src = CaseSource.of(view);
        Platform[] platforms = src.platforms();
        Spill<Case> out = new Spill<>(Codecs.cases(platforms));
        String[] lastProgram = {null};
        Precision[] precision = {null};
        src.forEach(x -> {
            if (!x.program.equals(lastProgram[0])) {
                lastProgram[0] = x.program;
                precision[0] = view.precision(x.program);
            }
            Map<Platform, String> results = new LinkedHashMap<>();
            Map<Platform, List<String>> unstable = new LinkedHashMap<>();
            List<Platform> failed = new ArrayList<>();
            long micros = 0;
            for (int e = 0; e < x.n; e++) {
                Outcome o = x.first[e];
                Platform pl = platforms[x.platform[e]];
                micros += o.micros();
                List<Outcome> more = x.reruns[e];
                if (more.isEmpty()) {
                    // no reruns: one answer, nothing to tell apart
                    if (o.status() == Status.OK) results.put(pl, o.hex());
                    else if (o.status() != Status.CANNOT_RUN) failed.add(pl);
                    continue;
                }
                List<String> distinct = distinct(o, more);
                if (distinct.size() > 1) unstable.put(pl, distinct);
                else if (o.status() == Status.OK) results.put(pl, o.hex());
                else if (o.status() != Status.CANNOT_RUN) failed.add(pl);
            }
            List<Answer> answers = group(results);
            Answer majority = answers.isEmpty()
                            || answers.size() > 1
                                    && answers.get(0).platforms().size()
                                            == answers.get(1).platforms().size()
                    ? null
                    : answers.getFirst();
            List<Platform> odd = new ArrayList<>();
            if (majority != null) for (Answer a : answers) if (a != majority) odd.addAll(a.platforms());
            java.util.Collections.sort(odd);
            Case c = new Case(
                    x.program, x.input, precision[0], results, unstable, failed, answers, majority, odd, micros);
            out.add(c);
            each.accept(c);
        });
        return out.done();
    }

    /** The (program, input, platform) runs that are unstable: keys as {@link #runKey}. */
    public static Set<String> unstableRuns(CampaignView view) {
        Set<String> out = new java.util.HashSet<>();
        if (view.reruns().isEmpty()) return out;
        CaseSource src = CaseSource.of(view);
        Platform[] platforms = src.platforms();
        src.forEach(x -> {
            for (int e = 0; e < x.n; e++) {
                if (!x.reruns[e].isEmpty() && distinct(x.first[e], x.reruns[e]).size() > 1)
                    out.add(runKey(x.program, x.input, platforms[x.platform[e]]));
            }
        });
        return out;
    }

    /** One run of a case on one platform: {@link #runKey} without building the string. */
    record RunOn(String program, int input, Platform platform) {}

    /** {@code program/input/platform}. */
    public static String runKey(String program, int input, Platform p) {
        return program + "/" + input + "/" + p.label();
    }

    /** The different answers among a first run and its reruns: results (agreeing ones once) and statuses of runs without one. */
    static List<String> distinct(Outcome first, List<Outcome> more) {
        if (first.status() == Status.OK
                && more.stream()
                        .allMatch(o -> o.status() == Status.OK && first.hex().equals(o.hex()))) {
            return List.of(first.hex()); // the usual case: every rerun printed the very same result
        }
        List<String> seen = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (Outcome o : prepend(first, more)) {
            if (o.status() == Status.OK) {
                double v = HexFloat.parse(o.hex());
                if (values.stream().noneMatch(w -> DiscrepancyClass.classify(v, w) == null)) {
                    values.add(v);
                    seen.add(o.hex());
                }
            } else if (!seen.contains(o.status().name())) {
                seen.add(o.status().name());
            }
        }
        return seen;
    }

    private static List<Outcome> prepend(Outcome first, List<Outcome> more) {
        List<Outcome> all = new ArrayList<>(more.size() + 1);
        all.add(first);
        all.addAll(more);
        return all;
    }

    /** Results grouped by agreement (an equivalence), biggest group first, ties by first platform. */
    static List<Answer> group(Map<Platform, String> results) {
        List<String> hexes = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        List<List<Platform>> members = new ArrayList<>();
        for (var e : results.entrySet()) {
            double v = HexFloat.parse(e.getValue());
            int i = 0;
            while (i < values.size() && DiscrepancyClass.classify(values.get(i), v) != null) i++;
            if (i == values.size()) {
                hexes.add(e.getValue());
                values.add(v);
                members.add(new ArrayList<>());
            }
            members.get(i).add(e.getKey());
        }
        List<Answer> out = new ArrayList<>();
        for (int i = 0; i < hexes.size(); i++)
            out.add(new Answer(hexes.get(i), values.get(i), List.copyOf(members.get(i))));
        out.sort(Comparator.comparingInt((Answer a) -> -a.platforms().size())
                .thenComparing(a -> a.platforms().getFirst()));
        return out;
    }

    /** How many cases there are, how many disagree, how many have an unstable platform. */
    public record Count(int cases, int discrepant, int unstable) {}

    public static Count count(List<Case> cases) {
        int d = 0, u = 0;
        for (Case c : cases) {
            if (c.discrepant()) d++;
            if (c.hasUnstable()) u++;
        }
        return new Count(cases.size(), d, u);
    }

    /** Per platform, in how many cases it was the odd one out, most first (ties by platform). */
    public static List<Map.Entry<Platform, Integer>> oddOneOutRanking(List<Case> cases) {
        Map<Platform, Integer> n = new TreeMap<>();
        for (Case c : cases) for (Platform p : c.oddOnesOut()) n.merge(p, 1, Integer::sum);
        List<Map.Entry<Platform, Integer>> out = new ArrayList<>(n.entrySet());
        out.sort(Comparator.comparingInt((Map.Entry<Platform, Integer> e) -> -e.getValue())
                .thenComparing(Map.Entry::getKey));
        return out;
    }

    /** Per platform, in how many cases it was unstable. */
    public static Map<Platform, Integer> unstableByPlatform(List<Case> cases) {
        Map<Platform, Integer> n = new TreeMap<>();
        for (Case c : cases) for (Platform p : c.unstable().keySet()) n.merge(p, 1, Integer::sum);
        return n;
    }
}
