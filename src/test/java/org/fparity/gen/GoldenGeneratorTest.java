package org.fparity.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/**
 * Golden ids: the first programs of seed 1 with the default grammar. Resuming a campaign refuses to continue when
 * generation drifts between versions, so drift must be a conscious change: whoever changes the generator, the grammar
 * or the seeding updates these ids in the same commit and says so.
 */
class GoldenGeneratorTest {
    @Test
    void seedOneFp64() {
        List<String> ids = new Generator(Grammar.defaults(), 1)
                .generate(Precision.FP64, 5).stream().map(Program::id).toList();
        assertEquals(
                List.of(
                        "6b7d807a15fd8ca7",
                        "16c73701393e1b9b",
                        "4c2b2e02436ed630",
                        "a126d248414beb01",
                        "082db7504d7d63b1"),
                ids);
    }

    @Test
    void seedOneFp32() {
        List<String> ids = new Generator(Grammar.defaults(), 1)
                .generate(Precision.FP32, 5).stream().map(Program::id).toList();
        assertEquals(
                List.of(
                        "3b99b173c5b6dead",
                        "db220b9ad92cbc15",
                        "38054ce080840aa0",
                        "6480835fc6cf54dd",
                        "ef4917432aef0f62"),
                ids);
    }
}
