package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Floating-point precision of a program: every FP value, literal and operation in it has this type. */
public enum Precision {
    FP32("float", 24, "%.9g"),
    FP64("double", 53, "%.17g");

    private final String cType;
    private final int significandBits;
    private final String decimalFormat;

    Precision(String cType, int significandBits, String decimalFormat) {
        this.cType = cType;
        this.significandBits = significandBits;
        this.decimalFormat = decimalFormat;
    }

    /** The C / CUDA / HIP / OpenCL / Java type name. */
    public String cType() {
        return cType;
    }

    /** Significand bits including the implicit one (24 or 53). */
    public int significandBits() {
        return significandBits;
    }

    /** printf format for people: {@code %.9g} or {@code %.17g}. */
    public String decimalFormat() {
        return decimalFormat;
    }

    /** Suffix of a literal of this precision in C-family languages and Java. */
    public String literalSuffix() {
        return this == FP32 ? "f" : "";
    }

    /** Rounds a double to this precision (identity for FP64). */
    public double round(double v) {
        return this == FP32 ? (double) (float) v : v;
    }

    /** True when v is exactly representable in this precision. */
    public boolean representable(double v) {
        return Double.isNaN(v) || round(v) == v || (Double.isInfinite(v));
    }

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Precision parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "fp32", "float", "float32", "single" -> FP32;
            case "fp64", "double", "float64" -> FP64;
            default -> throw new IllegalArgumentException("unknown precision '" + s + "' (expected fp32 or fp64)");
        };
    }
}
