package org.fparity.transfer;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.util.Names;

/**
 * Reads an exported campaign ({@link ExportFormat}) into a campaign folder, checking as it goes: the format and schema
 * (older migrated, newer refused), every program's text against its hash, the grammar against its hash, every outcome
 * against the program table, and the digest of the whole. Anything wrong is one line naming what, and nothing is left
 * behind: the folder is written under a temporary name and renamed into place only when every check passed. Importing
 * never builds or runs anything.
 */
public final class CampaignImport {
    private CampaignImport() {}

    /** What an import produced. */
    public record Result(
            Path campaign, String name, int schema, int programs, int platforms, long outcomes, String digest) {}

    /**
     * Reads one value at a time out of the export: the shared rules (duplicate keys refused) but for trailing tokens,
     * which here are the rest of the file; {@link OutcomeScanner} refuses anything after the document's end.
     */
    private static final com.fasterxml.jackson.databind.ObjectMapper STREAMING = CampaignExport.COMPACT
            .copy()
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** Told the folder being written as the outcomes start (tests look at what is on disk by then). */
    static java.util.function.Consumer<Path> beforeOutcomes = dir -> {};

    /** The campaign name an export file carries (for a default --out), read from its head only. */
    public static String name(Path file) {
        try (Reading r = open(file)) {
            Header h = header(r);
            return Names.check(file, "campaign", h.campaign.path("name").asText("imported"));
        } catch (IOException e) {
            throw failure(file, e, "the header");
        }
    }

    /** Where an import goes without --out: {@code campaigns/<the export's campaign name>}, never outside campaigns/. */
    public static Path defaultTarget(Path file) {
        Path root = Path.of("campaigns");
        Path target = root.resolve(name(file));
        if (!target.normalize().getParent().equals(root))
            throw new FparityError(file + ": campaign name '"
                    + Names.printable(target.getFileName().toString()) + "' leaves campaigns/");
        return target;
    }

    /**
     * Imports {@code file} into the new folder {@code target} (which must not exist: a folder there is never replaced). {@code target} is
     * complete and checked when this returns, or absent.
     */
    public static Result importTo(Path file, Path target) {
        // An existing folder (empty or not) or a link is never replaced: its owner, mode and contents are someone's.
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new FparityError(
                    Names.printable(target.toString()) + " already exists; import into a new folder (--out)");
        }
        Path parent = target.toAbsolutePath().getParent();
        Path tmp;
        try {
            Files.createDirectories(parent);
            // what a killed import into the same folder left behind goes first; this one's folder is locked while it
            // works
            org.fparity.util.Leftovers.clean(parent, "." + target.getFileName() + ".import-", "");
            tmp = org.fparity.util.Leftovers.tempDir(parent, "." + target.getFileName() + ".import-");
        } catch (IOException e) {
            throw new FparityError(
                    "cannot create " + target + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        boolean done = false;
        try {
            Result r = read(file, tmp);
            org.fparity.util.Leftovers.release(tmp);
            try {
                if (Files.exists(target, LinkOption.NOFOLLOW_LINKS))
                    throw new FparityError(target + " appeared while importing; import into a new folder (--out)");
                Files.move(tmp, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw CampaignMerge.movedInto(target, e);
            }
            done = true;
            return new Result(target, r.name(), r.schema(), r.programs(), r.platforms(), r.outcomes(), r.digest());
        } finally {
            if (!done) {
                org.fparity.util.Leftovers.release(tmp);
                deleteTree(tmp);
            }
        }
    }

    private record Reading(InputStream file, TrailingDigestInput digest, JsonParser parser) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            parser.close();
            file.close();
        }
    }

    private record Header(int schema, String fparity, ObjectNode campaign) {}

    private static Reading open(Path file) throws IOException {
        InputStream raw;
        try {
            raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        } catch (NoSuchFileException e) {
            throw new FparityError(file + ": not found");
        }
        try {
            raw.mark(2);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            if (b0 < 0) throw new FparityError(file + ": empty file, not an fparity export");
            InputStream plain = b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(raw, 1 << 16) : raw;
            TrailingDigestInput digest = new TrailingDigestInput(plain);
            JsonParser p = CampaignExport.COMPACT.getFactory().createParser(digest);
            p.setCodec(STREAMING);
            return new Reading(raw, digest, p);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** format, schema, fparity, exported, campaign: the part a reader needs before anything else. */
    private static Header header(Reading r) throws IOException {
        JsonParser p = r.parser();
        JsonToken t;
        try {
            t = p.nextToken();
        } catch (JsonParseException e) {
            throw new FparityError("not JSON, not an fparity export (" + firstLine(e.getOriginalMessage()) + ")");
        }
        if (t == null) throw new FparityError("empty file, not an fparity export");
        if (t != JsonToken.START_OBJECT)
            throw new FparityError("not an fparity export (a JSON " + describe(t) + ", not an object)");
        field(p, "format", "not an fparity export (no \"format\" field first)");
        String format = p.nextTextValue();
        if (!ExportFormat.FORMAT.equals(format))
            throw new FparityError(
                    "not an fparity export (format is " + (format == null ? "not a string" : "'" + format + "'") + ")");
        field(p, "schema", "no schema version after the format");
        if (p.nextToken() != JsonToken.VALUE_NUMBER_INT) throw new FparityError("schema version is not an integer");
        int schema = p.getIntValue();
        if (schema > ExportFormat.SCHEMA) {
            throw new FparityError("export schema " + schema + " is newer than this fparity understands ("
                    + ExportFormat.SCHEMA + "); import it with a newer fparity");
        }
        if (schema < 1) throw new FparityError("export schema " + schema + " is not a version fparity ever wrote");
        field(p, "fparity", "no fparity version after the schema");
        String fparity = p.nextTextValue();
        field(p, "exported", "no export time after the fparity version");
        p.nextToken();
        field(p, "campaign", "no campaign after the export time");
        if (p.nextToken() != JsonToken.START_OBJECT) throw new FparityError("\"campaign\" is not an object");
        ObjectNode campaign = p.readValueAsTree();
        return new Header(schema, fparity, campaign);
    }

    private static Result read(Path file, Path dir) {
        String section = "the header";
        try (Reading r = open(file)) {
            JsonParser p = r.parser();
            Header h = header(r);
            ObjectNode campaign = Migration.campaign(h.schema(), h.campaign());
            String name = Names.check(file, "campaign", campaign.path("name").asText("imported"));
            campaign.remove("name");
            if (campaign.path("schema").asInt(0) > Campaign.SCHEMA) {
                throw new FparityError("the campaign inside uses campaign layout "
                        + campaign.path("schema").asInt() + ", newer than this fparity understands (" + Campaign.SCHEMA
                        + "); import it with a newer fparity");
            }

            // The programs come inline in the export; the folder gets this fparity's layout (a program store).
            campaign.put("schema", Campaign.SCHEMA);

            String name0 = p.nextFieldName();
            JsonNode grammar = campaign.path("grammar").path("content");
            if ("grammar_hash".equals(name0)) {
                String declared = p.nextTextValue();
                if (grammar.isMissingNode())
                    throw new FparityError("grammar_hash given but the campaign has no grammar");
                String actual = CampaignExport.grammarHash(grammar);
                if (!actual.equals(declared))
                    throw new FparityError("grammar: content does not match its hash (file says " + declared
                            + ", content hashes to " + actual + "); the file was changed or damaged");
                name0 = p.nextFieldName();
            } else if (!grammar.isMissingNode()) {
                throw new FparityError("grammar has no grammar_hash; the file was changed");
            }

            section = "platforms";
            expect(name0, "platforms");
            ArrayNode platforms = CampaignExport.COMPACT.createArrayNode();
            startArray(p, "platforms");
            while (p.nextToken() == JsonToken.START_OBJECT)
                platforms.add(Migration.platform(h.schema(), p.readValueAsTree()));
            endArray(p, "platforms");

            section = "programs";
            expect(p.nextFieldName(), "programs");
            Map<String, Integer> inputsOf = new HashMap<>();
            startArray(p, "programs");
            // each program checked and written to the new folder's program store as it is read, not kept: the
            // store holds them (a tree of every program until the end was most of an import's memory)
            ProgramStore.Entries store;
            try {
                store = ProgramStore.write(dir, () -> new Programs(file, p, inputsOf));
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause();
            }
            endArray(p, "programs");
            long afterPrograms = p.currentTokenLocation().getByteOffset() + 1;

            campaign.remove("programs");
            campaign.set("platforms", platforms);
            CampaignMeta meta;
            try {
                meta = CampaignExport.COMPACT.treeToValue(campaign, CampaignMeta.class);
            } catch (JsonProcessingException e) {
                throw new FparityError("campaign: malformed (" + firstLine(e.getOriginalMessage()) + ")");
            }
            meta.checkNames(file);
            meta = meta.withPrograms(store, new ProgramStore.Info(ProgramStore.FILE, store.size()));

            // The rest is read from the bytes (the parser stops here): a million outcomes checked token by token
            // through a general parser cost five times the rest of the import. The digest vouches for the bytes copied.
            section = "outcomes";
            beforeOutcomes.accept(dir);
            OutcomeScanner.Tail tail;
            // written compact (the campaign's layout, Campaign.SCHEMA), line by line as the scanner copies them
            try (OutputStream out = new org.fparity.campaign.CompactingOutput(
                    new BufferedOutputStream(Files.newOutputStream(dir.resolve(Campaign.OUTCOMES)), 1 << 20))) {
                tail = new OutcomeScanner(r.digest(), afterPrograms, inputsOf).read(out, dir);
            }
            long n = tail.outcomes();
            String declared = tail.digest();
            String actual = ExportFormat.DIGEST_PREFIX
                    + HexFormat.of().formatHex(r.digest().digestUpTo(tail.digestEnd()));
            if (!declared.equals(actual)) {
                throw new FparityError("digest mismatch: the content was changed after export (file says " + declared
                        + ", content hashes to " + actual + ")");
            }

            Campaign.writeMeta(dir, meta);
            return new Result(dir, name, h.schema(), store.size(), platforms.size(), n, declared);
        } catch (IOException e) {
            throw failure(file, e, section);
        }
    }

    /**
     * The programs of the export's array, read one at a time as the program store is written: each checked
     * ({@link #checkProgram}), its id listed once, bound without its hash. Ends at the array's end, the parser on its
     * closing bracket; a read error is an {@link java.io.UncheckedIOException} around what the parser threw.
     */
    private static final class Programs implements java.util.Iterator<CampaignMeta.ProgramEntry> {
        private final Path file;
        private final JsonParser p;
        private final Map<String, Integer> inputsOf;
        private CampaignMeta.ProgramEntry next;
        private boolean done;

        Programs(Path file, JsonParser p, Map<String, Integer> inputsOf) {
            this.file = file;
            this.p = p;
            this.inputsOf = inputsOf;
        }

        @Override
        public boolean hasNext() {
            if (next == null && !done) next = read();
            return next != null;
        }

        @Override
        public CampaignMeta.ProgramEntry next() {
            if (!hasNext()) throw new java.util.NoSuchElementException();
            CampaignMeta.ProgramEntry e = next;
            next = null;
            return e;
        }

        private CampaignMeta.ProgramEntry read() {
            try {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    done = true;
                    return null;
                }
                ObjectNode prog = p.readValueAsTree();
                checkProgram(file, prog);
                prog.remove("hash");
                if (inputsOf.put(prog.path("id").asText(), prog.path("inputs").size()) != null) {
                    throw new FparityError("program " + prog.path("id").asText() + " is listed twice");
                }
                try {
                    return CampaignExport.COMPACT.treeToValue(prog, CampaignMeta.ProgramEntry.class);
                } catch (JsonProcessingException e) {
                    throw new FparityError("campaign: malformed (" + firstLine(e.getOriginalMessage()) + ")");
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** The hash must be the SHA-256 of the text; the campaign's own sha256 and an IR program's id must agree with it. */
    private static void checkProgram(Path file, ObjectNode prog) {
        String id = prog.path("id").asText(null);
        String hash = prog.path("hash").asText(null);
        String source = prog.path("source").isTextual() ? prog.path("source").asText() : null;
        if (id == null) throw new FparityError("programs: a program without an id");
        Names.check(file, "program", id);
        if (hash == null || source == null) throw new FparityError("program " + id + ": no text or no hash");
        String actual = ExportFormat.sha256(source);
        if (!actual.equals(hash)) {
            throw new FparityError("program " + id + ": text does not match its hash (file says " + hash
                    + ", text hashes to " + actual + "); the file was changed or damaged");
        }
        String problem = ProgramHashes.problemOfHash(id, prog.path("sha256").asText(null), actual);
        if (problem != null) throw new FparityError(problem);
    }

    private static FparityError failure(Path file, IOException e, String section) {
        // Jackson reports an input that stops mid-value in several exception types, all saying "end-of-input".
        boolean endOfInput = e instanceof JsonProcessingException j
                && j.getOriginalMessage() != null
                && j.getOriginalMessage().contains("end-of-input");
        if (e instanceof JsonEOFException || e instanceof EOFException || endOfInput) {
            return new FparityError(
                    "truncated: the file ends in " + section + " (it was cut short in transfer; copy it again)");
        }
        if (e instanceof ZipException)
            return new FparityError("corrupt compressed data in " + section + " (" + e.getMessage() + ")");
        if (e instanceof JsonParseException j) {
            long at = j.getLocation() == null ? -1 : j.getLocation().getByteOffset();
            return new FparityError("corrupt JSON in " + section + (at >= 0 ? " at byte " + at : "") + " ("
                    + firstLine(j.getOriginalMessage()) + ")");
        }
        if (e instanceof JsonProcessingException j)
            return new FparityError("malformed " + section + " (" + firstLine(j.getOriginalMessage()) + ")");
        return new FparityError("cannot read " + file + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
    }

    private static void field(JsonParser p, String name, String otherwise) throws IOException {
        if (!name.equals(p.nextFieldName())) throw new FparityError(otherwise);
    }

    private static void expect(String got, String want) {
        if (!want.equals(got))
            throw new FparityError(
                    got == null
                            ? "no \"" + want + "\" where expected"
                            : "unexpected field '" + got + "' where \"" + want + "\" belongs");
    }

    private static void startArray(JsonParser p, String what) throws IOException {
        if (p.nextToken() != JsonToken.START_ARRAY) throw new FparityError("\"" + what + "\" is not an array");
    }

    private static void endArray(JsonParser p, String what) {
        if (p.currentToken() != JsonToken.END_ARRAY) throw new FparityError(what + ": an element is not an object");
    }

    private static String describe(JsonToken t) {
        return switch (t) {
            case START_ARRAY -> "array";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            case VALUE_NULL -> "null";
            default -> t.name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (var s = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(s.toList());
            java.util.Collections.reverse(all);
            for (Path q : all) Files.deleteIfExists(q);
        } catch (IOException ignored) {
            // a leftover .import- folder is named as such; nothing reads it
        }
    }
}
