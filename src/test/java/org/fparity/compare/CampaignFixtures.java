package org.fparity.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;

/**
 * Writes a {@link CampaignView} to a folder the way {@code fparity run} lays a campaign out (outcomes.jsonl, and
 * campaign.json in layout 1, only with fields {@link org.fparity.campaign.CampaignMeta} knows: the folder is the name).
 */
public final class CampaignFixtures {
    private CampaignFixtures() {}

    public static Path write(CampaignView v, Path dir) {
        try {
            Files.createDirectories(dir);
            StringBuilder lines = new StringBuilder();
            for (Outcome o : v.outcomes())
                lines.append(ProgramJson.MAPPER
                                .writer()
                                .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                                .writeValueAsString(o))
                        .append('\n');
            Files.writeString(dir.resolve("outcomes.jsonl"), lines);
            ObjectNode root = ProgramJson.MAPPER.createObjectNode();
            root.put("schema", 1);
            root.put("fparity", "0.1.0");
            ObjectNode host = root.putObject("host");
            v.host().forEach(host::put);
            ArrayNode platforms = root.putArray("platforms");
            for (Outcome o : v.outcomes()) {
                String id = o.toolchain() + "@" + o.opt();
                if (platforms.findValuesAsText("id").contains(id)) continue;
                platforms
                        .addObject()
                        .put("id", id)
                        .put("toolchain", o.toolchain())
                        .put("opt", o.opt())
                        .put("version", v.versions().get(o.toolchain()));
            }
            ArrayNode programs = root.putArray("programs");
            for (ProgramInfo p : v.programs().values()) {
                ObjectNode o = programs.addObject();
                o.put("id", p.id());
                o.put("precision", p.precision().id());
                o.put("source", p.source());
                ArrayNode ins = o.putArray("inputs");
                p.inputs().forEach(in -> {
                    ArrayNode a = ins.addArray();
                    in.args().forEach(a::add);
                });
            }
            Files.writeString(dir.resolve("campaign.json"), ProgramJson.toJson(root));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
