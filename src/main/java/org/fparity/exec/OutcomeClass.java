package org.fparity.exec;

/** The class of a numerical result, sign ignored (the seed paper's NaN / Inf / Zero / Number). */
public enum OutcomeClass {
    NAN("NaN"),
    INF("Inf"),
    ZERO("Zero"),
    NUMBER("Number");

    private final String label;

    OutcomeClass(String label) {
        this.label = label;
    }

    /** For people and reports: {@code NaN Inf Zero Number}. */
    public String label() {
        return label;
    }

    /** Subnormals are Numbers: the paper separates Zero precisely because flushing them to zero is a finding. */
    public static OutcomeClass of(double v) {
        if (Double.isNaN(v)) return NAN;
        if (Double.isInfinite(v)) return INF;
        if (v == 0.0) return ZERO;
        return NUMBER;
    }
}
