package org.fparity.emit;

import java.util.List;
import org.fparity.ir.Program;

/** Writes programs as one self-contained source file of one language (the harness protocol is in package-info). */
public interface Emitter {
    Language language();

    /** Batch form: {@code compute_0..compute_{N-1}} plus a dispatcher reading {@code index tok…} lines on stdin. */
    String batch(List<Program> programs);

    /** Single-program form for reproducers: the input tokens come from argv, the result is one line on stdout. */
    String single(Program program);

    /**
     * Device code only, for GPU languages: the kernels of {@link #batch} and the table the cached host loader
     * ({@link GpuLoader}) reads, so only this is compiled per batch. Other languages have no such form.
     */
    default String deviceBatch(List<Program> programs) {
        throw new UnsupportedOperationException(language().id() + " has no device-only form");
    }

    /**
     * CUDA only: the device-only batch with, per program, a kernel that evaluates one input per thread (JCuda's
     * in-process runner launches it once for all of a program's inputs).
     */
    default String threadedBatch(List<Program> programs) {
        throw new UnsupportedOperationException(language().id() + " has no one-input-per-thread form");
    }

    /**
     * Whether the batch form can be built in two parts: {@link #batchHarness} compiled once, and {@link #batchPrograms}
     * compiled per flag set and linked with it (C only). The programs' part holds every {@code compute_K} and
     * {@code fp_run_K} exactly as {@link #batch} does; only the line reading, parsing and array set-up, which no flag
     * of a level changes, move out.
     */
    default boolean splitsHarness() {
        return false;
    }

    /** The harness of the two-part batch form: main, line reading and parsing; no program. */
    default String batchHarness() {
        throw new UnsupportedOperationException(language().id() + " has no two-part batch form");
    }

    /** The programs of the two-part batch form, linked with {@link #batchHarness}. */
    default String batchPrograms(List<Program> programs) {
        throw new UnsupportedOperationException(language().id() + " has no two-part batch form");
    }

    /** The emitter of a language with default settings (Java uses {@code Math}). */
    static Emitter of(Language language) {
        return switch (language) {
            case C -> new CEmitter();
            case CUDA -> new GpuEmitter(GpuEmitter.Api.CUDA);
            case HIP -> new GpuEmitter(GpuEmitter.Api.HIP);
            case HIPIFY -> new HipifyEmitter();
            case OPENCL -> new OpenClEmitter();
            case JAVA -> new JavaEmitter(JavaEmitter.MathLib.MATH);
        };
    }
}
