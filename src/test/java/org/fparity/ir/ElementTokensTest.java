package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An element-wise array's elements written one after the other on an input line are grouped back into its token. */
class ElementTokensTest {
    static final Program SUM = Program.parse("""
            program fp64 array 4
            compute(double comp, double a[4] each, int n) {
              for (int i = 0; i < n; ++i) {
                comp += a[i];
              }
            }
            """);

    @Test
    void elementsAreGroupedPerArray() {
        assertEquals(
                List.of("0x0p+0", "0x1p+0,0x1p+1,0x1p+2,0x1p+3", "4"),
                ProgramFiles.tokens(SUM, "0x0p+0 0x1p+0,0x1p+1,0x1p+2,0x1p+3 4").args());
        assertEquals(
                List.of("0x0p+0", "0x1p+0,0x1p+1,0x1p+2,0x1p+3", "4"),
                ProgramFiles.tokens(SUM, "0x0p+0 0x1p+0 0x1p+1 0x1p+2 0x1p+3 4").args());
        // any other count is left as it is, for the caller's "expected N values" error
        assertEquals(
                List.of("0x0p+0", "0x1p+0", "4"),
                ProgramFiles.tokens(SUM, "0x0p+0 0x1p+0 4").args());
    }
}
