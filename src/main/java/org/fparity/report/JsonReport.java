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
import org.fparity.exec.Platform;
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

    /** As {@link #write(Report, java.io.Writer, CasePass)}, walking the cases for itself. */
    static void write(Report r, java.io.Writer out) throws java.io.IOException {
        try (CasePass p = CasePass.of(r)) {
            write(r, out, p);
        }
    }

    /**
     * Writes report.json to {@code out} (not closed), its long lists streamed: every discrepancy and run that ended
     * differently as it is read, every discrepant and unstable case as the walk over the cases wrote it ({@code pass}):
     * memory does not grow with them.
     */
    static void write(Report r, java.io.Writer out, CasePass pass) throws java.io.IOException {
        ProgramJson.MAPPER
                .writer()
                .without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, tree(r, pass));
        out.write("\n");
    }

    /** Writes one element of a streamed list straight to the generator. */
    @FunctionalInterface
    private interface Each<T> {
        void write(T t, com.fasterxml.jackson.core.JsonGenerator g, com.fasterxml.jackson.databind.SerializerProvider p)
                throws java.io.IOException;
    }

    /** A value of the tree that writes itself when the tree is written. */
    private abstract static class Written extends com.fasterxml.jackson.databind.JsonSerializable.Base {
        @Override
        public void serializeWithType(
                com.fasterxml.jackson.core.JsonGenerator gen,
                com.fasterxml.jackson.databind.SerializerProvider p,
                com.fasterxml.jackson.databind.jsontype.TypeSerializer t)
                throws java.io.IOException {
            serialize(gen, p);
        }
    }

    /** An array written element by element when the tree is written, never held, each element no tree of its own. */
    private static final class Streamed<T> extends Written {
        private final Iterable<T> items;
        private final Each<T> each;

        Streamed(Iterable<T> items, Each<T> each) {
            this.items = items;
            this.each = each;
        }

        @Override
        public void serialize(
                com.fasterxml.jackson.core.JsonGenerator gen, com.fasterxml.jackson.databind.SerializerProvider p)
                throws java.io.IOException {
            gen.writeStartArray();
            for (T t : items) each.write(t, gen, p);
            gen.writeEndArray();
        }
    }

    /** A value written before, as report.json's text at its place ({@link CaseLists}), copied in as it is. */
    private static final class Spooled extends Written {
        private final LongText text;

        Spooled(LongText text) {
            this.text = text;
        }

        @Override
        public void serialize(
                com.fasterxml.jackson.core.JsonGenerator gen, com.fasterxml.jackson.databind.SerializerProvider p)
                throws java.io.IOException {
            gen.writeRawValue(""); // the separator before a value, and the value counted
            text.writeTo(new java.io.Writer() {
                @Override
                public void write(char[] cs, int off, int len) throws java.io.IOException {
                    gen.writeRaw(cs, off, len);
                }

                @Override
                public void flush() {}

                @Override
                public void close() {}
            });
        }
    }

    /** report.json's pretty printer as it stands {@code nesting} objects deep (an array does not indent). */
    private static final class Nested extends com.fasterxml.jackson.core.util.DefaultPrettyPrinter {
        private static final long serialVersionUID = 1L;

        Nested(int nesting) {
            _nesting = nesting;
        }
    }

    /**
     * "discrepant_case_list" and "unstable" of report.json's verdict, written case by case as the walk over the cases
     * hands them ({@link CasePass}), each to a {@link LongText}, as report.json spells them at their place (two
     * objects deep).
     */
    static final class CaseLists implements AutoCloseable {
        private final Verdict v;
        private final LongText discrepant = new LongText(), unstable = new LongText();
        private final com.fasterxml.jackson.core.JsonGenerator d, u;

        CaseLists(Report r) {
            v = r.verdict();
            try {
                d = generator(discrepant);
                u = generator(unstable);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot write a temporary file of the report", e);
            }
        }

        private static com.fasterxml.jackson.core.JsonGenerator generator(LongText t) throws java.io.IOException {
            com.fasterxml.jackson.core.JsonGenerator g =
                    ProgramJson.MAPPER.getFactory().createGenerator(t.writer());
            g.setPrettyPrinter(new Nested(2));
            g.writeStartArray();
            return g;
        }

        void add(org.fparity.compare.Cases.Case c) throws java.io.IOException {
            if (c.discrepant()) discrepantCase(d, c, v);
            for (var e : c.unstable().entrySet()) {
                u.writeStartObject();
                u.writeStringField("program", c.program());
                u.writeNumberField("input", c.input());
                u.writeStringField("platform", e.getKey().label());
                u.writeArrayFieldStart("results");
                for (String s : e.getValue()) u.writeString(s);
                u.writeEndArray();
                u.writeEndObject();
            }
        }

        void done() throws java.io.IOException {
            d.writeEndArray();
            d.close();
            u.writeEndArray();
            u.close();
        }

        @Override
        public void close() {
            try {
                discrepant.close();
                unstable.close();
            } catch (java.io.IOException e) {
                // a temporary file left behind: deleted when the process ends
            }
        }
    }

    /** The folders under the reproducers' root (a bundle per discrepancy id), listed once; empty without the root. */
    private static java.util.Set<String> bundled(java.nio.file.Path root) {
        if (!java.nio.file.Files.isDirectory(root)) return java.util.Set.of();
        try (var s = java.nio.file.Files.list(root)) {
            return s.map(x -> x.getFileName().toString()).collect(java.util.stream.Collectors.toSet());
        } catch (java.io.IOException e) {
            return null; // unreadable: look each one up, as before
        }
    }

    private static ObjectNode tree(Report r, CasePass pass) {
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
        verdict(root.putObject("verdict"), r, pass);
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
        // one read of the discrepancies for every class (each class's count read them all again)
        int[] perClass = new int[DiscrepancyClass.values().length];
        for (Discrepancy d : r.findings().discrepancies()) perClass[d.cls().ordinal()]++;
        for (DiscrepancyClass c : DiscrepancyClass.values()) byClass.put(c.id(), perClass[c.ordinal()]);
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
        java.util.Set<String> bundled = bundled(org.fparity.reduce.Bundles.DEFAULT_ROOT);
        root.putPOJO("discrepancies", new Streamed<Discrepancy>(r.findings().discrepancies(), (d, g, p) -> {
            discrepancy(g, d, r.campaign().input(d.program(), d.input()), verdicts, bundled, p);
        }));

        // written as it is read, as the discrepancies are: 31,407 of them at 10^7 runs were a tree in memory
        root.putPOJO(
                "status_mismatches", new Streamed<StatusMismatch>(r.findings().mismatches(), (m, g, p) -> {
                    g.writeStartObject();
                    String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
                    // one side crashed where the other printed a result: 'fparity reduce CAMPAIGN --discrepancy ID'
                    if (id != null) g.writeStringField("id", id);
                    g.writeStringField("program", m.program());
                    g.writeNumberField("input", m.input());
                    g.writeFieldName("a");
                    side(g, m.pair().a().label(), m.statusA(), m.detailA());
                    g.writeFieldName("b");
                    side(g, m.pair().b().label(), m.statusB(), m.detailB());
                    g.writeEndObject();
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
        // written as they are read, as the discrepancies are: one field per accepted case
        o.putPOJO("case_reasons", new Written() {
            @Override
            public void serialize(
                    com.fasterxml.jackson.core.JsonGenerator g, com.fasterxml.jackson.databind.SerializerProvider p)
                    throws java.io.IOException {
                g.writeStartObject();
                java.io.IOException[] failed = {null};
                a.cases().forEach((key, why) -> {
                    try {
                        if (failed[0] == null) g.writeStringField(key, why);
                    } catch (java.io.IOException e) {
                        failed[0] = e;
                    }
                });
                if (failed[0] != null) throw failed[0];
                g.writeEndObject();
            }
        });
        ObjectNode ms = o.putObject("ended_differently");
        a.mismatches().forEach(ms::put);
    }

    /** The verdict in cases: the unit; pairs are in "pairs" and "discrepancies" as detail. */
    private static void verdict(ObjectNode o, Report r, CasePass pass) {
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
        o.putPOJO("discrepant_case_list", new Spooled(pass.json.discrepant));
        o.putPOJO("unstable", new Spooled(pass.json.unstable));
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
    private static void discrepantCase(
            com.fasterxml.jackson.core.JsonGenerator g, org.fparity.compare.Cases.Case c, Verdict v)
            throws java.io.IOException {
        g.writeStartObject();
        g.writeStringField("program", c.program());
        g.writeNumberField("input", c.input());
        if (v.against() != null) g.writeBooleanField("new", v.against().added().contains(c.key()));
        g.writeArrayFieldStart("answers");
        for (org.fparity.compare.Cases.Answer a : c.answers()) {
            g.writeStartObject();
            g.writeStringField("result", a.hex());
            g.writeStringField("decimal", VerdictText.decimal(a.value(), c.precision()));
            g.writeBooleanField("majority", a == c.majority());
            labels(g, "platforms", a.platforms());
            g.writeEndObject();
        }
        g.writeEndArray();
        labels(g, "odd_ones_out", c.oddOnesOut());
        Verdict.Truth t = v.truths().get(c.key());
        if (t != null) {
            g.writeObjectFieldStart("ideal_ieee");
            g.writeStringField("result", t.hex());
            labels(g, "agreeing", t.agreeing());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /** An array of platform labels, left out when there are none (as the tree's withArray left it). */
    private static void labels(com.fasterxml.jackson.core.JsonGenerator g, String field, List<Platform> ps)
            throws java.io.IOException {
        if (ps.isEmpty()) return;
        g.writeArrayFieldStart(field);
        for (Platform pl : ps) g.writeString(pl.label());
        g.writeEndArray();
    }

    private static void discrepancy(
            com.fasterxml.jackson.core.JsonGenerator g,
            Discrepancy d,
            org.fparity.ir.Input values,
            Map<String, JsonNode> verdicts,
            java.util.Set<String> bundled,
            com.fasterxml.jackson.databind.SerializerProvider p)
            throws java.io.IOException {
        g.writeStartObject();
        // stable across reports and campaigns: program, input, the two platforms and the class (reduce --discrepancy
        // ID)
        String id = org.fparity.confirm.DiscrepancyId.of(
                d.program(), d.input(), d.pair().a().label(), d.pair().b().label(), d.cls());
        g.writeStringField("id", id);
        g.writeStringField("program", d.program());
        g.writeNumberField("input", d.input());
        // the values themselves, so a reproducer needs nothing but this file and the program's source
        if (values != null) {
            g.writeArrayFieldStart("input_values");
            for (String t : values.args()) g.writeString(t);
            g.writeEndArray();
        }
        g.writeStringField("class", d.cls().id());
        g.writeObjectFieldStart("a");
        g.writeStringField("platform", d.pair().a().label());
        g.writeStringField("result", d.hexA());
        g.writeStringField("class", d.classA().label());
        g.writeEndObject();
        g.writeObjectFieldStart("b");
        g.writeStringField("platform", d.pair().b().label());
        g.writeStringField("result", d.hexB());
        g.writeStringField("class", d.classB().label());
        g.writeEndObject();
        g.writeFieldName("ulps");
        // exact: a JSON integer beyond 2^63 where the distance is that large
        if (d.hasUlps() && d.ulps() != null) g.writeNumber(d.ulps());
        else g.writeNull();
        g.writeFieldName("rel_error");
        if (Double.isNaN(d.relError())) g.writeNull();
        else g.writeNumber(d.relError());
        org.fparity.reduce.Bundles.Link bundle = bundled != null && !bundled.contains(id)
                ? null
                : org.fparity.reduce.Bundles.find(org.fparity.reduce.Bundles.DEFAULT_ROOT, id);
        if (bundle != null) {
            g.writeObjectFieldStart("reproducer");
            g.writeStringField("path", bundle.dir().toString());
            if (bundle.firstDivergence() != null) g.writeStringField("first_divergence", bundle.firstDivergence());
            if (bundle.truth() != null) g.writeStringField("correctly_rounded", bundle.truth());
            g.writeEndObject();
        }
        JsonNode verdict = verdicts.get(id); // reduce's verdict on it (verdicts.json), when it was reduced
        if (verdict != null) {
            g.writeFieldName("verdict");
            p.defaultSerializeValue(verdict, g);
        }
        g.writeEndObject();
    }

    private static void side(com.fasterxml.jackson.core.JsonGenerator g, String platform, Status s, String detail)
            throws java.io.IOException {
        g.writeStartObject();
        g.writeStringField("platform", platform);
        g.writeStringField("status", s.name());
        if (detail != null) g.writeStringField("detail", detail);
        g.writeEndObject();
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
