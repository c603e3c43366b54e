package org.fparity.transfer;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.CanonicalOutcome;
import org.fparity.campaign.OutcomeLines;
import org.fparity.campaign.OutcomeLog;
import org.fparity.campaign.ProgramStore;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;

/**
 * Writes a campaign folder as one self-checking JSON document ({@link ExportFormat}) that another cluster imports. The
 * programs are read from the store in order and not kept, the outcome log is streamed line by line: memory holds each
 * program's id and input count and one outcome, whatever the campaign's size.
 */
public final class CampaignExport {
    private CampaignExport() {}

    /** What an export wrote. */
    public record Result(Path file, int programs, int platforms, long outcomes, String digest, long bytes) {}

    private static final byte[] SEPARATOR = {'\n', ','};

    /** The campaign.json layout of an export's campaign object: 1, the programs being in the export's own array. */
    static final int EXPORTED_CAMPAIGN_LAYOUT = 1;
    /** A compact writer for records (the shared mapper indents). */
    static final ObjectMapper COMPACT = ProgramJson.MAPPER.copy().disable(SerializationFeature.INDENT_OUTPUT);

    /**
     * Exports {@code campaignDir} to {@code out} (gzip when its name ends in {@code .gz}), by temp-then-rename: a failed
     * or interrupted export leaves no file behind. {@code fparityVersion} is the exporting fparity's version; {@code now}, the
     * export time to record, or null for none (then the file depends on the campaign alone).
     */
    public static Result export(Path campaignDir, Path out, String fparityVersion, Instant now) {
        if (!Files.isDirectory(campaignDir))
            throw new FparityError("campaign '" + campaignDir + "' not found (expected a folder with campaign.json)");
        CampaignMeta meta = Campaign.readMeta(campaignDir);
        if (meta == null) throw new FparityError(campaignDir + ": not a campaign (no " + Campaign.META + ")");
        // import refuses a name that is not one harmless path element: export refuses it first
        String name = org.fparity.util.Names.check(
                campaignDir,
                "campaign",
                campaignDir.toAbsolutePath().normalize().getFileName().toString());
        Path target = out.toAbsolutePath();
        Path tmp;
        try {
            Files.createDirectories(target.getParent());
            // what a killed export to the same file left behind goes first; this one's is locked while it is written
            org.fparity.util.Leftovers.clean(target.getParent(), "." + target.getFileName() + ".", ".tmp");
            tmp = org.fparity.util.AtomicFiles.tempBeside(target); // an export is made to be copied and read by others
        } catch (IOException e) {
            throw new FparityError(
                    "cannot write " + out + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        try {
            Result r;
            try (OutputStream file =
                    java.nio.channels.Channels.newOutputStream(org.fparity.util.Leftovers.lockedFile(tmp))) {
                OutputStream raw = ExportFormat.gzipByName(target.getFileName().toString())
                        ? new BufferedOutputStream(new GZIPOutputStream(file, 1 << 16), 1 << 16)
                        : new BufferedOutputStream(file, 1 << 16);
                try (raw) {
                    r = write(meta, name, campaignDir, raw, fparityVersion, now);
                }
            }
            org.fparity.util.AtomicFiles.replace(tmp, target);
            return new Result(out, r.programs(), r.platforms(), r.outcomes(), r.digest(), Files.size(target));
        } catch (IOException e) {
            throw new FparityError(
                    "cannot write " + out + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort: the temp name starts with a dot and says .tmp
            }
        }
    }

    /** Writes the document to {@code sink} (uncompressed bytes are what the digest covers). */
    static Result write(
            CampaignMeta meta, String name, Path campaignDir, OutputStream sink, String fparityVersion, Instant now)
            throws IOException {
        Hashing hashing = new Hashing(sink);
        JsonGenerator g = COMPACT.getFactory().createGenerator(hashing, JsonEncoding.UTF8);
        g.setCodec(COMPACT);
        g.writeStartObject();
        g.writeStringField("format", ExportFormat.FORMAT);
        g.writeNumberField("schema", ExportFormat.SCHEMA);
        g.writeStringField("fparity", fparityVersion);
        // null unless asked for: an export is then a function of the campaign alone (the same bytes, the same digest)
        if (now == null) g.writeNullField("exported");
        else g.writeStringField("exported", now.truncatedTo(ChronoUnit.SECONDS).toString());
        g.writeRaw('\n');

        // The export carries the programs itself (below), so its campaign object is campaign.json's layout 1 without
        // programs whatever the folder's layout: an fparity that knows only layout 1 imports it too.
        ObjectNode campaign = COMPACT.valueToTree(meta.withPrograms(java.util.List.of(), null));
        campaign.remove("platforms");
        campaign.remove("programs");
        campaign.put("schema", EXPORTED_CAMPAIGN_LAYOUT);
        campaign.put("name", name);
        g.writeFieldName("campaign");
        g.writeTree(campaign);
        g.writeRaw('\n');
        if (meta.grammar() != null && meta.grammar().content() != null) {
            g.writeStringField("grammar_hash", grammarHash(meta.grammar().content()));
            g.writeRaw('\n');
        }

        g.writeArrayFieldStart("platforms");
        for (CampaignMeta.PlatformRecord p : meta.platforms()) {
            g.writeRaw('\n');
            g.writeObject(p);
        }
        g.writeRaw('\n');
        g.writeEndArray();
        g.writeRaw('\n');

        Map<String, Integer> inputsOf = new HashMap<>();
        g.writeArrayFieldStart("programs");
        // read in store order without keeping them (a store's chunks kept softly filled the heap to its cap)
        for (CampaignMeta.ProgramEntry p : ProgramStore.Entries.once(meta.programs())) {
            if (p.source() == null)
                throw new FparityError(
                        "program " + p.id() + " has no text: cannot export a campaign that does not hold its programs");
            if (inputsOf.put(p.id(), p.inputs().size()) != null)
                throw new FparityError(Campaign.META + ": program " + p.id() + " is listed twice");
            // what import would refuse is not written: text changed after the runs (by hand) no longer matches its
            // hashes
            // the text hashed once: the hash written is the one checked against the recorded one
            String hash = ExportFormat.sha256(p.source());
            String problem = ProgramHashes.problemOfHash(p.id(), p.sha256(), hash);
            if (problem != null)
                throw new FparityError(
                        problem + "; the program was changed after it ran, so its outcomes are not its own");
            ObjectNode node = COMPACT.createObjectNode();
            node.put("hash", hash);
            node.setAll((ObjectNode) COMPACT.valueToTree(p));
            g.writeRaw('\n');
            g.writeTree(node);
        }
        g.writeRaw('\n');
        g.writeEndArray();
        g.writeRaw('\n');

        g.writeArrayFieldStart("outcomes");
        long n = streamOutcomes(campaignDir.resolve(Campaign.OUTCOMES), inputsOf, g, hashing);
        g.writeRaw('\n');
        g.writeEndArray();
        g.writeRaw('\n');
        g.writeArrayFieldStart("reruns");
        for (int k = 1; Files.exists(campaignDir.resolve(Campaign.rerunFile(k))); k++) {
            g.writeRaw('\n');
            g.writeStartArray();
            streamOutcomes(campaignDir.resolve(Campaign.rerunFile(k)), inputsOf, g, hashing);
            g.writeRaw('\n');
            g.writeEndArray();
        }
        g.writeRaw('\n');
        g.writeEndArray();
        g.flush();
        String digest = ExportFormat.DIGEST_PREFIX + HexFormat.of().formatHex(hashing.digest.digest());
        g.writeRaw('\n');
        g.writeStringField("digest", digest);
        g.writeEndObject();
        g.writeRaw('\n');
        g.close();
        return new Result(null, meta.programs().size(), meta.platforms().size(), n, digest, hashing.count);
    }

    /** SHA-256 of the grammar's content in its compact JSON form: what an importer can recompute from the file alone. */
    static String grammarHash(JsonNode content) {
        try {
            return ExportFormat.sha256(COMPACT.writeValueAsBytes(content));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Copies outcomes.jsonl into the open array, one outcome per line, in log order (duplicates too: the importer's
     * log then reads exactly as this one does). A line in fparity's own spelling ({@link CanonicalOutcome}) is copied as it
     * is after checking its program, input and result; any other line (or one that fails a check) is read and written in
     * full, and a failed check named. A torn or
     * unreadable line is refused: the export would silently lack it.
     */
    private static long streamOutcomes(Path file, Map<String, Integer> inputsOf, JsonGenerator g, OutputStream raw)
            throws IOException {
        long n = 0;
        g.flush(); // what the generator buffered goes first; the outcomes bypass it
        CanonicalOutcome canonical = new CanonicalOutcome();
        try (OutcomeLines lines = OutcomeLines.open(file)) {
            while (lines.nextLine()) {
                if (lines.blank()) continue;
                byte[] b = lines.line();
                int len = lines.length();
                if (!(canonical.match(b, 0, len) && canonical.end == len && canonical.fits(b, inputsOf))) {
                    Outcome o = lines.outcome();
                    checkOutcome(o, inputsOf, lines.where());
                    b = OutcomeLog.WRITER.writeValueAsBytes(o);
                    len = b.length;
                }
                raw.write(SEPARATOR, 0, n > 0 ? 2 : 1);
                raw.write(b, 0, len);
                n++;
            }
        }
        return n;
    }

    /** An outcome must name a program of the campaign and one of its inputs, and carry what comparison needs. */
    static void checkOutcome(Outcome o, Map<String, Integer> inputsOf, String where) {
        if (o == null || o.program() == null || o.toolchain() == null || o.opt() == null || o.status() == null) {
            throw new FparityError(where + ": outcome lacks program, toolchain, opt or status");
        }
        Integer inputs = inputsOf.get(o.program());
        if (inputs == null)
            throw new FparityError(
                    where + ": outcome of program " + o.program() + ", which the campaign does not list");
        if (o.input() < 0 || o.input() >= inputs) {
            throw new FparityError(where + ": outcome of program " + o.program() + " input " + o.input()
                    + ", which has only " + inputs + " inputs");
        }
        if (o.status() == Outcome.Status.OK && o.hex() == null)
            throw new FparityError(where + ": outcome " + o.key() + " is OK but has no result");
    }

    /** Counts and hashes every byte on its way to the sink. */
    static final class Hashing extends FilterOutputStream {
        final MessageDigest digest = ExportFormat.newSha256();
        long count;

        Hashing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            digest.update((byte) b);
            count++;
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            digest.update(b, off, len);
            count += len;
            out.write(b, off, len);
        }
    }
}
