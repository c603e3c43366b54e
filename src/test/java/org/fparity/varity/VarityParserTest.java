package org.fparity.varity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fparity.ir.Expr;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.junit.jupiter.api.Test;

class VarityParserTest {
    /** A Varity FP32 CUDA test in the shape of cuda_examples (nested loops shadowing i, an array, ldexpf). */
    static final String CUDA = """

            /* This is a automatically generated test. Do not modify */

            #include <stdio.h>
            #include <stdlib.h>
            #include <math.h>

            __global__
            void compute(float comp, int var_1,float* var_2,int var_3,float var_4) {
            for (int i=0; i < var_1; ++i) {
              var_2[i] = +1.5983E-42f * -0.0f;
            for (int i=0; i < var_3; ++i) {
              comp += var_2[i] + ldexpf(var_4, 2);
            }
            }
               printf("%.17g\\n", comp);

            }

            float* initPointer(float v) {
              float *ret = (float*) malloc(sizeof(float)*10);
              for(int i=0; i < 10; ++i)
                ret[i] = v;
              return ret;
            }

            int main(int argc, char** argv) {
            /* Program variables */

              float tmp_1 = atof(argv[1]);
              int tmp_2 = atoi(argv[2]);
              float* tmp_3 = initPointer( atof(argv[3]) );
              int tmp_4 = atoi(argv[4]);
              float tmp_5 = atof(argv[5]);

              compute<<<1,1>>>(tmp_1,tmp_2,tmp_3,tmp_4,tmp_5);
              cudaDeviceSynchronize();

              return 0;
            }
            """;

    @Test
    void aCudaTestBecomesAnIrProgramWithArgvMapping() {
        VaritySource s = VarityParser.parse(CUDA);
        Program p = s.program();
        assertEquals("CUDA", s.dialect());
        assertEquals(Precision.FP32, p.precision());
        assertEquals(10, p.arrayLength());
        assertEquals(
                List.of(Param.Kind.FP, Param.Kind.INT, Param.Kind.FP_ARRAY, Param.Kind.INT, Param.Kind.FP),
                p.params().stream().map(Param::kind).toList());
        assertEquals(List.of(1, 2, 3, 4, 5), s.argvIndex());
        // the inner loop shadows i in C; in the IR it gets its own name and the inner var_2[i] follows it
        Stmt.For outer = (Stmt.For) p.body().getFirst();
        Stmt.For inner = (Stmt.For) outer.body().get(1);
        assertEquals("i", outer.var());
        assertEquals("i_1", inner.var());
        Stmt.Assign a = (Stmt.Assign) inner.body().getFirst();
        Expr.Bin sum = (Expr.Bin) a.value();
        assertEquals(new Expr.Elem("var_2", new org.fparity.ir.Index.Loop("i_1")), sum.left());
        // +1.5983E-42f is rounded once, to float, as the compiler does
        Stmt.Assign store = (Stmt.Assign) outer.body().getFirst();
        Expr.Bin mul = (Expr.Bin) store.value();
        assertEquals(new Expr.Lit((double) Float.parseFloat("1.5983E-42")), mul.left());
        assertEquals(new Expr.Lit(-0.0), mul.right());
        // the canonical form parses back to the same program
        assertEquals(p, Program.parse(p.canonical()));
    }

    @Test
    void theCVariantAndAHipLaunchGiveTheSameProgram() {
        String c = CUDA.replace("__global__\n", "")
                .replace("compute<<<1,1>>>(", "compute(")
                .replace("  cudaDeviceSynchronize();\n", "");
        String hip = "#include \"hip/hip_runtime.h\"\n"
                + CUDA.replace("compute<<<1,1>>>(", "hipLaunchKernelGGL(compute, dim3(1), dim3(1), 0, 0, ")
                        .replace(
                                "cudaDeviceSynchronize();",
                                "hipError_t err = hipDeviceSynchronize();\n  if (err != hipSuccess) {\n    printf(\"failed: %s\\n\", hipGetErrorString(err));\n  }");
        VaritySource cs = VarityParser.parse(c);
        VaritySource hs = VarityParser.parse(hip);
        assertEquals("C", cs.dialect());
        assertEquals("HIP", hs.dialect());
        assertEquals(VarityParser.parse(CUDA).program(), cs.program());
        assertEquals(cs.program(), hs.program());
        assertEquals(cs.argvIndex(), hs.argvIndex());
    }

    @Test
    void mainMayReadArgvInAnyOrder() {
        String swapped = CUDA.replace(
                "compute<<<1,1>>>(tmp_1,tmp_2,tmp_3,tmp_4,tmp_5)", "compute<<<1,1>>>(tmp_1,tmp_4,tmp_3,tmp_2,tmp_5)");
        assertEquals(List.of(1, 4, 3, 2, 5), VarityParser.parse(swapped).argvIndex());
    }

    @Test
    void constructsOutsideTheDialectAreRefusedWithTheLine() {
        var e = assertThrows(
                VarityFormatException.class,
                () -> VarityParser.parse(CUDA.replace("for (int i=0; i < var_3; ++i) {", "while (comp < 1.0f) {")));
        assertEquals(12, e.line());
        assertTrue(e.getMessage().contains("'while' is outside Varity's dialect"), e.getMessage());

        e = assertThrows(
                VarityFormatException.class, () -> VarityParser.parse(CUDA.replace("ldexpf(var_4, 2)", "sin(var_4)")));
        assertTrue(e.getMessage().contains("sin in a float program computes in double"), e.getMessage());

        e = assertThrows(VarityFormatException.class, () -> VarityParser.parse(CUDA.replace("-0.0f;", "-0.0;")));
        assertTrue(e.getMessage().contains("literal 0.0 in a float program is a double"), e.getMessage());

        e = assertThrows(
                VarityFormatException.class, () -> VarityParser.parse(CUDA.replace("\"%.17g\\n\"", "\"%g\\n\"")));
        assertTrue(e.getMessage().contains("is not Varity's"), e.getMessage());

        e = assertThrows(
                VarityFormatException.class,
                () -> VarityParser.parse(CUDA.replace("  float tmp_5 = atof(argv[5]);\n", "")));
        assertTrue(e.getMessage().contains("'tmp_5' is not read from argv"), e.getMessage());

        e = assertThrows(VarityFormatException.class, () -> VarityParser.parse(CUDA + "\nvoid helper(double x) { }\n"));
        assertTrue(e.getMessage().contains("function 'helper' is outside Varity's dialect"), e.getMessage());

        e = assertThrows(
                VarityFormatException.class,
                () -> VarityParser.parse(CUDA.replace("comp += var_2[i]", "comp += (double) var_2[i]")));
        assertTrue(e.getMessage().contains("casts are outside"), e.getMessage());
    }

    @Test
    void fp64ProgramsKeepUnsuffixedLiteralsAsDoubles() {
        String d = CUDA.replace("float", "double")
                .replace("ldexpf", "ldexp")
                .replace("+1.5983E-42f * -0.0f", "+1.7976E308 * -1.1E-320");
        Program p = VarityParser.parse(d).program();
        assertEquals(Precision.FP64, p.precision());
        Expr.Bin mul = (Expr.Bin)
                ((Stmt.Assign) ((Stmt.For) p.body().getFirst()).body().getFirst()).value();
        assertEquals(new Expr.Lit(1.7976E308), mul.left());
        assertEquals(new Expr.Lit(-1.1E-320), mul.right());
    }
}
