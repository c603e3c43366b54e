package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JCuda runner without a GPU: its table and input checks (the C harness's words), and the driver probe, which on a
 * machine without {@code libcuda.so.1} is a reason, not a crash.
 */
class JCudaRunnerTest {
    @Test
    void readsTheModuleTable() {
        List<JCudaRunner.Entry> t = JCudaRunner.table("3\nFFA 1 2\n- 0 10\nFEIAF 0 5\n");
        assertEquals(
                List.of(
                        new JCudaRunner.Entry("FFA", true, 2),
                        new JCudaRunner.Entry("", false, 10),
                        new JCudaRunner.Entry("FEIAF", false, 5)),
                t);
        assertEquals(2, t.get(2).arrays());
        assertEquals(2, t.get(2).count('F'));
    }

    @Test
    void checksInputsAsTheHarnessDoes() {
        JCudaRunner.Entry e = new JCudaRunner.Entry("FEIA", true, 3);
        JCudaRunner.Parsed ok = JCudaRunner.parse(e, List.of("0x1p+0", "1,2.5,-inf", "3", "0x1.8p+1"));
        assertNull(ok.error());
        assertEquals(List.of(1.0, 1.0, 2.5, Double.NEGATIVE_INFINITY, 3.0), box(ok.values()));
        assertEquals(3, ok.ints()[0]);
        // FP32 values are read as strtof reads them: one rounding to float
        assertEquals(
                (double) 0.1f,
                JCudaRunner.parse(new JCudaRunner.Entry("F", true, 1), List.of("0.1"))
                        .values()[0]);
        assertEquals(
                0.1,
                JCudaRunner.parse(new JCudaRunner.Entry("F", false, 1), List.of("0.1"))
                        .values()[0]);
        assertEquals(
                "expected 4 values, got 1", JCudaRunner.parse(e, List.of("1")).error());
        assertEquals(
                "bad value 1",
                JCudaRunner.parse(e, List.of("x", "1,2,3", "0", "1")).error());
        assertEquals(
                "bad value 2 (want 3 comma-separated values)",
                JCudaRunner.parse(e, List.of("1", "1,2", "0", "1")).error());
        assertEquals(
                "bound 3 out of range 0..3",
                JCudaRunner.parse(e, List.of("1", "1,2,3", "4", "1")).error());
        assertEquals(
                "bound 3 out of range 0..3",
                JCudaRunner.parse(e, List.of("1", "1,2,3", "-1", "1")).error());
        assertEquals(
                "bad value 3",
                JCudaRunner.parse(e, List.of("1", "1,2,3", "1.5", "1")).error());
        assertEquals(
                "bad value 1",
                JCudaRunner.parse(e, List.of("nan(0x1)", "1,2,3", "1", "1")).error());
    }

    private static List<Double> box(double[] v) {
        List<Double> out = new ArrayList<>();
        for (double d : v) out.add(d);
        return out;
    }

    /** No driver library here: JCudaDriver's static initialiser fails, and the probe says so in one line. */
    @Test
    void withoutADriverTheProbeGivesTheReason() {
        boolean driver = DetectedToolchain.detect(ThisGpu.toolchain("jcuda")).canRun();
        String why = JCudaRunner.unavailable();
        if (driver) {
            // an NVIDIA node: the driver loads; a reason is then only "no device" from the driver itself
            assertTrue(why == null || why.startsWith("cu") || why.startsWith("no GPU device"), why);
            return;
        }
        assertTrue(why != null && !why.contains("\n"), String.valueOf(why));
        assertTrue(
                why.startsWith("JCuda cannot use the CUDA driver here: ")
                        || why.startsWith("cuInit failed: ")
                        || why.startsWith("no GPU device"),
                why);
        if (why.startsWith("JCuda")) assertTrue(why.contains("libcuda.so.1 not found"), why);
        // asking again gives the same answer (the failed static initialiser is not retried into a different error)
        assertEquals(why, JCudaRunner.unavailable());
    }
}
