package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HexFloatTest {
    @Test
    void appendWritesTheSameSpellingAfterWhatIsThere() {
        StringBuilder sb = new StringBuilder("x=");
        HexFloat.append(sb, -3.0).append(' ');
        HexFloat.append(sb, Double.MIN_VALUE);
        assertEquals("x=-0x1.8p+1 0x0.0000000000001p-1022", sb.toString());
    }

    @Test
    void specialValues() {
        assertEquals("0x1p+0", HexFloat.format(1.0));
        assertEquals("-0x1.8p+1", HexFloat.format(-3.0));
        assertEquals("0x0p+0", HexFloat.format(0.0));
        assertEquals("-0x0p+0", HexFloat.format(-0.0));
        assertEquals("0x0.0000000000001p-1022", HexFloat.format(Double.MIN_VALUE));
        assertEquals("0x1.fffffffffffffp+1023", HexFloat.format(Double.MAX_VALUE));
        assertEquals("inf", HexFloat.format(Double.POSITIVE_INFINITY));
        assertEquals("-nan", HexFloat.format(Double.longBitsToDouble(0xfff8000000000000L)));
        assertEquals(Double.NEGATIVE_INFINITY, HexFloat.parse("-inf"));
        assertEquals(Double.MIN_VALUE, HexFloat.parse("0x0.0000000000001p-1022"));
        assertEquals(1.5, HexFloat.parse("1.5"));
        assertEquals(1.5, HexFloat.parse("0x1.8p+0f"));
        // the fast path: exact for short significands, a slice of a longer line, and refusing what is not a number
        assertEquals(6.0, HexFloat.parse("3 0x1.8p+2 x", 2, 10));
        assertEquals(
                0x1.fffffffffffffp-1023, HexFloat.parse("0x1.fffffffffffffp-1023")); // one rounding into subnormals
        assertEquals(Double.parseDouble("0x1.00000000000008p+0"), HexFloat.parse("0x1.00000000000008p+0")); // > 53 bits
        assertEquals(Double.parseDouble("0x1.00000000000018p-1060"), HexFloat.parse("0x1.00000000000018p-1060"));
        org.junit.jupiter.api.Assertions.assertThrows(NumberFormatException.class, () -> HexFloat.parse("0xp+1"));
        org.junit.jupiter.api.Assertions.assertThrows(NumberFormatException.class, () -> HexFloat.parse("0x1.8q+2"));
    }

    /** Our formatter agrees with glibc's printf("%a") character for character on random doubles of every kind. */
    @Test
    void matchesGlibcPrintf(@TempDir Path dir) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Processes.which("gcc") != null, "gcc not on PATH");
        Path src = dir.resolve("a.c");
        Files.writeString(src, """
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                int main(void) { char line[128]; while (fgets(line, sizeof line, stdin)) {
                  unsigned long long b = strtoull(line, 0, 16); double d; memcpy(&d, &b, 8); printf("%a\\n", d); } return 0; }
                """);
        Processes.Captured cc = Processes.command(
                        "gcc", "-O1", "-o", dir.resolve("a").toString(), src.toString())
                .mergeStderr()
                .timeoutSeconds(120)
                .capture();
        assertEquals(0, cc.result().exitCode(), cc.stdout());
        SplittableRandom r = new SplittableRandom(42);
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            long bits = r.nextLong();
            if (i % 3 == 0) bits &= 0x800fffffffffffffL; // subnormals
            if (i % 7 == 0) bits &= 0xfff0000000000000L; // powers of two, zeros, infinities
            values.add(Double.longBitsToDouble(bits));
        }
        StringBuilder in = new StringBuilder();
        for (double v : values)
            in.append(Long.toHexString(Double.doubleToRawLongBits(v))).append('\n');
        Path stdin = Files.writeString(dir.resolve("in.txt"), in);
        Processes.Captured run = Processes.command(dir.resolve("a").toString())
                .stdin(stdin)
                .mergeStderr()
                .timeoutSeconds(60)
                .capture();
        assertEquals(0, run.result().exitCode(), run.stdout());
        List<String> out = run.stdout().lines().toList();
        assertEquals(values.size(), out.size());
        for (int i = 0; i < values.size(); i++) {
            double v = values.get(i);
            if (Double.isNaN(v)) continue; // glibc prints nan/-nan by sign; checked in specialValues
            assertEquals(out.get(i), HexFloat.format(v), "bits " + Long.toHexString(Double.doubleToRawLongBits(v)));
            assertEquals(Double.doubleToRawLongBits(v), Double.doubleToRawLongBits(HexFloat.parse(out.get(i))));
        }
    }

    /** The one token reader per precision: one rounding straight into binary32, hex exact where asked. */
    @Test
    void tokensInAPrecision() {
        // just above the midpoint between 1 and 1 + 2^-23: through binary64 it lands on the midpoint and ties to 1
        String aboveMidpoint = "1.0000000596046447753906251";
        assertEquals(1.0, (double) (float) Double.parseDouble(aboveMidpoint));
        assertEquals(1.0 + 0x1p-23, HexFloat.parse(aboveMidpoint, Precision.FP32));
        assertEquals((double) 0.1f, HexFloat.parse("0.1", Precision.FP32));
        assertEquals((double) 0.1f, HexFloat.parse("0.1f", Precision.FP32));
        assertEquals(0.1, HexFloat.parse("0.1", Precision.FP64));
        assertEquals(1.0, HexFloat.parse("0x1.0000001p0", Precision.FP32));
        assertEquals(Double.NEGATIVE_INFINITY, HexFloat.parse("-inf", Precision.FP32));
        assertTrue(Double.isNaN(HexFloat.parse("nan", Precision.FP32)));
        assertEquals(65504.0, HexFloat.parse("65519", Precision.FP16));
        assertEquals(1.5, HexFloat.parseExact("0x1.8p0", Precision.FP32));
        assertEquals((double) 0.1f, HexFloat.parseExact("0.1", Precision.FP32));
        HexFloat.NotRepresentable e = assertThrows(
                HexFloat.NotRepresentable.class, () -> HexFloat.parseExact("0x1.0000001p0", Precision.FP32));
        assertEquals("not a binary32 value", e.getMessage());
        assertThrows(NumberFormatException.class, () -> HexFloat.parse("abc", Precision.FP32));
    }
}
