package org.fparity.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.exec.Outcome;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.ProgramJson;

/**
 * Reads a campaign folder into a {@link CampaignView}: {@code outcomes.jsonl} strictly (one {@link Outcome} per line),
 * {@code campaign.json} leniently (the fields of layout 1: {@code schema}, {@code fparity}, {@code host},
 * {@code platforms[].toolchain/version}, {@code programs[].id/precision/source/inputs}). This is the one seam to the
 * campaign package: once {@code org.fparity.campaign.Campaign.load} is on main, {@link #load} becomes a conversion from
 * it and nothing else changes.
 */
public final class CampaignFiles {
    private CampaignFiles() {}

    public static CampaignView load(Path dir) {
        if (!Files.isDirectory(dir)) throw new FparityError("campaign '" + dir + "' not found (expected a folder with outcomes.jsonl)");
        List<Outcome> outcomes = outcomes(dir.resolve("outcomes.jsonl"));
        Path meta = dir.resolve("campaign.json");
        JsonNode root = null;
        if (Files.exists(meta)) {
            try {
                root = ProgramJson.MAPPER.readTree(Files.readString(meta));
            } catch (JsonProcessingException e) {
                throw new FparityError(meta + ": malformed JSON: " + ProgramJson.oneLine(e));
            } catch (IOException e) {
                throw new FparityError("cannot read " + meta + ": " + e.getMessage());
            }
        }
        // campaign.json layout version 1 (org.fparity.campaign.Campaign.SCHEMA); a newer one may mean something else.
        JsonNode schema = root == null ? null : root.get("schema");
        if (schema != null && schema.isInt() && schema.asInt() > 1) {
            throw new FparityError(meta + ": schema " + schema.asInt() + " is newer than this fparity understands (1); upgrade fparity");
        }
        String name = text(root, "name");
        if (name == null) name = dir.toAbsolutePath().normalize().getFileName().toString();
        return new CampaignView(name, strings(root == null ? null : root.get("host")), versions(root), programs(root, meta), outcomes);
    }

    /** Parses outcomes.jsonl; a truncated or malformed line is a user error naming the file and line. */
    public static List<Outcome> outcomes(Path file) {
        List<Outcome> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) continue;
                Outcome o;
                try {
                    o = ProgramJson.MAPPER.readValue(line, Outcome.class);
                } catch (JsonProcessingException e) {
                    throw new FparityError(file + " line " + n + ": truncated or malformed outcome: " + ProgramJson.oneLine(e));
                }
                if (o.program() == null || o.toolchain() == null || o.opt() == null || o.status() == null) {
                    throw new FparityError(file + " line " + n + ": outcome lacks program, toolchain, opt or status");
                }
                out.add(o);
            }
        } catch (NoSuchFileException e) {
            throw new FparityError("campaign has no outcomes: " + file + " not found");
        } catch (IOException e) {
            throw new FparityError("cannot read " + file + ": " + e.getMessage());
        }
        return out;
    }

    private static Map<String, String> versions(JsonNode root) {
        Map<String, String> v = new LinkedHashMap<>(strings(root == null ? null : root.get("versions")));
        String fp = text(root, "fparity");
        if (fp != null) v.put("fparity", fp);
        JsonNode platforms = root == null ? null : root.get("platforms");
        if (platforms != null) {
            for (JsonNode p : iterable(platforms)) {
                String tc = text(p, "toolchain", "name", "id");
                String ver = text(p, "version", "compilerVersion", "compiler_version");
                if (tc != null && ver != null) v.put(tc, ver);
            }
        }
        return v;
    }

    // campaign.json's shape belongs to the campaign package and is still settling: take what is recognisable (an id,
    // a precision, a source or canonical text, inputs as token lists) and leave the rest, rather than refuse a report.
    private static Map<String, ProgramInfo> programs(JsonNode root, Path meta) {
        Map<String, ProgramInfo> out = new HashMap<>();
        JsonNode programs = root == null ? null : root.get("programs");
        if (programs == null) return out;
        for (JsonNode p : iterable(programs)) {
            String id = text(p, "id");
            if (id == null) continue;
            JsonNode prog = p.has("program") ? p.get("program") : p;
            Precision precision = null;
            String ptext = text(prog, "precision");
            if (ptext == null) ptext = text(p, "precision");
            if (ptext != null) {
                try {
                    precision = Precision.parse(ptext);
                } catch (IllegalArgumentException e) {
                    throw new FparityError(meta + ": program " + id + ": " + e.getMessage());
                }
            }
            String source = text(p, "source", "canonical");
            List<Input> inputs = new ArrayList<>();
            JsonNode ins = p.get("inputs");
            if (ins != null && ins.isArray()) {
                for (JsonNode in : ins) {
                    if (!in.isArray()) continue;
                    List<String> toks = new ArrayList<>();
                    in.forEach(t -> toks.add(t.asText()));
                    inputs.add(new Input(toks));
                }
            }
            out.put(id, new ProgramInfo(id, precision, source, inputs));
        }
        return out;
    }

    private static Iterable<JsonNode> iterable(JsonNode n) {
        if (n.isArray()) return n;
        List<JsonNode> vals = new ArrayList<>();
        n.properties().forEach(e -> vals.add(e.getValue()));
        return vals;
    }

    private static Map<String, String> strings(JsonNode n) {
        Map<String, String> m = new LinkedHashMap<>();
        if (n == null || !n.isObject()) return m;
        n.properties().forEach(e -> m.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
        return m;
    }

    private static String text(JsonNode n, String... names) {
        if (n == null) return null;
        for (String name : names) {
            JsonNode v = n.get(name);
            if (v != null && v.isValueNode() && !v.isNull()) return v.asText();
        }
        return null;
    }
}
