package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The built-in HIPIFY converter against ROCm's own hipify-perl (one on PATH / {@code $HIPIFY_PERL}, or the copy in
 * {@code ../shared/peers/hipify/}): the same text, whitespace aside, on generated programs of both precisions. hipify-perl
 * takes ~40 s of CPU per 20-program file, so the suite compares 20 programs per precision;
 * {@code -Dfparity.test.hipifyPrograms=160} compares 320 (about 11 CPU-minutes), as the check of 300 or more.
 */
@Tag("tools")
@Tag("slow")
class HipifyPerlToolsTest {
    static String squeeze(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }

    @Test
    void theBuiltInConverterGivesWhatHipifyPerlGives() {
        Path tool = HipifyEmitter.locate() != null ? HipifyEmitter.locate() : HipifyEmitter.peerCopy();
        Assumptions.assumeTrue(
                tool != null, "hipify-perl not found ($HIPIFY_PERL, PATH, ../shared/peers/hipify/) or perl missing");
        Emitter cuda = Emitter.of(Language.CUDA);
        HipifyEmitter real = new HipifyEmitter(tool);
        List<List<Program>> batches = new ArrayList<>();
        int perPrecision = Integer.getInteger("fparity.test.hipifyPrograms", 20);
        assertTrue(
                perPrecision > 0 && perPrecision % 20 == 0,
                "fparity.test.hipifyPrograms must be a positive multiple of 20: " + perPrecision);
        for (Precision p : List.of(Precision.FP64, Precision.FP32)) {
            List<Program> ps = new Generator(Grammar.defaults(), 14).generate(p, perPrecision);
            // small files: hipify-perl's time grows with the file, and a busy machine would time it out on 80 programs
            for (int b = 0; b < ps.size(); b += 20) batches.add(ps.subList(b, b + 20));
        }
        // hipify-perl is single-threaded and slow (seconds per file): the files are converted side by side
        batches.parallelStream().forEach(batch -> {
            String cu = cuda.batch(batch);
            assertEquals(
                    squeeze(real.batch(batch)),
                    squeeze(HipifyEmitter.convert(cu)),
                    batch.get(0).precision() + " batch of " + batch.get(0).id());
        });
        int programs = batches.stream().mapToInt(List::size).sum();
        assertEquals(2 * perPrecision, programs);
        assertTrue(
                HipifyEmitter.converter(tool).startsWith("hipify-perl (HIP version "), HipifyEmitter.converter(tool));
        assertTrue(
                HipifyEmitter.converter(null).startsWith("built-in HIPIFY converter"), HipifyEmitter.converter(null));
    }
}
