package org.fparity.gen;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Programs generated per second on one thread, including canonical printing for dedup (run: bin/jmh GenerateBench). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class GenerateBench {
    @Param({"FP64", "FP32"})
    public Precision precision;

    private final Grammar grammar = Grammar.defaults();
    private long seed;

    @Benchmark
    @OperationsPerInvocation(1000)
    public List<Program> generate1000() {
        return new Generator(grammar, seed++).generate(precision, 1000);
    }

    @Benchmark
    @OperationsPerInvocation(1000)
    public int generate1000WithInputs() {
        List<Program> ps = new Generator(grammar, seed++).generate(precision, 1000);
        InputGenerator in = new InputGenerator(grammar, seed);
        int n = 0;
        for (Program p : ps) n += in.inputs(p, 5).size();
        return n;
    }
}
