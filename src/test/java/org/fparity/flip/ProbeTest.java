package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.SplittableRandom;
import org.fparity.FparityError;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.oracle.ReferenceEvaluator;
import org.junit.jupiter.api.Test;

/** Probe builds: a branch inside a loop reports its outcome in every iteration, exactly what the program did. */
class ProbeTest {
    @Test
    void aLoopProbeRecordsEveryIterationAsTheProgramTookIt() throws Exception {
        Program p = FlipSearchTest.corpus("loop-branch.fp");
        assertTrue(Probe.inLoop(p, 0));
        Program probe = Probe.of(p, 0);
        assertTrue(probe.canonical().contains("probe_trace = probe_trace * 0x1p+1f + 0x1p+0f;"), probe.canonical());
        SplittableRandom r = new SplittableRandom(3);
        int taken = 0;
        int notTaken = 0;
        for (int k = 0; k < 200; k++) {
            double[] x = new double[4];
            for (int i = 0; i < 4; i++) x[i] = r.nextDouble(-2, 2);
            int n = r.nextInt(5);
            float y = (float) r.nextDouble(0.5, 2);
            Input in = new Input(List.of(
                    "0x0p+0",
                    Input.elementsToken(Precision.FP32, x),
                    org.fparity.ir.HexFloat.format(y),
                    Integer.toString(n)));
            // the program itself, in Java floats (every operation rounded, no FMA: the ideal IEEE platform)
            StringBuilder want = new StringBuilder();
            float acc = 0;
            for (int i = 0; i < n; i++) {
                acc = acc * y + (float) x[i];
                want.append(acc * acc - y > 0 ? 'T' : 'N');
            }
            assertEquals(n, want.length());
            String got = Probe.trace(ReferenceEvaluator.ideal(probe, in).comp());
            assertEquals(want.toString(), got, in.toString());
            taken += got.replace("N", "").length();
            notTaken += got.replace("T", "").length();
        }
        assertTrue(
                taken > 50 && notTaken > 50,
                taken + " taken, " + notTaken + " not taken: the inputs do not exercise both sides");
    }

    @Test
    void traceDecodingAndWhatIsNoTrace() {
        assertEquals("", Probe.trace(3));
        assertEquals("TN", Probe.trace(2 + 0b110));
        assertEquals("NNT", Probe.trace(2 + 0b1001));
        assertNull(Probe.trace(Probe.NOT_REACHED));
        assertNull(Probe.trace(Probe.TAKEN));
        assertNull(Probe.trace(5.5));
        assertNull(Probe.trace(Double.NaN));
    }

    /** Too many instances for the result's significand: the exact reason, not a trace that rounds. */
    @Test
    void aLoopWithMoreInstancesThanTheResultHoldsIsRefusedWithTheReason() {
        Program p = Program.parse("""
                program fp32 array 32
                compute(float comp, float v[32] each, int n) {
                  for (int i = 0; i < n; ++i) {
                    if (v[i] * v[i] > 0.5f) {
                      comp += 1.0f;
                    }
                  }
                }
                """);
        FparityError e = assertThrows(FparityError.class, () -> Probe.of(p, 0));
        assertEquals(
                "branch 0 sits inside 1 loop(s) of up to 32 iterations: up to 32 instances, and a probe records at most 23 outcomes "
                        + "exactly in an fp32 result",
                e.getMessage());
    }

    @Test
    void aBranchOutsideLoopsKeepsItsOneOutcomeProbe() throws Exception {
        Program p = FlipSearchTest.corpus("ray-sphere.fp");
        assertFalse(Probe.inLoop(p, 0));
        assertFalse(Probe.of(p, 0).canonical().contains("probe_trace"));
    }
}
