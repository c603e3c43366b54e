package org.fparity.flip;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Program;
import org.fparity.util.AtomicFiles;

/** {@code flips.json}: every candidate, verified or not, with the platforms' branches and the models' predictions. */
public final class FlipReport {
    private FlipReport() {}

    public static ObjectNode json(Program p, FlipSearch.Settings s, FlipRun.Result r) {
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = om.createObjectNode();
        root.put("schema", 1);
        root.put("program", p.id());
        root.put("branch", s.branch());
        root.put("precision", p.precision().id());
        ObjectNode dom = root.putObject("domain");
        s.domain().ranges().forEach((k, v) -> dom.put(k, v[0] + ":" + v[1]));
        s.domain().bounds().forEach(dom::put);
        root.put("split", s.split());
        root.put("seed", s.seed());
        ArrayNode models = root.putArray("models");
        for (EvaluationModel m : s.models()) models.add(m.name());
        ArrayNode plats = root.putArray("platforms");
        r.platforms().forEach(plats::add);
        ArrayNode skipped = root.putArray("skippedPlatforms");
        r.skipped().forEach(skipped::add);
        ObjectNode sum = root.putObject("summary");
        sum.put("candidates", r.checked().size());
        sum.put("verified", r.verified());
        sum.put("cells", r.search().cells());
        sum.put("z3Queries", r.search().queries());
        sum.put("z3Millis", r.search().z3Millis());
        sum.put("verifyMillis", r.verifyMillis());
        sum.put("millis", r.millis());
        sum.put("firstVerifiedMillis", r.firstVerifiedMillis());
        ObjectNode pairs = sum.putObject("pairs");
        r.pairs().forEach(pairs::put);
        ArrayNode notes = root.putArray("notes");
        r.search().notes().forEach(notes::add);
        ArrayNode cs = root.putArray("candidates");
        for (FlipRun.Checked ch : r.checked()) {
            Candidate c = ch.candidate();
            ObjectNode o = cs.addObject();
            o.put("id", c.id());
            o.put("verified", ch.verified());
            ArrayNode toks = o.putArray("input");
            c.inputs().forEach(toks::add);
            o.put("cell", c.cell());
            o.put("calibrations", c.calibrations());
            o.put("atom", c.atom());
            o.putArray("leftBounds")
                    .add(HexFloat.format(c.left().lo()))
                    .add(HexFloat.format(c.left().hi()));
            o.putArray("rightBounds")
                    .add(HexFloat.format(c.right().lo()))
                    .add(HexFloat.format(c.right().hi()));
            ObjectNode bm = o.putObject("models");
            for (Map.Entry<String, double[]> e : c.byModel().entrySet()) {
                ObjectNode mm = bm.putObject(e.getKey());
                mm.put("taken", e.getValue()[0] == 1);
                mm.put("left", HexFloat.format(e.getValue()[1]));
                mm.put("right", HexFloat.format(e.getValue()[2]));
                mm.put("critical", e.getValue()[1] - e.getValue()[2]);
            }
            ArrayNode pair = o.putArray("predictedBy");
            c.pair().forEach(pair::add);
            o.put("exactCheck", c.exactCheck());
            if (ch.result() != null) {
                ObjectNode br = o.putObject("branches");
                ch.result().branches().forEach((k, v) -> br.put(k, v.name().toLowerCase(java.util.Locale.ROOT)));
                if (!ch.result().traces().isEmpty()) {
                    // a branch inside a loop: its outcome in each iteration, T taken, N not, in execution order
                    ObjectNode tr = o.putObject("iterations");
                    ch.result().traces().forEach(tr::put);
                }
                if (!ch.result().problems().isEmpty()) {
                    ObjectNode pr = o.putObject("problems");
                    ch.result().problems().forEach(pr::put);
                }
            }
            ArrayNode dis = o.putArray("disagreeing");
            for (List<String> d : ch.disagreeing()) dis.addArray().add(d.get(0)).add(d.get(1));
        }
        return root;
    }

    public static void write(Path file, ObjectNode json) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        String text =
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(json) + "\n";
        AtomicFiles.write(file, text);
    }
}
