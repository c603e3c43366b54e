package org.fparity.ir;

/** A parameter of {@code compute}: the accumulator {@code comp} (first, FP), FP scalars, int loop bounds, FP arrays. */
public record Param(Kind kind, String name) {
    public enum Kind {
        /** A scalar of the program's precision ({@code comp} is one). */
        FP,
        /** A loop bound in {@code 0..arrayLength}. */
        INT,
        /** An array of {@code arrayLength} elements, all set to one input value (Varity semantics). */
        FP_ARRAY
    }

    public static final String COMP = "comp";
}
