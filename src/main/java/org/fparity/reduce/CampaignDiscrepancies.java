package org.fparity.reduce;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.StatusMismatch;
import org.fparity.ir.Input;
import org.fparity.ir.Program;

/** A campaign's discrepancies with their stable ids, most severe first: the menu {@code fparity reduce CAMPAIGN} picks from. */
public final class CampaignDiscrepancies {
    private CampaignDiscrepancies() {}

    /** One discrepancy, ready to reduce. */
    public record Entry(String id, Discrepancy discrepancy, Program program, Input input) {
        public ReduceSession.Request request(long minUlps, boolean vsReference, int limit) {
            Side a = new Side(discrepancy.pair().a().toolchain(), discrepancy.pair().a().opt());
            Side b = new Side(discrepancy.pair().b().toolchain(), discrepancy.pair().b().opt());
            return new ReduceSession.Request(id, program, input, a, b, discrepancy.cls(), minUlps, vsReference, limit);
        }
    }

    /** Severity: NaN and Inf classes before Zero and Number ones (the paper's column order), then the larger ULP gap. */
    public static final Comparator<Entry> SEVERITY = Comparator.<Entry>comparingInt(e -> e.discrepancy().cls().ordinal())
            .thenComparing(Comparator.<Entry, java.math.BigInteger>comparing(e -> e.discrepancy().ulps() == null ? java.math.BigInteger.ONE.negate() : e.discrepancy().ulps()).reversed())
            .thenComparing(Entry::id);

    public static List<Entry> list(Path campaign) {
        CampaignView v = CampaignFiles.load(campaign);
        List<Entry> out = new ArrayList<>();
        for (Discrepancy d : Comparer.compare(v).discrepancies()) {
            String src = v.source(d.program());
            Input in = v.input(d.program(), d.input());
            if (src == null || in == null) continue;
            String id = DiscrepancyId.of(d.program(), d.input(), d.pair().a().id(), d.pair().b().id(), d.cls());
            out.add(new Entry(id, d, Program.parse(src), in));
        }
        out.sort(SEVERITY);
        return out;
    }

    public static Entry find(Path campaign, String id) {
        for (Entry e : list(campaign)) if (e.id().equals(id)) return e;
        throw notFound(campaign, id);
    }

    /**
     * The id of a run that ended differently when it can be reduced — one side ended abnormally (a crash or the
     * harness's error exit) where the other printed a result; null otherwise (a timeout, a compile error, a platform that
     * cannot run here say nothing about the program).
     */
    public static String mismatchId(StatusMismatch m) {
        if (Verdict.failingSide(m.statusA(), m.statusB()) < 0) return null;
        return DiscrepancyId.of(m.program(), m.input(), m.pair().a().id(), m.pair().b().id(), Verdict.ENDED_ID);
    }

    /** What {@code fparity reduce CAMPAIGN --discrepancy ID} reduces: a discrepancy, or a run that ended differently (by {@link #mismatchId}). */
    public static ReduceSession.Request request(Path campaign, String id, long minUlps, boolean vsReference, int limit) {
        for (Entry e : list(campaign)) if (e.id().equals(id)) return e.request(minUlps, vsReference, limit);
        CampaignView v = CampaignFiles.load(campaign);
        for (StatusMismatch m : Comparer.compare(v).mismatches()) {
            if (!id.equals(mismatchId(m))) continue;
            String src = v.source(m.program());
            Input in = v.input(m.program(), m.input());
            if (src == null || in == null) break;
            Side a = new Side(m.pair().a().toolchain(), m.pair().a().opt());
            Side b = new Side(m.pair().b().toolchain(), m.pair().b().opt());
            return new ReduceSession.Request(id, Program.parse(src), in, a, b, null, minUlps, vsReference, limit);
        }
        throw notFound(campaign, id);
    }

    private static FparityError notFound(Path campaign, String id) {
        return new FparityError("no discrepancy " + id + " in " + campaign + " (ids are in report.json; 'fparity reduce " + campaign + " --top K' picks the most severe)");
    }
}
