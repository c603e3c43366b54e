package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: the accuracy tables against their sources. CUDA's single-precision bounds hold "unless compiled with
 * --use_fast_math" (the Programming Guide's footnote), so a fast-math build gets no documented bound for them.
 */
class AccuracyTest {
    private static final Accuracy TABLES = Accuracy.load(Path.of("runners", "accuracy"));

    /** nvcc's O3_FM as runners/knobs/nvcc.json takes it apart. */
    private static final List<String> NVCC_O3_FM = List.of(
            "-O3",
            "--ftz=true",
            "--prec-div=false",
            "--prec-sqrt=false",
            "--fmad=true",
            "-Xcicc=-fast-math",
            "-Xcicc=--gen_div_approx_ftz");

    @Test
    void cudaFiguresAreTheProgrammingGuidesMaximumUlpErrors() {
        // single precision (Table 'Single-Precision Mathematical Standard Library Functions with Maximum ULP Error')
        assertEquals(2, TABLES.bound("CUDA", "fp32", "sin").maxUlps());
        assertEquals(4, TABLES.bound("CUDA", "fp32", "tan").maxUlps());
        assertEquals(3, TABLES.bound("CUDA", "fp32", "sinh").maxUlps());
        assertEquals(4, TABLES.bound("CUDA", "fp32", "pow").maxUlps());
        assertEquals(3, TABLES.bound("CUDA", "fp32", "hypot").maxUlps());
        assertEquals(0, TABLES.bound("CUDA", "fp32", "sqrt").maxUlps());
        // double precision
        assertEquals(2, TABLES.bound("CUDA", "fp64", "sin").maxUlps());
        assertEquals(1, TABLES.bound("CUDA", "fp64", "cosh").maxUlps());
        assertEquals(2, TABLES.bound("CUDA", "fp64", "pow").maxUlps());
        assertEquals(1, TABLES.bound("CUDA", "fp64", "cbrt").maxUlps());
    }

    @Test
    void singlePrecisionBoundsDoNotHoldUnderFastMathButDoublePrecisionOnesDo() {
        assertNull(TABLES.bound("CUDA", "fp32", "sin", NVCC_O3_FM), "sinf becomes __sinf under --use_fast_math");
        assertNull(TABLES.bound("CUDA", "fp32", "sqrt", List.of("-O3", "--prec-sqrt=false")));
        assertNull(TABLES.bound("CUDA", "fp32", "exp", List.of("-O3", "-use_fast_math")));
        // the guide does not qualify these
        assertEquals(2, TABLES.bound("CUDA", "fp32", "exp2", NVCC_O3_FM).maxUlps());
        assertEquals(2, TABLES.bound("CUDA", "fp64", "sin", NVCC_O3_FM).maxUlps());
        // without fast math the bound stands
        assertEquals(
                2,
                TABLES.bound("CUDA", "fp32", "sin", List.of("-O3", "--fmad=true"))
                        .maxUlps());
    }

    @Test
    void hipHasNoTableItsDocumentationMeasuresAgainstTheHostLibrary() {
        assertNull(TABLES.bound("HIP", "fp32", "sin"));
        assertNull(TABLES.bound("HIP", "fp64", "sin"));
    }
}
