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
 * ±100 %; {@code OracleCpuTime} in the tests also reports median thread-CPU time and best-of-31 wall time).
 * Exact sum, one thread, n = 10^6 and 10^7, U[0,1) and ±2^±60: 1.2–1.5 ns/element (thread CPU) against 3.7 for
 * {@code DoubleStream.sum()} (0.34–0.44×) and 0.82–0.86 for a naive loop (1.5–1.9×); best wall time 1.19–1.28 ns,
 * 1.47–1.58× naive. Two threads: 1.48–1.84× naive, no faster than one thread here because the second vCPU was busy.
 * FPE(2) first level: 3.7 ns (U[0,1)) and 13–14 ns (wide range) — it does not pay in scalar Java. MPFR call,
 * warm: 1.6–3.2 µs (sin(0.5), sin(1e300), exp(−740), fmod). Reference evaluation of a 50-statement program with
 * 50 math calls: 250 µs for one pass at 128 bits, 420–520 µs for the Ziv loop to convergence (2 passes),
 * 110–150 µs for the ideal platform. JMH ({@code OracleBench}, 1 fork, 3+5 × 1 s, load 7–11), ms/op at n = 10^6 / 10^7:
 * U[0,1): naive 1.49 / 13.4, DoubleStream.sum 6.99 / 101, exact 1.98 / 17.2, exact on 2 threads 1.54 / 13.6
 * (1.03× / 1.02× naive); ±2^±60: naive 1.61 / 17.4, DoubleStream.sum 9.67 / 61.1, exact 2.25 / 19.5, 2 threads
 * 1.88 / 61.8 ± 245 (1.17× / one noisy run).
 */
package org.fparity.oracle;
