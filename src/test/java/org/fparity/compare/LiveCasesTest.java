package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.junit.jupiter.api.Test;

class LiveCasesTest {
    static Outcome o(String prog, int input, String tc, String opt, Status s, String hex) {
        return new Outcome(prog, input, tc, opt, s, hex, null, tc + "@" + opt, 0);
    }

    @Test
    void countsCasesWherePlatformsAlreadyDisagreeIgnoringSignsOfNanAndZero() {
        LiveCases d = new LiveCases();
        assertEquals(0, d.applyAsInt(o("p", 0, "gcc", "O0", Status.OK, "0x1p+0")));
        assertEquals(0, d.applyAsInt(o("p", 0, "clang-19", "O0", Status.OK, "0x1p+0")));
        assertEquals(
                1,
                d.applyAsInt(o("p", 0, "gcc", "O3", Status.OK, "0x1.0000000000001p+0")),
                "another opt level is another platform of the same case");
        assertEquals(
                1, d.applyAsInt(o("p", 0, "gcc-fma", "O0", Status.OK, "0x1.0000000000001p+0")), "one case counts once");
        assertEquals(1, d.applyAsInt(o("p", 0, "java", "O0", Status.OK, "0x1.8p+0")));
        assertEquals(1, d.applyAsInt(o("p", 1, "gcc", "O0", Status.OK, "0x1p+0")), "another input is another case");
        assertEquals(1, d.applyAsInt(o("q", 0, "gcc", "O0", Status.OK, "nan")));
        assertEquals(1, d.applyAsInt(o("q", 0, "clang-19", "O0", Status.OK, "-nan")));
        assertEquals(1, d.applyAsInt(o("q", 0, "pocl", "O0", Status.CRASH, null)), "a crash is not a value");
        assertEquals(1, d.applyAsInt(o("r", 0, "gcc", "O0", Status.OK, "0x0p+0")));
        assertEquals(1, d.applyAsInt(o("r", 0, "clang-19", "O0", Status.OK, "-0x0p+0")));
        assertEquals(2, d.applyAsInt(o("r", 0, "java", "O0", Status.OK, "inf")));
        assertEquals(3, d.applyAsInt(o("p", 1, "clang-19", "O2", Status.OK, "0x1.8p+0")));
    }
}
