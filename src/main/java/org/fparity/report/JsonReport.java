package org.fparity.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.PairSummary;
import org.fparity.compare.StatusMismatch;
import org.fparity.compare.Verdict;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.OutcomeClass;
import org.fparity.ir.ProgramJson;

/**
 * {@code report.json}: a versioned run report in the spirit of ReFrame's ({@code data_version}, {@code session_info}),
 * holding every discrepancy with both results bit-exact so another tool never has to rerun anything to read it.
 */
final class JsonReport {
    private JsonReport() {}

    static String render(Report r) {
        return ReportWriter.text(r, JsonReport::write);
    }

    /**
     * Writes report.json to {@code out} (not closed), its long lists (every discrepancy, every discrepant and unstable
     * case) streamed as they are read: memory does not grow with them.
     */
    static void write(Report r, java.io.Writer out) throws java.io.IOException {
        ProgramJson.MAPPER
                .writer()
                .without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, tree(r));
        out.write("\n");
    }

    /** An array written element by element when the tree is written, never held. */
    private static final class Streamed<T> extends com.fasterxml.jackson.databind.JsonSerializable.Base {
        private final Iterable<T> items;
        private final java.util.function.BiConsumer<T, java.util.function.Consumer<JsonNode>> each;

        Streamed(Iterable<T> items, java.util.function.BiConsumer<T, java.util.function.Consumer<JsonNode>> each) {
            this.items = items;
            this.each = each;
        }

        @Override
        public void serialize(
                com.fasterxml.jackson.core.JsonGenerator gen, com.fasterxml.jackson.databind.SerializerProvider p)
                throws java.io.IOException {
            gen.writeStartArray();
            java.io.IOException[] failed = {null};
            for (T t : items) {
                each.accept(t, node -> {
                    try {
                        if (failed[0] == null) p.defaultSerializeValue(node, gen);
                    } catch (java.io.IOException e) {
                        failed[0] = e;
                    }
                });
                if (failed[0] != null) throw failed[0];
            }
            gen.writeEndArray();
        }

        @Override
        public void serializeWithType(
                com.fasterxml.jackson.core.JsonGenerator gen,
                com.fasterxml.jackson.databind.SerializerProvider p,
                com.fasterxml.jackson.databind.jsontype.TypeSerializer t)
                throws java.io.IOException {
            serialize(gen, p);
        }
    }

    private static ObjectNode tree(Report r) {
        ObjectNode root = ProgramJson.MAPPER.createObjectNode();
        root.put("data_version", Report.DATA_VERSION);
        ObjectNode info = root.putObject("session_info");
        info.put("campaign", r.campaign().name());
        info.put("session_uuid", r.sessionUuid());
        info.put("time_generated", r.generated().toString());
        putStrings(info.putObject("host"), r.campaign().host());
        putStrings(info.putObject("versions"), r.campaign().versions());
        String folder = r.campaign().provenance().get("folder");
        if (folder != null) info.put("campaign_folder", folder);
        putStrings(info.putObject("provenance"), r.campaign().provenance());
        verdict(root.putObject("verdict"), r);
        info.put("num_runs", r.findings().totalRuns());
        info.put("num_pairs", r.findings().pairs().size());
        info.put(
                "num_compared",
                r.findings().pairs().stream().mapToInt(PairSummary::compared).sum());
        info.put("num_discrepancies", r.findings().discrepancies().size());
        info.put("num_status_mismatches", r.findings().mismatches().size());

        ArrayNode runs = root.putArray("runs");
        r.findings().runs().forEach((p, m) -> {
            ObjectNode o = runs.addObject();
            o.put("toolchain", p.toolchain());
            o.put("opt", p.opt());
            o.put("site", p.site());
            if (p.node() != null) o.put("node", p.node());
            ObjectNode st = o.putObject("status");
            for (Status s : Status.values()) st.put(s.name(), m.getOrDefault(s, 0));
        });

        ObjectNode counts = root.putObject("counts");
        ObjectNode byClass = counts.putObject("by_class");
        for (DiscrepancyClass c : DiscrepancyClass.values())
            byClass.put(c.id(), r.findings().discrepancyCount(c));
        ObjectNode byOpt = counts.putObject("by_opt");
        Map<String, int[]> perOpt = new TreeMap<>(org.fparity.exec.Platform.OPT_ORDER);
        for (PairSummary s : r.findings().pairs()) {
            int[] acc = perOpt.computeIfAbsent(s.pair().row(), k -> new int[DiscrepancyClass.values().length]);
            for (DiscrepancyClass c : DiscrepancyClass.values()) acc[c.ordinal()] += s.count(c);
        }
        perOpt.forEach((opt, acc) -> {
            ObjectNode o = byOpt.putObject(opt);
            for (DiscrepancyClass c : DiscrepancyClass.values()) o.put(c.id(), acc[c.ordinal()]);
        });

        ArrayNode pairs = root.putArray("pairs");
        for (PairSummary s : r.findings().pairs()) {
            ObjectNode o = pairs.addObject();
            o.put("a", s.pair().a().label());
            o.put("b", s.pair().b().label());
            o.put("kind", s.pair().kind().name().toLowerCase(java.util.Locale.ROOT));
            o.put("precision", s.precision().id());
            o.put("series", s.series());
            o.put("opt", s.pair().row());
            o.put("compared", s.compared());
            o.put("discrepancies", s.discrepancies());
            o.put("status_mismatches", s.statusMismatches());
            o.put("not_compared", s.notCompared());
            ObjectNode c = o.putObject("counts");
            for (DiscrepancyClass k : DiscrepancyClass.values()) c.put(k.id(), s.count(k));
            ObjectNode m = o.putObject("matrix");
            ArrayNode labels = m.putArray("classes");
            for (OutcomeClass oc : OutcomeClass.values()) labels.add(oc.label());
            ArrayNode cells = m.putArray("cells");
            for (OutcomeClass a : OutcomeClass.values()) {
                ArrayNode row = cells.addArray();
                for (OutcomeClass b : OutcomeClass.values()) row.add(s.matrix().get(a, b));
            }
        }

        String dir = r.campaign().provenance().get("folder");
        Map<String, JsonNode> verdicts =
                dir == null ? Map.of() : org.fparity.reduce.ReducedVerdicts.read(java.nio.file.Path.of(dir));
        root.putPOJO("discrepancies", new Streamed<Discrepancy>(r.findings().discrepancies(), (d, add) -> {
            ObjectNode o = ProgramJson.MAPPER.createObjectNode();
            discrepancy(o, d, r.campaign().input(d.program(), d.input()));
            JsonNode v =
                    verdicts.get(o.path("id").asText()); // reduce's verdict on it (verdicts.json), when it was reduced
            if (v != null) o.set("verdict", v);
            add.accept(o);
        }));

        // written as it is read, as the discrepancies are: 31,407 of them at 10^7 runs were a tree in memory
        root.putPOJO(
                "status_mismatches", new Streamed<StatusMismatch>(r.findings().mismatches(), (m, add) -> {
                    ObjectNode o = ProgramJson.MAPPER.createObjectNode();
                    String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
                    if (id != null)
                        o.put("id", id); // one side crashed where the other printed a result: 'fparity reduce CAMPAIGN
                    // --discrepancy ID'
                    o.put("program", m.program());
                    o.put("input", m.input());
                    side(o.putObject("a"), m.pair().a().label(), m.statusA(), m.detailA());
                    side(o.putObject("b"), m.pair().b().label(), m.statusB(), m.detailB());
                    add.accept(o);
                }));

        if (r.baseline() != null) {
            ObjectNode b = root.putObject("baseline");
            b.put("name", r.baseline().baselineName());
            keys(b.putArray("new"), r.baseline().added());
            keys(b.putArray("disappeared"), r.baseline().disappeared());
            keys(b.putArray("persisting"), r.baseline().persisting());
            keys(b.putArray("unchecked"), r.baseline().unchecked());
        }
        return root;
    }

    /** The verdict in root causes: every cause with its key, state against the baseline, cases and reduce command. */
    private static void causes(ObjectNode o, Report r) {
        CauseVerdict cv = r.causes();
        String folder =
                r.campaign().provenance().getOrDefault("folder", r.campaign().name());
        o.put("headline", CauseText.headline(cv));
        o.put("count", cv.rows().size());
        o.put("new", cv.fresh().size());
        o.put("accepted", cv.accepted().size());
        if (cv.baseline() != null) o.put("baseline", cv.baseline());
        o.put("compared_with_baseline", cv.baseline() != null && cv.compared());
        o.put("triaged", cv.causes().triaged());
        o.put("undecided", cv.causes().undecided());
        ArrayNode list = o.putArray("causes");
        for (CauseVerdict.Row row : cv.rows()) {
            ObjectNode c = list.addObject();
            org.fparity.attribution.RootCause rc = row.cause();
            c.put("key", rc.key());
            c.put("title", CauseText.title(row));
            c.put("kind", rc.kind().label());
            c.put("family", rc.family());
            ArrayNode flags = c.putArray("flags");
            rc.flags().forEach(flags::add);
            c.put("pass", rc.pass());
            c.put("operation", rc.operation());
            c.put("function", rc.function());
            c.put("library", rc.library());
            c.put("cases", rc.cases());
            c.put("state", cv.state(row));
            if (row.accepted() != null) c.put("accepted", row.accepted());
            c.put("representative", rc.representative());
            c.put("reduce", CauseText.command(row, folder));
            ArrayNode ks = c.putArray("case_keys");
            row.cases().forEach(ks::add);
        }
        ArrayNode gone = o.putArray("gone");
        for (org.fparity.attribution.RootCause g : cv.gone()) gone.add(g.key());
        ArrayNode untriaged = o.putArray("untriaged_cases");
        cv.untriaged().forEach(untriaged::add);
    }

    /** What the acceptance policy accepted, and by which rule. */
    private static void accepted(ObjectNode o, Acceptance a) {
        o.put("policy", a.policy().source());
        o.put("cases", a.cases().size());
        o.put("within_tolerance", a.byTolerance());
        o.put("expected_causes", a.byCause());
        ObjectNode cs = o.putObject("case_reasons");
        a.cases().forEach(cs::put);
        ObjectNode ms = o.putObject("ended_differently");
        a.mismatches().forEach(ms::put);
    }

    /** The verdict in cases: the unit; pairs are in "pairs" and "discrepancies" as detail. */
    private static void verdict(ObjectNode o, Report r) {
        Verdict v = r.verdict();
        o.put("headline", VerdictText.headline(r));
        o.put("red", r.found());
        if (r.causes() != null) causes(o.putObject("causes"), r);
        if (!r.acceptance().policy().isEmpty()) accepted(o.putObject("accepted"), r.acceptance());
        o.put("unit", "case: one program on one input");
        o.put("cases", v.count().cases());
        o.put("discrepant_cases", v.count().discrepant());
        o.put("unstable_cases", v.count().unstable());
        o.put("rerun_attempts", r.campaign().reruns().size());
        if (v.broken() != null) o.put("broken", v.broken());
        else o.putNull("broken");
        ArrayNode health = o.putArray("toolchains");
        for (Verdict.ToolchainHealth h : v.health()) {
            ObjectNode t = health.addObject();
            t.put("toolchain", h.toolchain());
            t.put("runs", h.runs());
            t.put("with_value", h.ok());
            t.put("failed", h.failed());
            t.put("compile_only", h.compileOnly());
            ObjectNode st = t.putObject("status");
            for (Status s : Status.values()) st.put(s.name(), h.byStatus().getOrDefault(s, 0));
        }
        if (v.against() != null) {
            ObjectNode b = o.putObject("baseline_cases");
            b.put("baseline", v.against().baseline());
            v.against().added().forEach(b.putArray("new")::add);
            v.against().persisting().forEach(b.putArray("persisting")::add);
            v.against().gone().forEach(b.putArray("gone")::add);
            v.against().unchecked().forEach(b.putArray("unchecked")::add);
        }
        ArrayNode rank = o.putArray("odd_one_out");
        for (Verdict.Rank k : v.ranking()) {
            ObjectNode x = rank.addObject();
            x.put("platform", k.platform().label());
            x.put("odd_one_out_cases", k.oddOneOut());
            x.put("differs_from_ideal_cases", k.offIdeal());
            x.put("ideal_decided_cases", k.decided());
            x.put("unstable_cases", k.unstable());
        }
        o.putPOJO("discrepant_case_list", new Streamed<org.fparity.compare.Cases.Case>(v.cases(), (c, add) -> {
            if (c.discrepant()) add.accept(discrepantCase(c, v));
        }));
        o.putPOJO("unstable", new Streamed<org.fparity.compare.Cases.Case>(v.cases(), (c, add) -> {
            for (var e : c.unstable().entrySet()) {
                ObjectNode u = ProgramJson.MAPPER.createObjectNode();
                u.put("program", c.program());
                u.put("input", c.input());
                u.put("platform", e.getKey().label());
                e.getValue().forEach(u.putArray("results")::add);
                add.accept(u);
            }
        }));
        ArrayNode top = o.putArray("top_cases");
        for (Verdict.TopCase t :
                v.top().subList(0, Math.min(Verdict.TOP, v.top().size()))) {
            ObjectNode x = top.addObject();
            x.put("program", t.c().program());
            x.put("input", t.c().input());
            x.put("class", t.cls().id());
            if (t.ulps() != null) x.put("ulps", t.ulps());
            x.put("reproduce", VerdictText.reproduce(r, t));
            x.put("reproducer_source", VerdictText.show(r, t));
        }
    }

    /** One discrepant case of "discrepant_case_list". */
    private static ObjectNode discrepantCase(org.fparity.compare.Cases.Case c, Verdict v) {
        ObjectNode x = ProgramJson.MAPPER.createObjectNode();
        x.put("program", c.program());
        x.put("input", c.input());
        if (v.against() != null) x.put("new", v.against().added().contains(c.key()));
        ArrayNode answers = x.putArray("answers");
        for (org.fparity.compare.Cases.Answer a : c.answers()) {
            ObjectNode an = answers.addObject();
            an.put("result", a.hex());
            an.put("decimal", VerdictText.decimal(a.value(), c.precision()));
            an.put("majority", a == c.majority());
            a.platforms().forEach(pl -> an.withArray("platforms").add(pl.label()));
        }
        c.oddOnesOut().forEach(pl -> x.withArray("odd_ones_out").add(pl.label()));
        Verdict.Truth t = v.truths().get(c.key());
        if (t != null) {
            ObjectNode id = x.putObject("ideal_ieee");
            id.put("result", t.hex());
            t.agreeing().forEach(pl -> id.withArray("agreeing").add(pl.label()));
        }
        return x;
    }

    private static void discrepancy(ObjectNode o, Discrepancy d, org.fparity.ir.Input values) {
        // stable across reports and campaigns: program, input, the two platforms and the class (reduce --discrepancy
        // ID)
        String id = org.fparity.confirm.DiscrepancyId.of(
                d.program(), d.input(), d.pair().a().label(), d.pair().b().label(), d.cls());
        o.put("id", id);
        o.put("program", d.program());
        o.put("input", d.input());
        // the values themselves, so a reproducer needs nothing but this file and the program's source
        if (values != null) {
            ArrayNode tokens = o.putArray("input_values");
            values.args().forEach(tokens::add);
        }
        o.put("class", d.cls().id());
        ObjectNode a = o.putObject("a");
        a.put("platform", d.pair().a().label());
        a.put("result", d.hexA());
        a.put("class", d.classA().label());
        ObjectNode b = o.putObject("b");
        b.put("platform", d.pair().b().label());
        b.put("result", d.hexB());
        b.put("class", d.classB().label());
        if (d.hasUlps()) o.put("ulps", d.ulps()); // exact: a JSON integer beyond 2^63 where the distance is that large
        else o.putNull("ulps");
        if (Double.isNaN(d.relError())) o.putNull("rel_error");
        else o.put("rel_error", d.relError());
        org.fparity.reduce.Bundles.Link bundle =
                org.fparity.reduce.Bundles.find(org.fparity.reduce.Bundles.DEFAULT_ROOT, id);
        if (bundle != null) {
            ObjectNode r = o.putObject("reproducer");
            r.put("path", bundle.dir().toString());
            if (bundle.firstDivergence() != null) r.put("first_divergence", bundle.firstDivergence());
            if (bundle.truth() != null) r.put("correctly_rounded", bundle.truth());
        }
    }

    private static void side(ObjectNode o, String platform, Status s, String detail) {
        o.put("platform", platform);
        o.put("status", s.name());
        if (detail != null) o.put("detail", detail);
    }

    private static void keys(ArrayNode arr, List<Discrepancy> ds) {
        for (Discrepancy d : ds) {
            ObjectNode o = arr.addObject();
            o.put("key", d.key());
            o.put("class", d.cls().id());
            if (d.hasUlps()) o.put("ulps", d.ulps());
        }
    }

    private static void putStrings(ObjectNode o, Map<String, String> m) {
        new TreeMap<>(m).forEach(o::put);
    }
}
