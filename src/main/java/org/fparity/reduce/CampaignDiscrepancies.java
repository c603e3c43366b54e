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
        throw new FparityError("no discrepancy " + id + " in " + campaign + " (ids are in report.json; 'fparity reduce " + campaign + " --top K' picks the most severe)");
    }
}
