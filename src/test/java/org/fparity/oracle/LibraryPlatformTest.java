package org.fparity.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Expr;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.junit.jupiter.api.Test;

/** A contracting platform's program: an addition marked fused is one fused multiply-add, rounded once. */
class LibraryPlatformTest {
    private static final Program P = Program.parse("""
            program fp64 array 1
            compute(double comp, double x, double y) {
              comp = x * y + comp;
            }
            """);

    /** x = 1 + 2^-30, y = 1 - 2^-30, comp = -1: the product rounds to 1, so 0 unfused; fused, -2^-60. */
    private static final Input IN = new Input(List.of("-0x1p+0", "0x1.00000004p+0", "0x1.fffffff8p-1"));

    @Test
    void aFusedAdditionRoundsOnceAndAnUnfusedOneTwice() {
        Expr.Bin sum = (Expr.Bin) ((Stmt.Assign) P.body().getFirst()).value();
        Map<Expr.Bin, Boolean> fused = new IdentityHashMap<>();
        fused.put(sum, true);
        assertEquals(0.0, LibraryPlatform.run(P, IN, LibraryPlatform.JAVA_MATH).result());
        assertEquals(
                -0x1p-60,
                LibraryPlatform.run(P, IN, LibraryPlatform.JAVA_MATH, fused).result());
    }

    @Test
    void aFusedFp32AdditionRoundsToFloatOnce() {
        Program p = Program.parse("""
                program fp32 array 1
                compute(float comp, float x, float y) {
                  comp = comp - x * y;
                }
                """);
        // x = y = 1 + 2^-12: x*y = 1 + 2^-11 + 2^-24 needs 25 bits and rounds (to even) to 1 + 2^-11 in float, so
        // comp - x*y is -2^-11 unfused and -(2^-11 + 2^-24) fused
        Input in = new Input(List.of("0x1p+0", "0x1.001p+0", "0x1.001p+0"));
        Expr.Bin sum = (Expr.Bin) ((Stmt.Assign) p.body().getFirst()).value();
        Map<Expr.Bin, Boolean> fused = new IdentityHashMap<>();
        fused.put(sum, false);
        assertEquals(
                -0x1p-11, LibraryPlatform.run(p, in, LibraryPlatform.JAVA_MATH).result());
        assertEquals(
                -(0x1p-11 + 0x1p-24),
                LibraryPlatform.run(p, in, LibraryPlatform.JAVA_MATH, fused).result());
    }
}
