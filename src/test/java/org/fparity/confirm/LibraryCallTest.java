package org.fparity.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Where a side gets a math call's value, read off its binary's imported symbols (planted {@code nm -D
 * --undefined-only} output, as gcc 12 and clang-14 builds here print it). No compiler.
 */
class LibraryCallTest {
    static final String CLANG14_O0 = """
                             w _ITM_deregisterTMCloneTable
                             w __cxa_finalize@GLIBC_2.2.5
                             U __libc_start_main@GLIBC_2.34
                             U printf@GLIBC_2.2.5
                             U tanh@GLIBC_2.2.5
            """;
    static final String GCC_O0_FOLDED = """
                             w __cxa_finalize@GLIBC_2.2.5
                             U __libc_start_main@GLIBC_2.34
                             U printf@GLIBC_2.2.5
            """;
    static final String GCC_O3_FM_VECTOR = """
                             U _ZGVdN4v_tanh@GLIBC_2.35
                             U printf@GLIBC_2.2.5
                             U tanhf@GLIBC_2.2.5
            """;

    @Test
    void aCallAVectorVariantAndNoCallAreToldApart() {
        assertEquals(
                new LibraryCall.Seen(LibraryCall.How.CALLS, "tanh@GLIBC_2.2.5"), LibraryCall.read(CLANG14_O0, "tanh"));
        assertEquals(new LibraryCall.Seen(LibraryCall.How.NO_CALL, null), LibraryCall.read(GCC_O0_FOLDED, "tanh"));
        assertEquals(
                new LibraryCall.Seen(LibraryCall.How.OTHER_ENTRY, "_ZGVdN4v_tanh@GLIBC_2.35"),
                LibraryCall.read(GCC_O3_FM_VECTOR, "tanh"));
        assertEquals(
                new LibraryCall.Seen(LibraryCall.How.CALLS, "tanhf@GLIBC_2.2.5"),
                LibraryCall.read(GCC_O3_FM_VECTOR, "tanhf"));
        assertEquals(
                new LibraryCall.Seen(LibraryCall.How.OTHER_ENTRY, "__tanh_finite@GLIBC_2.15"),
                LibraryCall.read("  U __tanh_finite@GLIBC_2.15\n", "tanh"));
        assertEquals(null, LibraryCall.read("", "tanh"), "a static binary imports nothing: nothing to say");
    }
}
