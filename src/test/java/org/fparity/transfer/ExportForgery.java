package org.fparity.transfer;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an attacker can do to an export: edit it, then sign it again. Nothing in an export is secret — the program
 * hashes, the grammar hash and the digest are all SHA-256 of what the file itself holds — so a modified export can be
 * made to pass every integrity check. Import's defence against such a file is checking what it says, not that it
 * was signed; the tests that use this forger show that.
 */
public final class ExportForgery {
    private ExportForgery() {}

    private static final Pattern PROGRAM_LINE =
            Pattern.compile("^,?\\{\"hash\":\"[0-9a-f]{64}\".*$", Pattern.MULTILINE);

    /** {@code export} edited by {@code edit} (on its text) and re-signed, written to {@code out}. */
    public static Path forge(Path export, Path out, UnaryOperator<String> edit) {
        try {
            String text = Files.readString(export);
            String edited = edit.apply(text);
            if (edited.equals(text)) throw new IllegalArgumentException("the edit changed nothing");
            Files.writeString(out, resign(edited));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code text} with every program's {@code hash} (and {@code sha256}, if it is one) made the SHA-256 of its text
     * again, the grammar hash recomputed, and the digest made the SHA-256 of everything before it.
     */
    public static String resign(String text) {
        StringBuilder b = new StringBuilder();
        Matcher m = PROGRAM_LINE.matcher(text);
        while (m.find()) {
            String line = m.group();
            boolean comma = line.startsWith(",");
            ObjectNode p = readObject(comma ? line.substring(1) : line);
            String hash = ExportFormat.sha256(p.path("source").asText());
            p.put("hash", hash);
            if (p.path("sha256").asText("").matches("[0-9a-f]{64}")) p.put("sha256", hash);
            m.appendReplacement(b, Matcher.quoteReplacement((comma ? "," : "") + write(p)));
        }
        m.appendTail(b);
        String s = b.toString();
        int campaignAt = s.indexOf("\n,\"campaign\":");
        int grammarHashAt = s.indexOf("\n,\"grammar_hash\":\"");
        if (campaignAt >= 0 && grammarHashAt > campaignAt) {
            ObjectNode campaign = readObject(s.substring(campaignAt + "\n,\"campaign\":".length(), grammarHashAt));
            String gh = CampaignExport.grammarHash(campaign.path("grammar").path("content"));
            int valueAt = grammarHashAt + "\n,\"grammar_hash\":\"".length();
            s = s.substring(0, valueAt) + gh + s.substring(valueAt + 64);
        }
        int at = s.indexOf("\n,\"digest\":\"");
        String head = s.substring(0, at);
        String digest =
                HexFormat.of().formatHex(ExportFormat.newSha256().digest(head.getBytes(StandardCharsets.UTF_8)));
        return head + "\n,\"digest\":\"" + ExportFormat.DIGEST_PREFIX + digest + "\"}\n";
    }

    private static ObjectNode readObject(String json) {
        try {
            return (ObjectNode) CampaignExport.COMPACT.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String write(ObjectNode n) {
        try {
            return CampaignExport.COMPACT.writeValueAsString(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
