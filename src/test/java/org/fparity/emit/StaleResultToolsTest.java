package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fparity.exec.Fixtures;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under clang's -ffast-math a division by zero is assumed never to make an infinity, so an expression that does is
 * poison and clang may drop the store of the program's result altogether. The harness must then print the same thing
 * whatever ran before in the process: before the fix a batch printed the previous line's result (program 1's 3.0 as
 * program 0's answer), so a resumed campaign, whose processes run fewer lines, recorded other bits than an
 * uninterrupted one (RunCommandTest's kill -9 test failed with clang-16 for this reason).
 */
@Tag("tools")
class StaleResultToolsTest {
    @TempDir
    Path dir;

    /** Program a3095c5456833ab2 of seed 5: its last line divides by -0 (an infinity that fast math assumes away). */
    static final Program POISON = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_1, double var_2[8], double var_3, int var_4, double var_5[8], double var_6[8], double var_7, double var_8, double var_9, double var_10, double var_11[8], double var_12, double var_13, double var_14, double var_15[8], double var_16[8], double var_17[8], double var_18, double var_19, double var_20[8], double var_21[8], double var_22[8], double var_23, double var_24[8], double var_25[8], double var_26[8]) {
              if (!(comp <= ((comp) + (var_1)) / ((var_2[4]) / (0x1.49960557d62c6p+9)) && comp != var_3)) {
                double tmp_1 = -0x1.9a67c0eff1096p+163;
                for (int i_0 = 0; i_0 < var_4; ++i_0) {
                  double tmp_2 = (var_5[i_0]) + comp;
                  comp += (var_6[i_0] - var_7) / (0x1.115ff3d5ca9bep-2 - var_8);
                  if (-0x0p+0 - (var_9) != (tmp_2 - comp) * var_10) {
                    comp *= (var_11[0]) * var_12;
                    tmp_2 *= 0x1.06cb6760837aap+15 + var_13;
                  }
                }
              } else {
                comp /= (comp / (var_14)) - ((var_15[6] - fmax(0x1.d84228bf7c66ap+17, var_16[6])) / 0x1.3cfa10dd5de68p+15);
                if (comp < (comp + (var_17[6])) / (var_18 + (-0x1.a98e60e74a1b7p+681))) {
                  comp *= 0x1.66f9cbcffb7b7p-18;
                  comp += -0x1.300c56d2756aep+1;
                  comp *= (comp) - (erf(comp));
                }
              }
              comp += (var_19 * var_20[5]) - (comp + (var_21[1]) - var_22[1]);
              comp = (comp * var_23 / 0x1.29c91aa0001dep-19) + (var_24[4]);
              comp += -(comp / -0x0p+0) / (var_25[0] * -0x1.7c3a58922da92p+3 + (var_26[4]));
            }
            """);

    static final String POISON_INPUT =
            "0x1.e8766d17d0dd2p-9 0x0.02016e86c8972p-1022 0x1.6ce9bae0b709cp-10 0x1.c15ee2863bbdp+19 6 -0x1.0df90e6eb0bcep+10 -0x1.b4c438af0e75p-14 -0x1.f5aed32b3526dp-2 -0x1.e48ea0ca59cbfp+11 -0x1.3a0515ba6045fp-19 0x1.f807a166a6f36p+12 0x1.19d3230908a89p+17 -0x1.4d27f7319f4p-4 -0x1.7d34e94afbe04p+5 0x1.d171d5816119fp-11 0x1.f846ae481fdfcp-223 -0x1.7bc7697f09528p+2 -0x1.3dcf6b3e49b22p+0 -0x0.000000000001bp-1022 -0x0p+0 -0x0.00000000009fbp-1022 -0x1.3b66ec25eaf4cp-4 0x1.345f2851c0c4ep-3 -0x1.d7527e0ba6de8p+0 0x1.3fbb0db96865bp+9 -0x1.c9ed225520b9ap-10 0x1.c7862a1ba0f12p-18";
    static final Program PLAIN = Program.parse("""
            program fp64 array 8
            compute(double comp) {
              comp += comp;
            }
            """);

    /** Program 3f0ed487956e150a of seed 7: its second line divides by a zero literal. */
    static final Program DIV_BY_ZERO = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_1, double var_2, double var_3, double var_4, double var_5[8], double var_6[8], double var_7, double var_8[8]) {
              comp *= ((var_1) / (comp) * var_2 + (-0x1.fc27dccd6763p-18)) * (var_3);
              comp *= 0x1.056cab1f879fdp+446 / 0x0p+0 / comp;
              comp -= (comp) * (floor(0x1.24106a30188dbp+1017) - var_4) * ((comp) * var_5[0]);
              var_6[4] /= (-0x1.2aa1cdae4602fp+12 - comp) / -0x1.994bc0a0090b6p-10 - ((var_7) - (comp));
              comp += var_8[4] + comp;
            }
            """);

    static final String DIV_BY_ZERO_INPUT =
            "0x1.b6d00cd443f36p-12 0x1.ab8a367bfdbb2p-4 -0x1.d9706c6874c0cp-11 0x1.938216bfab35p-12 0x1.4e4a790cb42f5p+2 0x1.2c34414d7a0bfp+9 0x1.51139e1243f1p+7 -0x1.6beaaa8ac4bbcp-14 0x1.8899a479ce3bcp+16";

    /**
     * The same for the OpenCL host: PoCL's fast relaxed math drops the kernel's store, and the host read back a result
     * buffer nobody had written, so the same run gave heap bytes (0x0.07f0623db8e4p-1022 one time, ...e6p-1022 the
     * next) and RemoteClusterTest saw the "same" run differ between sites. The buffer now starts at the harness's 0.
     */
    @Test
    void openclReadsBackTheSameResultWhenTheKernelDropsItsStore() {
        var pocl = org.fparity.exec.DetectedToolchain.detect(
                org.fparity.exec.Toolchains.load(org.fparity.exec.Toolchains.defaultDir())
                        .get("pocl"));
        org.junit.jupiter.api.Assumptions.assumeTrue(
                pocl.canRun(), "no OpenCL device to run on here: " + pocl.compileProblem() + " " + pocl.runProblem());
        Path src = Tools.write(dir, "ocl.c", Emitter.of(Language.OPENCL).batch(List.of(DIV_BY_ZERO, PLAIN)));
        Tools.compile(dir, "gcc", "-O2", "-o", "ocl", src.toString(), "-lOpenCL", "-lm");
        String bin = dir.resolve("ocl").toString();
        String line = "0 " + DIV_BY_ZERO_INPUT + "\n";
        List<String> answers = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            List<String> out = Tools.run(dir, line + "1 0x1.8p+0\n" + line + line, bin, "-cl-fast-relaxed-math")
                    .lines();
            assertEquals(4, out.size(), String.join("\n", out));
            assertEquals("1 0x1.8p+1 3", out.get(1), "the plain program doubles its input");
            answers.addAll(List.of(out.get(0), out.get(2), out.get(3)));
        }
        assertEquals(1, answers.stream().distinct().count(), "one run, one answer: " + answers);
    }

    @Test
    void aDroppedResultStoreDoesNotLeakThePreviousLinesResult() {
        Fixtures.requireAClang();
        Path src = Tools.write(dir, "batch.c", Emitter.of(Language.C).batch(List.of(POISON, PLAIN)));
        int compilers = 0;
        for (String clang : List.of("clang-14", "clang-16", "clang-19")) {
            if (!Tools.onPath(clang)) continue;
            Tools.compile(dir, clang, "-O3", "-ffast-math", "-o", "batch_" + clang, src.toString(), "-lm");
            String bin = dir.resolve("batch_" + clang).toString();
            String alone =
                    Tools.run(dir, "0 " + POISON_INPUT + "\n", bin).lines().get(0);
            List<String> after =
                    Tools.run(dir, "1 0x1.8p+0\n0 " + POISON_INPUT + "\n", bin).lines();
            assertEquals("1 0x1.8p+1 3", after.get(0), clang + ": the plain program doubles its input");
            assertEquals(alone, after.get(1), clang + ": program 0's answer must not depend on the line run before it");
            compilers++;
        }
        assertTrue(compilers > 0);
    }

    /**
     * The GPU forms cannot run here, so their part of the same guarantee is checked in their source: the executable
     * form (CUDA and HIP) and the device-only loader (both APIs) write 0 into the result's device buffer before the
     * launch, as the C and OpenCL hosts do, so a dropped store reads back 0 and not what that memory held before.
     */
    @Test
    void gpuFormsWriteZeroIntoTheResultBufferBeforeTheLaunch() {
        for (Language l : List.of(Language.CUDA, Language.HIP)) {
            String src = Emitter.of(l).batch(List.of(POISON, PLAIN));
            String pre = l == Language.CUDA ? "cuda" : "hip";
            int zero = src.indexOf("fp_res = 0;");
            int copy = src.indexOf(pre + "Memcpy(fp_dout, &fp_res, sizeof fp_res, " + pre + "MemcpyHostToDevice)");
            int launch = l == Language.CUDA
                    ? src.indexOf("fp_kernel_0<<<1, 1>>>")
                    : src.indexOf("hipLaunchKernelGGL(fp_kernel_0");
            assertTrue(zero > 0 && zero < copy && copy < launch, l + ": the result buffer is zeroed before the launch");
        }
        for (String api : List.of("cuda", "hip")) {
            String src = GpuLoader.source(api);
            int copy = src.indexOf("FP_CHECK(fp_to_device(dout, res, es));");
            assertTrue(
                    src.indexOf("memset(res, 0, sizeof(double));") < copy
                            && copy > 0
                            && copy < src.indexOf("FP_CHECK(fp_launch("),
                    api);
        }
    }
}
