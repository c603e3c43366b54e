package org.fparity.ir;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import java.util.TreeSet;

/** JSON for programs (bit-exact: literals as hex floats) and the mapper every package shares. */
public final class ProgramJson {
    private ProgramJson() {}

    /**
     * The one mapper every package shares, for every JSON file fparity reads — its own (campaign.json, outcome lines,
     * exports) and those people write (grammars, toolchain descriptors, cluster profiles, nightly configs): an unknown
     * key is an error, a key given twice is an error (never the last one silently winning), and anything after the
     * document but whitespace is an error (never silently ignored). Output is indented and ordered.
     */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    /** The same mapper as {@link #MAPPER}: one rule for every file (kept for the callers that named the stricter one). */
    public static final ObjectMapper STRICT = MAPPER;

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

    /** A JSON file read by the one strict rule; missing, malformed or unreadable is one line naming the file (exit 2, or 4 for I/O). */
    public static com.fasterxml.jackson.databind.JsonNode readFile(java.nio.file.Path file) {
        try {
            return MAPPER.readTree(java.nio.file.Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new org.fparity.FparityError(file + ": malformed JSON: " + oneLine(e));
        } catch (java.io.IOException e) {
            throw org.fparity.FparityError.cannotRead(file, e);
        }
    }

    /**
     * What is wrong with a JSON document in words, one line, with the location: "unknown key 'colour'; known keys:
     * …", "duplicate key 'seed'", "NaN is not a JSON number", "'inputs': expected a number" — not Jackson's wording.
     */
    public static String oneLine(JsonProcessingException e) {
        String msg = words(e);
        if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
            msg += " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")";
        }
        return msg;
    }

    /**
     * A problem with the JSON file {@code what} (e.g. "toolchain file runners/toolchains/gcc.json"): an unknown key
     * reads "unknown key 'colour' in toolchain file X; known keys: a, b (line 1, column 9)", anything else
     * "toolchain file X: " and {@link #oneLine}.
     */
    public static String problem(String what, JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            String where = path(u);
            String msg = "unknown key '" + u.getPropertyName() + "'"
                    + (where.contains(".") ? " (at " + where + ")" : "") + " in " + what + "; known keys: " + known(u);
            if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
                msg += " (line " + e.getLocation().getLineNr() + ", column "
                        + e.getLocation().getColumnNr() + ")";
            }
            return msg;
        }
        return what + ": " + oneLine(e);
    }

    private static String words(JsonProcessingException e) {
        String original = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
        String first = original.lines().findFirst().orElse(original);
        if (e instanceof UnrecognizedPropertyException u)
            return "unknown key '" + u.getPropertyName() + "'; known keys: " + known(u);
        if (first.startsWith("Trailing token"))
            return "content after the end of the JSON document (one document per file)";
        if (e instanceof MismatchedInputException m) {
            String where = path(m);
            String type = m.getTargetType() == null ? null : typeName(m.getTargetType());
            if (first.startsWith("Missing required creator property")) {
                return "missing key" + (where.isEmpty() ? "" : " '" + where + "'");
            }
            return (where.isEmpty() ? "" : "'" + where + "': ")
                    + (type == null ? "wrong kind of value" : "expected " + type);
        }
        if (first.startsWith("Document nesting depth")) return "nested too deeply (more than 1000 levels of JSON)";
        if (e instanceof JsonParseException) {
            java.util.regex.Matcher dup = java.util.regex.Pattern.compile("^Duplicate (?:field|Object property) '(.*)'")
                    .matcher(first);
            if (dup.find()) return "duplicate key '" + dup.group(1) + "' (each key may appear once)";
            java.util.regex.Matcher nonNum = java.util.regex.Pattern.compile("^Non-standard token '([^']*)'")
                    .matcher(first);
            if (nonNum.find()) return nonNum.group(1) + " is not a JSON number (write digits, e.g. 1, -2.5, 1e-3)";
            if (first.contains("numeric value")
                    || first.contains("Exponent indicator")
                    || first.contains("Invalid numeric")) {
                return "malformed number (write digits, e.g. 1, -2.5, 1e-3)";
            }
            if (first.contains("end-of-input")) return "the document ends too early (cut off?)";
            if (first.startsWith("Unrecognized token")) {
                java.util.regex.Matcher tok = java.util.regex.Pattern.compile("^Unrecognized token '([^']*)'")
                        .matcher(first);
                return (tok.find() ? "'" + tok.group(1) + "' is not a JSON value" : "not a JSON value")
                        + " (strings need double quotes)";
            }
            if (first.startsWith("Unexpected character")) {
                java.util.regex.Matcher ch = java.util.regex.Pattern.compile("^Unexpected character \\('(.+?)' \\(code")
                        .matcher(first);
                return "unexpected character" + (ch.find() ? " '" + ch.group(1) + "'" : "");
            }
        }
        if (e instanceof JsonMappingException) {
            String where = path((JsonMappingException) e);
            return (where.isEmpty() ? "" : "'" + where + "': ")
                    + first.replaceAll(" \\(class [^)]*\\)", "").replaceAll("`", "");
        }
        return first;
    }

    /** "platforms[2].name": where in the document a mapping problem is. */
    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) b.append(b.isEmpty() ? "" : ".").append(r.getFieldName());
            else if (r.getIndex() >= 0) b.append('[').append(r.getIndex()).append(']');
        }
        return b.toString();
    }

    private static String known(UnrecognizedPropertyException u) {
        TreeSet<String> names = new TreeSet<>();
        if (u.getKnownPropertyIds() != null) for (Object o : u.getKnownPropertyIds()) names.add(String.valueOf(o));
        return names.isEmpty() ? "(none)" : String.join(", ", names);
    }

    private static String typeName(Class<?> c) {
        if (c == int.class || c == Integer.class || c == long.class || c == Long.class) return "a whole number";
        if (c == double.class || c == Double.class || c == float.class || c == Float.class) return "a number";
        if (c == boolean.class || c == Boolean.class) return "true or false";
        if (c == String.class) return "a string";
        if (java.util.Collection.class.isAssignableFrom(c) || c.isArray()) return "a list [...]";
        if (java.util.Map.class.isAssignableFrom(c)) return "an object {...}";
        if (c.isEnum()) {
            List<String> v = new java.util.ArrayList<>();
            for (Object o : c.getEnumConstants()) v.add(o.toString());
            return "one of " + String.join(", ", v);
        }
        return "an object {...}";
    }
}
