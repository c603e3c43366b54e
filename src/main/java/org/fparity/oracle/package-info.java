/**
 * Oracles: which platform is right, and whether a gap is more than rounding.
 *
 * <ul>
 *   <li>{@link org.fparity.oracle.CorrectlyRounded}: every function of the IR's math table (and + − × ÷ fma),
 *       binary64 and binary32, in RN/RZ/RU/RD, through GNU MPFR bound with the FFM API ({@code Mpfr}: static final
 *       handles, per-thread scratch, per-thread exponent range). Computed at the target precision and exponent
 *       range, then check_range, subnormalize, get_d/get_flt: one rounding. CLI: {@code fparity eval}.</li>
 *   <li>{@link org.fparity.oracle.ReferenceEvaluator}: (a) the ideal IEEE platform with a trace of every math call,
 *       (b) the exact real value of {@code comp} by Ziv's loop over MPFR precisions (128, 256, … bits for FP64),
 *       stopping at once when every operation was exact, reporting comparisons it cannot decide as unstable.
 *       CLI: {@code fparity truth}.</li>
 *   <li>{@link org.fparity.oracle.ExactAccumulator}: exact sums and dot products (per-exponent bins feeding
 *       carry-save 32-bit digits over 2^-2240…2^2240), correctly rounded once in any direction to binary64 or
 *       binary32, IEEE specials and zero signs, exact merge and a JSON state ({@link org.fparity.oracle.AccumulatorState})
 *       so partial sums from other machines merge bit-exactly; {@link org.fparity.oracle.ExactSums} for fork/join;
 *       {@link org.fparity.oracle.FpeAccumulator} for ExBLAS's expansion first level. CLI: {@code fparity exsum}.</li>
 *   <li>{@link org.fparity.oracle.bounds}: the paper's bounds and experiments. CLI: {@code fparity bounds}.</li>
 * </ul>
 *
 * <p>Measured on the shared 2-vCPU machine (load average 11–15 from other work, so JMH wall-clock errors reached
 * ±100 %; {@code OracleCpuTime} in the tests reports median thread-CPU time instead). Exact sum, one thread:
 * 2.5–3.3 ns/element against 3.7–3.9 for {@code DoubleStream.sum()} (0.69–0.85×) and 0.82–0.85 for a naive loop
 * (3.0–4.0×), n = 10^6 and 10^7, U[0,1) and ±2^±60. Two threads gave no speed-up here: the second core was busy.
 * FPE(2) first level: 3.8 ns (U[0,1)) and 13–16 ns (wide range). MPFR call, warm: about 3 µs (sin(0.5),
 * sin(1e300), exp(−740)), fmod 2 µs. Reference evaluation of a 50-statement program with 50 math calls: 204 µs
 * for one pass at 128 bits, 517 µs for the Ziv loop to convergence (2 passes), 167 µs for the ideal platform.
 */
package org.fparity.oracle;
