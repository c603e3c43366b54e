package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HexFloatTest {
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
        assertEquals(0x1.fffffffffffffp-1023, HexFloat.parse("0x1.fffffffffffffp-1023")); // one rounding into subnormals
        assertEquals(Double.parseDouble("0x1.00000000000008p+0"), HexFloat.parse("0x1.00000000000008p+0")); // > 53 bits
        assertEquals(Double.parseDouble("0x1.00000000000018p-1060"), HexFloat.parse("0x1.00000000000018p-1060"));
        org.junit.jupiter.api.Assertions.assertThrows(NumberFormatException.class, () -> HexFloat.parse("0xp+1"));
        org.junit.jupiter.api.Assertions.assertThrows(NumberFormatException.class, () -> HexFloat.parse("0x1.8q+2"));
    }

    /** Our formatter agrees with glibc's printf("%a") character for character on random doubles of every kind. */
    @Test
    void matchesGlibcPrintf(@TempDir Path dir) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/gcc")), "gcc not installed");
        Path src = dir.resolve("a.c");
        Files.writeString(src, """
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                int main(void) { char line[128]; while (fgets(line, sizeof line, stdin)) {
                  unsigned long long b = strtoull(line, 0, 16); double d; memcpy(&d, &b, 8); printf("%a\\n", d); } return 0; }
                """);
        Process cc = new ProcessBuilder("gcc", "-O1", "-o", dir.resolve("a").toString(), src.toString()).inheritIO().start();
        assertEquals(0, cc.waitFor());
        SplittableRandom r = new SplittableRandom(42);
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            long bits = r.nextLong();
            if (i % 3 == 0) bits &= 0x800fffffffffffffL; // subnormals
            if (i % 7 == 0) bits &= 0xfff0000000000000L; // powers of two, zeros, infinities
            values.add(Double.longBitsToDouble(bits));
        }
        Process run = new ProcessBuilder(dir.resolve("a").toString()).redirectErrorStream(true).start();
        StringBuilder in = new StringBuilder();
        for (double v : values) in.append(Long.toHexString(Double.doubleToRawLongBits(v))).append('\n');
        run.getOutputStream().write(in.toString().getBytes());
        run.getOutputStream().close();
        List<String> out = new String(run.getInputStream().readAllBytes()).lines().toList();
        run.waitFor(10, TimeUnit.SECONDS);
        assertEquals(values.size(), out.size());
        for (int i = 0; i < values.size(); i++) {
            double v = values.get(i);
            if (Double.isNaN(v)) continue; // glibc prints nan/-nan by sign; checked in specialValues
            assertEquals(out.get(i), HexFloat.format(v), "bits " + Long.toHexString(Double.doubleToRawLongBits(v)));
            assertEquals(Double.doubleToRawLongBits(v), Double.doubleToRawLongBits(HexFloat.parse(out.get(i))));
        }
    }
}
