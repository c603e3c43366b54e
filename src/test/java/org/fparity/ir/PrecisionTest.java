package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;

/** The one precision type: format facts, rounding, and which spellings each kind of caller accepts. */
class PrecisionTest {
    @Test
    void formatFactsAgreeWithJava() {
        assertEquals(Double.MAX_VALUE, Precision.FP64.maxValue());
        assertEquals(Float.MAX_VALUE, Precision.FP32.maxValue());
        assertEquals(65504.0, Precision.FP16.maxValue());
        assertEquals(Float.intBitsToFloat(0x7f7f0000), Precision.BF16.maxValue());
        assertEquals(Double.MIN_EXPONENT, Precision.FP64.minExponent());
        assertEquals(Float.MAX_EXPONENT, Precision.FP32.maxExponent());
        assertEquals(0x1p-53, Precision.FP64.unitRoundoff());
        assertEquals(0x1p-8, Precision.BF16.unitRoundoff());
        assertEquals(0x1p15, Precision.FP16.largestPowerOfTwo());
        assertEquals(List.of(Precision.FP32, Precision.FP64), Precision.PROGRAMS);
        assertEquals("float", Precision.FP32.cType());
        assertThrows(IllegalStateException.class, Precision.FP16::cType);
    }

    @Test
    void roundingToSmallFormats() {
        assertTrue(Precision.FP16.representable(65504.0));
        assertFalse(Precision.FP32.representable(0.1));
        assertEquals(2048.0, Precision.FP16.round(2049.0)); // ties to even
        assertEquals(2052.0, Precision.FP16.round(2051.0));
        assertEquals(0x1p-24, Precision.FP16.round(0x1p-24));
        assertEquals(0.0, Precision.FP16.round(0x1p-26));
        assertEquals(Double.POSITIVE_INFINITY, Precision.FP16.round(65520.0));
        assertEquals(65504.0, Precision.FP16.round(65519.0));
        assertEquals(257.0 - 1, Precision.BF16.round(257.0));
        assertEquals(0x1p127, Precision.BF16.round(0x1p127));
        assertEquals(1.0f + 0x1p-23f, (float) Precision.FP32.round(1.0 + 0x1p-23 + 0x1p-30));
        assertEquals(65504.0, Precision.FP16.truncate(70000.0));
        assertEquals(1.5, Precision.BF16.truncate(1.5 + 0x1p-9));
    }

    @Test
    void spellings() {
        assertEquals(Precision.FP64, Precision.parse("float64"));
        assertEquals(Precision.FP32, Precision.parse("single"));
        assertEquals(Precision.FP16, Precision.parse("half"));
        assertEquals(Precision.BF16, Precision.parse("BF16"));
        assertEquals(
                "unknown precision 'fp8' (expected fp16, bf16, fp32 or fp64)",
                assertThrows(IllegalArgumentException.class, () -> Precision.parse("fp8"))
                        .getMessage());
        // programs: FP32 and FP64 only, and the old message
        assertEquals(Precision.FP32, Precision.parseProgram("float"));
        assertEquals(
                "unknown precision 'fp16' (expected fp32 or fp64)",
                assertThrows(IllegalArgumentException.class, () -> Precision.parseProgram("fp16"))
                        .getMessage());
        // a command that supports a subset says which, in one line
        FparityError e = assertThrows(FparityError.class, () -> Precision.parse("bf16", "eval", Precision.PROGRAMS));
        assertEquals("eval supports fp32 or fp64, not bf16", e.getMessage());
        assertEquals(ExitCode.BAD_INPUT, e.code());
        assertEquals(
                "unknown precision 'x' (use fp32 or fp64)",
                assertThrows(FparityError.class, () -> Precision.parse("x", "eval", Precision.PROGRAMS))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Program(Precision.FP16, 1, List.of(), List.of()));
    }
}
