package org.fparity.campaign;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.fparity.FparityError;
import org.fparity.exec.Outcome;

/**
 * Checks one outcome object token by token, without binding it: the fields are {@link Outcome}'s (taken from the record,
 * so a field added there is accepted here), with the types and references comparison relies on.
 */
final class OutcomeCheck {
    private OutcomeCheck() {}

    static final Set<String> FIELDS = Stream.of(Outcome.class.getRecordComponents()).map(c -> c.getName()).collect(Collectors.toUnmodifiableSet());
    private static final Set<String> STATUSES = Stream.of(Outcome.Status.values()).map(Enum::name).collect(Collectors.toUnmodifiableSet());

    /** The parser is on the object's START_OBJECT; on return it is on its END_OBJECT. */
    static void check(JsonParser p, Map<String, Integer> inputsOf, long number) throws IOException {
        String program = null;
        int input = -1;
        String status = null;
        boolean hex = false;
        boolean toolchain = false;
        boolean opt = false;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken v = p.nextToken();
            if (!FIELDS.contains(f)) throw bad(number, "unknown field '" + f + "'");
            switch (f) {
                case "program" -> program = string(p, v, number, f);
                case "input" -> {
                    if (v != JsonToken.VALUE_NUMBER_INT) throw bad(number, "input is not an integer");
                    input = p.getIntValue();
                }
                case "status" -> status = string(p, v, number, f);
                case "hex" -> hex = string(p, v, number, f) != null;
                case "toolchain" -> toolchain = string(p, v, number, f) != null;
                case "opt" -> opt = string(p, v, number, f) != null;
                case "micros" -> {
                    if (v != JsonToken.VALUE_NUMBER_INT) throw bad(number, "micros is not an integer");
                }
                default -> {
                    if (v != JsonToken.VALUE_STRING && v != JsonToken.VALUE_NULL) throw bad(number, f + " is not a string");
                }
            }
        }
        if (t != JsonToken.END_OBJECT) throw bad(number, "not an object");
        if (program == null || status == null || !toolchain || !opt) throw bad(number, "lacks program, toolchain, opt or status");
        if (!STATUSES.contains(status)) throw bad(number, "status '" + status + "' is not one of " + STATUSES);
        Integer inputs = inputsOf.get(program);
        if (inputs == null) throw bad(number, "program " + program + " is not in the campaign");
        if (input < 0 || input >= inputs) throw bad(number, "program " + program + " input " + input + ", which has only " + inputs + " inputs");
        if (status.equals("OK") && !hex) throw bad(number, "is OK but has no result");
    }

    private static String string(JsonParser p, JsonToken v, long number, String field) throws IOException {
        if (v == JsonToken.VALUE_NULL) return null;
        if (v != JsonToken.VALUE_STRING) throw bad(number, field + " is not a string");
        return p.getText();
    }

    private static FparityError bad(long number, String why) {
        return new FparityError("outcome " + number + ": " + why);
    }
}
