package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** One rule for every JSON file fparity reads: a key given twice and anything after the document are refused. */
class OneJsonRuleTest {
    record Pair(int a, int b) {}

    @Test
    void aDuplicateKeyIsRefusedInTreesAndValues() {
        var tree = assertThrows(JsonProcessingException.class, () -> ProgramJson.MAPPER.readTree("{\"a\":1,\"a\":2}"));
        assertEquals("duplicate key 'a' (each key may appear once) (line 1, column 11)", ProgramJson.oneLine(tree));
        var value = assertThrows(
                JsonProcessingException.class,
                () -> ProgramJson.MAPPER.readValue("{\"a\":1,\"b\":2,\"b\":3}", Pair.class));
        assertEquals("duplicate key 'b' (each key may appear once) (line 1, column 17)", ProgramJson.oneLine(value));
    }

    @Test
    void contentAfterTheDocumentIsRefusedInTreesAndValues() {
        var tree = assertThrows(
                JsonProcessingException.class, () -> ProgramJson.MAPPER.readTree("{\"a\":1}\n{\"a\":2}\n"));
        assertEquals(
                "content after the end of the JSON document (one document per file) (line 2, column 1)",
                ProgramJson.oneLine(tree));
        var value = assertThrows(
                JsonProcessingException.class, () -> ProgramJson.MAPPER.readValue("{\"a\":1,\"b\":2} {}", Pair.class));
        assertEquals(
                "content after the end of the JSON document (one document per file) (line 1, column 15)",
                ProgramJson.oneLine(value));
    }

    @Test
    void whitespaceAfterTheDocumentIsFine() throws JsonProcessingException {
        JsonNode n = ProgramJson.MAPPER.readTree("{\"a\":1}\n\n  \t\n");
        assertEquals(1, n.path("a").asInt());
        assertEquals(ProgramJson.MAPPER, ProgramJson.STRICT);
    }
}
