package org.fparity.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.fparity.exec.DiscrepancyClass;
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
        CaseSource src = CaseSource.of(view);
        Spill<Case> out = new Spill<>(Codecs.cases(src.platforms()));
        walk(view, src, c -> {
            out.add(c);
            each.accept(c);
        });
        return out.done();
    }

    /** Makes every case of {@code src} in order and hands it to {@code each}, keeping none. */
    private static void walk(CampaignView view, CaseSource src, java.util.function.Consumer<Case> each) {
        Platform[] platforms = src.platforms();
        runs(view, src, (x, precision) -> each.accept(of(x, platforms, precision)));
    }

    /** Hands every case's runs of {@code src} in order, with its program's precision. */
    private static void runs(
            CampaignView view, CaseSource src, java.util.function.BiConsumer<CaseSource.Runs, Precision> each) {
        // case by case, in order (CaseSource): no sorted map per case, no key per run
        String[] lastProgram = {null};
        Precision[] precision = {null};
        src.forEach(x -> {
            if (!x.program.equals(lastProgram[0])) {
                lastProgram[0] = x.program;
                precision[0] = view.precision(x.program);
            }
            each.accept(x, precision[0]);
        });
    }

    /**
     * Hands every case of {@code cases} to {@code each}, in order. A list made later ({@link #later}) that nothing has
     * read yet is made case by case for this walk and not kept: a report that reads its cases once writes no list of
     * them to disk and reads none back.
     */
    public static void forEach(List<Case> cases, java.util.function.Consumer<Case> each) {
        if (cases instanceof Later l && !l.isMade()) walk(l.view, CaseSource.of(l.view), each);
        else cases.forEach(each);
    }

    /**
     * What a report shows of a case whose platforms all gave one stable answer ({@link #agree}): most of a campaign's
     * cases, handed over without being made.
     */
    @FunctionalInterface
    public interface Agreeing {
        /**
         * @param results platforms that printed the answer
         * @param micros  wall time of all its runs, microseconds
         */
        void accept(String program, int input, Precision precision, int results, long micros);
    }

    /**
     * As {@link #forEach(List, java.util.function.Consumer)}, a case whose platforms all gave one stable answer handed to
     * {@code agreeing} instead, without being made (issue 31: making them was a fifth of report's own time at 10^7
     * runs); a list already made hands every case whole to {@code each}.
     */
    public static void forEach(List<Case> cases, java.util.function.Consumer<Case> each, Agreeing agreeing) {
        forEach(cases, each, agreeing, null, null);
    }

    /**
     * What a report counts of a case whose stable platforms disagree and none of which is unstable, when it does not show
     * it ({@link #forEach(List, java.util.function.Consumer, Agreeing, Shown, Disagreeing)}).
     */
    @FunctionalInterface
    public interface Disagreeing {
        /**
         * @param results stable platforms that printed a result
         * @param micros  wall time of all its runs, microseconds
         */
        void accept(String program, int input, Precision precision, int results, long micros);
    }

    /** Whether a report shows a disagreeing case, so that it is made whole. */
    @FunctionalInterface
    public interface Shown {
        boolean test(String program, int input);
    }

    /**
     * As {@link #forEach(List, java.util.function.Consumer, Agreeing)}, a case whose stable platforms disagree, none of
     * them unstable, that {@code shown} does not take handed to {@code disagreeing} without being made (issue 31: a
     * report beyond its limit of listed cases shows a few of the 259,098 discrepant cases of a campaign of 10^7 runs,
     * and making them all was a tenth of its own time). Every other case is handed over as that method hands it;
     * {@code shown} null: every disagreeing case is made.
     */
    public static void forEach(
            List<Case> cases,
            java.util.function.Consumer<Case> each,
            Agreeing agreeing,
            Shown shown,
            Disagreeing disagreeing) {
        if (!(cases instanceof Later l) || l.isMade()) {
            cases.forEach(each);
            return;
        }
        CaseSource src = CaseSource.of(l.view);
        Platform[] platforms = src.platforms();
        CaseShape shape = new CaseShape();
        runs(l.view, src, (x, precision) -> {
            boolean agrees = agree(x);
            if (!agrees) {
                if (shown != null) shape.of(x);
                if (shown == null || shape.unstable > 0 || shape.answers < 2 || shown.test(x.program, x.input)) {
                    each.accept(of(x, platforms, precision));
                    return;
                }
            }
            int results = 0;
            long micros = 0;
            for (int e = 0; e < x.n; e++) {
                int r = x.first[e];
                micros += x.micros[r];
                if (x.ok(r)) results++;
            }
            if (agrees) agreeing.accept(x.program, x.input, precision, results, micros);
            else disagreeing.accept(x.program, x.input, precision, shape.results, micros);
        });
    }

    /** The case of one case's runs. */
    static Case of(CaseSource.Runs x, Platform[] platforms, Precision precision) {
        Map<Platform, String> results = new LinkedHashMap<>();
        Map<Platform, List<String>> unstable = new LinkedHashMap<>();
        List<Platform> failed = new ArrayList<>();
        // each stable platform's result: the record it is in
        int[] at = new int[x.n];
        int m = 0;
        long micros = 0;
        for (int e = 0; e < x.n; e++) {
            int r = x.first[e];
            Platform pl = platforms[x.platform[e]];
            micros += x.micros[r];
            Status st = x.status(r);
            if (!x.rerun(e) || stable(x, e)) {
                // no reruns, or every rerun the same: one answer, nothing to tell apart
                if (st == Status.OK) {
                    results.put(pl, x.hex(r));
                    at[m++] = r;
                } else if (st != Status.CANNOT_RUN) failed.add(pl);
                continue;
            }
            List<String> distinct = distinct(x, e);
            if (distinct.size() > 1) unstable.put(pl, distinct);
            else if (st == Status.OK) {
                results.put(pl, x.hex(r));
                at[m++] = r;
            } else if (st != Status.CANNOT_RUN) failed.add(pl);
        }
        List<Answer> answers = group(results, x, at);
        Answer majority = answers.isEmpty()
                        || answers.size() > 1
                                && answers.get(0).platforms().size()
                                        == answers.get(1).platforms().size()
                ? null
                : answers.getFirst();
        List<Platform> odd = new ArrayList<>();
        if (majority != null) for (Answer a : answers) if (a != majority) odd.addAll(a.platforms());
        java.util.Collections.sort(odd);
        return new Case(x.program, x.input, precision, results, unstable, failed, answers, majority, odd, micros);
    }

    /** The (program, input, platform) runs that are unstable: keys as {@link #runKey}. */
    public static Set<String> unstableRuns(CampaignView view) {
        Set<String> out = new java.util.HashSet<>();
        if (view.reruns().isEmpty()) return out;
        CaseSource src = CaseSource.of(view);
        Platform[] platforms = src.platforms();
        src.forEach(x -> {
            for (int e = 0; e < x.n; e++) {
                if (x.rerun(e) && !stable(x, e) && distinct(x, e).size() > 1)
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

    /**
     * Whether a case's runs are one stable answer: every first run that printed a result printed the same bits, and every
     * platform with reruns got its first result again each time. Such a case is neither discrepant nor unstable and has
     * no odd one out: a verdict counts it without making it ({@link Verdict#of}).
     */
    static boolean agree(CaseSource.Runs x) {
        long bits = 0;
        boolean any = false;
        for (int e = 0; e < x.n; e++) {
            if (x.rerun(e) && !stable(x, e)) return false;
            int r = x.first[e];
            if (!x.ok(r)) continue;
            if ((x.flags[r] & CaseSource.Runs.BAD_HEX) != 0) return false;
            if (!any) {
                bits = x.bits[r];
                any = true;
            } else if (x.bits[r] != bits) return false;
        }
        return true;
    }

    /**
     * The cases of a view, made when first read ({@link #of(CampaignView)}): a verdict that no report reads case by case
     * (compare's) never makes them.
     */
    static List<Case> later(CampaignView view) {
        return new Later(view);
    }

    /** The list a case list made later ({@link #later}) is, made now; any other list as it is. */
    static List<Case> made(List<Case> cases) {
        return cases instanceof Later l ? l.made() : cases;
    }

    private static final class Later extends java.util.AbstractList<Case> implements Sequential {
        private final CampaignView view;
        private List<Case> made;

        Later(CampaignView view) {
            this.view = view;
        }

        private synchronized boolean isMade() {
            return made != null;
        }

        private synchronized List<Case> made() {
            if (made == null) made = of(view);
            return made;
        }

        @Override
        public Case get(int i) {
            return made().get(i);
        }

        @Override
        public int size() {
            return made().size();
        }

        @Override
        public java.util.Iterator<Case> iterator() {
            return made().iterator();
        }
    }

    /** Whether entry {@code e}'s first run printed a result and every rerun the very same one (the usual case). */
    static boolean stable(CaseSource.Runs x, int e) {
        int f = x.first[e];
        if (!x.ok(f)) return false;
        boolean bad = (x.flags[f] & CaseSource.Runs.BAD_HEX) != 0;
        for (int r = f + 1; r < x.end[e]; r++) {
            if (!x.ok(r)) return false;
            if (bad || (x.flags[r] & CaseSource.Runs.BAD_HEX) != 0) {
                if (!x.hex(f).equals(x.hex(r))) return false;
            } else if (x.bits[r] != x.bits[f]) {
                return false; // the same text is the same bits
            }
        }
        return true;
    }

    /**
     * The different answers among entry {@code e}'s first run and its reruns: results (agreeing ones once) and statuses
     * of runs without one.
     */
    static List<String> distinct(CaseSource.Runs x, int e) {
        if (stable(x, e)) return List.of(x.hex(x.first[e]));
        List<String> seen = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (int r = x.first[e]; r < x.end[e]; r++) {
            Status st = x.status(r);
            if (st == Status.OK) {
                double v = value(x, r);
                if (values.stream().noneMatch(w -> DiscrepancyClass.classify(v, w) == null)) {
                    values.add(v);
                    seen.add(x.hex(r));
                }
            } else if (!seen.contains(st.name())) {
                seen.add(st.name());
            }
        }
        return seen;
    }

    /** A record's value: its bits, or (a text that is not a hex float) what parsing it again says. */
    static double value(CaseSource.Runs x, int r) {
        return (x.flags[r] & CaseSource.Runs.BAD_HEX) != 0 ? HexFloat.parse(x.hex(r)) : x.value(r);
    }

    /** Results grouped by agreement (an equivalence), biggest group first, ties by first platform. */
    static List<Answer> group(Map<Platform, String> results) {
        return group(results, null, null);
    }

    /** As {@link #group(Map)}, the values read from records {@code at} of {@code x} (in the map's order) when given. */
    private static List<Answer> group(Map<Platform, String> results, CaseSource.Runs x, int[] at) {
        List<String> hexes = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        List<List<Platform>> members = new ArrayList<>();
        int k = 0;
        for (var e : results.entrySet()) {
            double v = x == null ? HexFloat.parse(e.getValue()) : value(x, at[k++]);
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
