package org.fparity.fprev;

import org.fparity.ir.Precision;

/** A summation-based function FPRev can probe: Java code, an external process, an emulated or real device. */
public interface SumTarget extends AutoCloseable {
    /** The name used on the command line, e.g. {@code numpy.dot}. */
    String name();

    /** The format of the summands the function takes. */
    Precision precision();

    /** Prepares the function for n summands (compiles, starts a process, allocates); probes then go to the session. */
    Session open(int n, double mask, double unit);

    /** The format of the result (wider than the summands on tensor cores: float16 in, float32 out). */
    default Precision output() {
        return precision();
    }

    /** True when every addition, binary ones included, goes through {@link #fusedModel()} (tensor-core MMA steps). */
    default boolean fusesEveryNode() {
        return false;
    }

    /** How the target's multi-term nodes add, for the replay check; null when it has none or they are unknown. */
    default FusedSum fusedModel() {
        return null;
    }

    /** Releases processes or devices the target holds (nothing for in-JVM targets). */
    @Override
    default void close() {}

    /** One prepared instance of a target for a fixed n. Answers batches of probes so one round trip serves many. */
    interface Session extends AutoCloseable {
        /**
         * For each k, the function's result on the masked array with +M at is[k], -M at js[k], the unit at every other
         * index in [from, to) and zero elsewhere.
         */
        void probe(int[] is, int[] js, int count, int from, int to, double[] out);

        /** The function's result on arbitrary summands (each representable in the target's precision). */
        double[] evaluate(double[][] inputs);

        @Override
        default void close() {}
    }
}
