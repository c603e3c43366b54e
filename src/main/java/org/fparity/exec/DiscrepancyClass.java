package org.fparity.exec;

/**
 * How two results of the same run differ: the paper's seven classes, plus {@code INF_SIGN} (+Inf vs −Inf), which the
 * HIP fork of Varity silently dropped and which is kept apart so the seven counts stay comparable with the paper.
 */
public enum DiscrepancyClass {
    NAN_INF("NaN–Inf", OutcomeClass.NAN, OutcomeClass.INF),
    NAN_ZERO("NaN–Zero", OutcomeClass.NAN, OutcomeClass.ZERO),
    NAN_NUMBER("NaN–Number", OutcomeClass.NAN, OutcomeClass.NUMBER),
    INF_ZERO("Inf–Zero", OutcomeClass.INF, OutcomeClass.ZERO),
    INF_NUMBER("Inf–Number", OutcomeClass.INF, OutcomeClass.NUMBER),
    ZERO_NUMBER("Zero–Number", OutcomeClass.ZERO, OutcomeClass.NUMBER),
    NUMBER_NUMBER("Number–Number", OutcomeClass.NUMBER, OutcomeClass.NUMBER),
    INF_SIGN("Inf sign", OutcomeClass.INF, OutcomeClass.INF);

    /** The paper's seven, in its column order (Tables V, VII, IX). */
    public static final java.util.List<DiscrepancyClass> SEVEN =
            java.util.List.of(NAN_INF, NAN_ZERO, NAN_NUMBER, INF_ZERO, INF_NUMBER, ZERO_NUMBER, NUMBER_NUMBER);

    private final String label;
    private final OutcomeClass low;
    private final OutcomeClass high;

    DiscrepancyClass(String label, OutcomeClass low, OutcomeClass high) {
        this.label = label;
        this.low = low;
        this.high = high;
    }

    public String label() {
        return label;
    }

    /** Machine name for JSON, JUnit properties and metric labels: {@code nan_inf}, {@code number_number}, {@code inf_sign}. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The class of two differing results whose outcome classes are a and b (order does not matter). */
    public static DiscrepancyClass of(OutcomeClass a, OutcomeClass b) {
        OutcomeClass lo = a.ordinal() <= b.ordinal() ? a : b;
        OutcomeClass hi = a.ordinal() <= b.ordinal() ? b : a;
        for (DiscrepancyClass c : values()) if (c.low == lo && c.high == hi) return c;
        throw new IllegalArgumentException(a.label() + " vs " + b.label() + " is not a discrepancy class");
    }

    /**
     * Classifies two results, or returns null when they agree. Agreement ignores the sign of NaN and of zero (the paper:
     * not true numerical differences) but not of Inf.
     */
    public static DiscrepancyClass classify(double a, double b) {
        OutcomeClass ca = OutcomeClass.of(a);
        OutcomeClass cb = OutcomeClass.of(b);
        if (ca != cb) return of(ca, cb);
        return switch (ca) {
            case NAN, ZERO -> null;
            case INF -> a == b ? null : INF_SIGN;
            case NUMBER -> a == b ? null : NUMBER_NUMBER;
        };
    }

    /**
     * The one rule for "the same result" of two printed results (hex floats, {@code nan}, {@code -inf}): every
     * comparison fparity makes — compare, run, report, nightly, {@code toolchains --check} — decides with this or
     * {@link #classify}. However the bits are spelled, NaNs agree with NaNs and zeros with zeros.
     */
    public static boolean same(String a, String b) {
        return a.equals(b) || classify(org.fparity.ir.HexFloat.parse(a), org.fparity.ir.HexFloat.parse(b)) == null;
    }
}
