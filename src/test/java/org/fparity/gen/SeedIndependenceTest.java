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
     * statement ({@code comp += var_1;}), or two assignments with no literal ({@code comp += var_1; comp += var_2;}), is
     * left out: the grammar has only a few hundred (thousand) of those, so independent seeds draw the same one by chance,
     * as two dice show the same face (seeds 15 and 54 do, FP32, since the default grammar draws fewer array elements).
     */
    @Test
    void oneHundredConsecutiveSeedsShareNoProgram() {
        for (Precision p : Precision.PROGRAMS) {
            Map<String, Long> firstSeed = new HashMap<>();
            int checked = 0;
            for (long seed = 1; seed <= 100; seed++) {
                for (Program prog : new Generator(grammar, seed).generate(p, 20)) {
                    if (prog.body().size() == 1 && prog.body().getFirst() instanceof org.fparity.ir.Stmt.Assign)
                        continue;
                    if (prog.body().size() == 2
                            && prog.body().stream().allMatch(st -> st instanceof org.fparity.ir.Stmt.Assign)
                            && !prog.canonical().contains("0x")) continue;
                    checked++;
                    Long before = firstSeed.putIfAbsent(prog.canonical(), seed);
                    if (before != null)
                        throw new AssertionError(
                                "seeds " + before + " and " + seed + " share program " + prog.id() + " (" + p + ")");
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
                    if (before != null)
                        throw new AssertionError("seeds " + before + " and " + seed + " share program " + prog.id());
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
        List<String> inputs = new InputGenerator(grammar, 1)
                .inputs(fp64.getFirst(), 2).stream().map(i -> i.args().get(0)).toList();
        assertEquals(GOLDEN_INPUTS, inputs);
    }

    // Stream 2 (this change): stream 1's seed 1 began with other programs; campaigns it made are refused on resume.
    // Default grammar of 23 Nov (fewer array elements, no loop inside a loop): new programs for every seed, same
    // stream.
    static final String GOLDEN_FIRST_FP64 = "6b7d807a15fd8ca7";
    static final String GOLDEN_FIRST_FP32 = "3b99b173c5b6dead";
    static final String GOLDEN_SHA_FP64 = "a6fe6741c63c8da29ccfeaba22c1935a0b93c7e33ab22b3cf00f950bb603a40a";
    static final String GOLDEN_SHA_FP32 = "256bdbcaf57284024f63b4ca1479ae20b2e86849d1f621cdb4b08099b6687e4b";
    /** The first value of the first two inputs of the first FP64 program. */
    static final List<String> GOLDEN_INPUTS = List.of("-0x1.ef67d1cfa342cp+9", "0x1.fbec6cbe380b4p+12");

    private static String sha(List<Program> ps) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (Program p : ps) md.update((p.canonical() + "\n").getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(md.digest());
    }
}
