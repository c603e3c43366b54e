package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.fparity.ir.Size;
import org.junit.jupiter.api.Test;

/**
 * A bundle whose input reduce moved to simpler values (issue 29, point 6) names the input the discrepancy was recorded
 * with, in its README and in expected.json: a vendor handed {@code comp / comp} on 0 must also be told it was found on
 * (3, 3). A bundle on its recorded input says nothing of the kind.
 */
class BundleRecordedInputTest {
    static final Program P = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_1) {
              comp = comp / comp;
            }
            """);

    private static Bundle.Contents contents(Input reduced, Input recorded) {
        DetectedToolchain gcc = new DetectedToolchain(
                Toolchains.load(Path.of("runners", "toolchains")).get("gcc"), "gcc 12.2.0", true, null, true, null);
        Outcome a = new Outcome(P.id(), 0, "gcc", "O0", Outcome.Status.OK, "-nan", null, "gcc@O0", 0);
        Outcome b = new Outcome(P.id(), 0, "gcc", "O3_FM", Outcome.Status.OK, "0x1p+0", null, "gcc@O3_FM", 0);
        return Bundle.Contents.of("0123456789ab", P, reduced, DiscrepancyClass.NAN_NUMBER)
                .a(gcc, "O0", a)
                .b(gcc, "O3_FM", b)
                .original(Size.of(P))
                .host(Map.of())
                .recorded(recorded)
                .build();
    }

    /** expected.json as a reader of the file sees it. */
    private static com.fasterxml.jackson.databind.JsonNode json(Bundle.Contents c) {
        try {
            return ProgramJson.MAPPER.readTree(ProgramJson.MAPPER.writeValueAsString(Bundle.expected(c)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aMovedInputIsNamedBesideTheRecordedOne() {
        Bundle.Contents c =
                contents(new Input(List.of("0x0p+0", "0x0p+0")), new Input(List.of("0x1.8p+1", "0x1.8p+1")));
        String readme = Bundle.readme(c, List.of("min.c"));
        assertTrue(readme.contains("Input: `0x0p+0 0x0p+0`"), readme);
        assertTrue(readme.contains("Recorded input: `0x1.8p+1 0x1.8p+1`. Reduce moved it"), readme);
        assertEquals("[\"0x1.8p+1\",\"0x1.8p+1\"]", json(c).get("recordedInput").toString());
        assertEquals("[\"0x0p+0\",\"0x0p+0\"]", json(c).get("input").toString());
    }

    @Test
    void theRecordedInputItselfIsNotNamedTwice() {
        Input in = new Input(List.of("0x1.8p+1", "0x1.8p+1"));
        Bundle.Contents c = contents(in, new Input(List.of("0x1.8p+1", "0x1.8p+1")));
        assertFalse(Bundle.readme(c, List.of("min.c")).contains("Recorded input"));
        assertNull(json(c).get("recordedInput"));
    }
}
