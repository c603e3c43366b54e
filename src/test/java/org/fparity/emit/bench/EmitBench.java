package org.fparity.emit.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fparity.emit.Emitter;
import org.fparity.emit.Language;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Programs emitted per second on one thread, in all six languages (run: bin/jmh EmitBench). One operation = one
 * program written as C, CUDA, HIP, HIPIFY, OpenCL and Java, in batches of {@code batch} programs as a campaign does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class EmitBench {
    static final int PROGRAMS = 1000;

    @Param({"100"})
    public int batch;

    private final List<List<Program>> batches = new ArrayList<>();
    private final List<Emitter> emitters = new ArrayList<>();

    @Setup
    public void setUp() {
        List<Program> ps = new ArrayList<>(new Generator(Grammar.defaults(), 1).generate(Precision.FP64, PROGRAMS / 2));
        ps.addAll(new Generator(Grammar.defaults(), 1).generate(Precision.FP32, PROGRAMS / 2));
        for (int i = 0; i < ps.size(); i += batch) batches.add(ps.subList(i, Math.min(ps.size(), i + batch)));
        for (Language l : Language.values()) emitters.add(Emitter.of(l));
    }

    @Benchmark
    @OperationsPerInvocation(PROGRAMS)
    public long allSixLanguages() {
        long chars = 0;
        for (List<Program> b : batches) {
            for (Emitter e : emitters) chars += e.batch(b).length();
        }
        return chars;
    }

    /** A quick figure without JMH's forks: {@code java -cp … org.fparity.emit.bench.EmitBench [seconds]}. */
    public static void main(String[] args) {
        EmitBench b = new EmitBench();
        b.batch = 100;
        b.setUp();
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        long sink = 0;
        for (int i = 0; i < 5; i++) sink += b.allSixLanguages(); // warm-up
        // CPU time of this thread as well as wall time: on a shared machine the wall figure mostly measures the
        // neighbours
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        long cpu0 = mx.getCurrentThreadCpuTime();
        long programs = 0;
        while (System.nanoTime() - start < seconds * 1e9) {
            sink += b.allSixLanguages();
            programs += PROGRAMS;
        }
        double s = (System.nanoTime() - start) / 1e9;
        double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9;
        System.out.printf(
                "emit, all six languages, batches of %d: %.0f programs/s per CPU second, %.0f programs/s wall (%d programs, %.1f s wall, %.1f s CPU, %d chars)%n",
                b.batch, programs / cpu, programs / s, programs, s, cpu, sink);
    }
}
