package org.fparity.campaign;

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
        Language lang;
        try {
            lang = Language.valueOf(tc.language());
        } catch (IllegalArgumentException e) {
            throw new FparityError("toolchain " + tc.name() + ": no emitter for language " + tc.language());
        }
        if (lang == Language.JAVA && "true".equals(tc.emit().get("strictMath"))) return new JavaEmitter(JavaEmitter.MathLib.STRICT_MATH);
        return Emitter.of(lang);
    }

    /**
     * The batch emitters of a campaign's own programs: a batch's programs are parsed from their entries when it is
     * emitted, found by id (a program store's index, or a map of the ids of a list held in memory).
     */
    public static java.util.function.Function<org.fparity.exec.DetectedToolchain, BatchEmitter> ofEntries(List<org.fparity.campaign.CampaignMeta.ProgramEntry> entries) {
        return new OfEntries(entries);
    }

    /** {@link #ofEntries}: a class of its own so that a spec can tell its emitters follow its programs ({@link CampaignRunner.Spec#withPrograms}). */
    static final class OfEntries implements java.util.function.Function<org.fparity.exec.DetectedToolchain, BatchEmitter> {
        private final List<CampaignMeta.ProgramEntry> entries;
        private Map<String, CampaignMeta.ProgramEntry> index;

        OfEntries(List<CampaignMeta.ProgramEntry> entries) {
            this.entries = entries;
        }

        @Override
        public BatchEmitter apply(org.fparity.exec.DetectedToolchain dt) {
            return forToolchain(dt.toolchain(), new java.util.AbstractMap<>() {
                @Override
                public Program get(Object id) {
                    CampaignMeta.ProgramEntry e = find((String) id);
                    return e == null ? null : Program.parse(e.source());
                }

                @Override
                public java.util.Set<Map.Entry<String, Program>> entrySet() {
                    throw new UnsupportedOperationException("programs are looked up by id");
                }
            });
        }

        /**
         * The emitters of one batch: {@code batch} holds the batch's entries (read once from the store), and each program
         * is parsed once however many toolchains emit the batch, instead of being looked up in the store and parsed
         * again for each of them. The parsed programs are let go once every emitter made here has emitted the whole
         * batch (all are made before the first emission: one per toolchain with work in the batch); a part emitted
         * after that (a failed compile being bisected) is parsed again from the entries.
         */
        BatchPrograms forBatch(List<CampaignMeta.ProgramEntry> batch) {
            return new BatchPrograms(batch);
        }

        private CampaignMeta.ProgramEntry find(String id) {
            if (entries instanceof ProgramStore.Entries store) return store.find(id);
            return index().get(id);
        }

        private Map<String, CampaignMeta.ProgramEntry> index() {
            synchronized (this) {
                if (index == null) {
                    index = new java.util.HashMap<>();
                    for (CampaignMeta.ProgramEntry e : entries) index.put(e.id(), e);
                }
                return index;
            }
        }
    }

    /** A batch's programs by id, each parsed once when first asked for, shared by the batch's toolchains ({@link OfEntries#forBatch}). */
    static final class BatchPrograms extends java.util.AbstractMap<String, Program>
            implements java.util.function.Function<org.fparity.exec.DetectedToolchain, BatchEmitter> {
        private final Map<String, String> sources = new java.util.HashMap<>();
        private final java.util.concurrent.ConcurrentHashMap<String, Program> parsed = new java.util.concurrent.ConcurrentHashMap<>();
        /** emitters made that have not yet emitted the whole batch */
        private final java.util.concurrent.atomic.AtomicInteger toolchainsLeft = new java.util.concurrent.atomic.AtomicInteger();
        private volatile boolean released;
        private final int size;

        BatchPrograms(List<CampaignMeta.ProgramEntry> batch) {
            for (CampaignMeta.ProgramEntry e : batch) sources.put(e.id(), e.source());
            this.size = batch.size();
        }

        @Override
        public Program get(Object id) {
            String source = sources.get(id);
            if (source == null) return null;
            if (released) return Program.parse(source);
            return parsed.computeIfAbsent((String) id, k -> Program.parse(source));
        }

        @Override
        public java.util.Set<Map.Entry<String, Program>> entrySet() {
            throw new UnsupportedOperationException("programs are looked up by id");
        }

        @Override
        public BatchEmitter apply(org.fparity.exec.DetectedToolchain dt) {
            return emitter(dt.toolchain());
        }

        /** {@code tc}'s emitter of this batch; its first emission of the whole batch counts it as done with the parsed programs. */
        BatchEmitter emitter(Toolchain tc) {
            BatchEmitter e = forToolchain(tc, this);
            toolchainsLeft.incrementAndGet();
            java.util.concurrent.atomic.AtomicBoolean counted = new java.util.concurrent.atomic.AtomicBoolean();
            return new BatchEmitter() {
                @Override
                public String emit(String className, List<String> programIds) {
                    String text = e.emit(className, programIds);
                    if (programIds.size() == size && counted.compareAndSet(false, true) && toolchainsLeft.decrementAndGet() == 0) {
                        released = true;
                        parsed.clear();
                    }
                    return text;
                }

                @Override
                public String className(String batchName) {
                    return e.className(batchName);
                }
            };
        }
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
            private final java.util.concurrent.atomic.AtomicReference<Map.Entry<List<String>, String>> last = new java.util.concurrent.atomic.AtomicReference<>();

            @Override
            public String emit(String className, List<String> programIds) {
                var hit = last.get();
                if (hit != null && hit.getKey().equals(programIds)) return hit.getValue();
                List<Program> ps = programIds.stream().map(id -> {
                    Program p = programs.get(id);
                    if (p == null) throw new IllegalArgumentException("no program " + id);
                    return p;
                }).toList();
                String text = !deviceOnly ? e.batch(ps) : tc.deviceOnly().inProcess() ? e.threadedBatch(ps) : e.deviceBatch(ps);
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
