package org.fparity.reduce;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.Pair;
import org.fparity.compare.StatusMismatch;
import org.fparity.confirm.DiscrepancyId;
import org.fparity.confirm.Interestingness;
import org.fparity.confirm.Side;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.ir.Input;
import org.fparity.ir.Program;

/**
 * A campaign's discrepancies and runs that ended differently with their stable ids, most severe first: the menu
 * {@code fparity reduce CAMPAIGN} picks from.
 */
public final class CampaignDiscrepancies {
    private CampaignDiscrepancies() {}

    /**
     * One discrepancy, or one run that ended differently ({@code mismatch}: one side crashed or hit the harness's error
     * exit where the other printed a result; no {@code discrepancy}, no class), ready to reduce. {@code compiles}: the
     * compile command the campaign recorded for each platform of the pair (by {@link #sideKey}), so that each side is
     * built with its own site's flags.
     */
    public record Entry(
            String id,
            Discrepancy discrepancy,
            StatusMismatch mismatch,
            Program program,
            Input input,
            Map<Platform, List<String>> compiles,
            Map<Platform, String> imported) {
        public Entry {
            compiles = compiles == null ? Map.of() : Map.copyOf(compiles);
            imported = imported == null ? Map.of() : Map.copyOf(imported);
        }

        public Entry(
                String id,
                Discrepancy discrepancy,
                StatusMismatch mismatch,
                Program program,
                Input input,
                Map<Platform, List<String>> compiles) {
            this(id, discrepancy, mismatch, program, input, compiles, null);
        }

        public Entry(String id, Discrepancy discrepancy, Program program, Input input) {
            this(id, discrepancy, null, program, input, null, null);
        }

        /** The class, or null for a run that ended differently. */
        public DiscrepancyClass cls() {
            return discrepancy == null ? null : discrepancy.cls();
        }

        /** The run: program id and input index. */
        public String run() {
            return discrepancy != null
                    ? discrepancy.program() + "/" + discrepancy.input()
                    : mismatch.program() + "/" + mismatch.input();
        }

        public ReduceSession.Request request(long minUlps, boolean vsReference, int limit) {
            Pair pair = discrepancy != null ? discrepancy.pair() : mismatch.pair();
            Side a = new Side(pair.a(), compiles.get(pair.a().planned()));
            Side b = new Side(pair.b(), compiles.get(pair.b().planned()));
            String va = imported.get(pair.a().planned());
            String vb = imported.get(pair.b().planned());
            ReduceSession.Recorded rec = va == null && vb == null
                    ? null
                    : discrepancy != null
                            ? new ReduceSession.Recorded(
                                    recorded(pair.a(), Outcome.Status.OK, discrepancy.hexA(), null),
                                    recorded(pair.b(), Outcome.Status.OK, discrepancy.hexB(), null),
                                    va,
                                    vb)
                            : new ReduceSession.Recorded(
                                    recorded(pair.a(), mismatch.statusA(), null, mismatch.detailA()),
                                    recorded(pair.b(), mismatch.statusB(), null, mismatch.detailB()),
                                    va,
                                    vb);
            return new ReduceSession.Request(id, program, input, a, b, cls(), minUlps, vsReference, limit, rec);
        }

        /** A side's result as the campaign recorded it. */
        private Outcome recorded(Platform p, Outcome.Status status, String hex, String detail) {
            int in = discrepancy != null ? discrepancy.input() : mismatch.input();
            return new Outcome(
                    program.id(), in, p.toolchain(), p.opt(), p.site(), p.node(), status, hex, detail, p.label(), 0);
        }
    }

    /**
     * What {@code fparity reduce CAMPAIGN} picks from: the discrepancies by {@link #SEVERITY}, and the runs that ended
     * differently (by {@link #mismatchId}) by id.
     */
    public record Menu(List<Entry> discrepancies, List<Entry> endedDifferently) {
        /**
         * The order {@code --top} tries them in: a run that ended differently first, one per platform that ended
         * abnormally (a build that does not run is worse than a wrong value, and a compiler vendor wants it first; a
         * second one on the same platform most likely has the same cause), then the discrepancies by {@link #SEVERITY},
         * then the other runs that ended differently.
         */
        public List<Entry> ranked() {
            List<Entry> first = new ArrayList<>();
            List<Entry> rest = new ArrayList<>();
            java.util.Set<String> failing = new java.util.HashSet<>();
            for (Entry e : endedDifferently) {
                StatusMismatch m = e.mismatch();
                Platform p = Interestingness.failingSide(m.statusA(), m.statusB()) == 0
                        ? m.pair().a()
                        : m.pair().b();
                (failing.add(p.label()) ? first : rest).add(e);
            }
            List<Entry> out = new ArrayList<>(first);
            out.addAll(discrepancies);
            out.addAll(rest);
            return out;
        }
    }

    /** Severity: NaN and Inf classes before Zero and Number ones (the paper's column order), then the larger ULP gap. */
    public static final Comparator<Entry> SEVERITY = Comparator.<Entry>comparingInt(
                    e -> e.discrepancy().cls().ordinal())
            .thenComparing(Comparator.<Entry, java.math.BigInteger>comparing(
                            e -> e.discrepancy().ulps() == null
                                    ? java.math.BigInteger.ONE.negate()
                                    : e.discrepancy().ulps())
                    .reversed())
            .thenComparing(Entry::id);

    /** The discrepancies, most severe first (runs that ended differently are in {@link #menu}). */
    public static List<Entry> list(Path campaign) {
        return menu(campaign).discrepancies();
    }

    /** The compile command each platform of the campaign recorded, by platform as planned (no node facts). */
    private static Map<Platform, List<String>> compiles(Path campaign) {
        Map<Platform, List<String>> m = new java.util.HashMap<>();
        for (CampaignMeta.PlatformRecord p : Campaign.readMeta(campaign).platforms()) {
            if (p.compile() != null) m.putIfAbsent(new Platform(p.toolchain(), p.opt(), p.site(), null), p.compile());
        }
        return m;
    }

    /**
     * The platforms an imported campaign recorded and fparity did not run (Varity's), by platform as planned, with the
     * version the campaign recorded.
     */
    private static Map<Platform, String> imported(Path campaign) {
        Map<Platform, String> m = new java.util.HashMap<>();
        for (CampaignMeta.PlatformRecord p : Campaign.readMeta(campaign).platforms()) {
            if (p.recorded() != null)
                m.putIfAbsent(
                        new Platform(p.toolchain(), p.opt(), p.site(), null),
                        p.version() == null ? "not recorded" : p.version());
        }
        return m;
    }

    public static Menu menu(Path campaign) {
        CampaignView v = CampaignFiles.load(campaign);
        Map<Platform, List<String>> compiles = compiles(campaign);
        Map<Platform, String> imported = imported(campaign);
        Findings f = Comparer.compare(v);
        List<Entry> values = new ArrayList<>();
        for (Discrepancy d : f.discrepancies()) {
            String src = v.source(d.program());
            Input in = v.input(d.program(), d.input());
            if (src == null || in == null) continue;
            String id = DiscrepancyId.of(
                    d.program(), d.input(), d.pair().a().label(), d.pair().b().label(), d.cls());
            values.add(new Entry(id, d, null, Program.parse(src), in, compiles, imported));
        }
        values.sort(SEVERITY);
        List<Entry> ended = new ArrayList<>();
        for (StatusMismatch m : f.mismatches()) {
            String id = mismatchId(m);
            String src = v.source(m.program());
            Input in = v.input(m.program(), m.input());
            if (id == null || src == null || in == null) continue;
            ended.add(new Entry(id, null, m, Program.parse(src), in, compiles, imported));
        }
        ended.sort(Comparator.comparing(Entry::id));
        return new Menu(values, ended);
    }

    /**
     * Discrepancies by id, in the order given (not runs that ended differently: see {@link #request}); the campaign is
     * loaded and compared once for all of them.
     */
    public static List<Entry> find(Path campaign, List<String> ids) {
        java.util.Map<String, Entry> byId = new java.util.HashMap<>();
        for (Entry e : list(campaign)) byId.put(e.id(), e);
        List<Entry> out = new ArrayList<>();
        for (String id : ids) {
            Entry e = byId.get(id);
            if (e == null) throw notFound(campaign, id);
            out.add(e);
        }
        return out;
    }

    /**
     * The id of a run that ended differently when it can be reduced — one side ended abnormally (a crash or the
     * harness's error exit) where the other printed a result; null otherwise (a timeout, a compile error, a platform that
     * cannot run here say nothing about the program).
     */
    public static String mismatchId(StatusMismatch m) {
        if (Interestingness.failingSide(m.statusA(), m.statusB()) < 0) return null;
        return DiscrepancyId.of(
                m.program(), m.input(), m.pair().a().label(), m.pair().b().label(), Interestingness.ENDED_ID);
    }

    /** What {@code fparity reduce CAMPAIGN --discrepancy ID} reduces: a discrepancy, or a run that ended differently (by {@link #mismatchId}). */
    public static ReduceSession.Request request(
            Path campaign, String id, long minUlps, boolean vsReference, int limit) {
        for (Entry e : menu(campaign).ranked()) if (e.id().equals(id)) return e.request(minUlps, vsReference, limit);
        throw notFound(campaign, id);
    }

    private static FparityError notFound(Path campaign, String id) {
        return new FparityError("no discrepancy " + id + " in " + campaign
                + " (ids are in report.json; 'fparity reduce " + campaign + " --top K' picks the most severe)");
    }
}
