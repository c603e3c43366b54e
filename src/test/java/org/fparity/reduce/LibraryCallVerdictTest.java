package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fparity.confirm.LibraryCall;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;

/** What the verdict may say once where each side gets a math call's value is measured (planted measurements). No compiler. */
class LibraryCallVerdictTest {
    static Outcome ok(String platform, String hex) {
        return new Outcome("p", 0, platform, "O0", Outcome.Status.OK, hex, null, platform, 0);
    }

    static final Divergence TANH = new Divergence(
            "0.1",
            "tanh(0x1.cp-1)",
            "call",
            List.of("0x1.cp-1"),
            "0x1.686650b8c2016p-1",
            "0x1.686650b8c2015p-1",
            "0x1.686650b8c2015p-1",
            "clang-14@O0",
            "both traced",
            "",
            "call:tanh:clang-14@O0",
            "clang-14@O0");

    static final FindingVerdict WITHIN = new FindingVerdict(
            FindingVerdict.Kind.WITHIN_ACCURACY,
            "clang-14@O0",
            "`tanh(0x1.cp-1)` is 1 ULP from the correctly rounded `0x1.686650b8c2015p-1`; glibc libm (x86_64)"
                    + " documents at most 2 ULP for `tanh` (libm-test-ulps).");

    /** 165ad8b267fd as measured here: clang-14 -O0 calls glibc's tanh, gcc -O0 evaluates it while compiling. */
    @Test
    void theCulpritCallsTheLibraryTheOtherSideEvaluatedTheCallWhileBuilding() {
        List<LibraryCall.Measured> m = List.of(
                new LibraryCall.Measured(
                        "clang-14@O0",
                        new LibraryCall.Seen(LibraryCall.How.CALLS, "tanh@GLIBC_2.2.5"),
                        ok("clang-14", "0x1.686650b8c2016p-1"),
                        null,
                        null),
                new LibraryCall.Measured(
                        "gcc@O0",
                        new LibraryCall.Seen(LibraryCall.How.NO_CALL, null),
                        ok("gcc", "0x1.686650b8c2015p-1"),
                        new LibraryCall.Seen(LibraryCall.How.CALLS, "tanh@GLIBC_2.2.5"),
                        ok("gcc", "0x1.686650b8c2016p-1")));
        FindingVerdict v = LibraryCallVerdict.amend(WITHIN, TANH, m, "glibc libm (x86_64)");
        assertEquals(FindingVerdict.Kind.WITHIN_ACCURACY, v.kind());
        assertEquals("clang-14@O0", v.culprit());
        assertEquals(
                "clang-14@O0 calls `tanh@GLIBC_2.2.5` at run time (glibc libm (x86_64)) and prints"
                        + " `0x1.686650b8c2016p-1`. gcc@O0's build calls no `tanh`: its compiler evaluated"
                        + " `tanh(0x1.cp-1)` while building, and it prints `0x1.686650b8c2015p-1`. Rebuilt with"
                        + " `-fno-builtin-tanh`, it calls `tanh@GLIBC_2.2.5` and prints `0x1.686650b8c2016p-1`, as"
                        + " clang-14@O0 does: the two sides differ because one compiler evaluates the call while"
                        + " building, not because their libraries differ. " + WITHIN.reason(),
                v.reason());
    }

    /** A culprit whose value is its compiler's is not judged by the library's documented accuracy. */
    @Test
    void aCulpritThatCallsNoLibraryIsNotWithinTheLibrarysAccuracy() {
        List<LibraryCall.Measured> m = List.of(
                new LibraryCall.Measured(
                        "clang-14@O0",
                        new LibraryCall.Seen(LibraryCall.How.NO_CALL, null),
                        ok("clang-14", "0x1.686650b8c2016p-1"),
                        new LibraryCall.Seen(LibraryCall.How.NO_CALL, null),
                        ok("clang-14", "0x1.686650b8c2016p-1")),
                new LibraryCall.Measured(
                        "gcc@O0",
                        new LibraryCall.Seen(LibraryCall.How.CALLS, "tanh@GLIBC_2.2.5"),
                        ok("gcc", "0x1.686650b8c2015p-1"),
                        null,
                        null));
        FindingVerdict v = LibraryCallVerdict.amend(WITHIN, TANH, m, "glibc libm (x86_64)");
        assertEquals(FindingVerdict.Kind.UNDECIDED, v.kind());
        assertEquals("clang-14@O0", v.culprit());
        assertTrue(
                v.reason()
                        .startsWith("clang-14@O0's build calls no `tanh`: its compiler evaluated `tanh(0x1.cp-1)`"
                                + " while building, and it prints `0x1.686650b8c2016p-1`. Rebuilt with"
                                + " `-fno-builtin-tanh`, it prints `0x1.686650b8c2016p-1`. gcc@O0 calls"),
                v.reason());
        assertTrue(
                v.reason()
                        .endsWith("clang-14@O0's value is its compiler's, not glibc libm (x86_64)'s, so the"
                                + " library's documented accuracy does not describe it; no accuracy is documented"
                                + " for evaluation while compiling."),
                v.reason());
        assertEquals(WITHIN, LibraryCallVerdict.amend(WITHIN, TANH, null, "glibc"), "nothing measured: nothing said");
    }
}
