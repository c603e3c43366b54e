package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecimalTest {
    @TempDir
    Path tmp;

    @Test
    void theIssuesExamplesAreComputedNotPadded() {
        assertEquals("0.10000000000000001", Decimal.g(0.1, 17));
        assertEquals("9.8813129168249309e-324", Decimal.g(Math.scalb(1.5, -1074), 17));
        assertEquals("0.100000001", Decimal.g((float) 0.1, 9));
        assertEquals("0.5", Decimal.g(0.5, 17), "C strips trailing zeros without '#'");
        assertEquals("1e+300", Decimal.g(1e300, 1));
        assertEquals("1.0000000000000001e+300", Decimal.g(1e300, 17));
        assertEquals("-0", Decimal.g(-0.0, 17));
        assertEquals("2", Decimal.g(2.5, 1), "an exact tie rounds to even, as glibc does in round-to-nearest");
        assertEquals("0.0001", Decimal.g(1e-4, 3));
        assertEquals("1e-05", Decimal.g(1e-5, 3));
        assertEquals("123456789", Decimal.g(123456789, 9));
        assertEquals("1.23456789e+09", Decimal.g(1234567890, 9));
        assertEquals("-inf", Decimal.g(Double.NEGATIVE_INFINITY, 17));
        assertEquals("nan", Decimal.g(Double.NaN, 17));
        assertEquals("-nan", Decimal.g(Double.longBitsToDouble(0xfff8000000000000L), 17));
    }

    /**
     * Issue 31: most values are converted in 32-bit limbs (Decimal.Digits) rather than by BigDecimal's exact expansion
     * and division; the text must be the same for every value, every digit count, ties and carries included.
     */
    @Test
    void theLimbsGiveBigDecimalsDigitsOnEveryValue() {
        List<Double> vs = new ArrayList<>(List.of(
                0.1,
                0.5,
                1.0,
                2.5,
                0.125,
                1e23,
                9.999999999999999e22,
                1e22,
                123456789.0,
                1234567890.0,
                0.3,
                2.0 / 3,
                Math.PI,
                1e-4,
                1e-5,
                237902.67412654785,
                9.5,
                99.5,
                999999999.5,
                0.95,
                0.0095,
                9.999999999999999,
                Math.scalb(1.0, -35),
                Math.scalb(1.0, -36),
                Math.scalb(1.0, 203),
                Math.scalb(1.0, 204),
                Math.scalb((double) ((1L << 53) - 1), -87),
                Math.scalb((double) ((1L << 53) - 1), 150),
                Math.scalb(1.0, -1022),
                Double.MIN_VALUE,
                Double.MAX_VALUE,
                4503599627370496.5,
                9007199254740993.0));
        for (long i = 1; i < 200; i++) {
            vs.add(i * 0.5);
            vs.add(i + 0.5);
            vs.add(i / 8.0);
            vs.add(Math.pow(10, i % 40) - 0.5);
            vs.add(Math.scalb(5.0, (int) -i));
        }
        SplittableRandom rnd = new SplittableRandom(31);
        int fast = 0;
        for (int i = 0; i < 40_000; i++) {
            // every binade the limbs reach and beyond, and floats' values
            double v = Math.scalb(1 + rnd.nextDouble(), rnd.nextInt(-60, 230));
            vs.add(i % 3 == 0 ? (double) (float) v : v);
        }
        for (double v : vs) {
            for (int p : new int[] {1, 3, 9, 16, 17, 20}) {
                assertEquals(Decimal.exact(v, p), Decimal.g(v, p), v + " to " + p + " digits");
                assertEquals(Decimal.exact(-v, p), Decimal.g(-v, p));
            }
            if (Decimal.Digits.of(v, 17, new char[80]) != Decimal.Digits.NONE) fast++;
        }
        assertEquals(true, fast > vs.size() * 3 / 4, "most values take the limbs: " + fast + " of " + vs.size());
    }

    /** 10^5 random doubles (a fifth of them subnormal) and floats, printed by glibc's printf and by Decimal. */
    @Test
    @Tag("tools")
    void agreesWithGlibcPrintfOnRandomValuesIncludingSubnormals() throws Exception {
        String cc = Executables.find("cc") != null ? "cc" : Executables.find("gcc") != null ? "gcc" : null;
        assumeTrue(cc != null, "no C compiler (cc or gcc) on PATH to build the printf reference");
        Path src = Files.writeString(tmp.resolve("g.c"), """
                #include <stdio.h>
                #include <string.h>
                #include <stdint.h>
                int main(void) {
                  unsigned long long b; unsigned int f;
                  while (scanf("%llx %x", &b, &f) == 2) {
                    double d; float x; uint64_t bb = b; uint32_t ff = f;
                    memcpy(&d, &bb, 8); memcpy(&x, &ff, 4);
                    printf("%.17g %.9g\\n", d, (double) x);
                  }
                  return 0;
                }
                """);
        Path bin = tmp.resolve("g");
        org.fparity.util.Processes.Captured c = org.fparity.util.Processes.command(
                        cc, "-O1", "-o", bin.toString(), src.toString())
                .mergeStderr()
                .timeoutSeconds(300)
                .capture();
        assertEquals(0, c.result().exitCode(), c.stdout());

        SplittableRandom r = new SplittableRandom(42);
        int n = 100_000;
        long[] d = new long[n];
        int[] f = new int[n];
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < n; i++) {
            long bits = r.nextLong();
            int fbits = r.nextInt();
            if (i % 5 == 0) {
                bits &= 0x800fffffffffffffL; // exponent field 0: subnormal (or zero)
                fbits &= 0x807fffff;
            }
            d[i] = bits;
            f[i] = fbits;
            in.append(Long.toHexString(bits))
                    .append(' ')
                    .append(Integer.toHexString(fbits))
                    .append('\n');
        }
        Path input = Files.writeString(tmp.resolve("in.txt"), in);
        org.fparity.util.Processes.Result p = org.fparity.util.Processes.command(bin.toString())
                .stdin(input)
                .stdout(tmp.resolve("out.txt"))
                .timeoutSeconds(120)
                .run();
        assertEquals(false, p.timedOut(), "printf reference finished");
        assertEquals(0, p.exitCode());
        List<String> want = Files.readAllLines(tmp.resolve("out.txt"));
        assertEquals(n, want.size());
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String got = Decimal.g(Double.longBitsToDouble(d[i]), 17) + " " + Decimal.g(Float.intBitsToFloat(f[i]), 9);
            if (!got.equals(want.get(i)) && bad.size() < 5)
                bad.add(Long.toHexString(d[i]) + "/" + Integer.toHexString(f[i]) + ": printf " + want.get(i)
                        + ", Decimal " + got);
        }
        assertEquals(List.of(), bad);
    }
}
