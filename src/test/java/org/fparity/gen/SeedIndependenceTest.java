package org.fparity.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

class SeedIndependenceTest {
    private final Grammar grammar = Grammar.defaults();

    /**
     * Stream 1 failed this badly: seeds 1 and 3 shared 19 of 20 programs, 1 and 5 48 of 50. A program whose body is one
     * statement ({@code comp += var_1;}) is left out: the grammar has only a few hundred of those, so independent seeds
     * draw the same one by chance, as two dice show the same face.
     */
    @Test
    void oneHundredConsecutiveSeedsShareNoProgram() {
        for (Precision p : Precision.PROGRAMS) {
            Map<String, Long> firstSeed = new HashMap<>();
            int checked = 0;
            for (long seed = 1; seed <= 100; seed++) {
                for (Program prog : new Generator(grammar, seed).generate(p, 20)) {
                    if (prog.body().size() == 1 && prog.body().getFirst() instanceof org.fparity.ir.Stmt.Assign) continue;
                    checked++;
                    Long before = firstSeed.putIfAbsent(prog.canonical(), seed);
                    if (before != null) throw new AssertionError("seeds " + before + " and " + seed + " share program " + prog.id() + " (" + p + ")");
                }
            }
            assertEquals(checked, firstSeed.size());
            assertTrue(checked > 1500, "most programs are more than one assignment: " + checked);
        }
    }

    @Test
    void neighbouringSeedsOfAnyMagnitudeShareNoProgram() {
        for (long base : new long[] {0, -50, Long.MAX_VALUE - 10, 0x9E3779B97F4A7C15L}) {
            Map<String, Long> firstSeed = new HashMap<>();
            for (long seed = base; seed < base + 10; seed++) {
                for (Program prog : new Generator(grammar, seed).generate(Precision.FP64, 30)) {
                    Long before = firstSeed.putIfAbsent(prog.canonical(), seed);
                    if (before != null) throw new AssertionError("seeds " + before + " and " + seed + " share program " + prog.id());
                }
            }
        }
    }

    /**
     * The golden stream: the programs seed 1 gives with the built-in grammar. This changes only on purpose (a new
     * {@link Generator#STREAM}, with the README saying so), since campaigns record their programs by these ids.
     */
    @Test
    void goldenProgramsOfSeedOne() throws Exception {
        assertEquals(2, Generator.STREAM, "a new stream needs new golden values below");
        List<Program> fp64 = new Generator(grammar, 1).generate(Precision.FP64, 20);
        List<Program> fp32 = new Generator(grammar, 1).generate(Precision.FP32, 20);
        assertEquals(GOLDEN_FIRST_FP64, fp64.getFirst().id());
        assertEquals(GOLDEN_FIRST_FP32, fp32.getFirst().id());
        assertEquals(GOLDEN_SHA_FP64, sha(fp64));
        assertEquals(GOLDEN_SHA_FP32, sha(fp32));
        List<String> inputs = new InputGenerator(grammar, 1).inputs(fp64.getFirst(), 2).stream().map(i -> i.args().get(0)).toList();
        assertEquals(GOLDEN_INPUTS, inputs);
    }

    // Stream 2 (this change): stream 1's seed 1 began with other programs; campaigns it made are refused on resume.
    static final String GOLDEN_FIRST_FP64 = "c1a401bdd4507ea7";
    static final String GOLDEN_FIRST_FP32 = "38ab9eadf6f85641";
    static final String GOLDEN_SHA_FP64 = "d92e11180817629252ffa5fa2bd00f768d39bd84129b848f5ce6d6bb037cb973";
    static final String GOLDEN_SHA_FP32 = "3869e7e1622e216b23a65fd49a745923ffa2542c67dfb51fc0cef6e68ecb2ab3";
    /** The first value of the first two inputs of the first FP64 program. */
    static final List<String> GOLDEN_INPUTS = List.of("0x1.d594c67c5089ep-176", "-0x1.6abc3bc21fd08p-16");

    private static String sha(List<Program> ps) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (Program p : ps) md.update((p.canonical() + "\n").getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(md.digest());
    }
}
