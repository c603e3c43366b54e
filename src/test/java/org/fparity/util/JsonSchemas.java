package org.fparity.util;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The published JSON Schemas of {@code schemas/} (draft 2020-12), for tests that check real files against them. */
public final class JsonSchemas {
    private JsonSchemas() {}

    /** {@code schemas/report.schema.json}: report.json. */
    public static final Path REPORT = Path.of("schemas", "report.schema.json");

    /** {@code schemas/export.schema.json}: what {@code fparity export} writes. */
    public static final Path EXPORT = Path.of("schemas", "export.schema.json");

    /** What is wrong with {@code doc} against {@code schema}, one line each ({@code /verdict/cases: …}); empty when valid. */
    public static List<String> errors(Path schema, JsonNode doc) {
        Schema s;
        try {
            s = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(Files.readString(schema));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return s.validate(doc).stream().map(JsonSchemas::describe).toList();
    }

    /** As {@link #errors(Path, JsonNode)} for a file. */
    public static List<String> errors(Path schema, Path file) {
        try {
            return errors(schema, org.fparity.ir.ProgramJson.MAPPER.readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Error.class is named here once, so callers need not import it. */
    static String describe(Error e) {
        return e.getInstanceLocation() + ": " + e.getMessage();
    }
}
