package org.fparity.reduce;

import java.util.function.Function;
import org.fparity.confirm.Side;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;

/**
 * The pair a vendor owns for a discrepancy across toolchains. A compiler engineer wants {@code -O0} against the level
 * that differs, of their own compiler; so when exactly one side prints a result off the correctly rounded one, that
 * toolchain's base level (O0) is built and run standalone (one extra build). If it disagrees with the recorded level,
 * the same-toolchain pair is what gets reduced; if it agrees, the toolchain is consistent with itself and the pair
 * stays as asked. The note says which, with the bits.
 */
public record OwnPair(ReduceSession.Request request, String note) {
    /** The base level a toolchain's own pair is taken against. */
    static final String BASE = "O0";

    /** The order {@code --top} prefers pairs in: 0 within one toolchain against its base level, 1 within one toolchain, 2 across toolchains. */
    public static int rank(Side a, Side b) {
        if (!a.toolchain().equals(b.toolchain())) return 2;
        return a.opt().equals(BASE) || b.opt().equals(BASE) ? 0 : 1;
    }

    static OwnPair find(
            ReduceSession.Request r, Function<Side, DetectedToolchain> detect, Standalone single, Double reference)
            throws InterruptedException {
        DetectedToolchain a = detect.apply(r.a());
        DetectedToolchain b = detect.apply(r.b());
        Outcome sa = single.run(a, r.a().opt(), r.program(), r.input());
        Outcome sb = single.run(b, r.b().opt(), r.program(), r.input());
        OffTruth off = OffTruth.of(r.a().label(), sa, r.b().label(), sb, reference);
        if (off.who() != OffTruth.Who.A && off.who() != OffTruth.Who.B) return new OwnPair(r, null);
        Side culprit = off.who() == OffTruth.Who.A ? r.a() : r.b();
        Outcome recorded = off.who() == OffTruth.Who.A ? sa : sb;
        DetectedToolchain dt = off.who() == OffTruth.Who.A ? a : b;
        if (culprit.opt().equals(BASE) || !dt.toolchain().opt().containsKey(BASE)) return new OwnPair(r, null);
        Side base = Side.local(culprit.toolchain(), BASE);
        Outcome ob = single.run(dt, BASE, r.program(), r.input());
        if (ob.status() != Outcome.Status.OK) {
            return new OwnPair(
                    r,
                    base + " gave no result (" + Reducer.describe(ob) + "), so " + culprit.toolchain()
                            + " could not be checked against itself; reduced " + r.a() + " vs " + r.b()
                            + " as recorded.");
        }
        DiscrepancyClass own = DiscrepancyClass.classify(ob.value(), recorded.value());
        if (own == null) {
            return new OwnPair(
                    r,
                    culprit.toolchain() + " agrees with itself: " + base + " prints `" + ob.hex() + "` as " + culprit
                            + " does, off the correctly rounded `" + off.reference() + "`; reduced " + r.a() + " vs "
                            + r.b() + " as recorded.");
        }
        String note = culprit.toolchain() + " disagrees with itself: " + base + " prints `" + ob.hex() + "`, " + culprit
                + " prints `" + recorded.hex() + "` (" + own.label()
                + "); reduced as that pair (the vendor's own), from " + r.a() + " vs " + r.b() + ".";
        return new OwnPair(
                new ReduceSession.Request(
                        r.id(),
                        r.program(),
                        r.input(),
                        base,
                        culprit,
                        own,
                        r.minUlps(),
                        r.vsReference(),
                        r.limit(),
                        null),
                note);
    }
}
