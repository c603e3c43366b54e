package org.fparity.emit;

import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;

/** Hand-written programs covering every statement kind, every math function, nesting, -0 and subnormal literals. */
final class HandPrograms {
    private HandPrograms() {}

    /** Every statement kind, nested three deep, compound assignment to comp, temporaries and array elements. */
    static final String STATEMENTS = """
            program fp64 array 8
            compute(double comp, int var_1, double var_2, double var_3[8], int var_4, double var_5) {
              double tmp_1 = (var_2 + 0x1p-3) * -0x1.8p+1;
              comp += tmp_1 / (var_2 - (comp - 0x0.0000000000001p-1022));
              if (comp < var_2 && !(tmp_1 >= -0x0p+0) || var_2 != 0x1p+0) {
                for (int i_0 = 0; i_0 < var_1; ++i_0) {
                  var_3[i_0] = fmod(var_3[i_0], ldexp(var_2, -3)) - -(var_2);
                  comp *= var_3[i_0] + sin(-tmp_1);
                  for (int i_1 = 0; i_1 < var_4; ++i_1) {
                    double tmp_2 = var_3[i_1] * -0x0p+0;
                    if (tmp_2 == 0x0p+0) {
                      tmp_2 -= var_5;
                      var_3[i_1] /= tmp_2 - 0x1.0000000000001p+0;
                    } else {
                      tmp_2 = -(-tmp_2);
                    }
                    comp -= tmp_2 * (var_5 - (var_2 - 0x1p+0));
                  }
                }
              } else {
                comp = var_3[7];
              }
              tmp_1 *= 0x1.fffffffffffffp+1023;
              comp /= tmp_1 + 0x1p-1074;
            }
            """;

    /** The same shapes in FP32 (f-suffixed literals, float subnormals). */
    static final String STATEMENTS_FP32 = """
            program fp32 array 4
            compute(float comp, int var_1, float var_2, float var_3[4], float var_4) {
              float tmp_1 = -0x1p-149f * var_2 + 0x1.fffffep+127f;
              if (!(var_2 > var_4) && (comp <= 0x1p+0f || var_4 == -0x0p+0f)) {
                for (int i_0 = 0; i_0 < var_1; ++i_0) {
                  var_3[i_0] += fmaxf(var_4, var_3[i_0]) / (0x1.8p+1f - var_2);
                  comp -= var_3[i_0] * (tmp_1 - (var_2 - comp));
                }
              } else {
                comp += -(var_2 * 0x1p-126f) - (-0x0p+0f);
              }
              comp = comp + var_3[3] + tmp_1 / 0x1p+100f;
            }
            """.replace("fmaxf(", "fmax(");

    /** Every math function of the table once, on scalars, in the given precision. */
    static String allFunctions(Precision p) {
        String t = p.cType();
        String f = p == Precision.FP32 ? "f" : "";
        StringBuilder sb = new StringBuilder();
        sb.append("program ").append(p.id()).append(" array 2\n");
        sb.append("compute(")
                .append(t)
                .append(" comp, ")
                .append(t)
                .append(" var_1, ")
                .append(t)
                .append(" var_2, ")
                .append(t)
                .append(" var_3[2]) {\n");
        int i = 0;
        for (MathFn fn : MathFn.values()) {
            String call = switch (fn.arity()) {
                case 1 -> fn.canonicalName() + "(var_1 * 0x1p-2" + f + ")";
                default ->
                    fn.args().get(1) == MathFn.Arg.INT
                            ? fn.canonicalName() + "(var_2, -3)"
                            : fn.canonicalName() + "(var_2, var_1 + var_3[1])";
            };
            sb.append("  ")
                    .append(t)
                    .append(" tmp_")
                    .append(i++)
                    .append(" = ")
                    .append(call)
                    .append(";\n");
            sb.append("  comp += tmp_").append(i - 1).append(";\n");
        }
        sb.append("}\n");
        return sb.toString();
    }

    static List<Program> all() {
        List<Program> ps = new ArrayList<>();
        ps.add(Program.parse(STATEMENTS));
        ps.add(Program.parse(STATEMENTS_FP32));
        ps.add(Program.parse(allFunctions(Precision.FP64)));
        ps.add(Program.parse(allFunctions(Precision.FP32)));
        ps.add(Program.parse("program fp64 array 1\ncompute(double comp) {\n  comp = -0x0p+0 * comp;\n}\n"));
        ps.add(Program.parse(
                "program fp64 array 1\ncompute(double comp, double var_1) {\n  comp = comp / var_1;\n}\n"));
        ps.add(Program.parse("program fp32 array 1\ncompute(float comp, float var_1) {\n  comp = comp / var_1;\n}\n"));
        return ps;
    }

    /** Input lines for {@link #all()}: specials (-0, subnormals, inf, nan) and malformed lines with their expected errors. */
    static List<String> lines() {
        return List.of(
                "0 0x1.8p+0 5 0x1p-2 0x1.4p+1 3 -0x1p+1",
                "0 -0x0p+0 8 0x0.0000000000001p-1022 -0x1.fffffffffffffp+1023 8 0x1p-1",
                "0 0x1p+0 0 0x1p+0 0x1p+0 0 0x1p+0",
                "1 0x1p-1 4 0x1.8p+0 0x1p-149 -0x0p+0",
                "1 -0x1p+3 2 -0x1p+1 0x1.fffffep+127 0x1p+0",
                "2 0x1.8p-1 0x1.4p+1 0x1p-1 0x1.8p+0",
                "2 0x1p+0 -0x1p+0 inf -0x0p+0",
                "3 0x1.8p-1 0x1.4p+1 0x1p-1 0x1.8p+0",
                "3 -0x1p-149 nan -inf 0x1p-130",
                "4 0x1p+0",
                "4 -0x1p+0");
    }

    /** Lines whose output is known exactly, with that output (glibc's %a and %.17g / %.9g). */
    static final List<String[]> KNOWN = List.of(
            new String[] {"4 0x1p+0", "4 -0x0p+0 -0"},
            new String[] {"4 -0x1p+0", "4 0x0p+0 0"},
            new String[] {"5 0x1p+0 0x1.8p+1", "5 0x1.5555555555555p-2 0.33333333333333331"},
            new String[] {"5 0x1p-1074 0x1p+0", "5 0x0.0000000000001p-1022 4.9406564584124654e-324"},
            new String[] {"5 0x1p+0 0x0p+0", "5 inf inf"},
            new String[] {"5 -0x1p+0 0x0p+0", "5 -inf -inf"},
            new String[] {"5 0x1.8p+3 0x1p+2", "5 0x1.8p+1 3"},
            new String[] {"5 0x1.3c6ef372fe95p+23 0x1p+0", "5 0x1.3c6ef372fe95p+23 10368889.724598557"},
            new String[] {"5 1e300 1e10", "5 0x1.485ce9e7a065fp+963 1.0000000000000001e+290"},
            new String[] {"5 123456 0x1p+0", "5 0x1.e24p+16 123456"},
            new String[] {"5 1e-5 0x1p+0", "5 0x1.4f8b588e368f1p-17 1.0000000000000001e-05"},
            new String[] {"6 0x1p+0 0x1.8p+1", "6 0x1.555556p-2 0.333333343"},
            new String[] {"6 0x1p-149 0x1p+0", "6 0x1p-149 1.40129846e-45"},
            new String[] {"6 0x1p-14 0x1p+0", "6 0x1p-14 6.10351562e-05"},
            new String[] {"6 -nan 0x1p+0", "6 -nan -nan"},
            new String[] {"6 0x1.fffffep+127 0x1p-1", "6 inf inf"},
            new String[] {"", "-1 error bad index"},
            new String[] {"x 1", "-1 error bad index"},
            new String[] {"-4 0x1p+0", "-1 error bad index"},
            new String[] {"9 0x1p+0", "9 error no such program"},
            new String[] {"4", "4 error expected 1 values, got 0"},
            new String[] {"4 0x1p+0 1", "4 error expected 1 values, got 2"},
            new String[] {"4 0x1p+0zz", "4 error bad value 1"},
            new String[] {"4 nan(1)", "4 error bad value 1"},
            new String[] {"0 0x1p+0 9 0x1p+0 0x1p+0 0 0x1p+0", "0 error bound 2 out of range 0..8"},
            new String[] {"0 0x1p+0 -1 0x1p+0 0x1p+0 0 0x1p+0", "0 error bound 2 out of range 0..8"},
            new String[] {"0 0x1p+0 99999999999 0x1p+0 0x1p+0 0 0x1p+0", "0 error bound 2 out of range 0..8"},
            new String[] {"0 0x1p+0 1.5 0x1p+0 0x1p+0 0 0x1p+0", "0 error bad value 2"},
            new String[] {"  \t6   0x1p+0\t0x1p+1  \r", "6 0x1p-1 0.5"});
}
