package org.fparity.run;

import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.emit.Emitter;
import org.fparity.emit.JavaEmitter;
import org.fparity.emit.Language;
import org.fparity.exec.BatchEmitter;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Program;

/** The seam between {@code emit} and {@code exec}: the batch emitter for a toolchain's language and options. */
public final class Emitters {
    private Emitters() {}

    /** The emitter for a toolchain: its language, and Java's {@code StrictMath} when its descriptor asks for it. */
    public static Emitter of(Toolchain tc) {
        Language lang = tc.lang();
        if (lang == null)
            throw new FparityError("toolchain " + tc.name() + ": no emitter for language " + tc.language());
        if (lang == Language.JAVA && "true".equals(tc.emit().get("strictMath")))
            return new JavaEmitter(JavaEmitter.MathLib.STRICT_MATH);
        return Emitter.of(lang);
    }

    /**
     * Whether {@code tc}'s batches can be built in two parts ({@link Emitter#splitsHarness}): a C toolchain that
     * compiles on this machine's host, not a device-only one.
     */
    public static boolean splitsHarness(Toolchain tc) {
        return tc.deviceOnly() == null && of(tc).splitsHarness();
    }

    /** The harness of {@code tc}'s two-part batch ({@link #splitsHarness}), the same for every batch. */
    public static String harness(Toolchain tc) {
        return of(tc).batchHarness();
    }

    /** A batch emitter writing only the programs of {@code tc}'s two-part batch, to be linked with {@link #harness}. */
    public static BatchEmitter programsOnly(Toolchain tc, Map<String, Program> programs) {
        Emitter e = of(tc);
        return new BatchEmitter() {
            @Override
            public String emit(String className, List<String> programIds) {
                return e.batchPrograms(programIds.stream()
                        .map(id -> {
                            Program p = programs.get(id);
                            if (p == null) throw new IllegalArgumentException("no program " + id);
                            return p;
                        })
                        .toList());
            }

            @Override
            public String className(String batchName) {
                return batchName;
            }
        };
    }

    /** A batch emitter writing {@code programs} (by id) for {@code tc}. */
    public static BatchEmitter forToolchain(Toolchain tc, Map<String, Program> programs) {
        Emitter e = of(tc);
        boolean java = e.language() == Language.JAVA;
        boolean deviceOnly = tc.deviceOnly() != null;
        return new BatchEmitter() {
            /**
             * The last batch emitted: a campaign asks once per opt level for the same batch (one job each), and the
             * text does not depend on the level. One entry only, so a long campaign never holds more than one batch.
             */
            private final java.util.concurrent.atomic.AtomicReference<Map.Entry<List<String>, String>> last =
                    new java.util.concurrent.atomic.AtomicReference<>();

            @Override
            public String emit(String className, List<String> programIds) {
                var hit = last.get();
                if (hit != null && hit.getKey().equals(programIds)) return hit.getValue();
                List<Program> ps = programIds.stream()
                        .map(id -> {
                            Program p = programs.get(id);
                            if (p == null) throw new IllegalArgumentException("no program " + id);
                            return p;
                        })
                        .toList();
                String text = !deviceOnly
                        ? e.batch(ps)
                        : tc.deviceOnly().inProcess() ? e.threadedBatch(ps) : e.deviceBatch(ps);
                last.set(Map.entry(List.copyOf(programIds), text));
                return text;
            }

            @Override
            public String className(String batchName) {
                // The Java emitter always writes class FparityHarness; other languages do not care.
                return java ? JavaEmitter.CLASS_NAME : batchName;
            }
        };
    }
}
