package org.fparity.ir;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** JSON for programs (bit-exact: literals as hex floats) and the mapper every package shares. */
public final class ProgramJson {
    private ProgramJson() {}

    /** One configured mapper: unknown fields are errors, output is indented and ordered. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    public static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Reads and validates a program; throws IllegalArgumentException with a one-line reason. */
    public static Program program(String json) {
        Program p;
        try {
            p = MAPPER.readValue(json, Program.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(oneLine(e), e);
        }
        if (p == null || p.precision() == null || p.params() == null || p.body() == null) {
            throw new IllegalArgumentException("not a program (needs precision, arrayLength, params, body)");
        }
        Validator.validate(p);
        return p;
    }

    /** Jackson's message, first line only, with the location. */
    public static String oneLine(JsonProcessingException e) {
        String msg = e.getOriginalMessage();
        if (msg == null) msg = e.getClass().getSimpleName();
        msg = msg.lines().findFirst().orElse(msg);
        if (e.getLocation() != null) msg += " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
        return msg;
    }
}
