package org.fparity.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;

class GrammarTest {
    static String defaultText() throws IOException {
        return Files.readString(Path.of("grammar/varity.json"));
    }

    private static String error(String text) {
        FparityError e = assertThrows(FparityError.class, () -> Grammar.parse("g.json", text));
        assertEquals(2, e.exitCode());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void shippedGrammarFileEqualsTheEmbeddedDefault() throws IOException {
        Grammar file = Grammar.load(Path.of("grammar/varity.json"));
        assertEquals(Grammar.defaults().sha256(), file.sha256());
        assertEquals(8, file.arrayLength());
        assertEquals(31, file.mathFunctions().items().size());
    }

    @Test
    void unknownKeyIsNamed() throws IOException {
        String m = error(defaultText().replace("\"maxDepth\"", "\"maxDepht\""));
        assertTrue(m.startsWith("g.json: expressions.maxDepht: unknown key"), m);
        m = error(defaultText().replace("\"schema\": 1,", "\"schema\": 1, \"colour\": 3,"));
        assertTrue(m.startsWith("g.json: colour: unknown key"), m);
    }

    @Test
    void negativeWeightIsRejected() throws IOException {
        String m = error(defaultText().replace("\"decl\": 2", "\"decl\": -2"));
        assertEquals("g.json: statements.decl: weight must be >= 0, is -2", m);
    }

    @Test
    void unknownMathFunctionIsRejected() throws IOException {
        String m = error(defaultText().replace("\"erf\": 1", "\"erfc\": 1"));
        assertTrue(m.startsWith("g.json: mathFunctions.erfc: unknown name"), m);
    }

    @Test
    void malformedJsonIsOneLine() throws IOException {
        String t = defaultText();
        String m = error(t.substring(0, t.length() / 2));
        assertTrue(m.startsWith("g.json: malformed JSON:"), m);
    }

    @Test
    void loopBoundsMustKeepIndicesInRange() throws IOException {
        String m = error(defaultText().replace("\"boundMax\": 8", "\"boundMax\": 9"));
        assertTrue(m.contains("loops.boundMax: boundMax 9 exceeds program.arrayLength 8"), m);
        m = error(defaultText().replace("\"parameterReuseProbability\": 0.0", "\"parameterReuseProbability\": 1.5"));
        assertTrue(m.contains("parameterReuseProbability: probability must be in 0..1"), m);
    }

    @Test
    void loopNestingDefaultsToBlockNestingAndIsChecked() throws IOException {
        String t = defaultText().replaceAll(",\\s*\"maxNesting\": \\d+(\\s*})", "$1"); // loops.maxNesting, if set
        Grammar absent = Grammar.parse("g.json", t);
        assertEquals(absent.maxNesting(), absent.maxLoopNesting());
        String m = error(t.replace("\"boundMax\": 8", "\"boundMax\": 8, \"maxNesting\": 9"));
        assertEquals("g.json: loops.maxNesting: must be in 0..8, is 9", m);
    }

    @Test
    void missingFileIsOneLine() {
        FparityError e = assertThrows(FparityError.class, () -> Grammar.load(Path.of("no/such.json")));
        assertEquals("no/such.json: no such grammar file", e.getMessage());
    }
}
