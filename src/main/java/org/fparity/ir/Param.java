package org.fparity.ir;

/** A parameter of {@code compute}: the accumulator {@code comp} (first, FP), FP scalars, int loop bounds, FP arrays. */
public record Param(Kind kind, String name) {
    public enum Kind {
        /** A scalar of the program's precision ({@code comp} is one). */
        FP,
        /** A loop bound in {@code 0..arrayLength}. */
        INT,
        /** An array of {@code arrayLength} elements, all set to one input value (Varity semantics). */
        FP_ARRAY,
        /**
         * An array of {@code arrayLength} elements, each its own input value: one input token of {@code arrayLength}
         * FP values separated by commas (a sum over an array can then depend on every element, as in a real reduction).
         */
        FP_ELEMENTS;

        /** Whether a parameter of this kind is an array (indexed, passed by pointer). */
        public boolean array() {
            return this == FP_ARRAY || this == FP_ELEMENTS;
        }
    }

    /** How many FP values of an input this parameter takes: {@code arrayLength} for element-wise arrays, else 1 (0 for ints). */
    public int fpValues(int arrayLength) {
        return switch (kind) {
            case FP, FP_ARRAY -> 1;
            case INT -> 0;
            case FP_ELEMENTS -> arrayLength;
        };
    }

    public static final String COMP = "comp";
}
