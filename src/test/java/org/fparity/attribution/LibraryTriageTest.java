package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.fparity.exec.Toolchains;
import org.junit.jupiter.api.Test;

/** Which lowest levels a library unit evaluates with contraction: OpenCL C's default, unless the pragma turns it off. */
class LibraryTriageTest {
    @Test
    void poclContractsAtEveryLevelButTheOneBuiltWithTheContractionOffPragma() {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        assertEquals(
                "OpenCL C's default FP_CONTRACT ON, inside each expression",
                LibraryTriage.contraction(tcs.get("pocl"), "O0"));
        assertEquals(
                "OpenCL C's default FP_CONTRACT ON, inside each expression",
                LibraryTriage.contraction(tcs.get("pocl"), "O3"));
        assertNull(LibraryTriage.contraction(tcs.get("pocl"), "O1"));
        assertNull(LibraryTriage.contraction(tcs.get("gcc"), "O0"));
        assertNull(LibraryTriage.contraction(tcs.get("clang-14"), "O0"));
    }
}
