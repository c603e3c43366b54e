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

    /** As {@link #write(Report, ReportOut, CasePass)}, walking the cases for itself. */
    static void write(Report r, ReportOut out) throws java.io.IOException {
        try (CasePass p = CasePass.of(r)) {
            write(r, out, p);
        }
    }

    /**
     * Writes report.json to {@code out} (not closed), its long lists streamed: every discrepancy and run that ended
     * differently as it is read, every discrepant and unstable case as the walk over the cases wrote it ({@code pass}):
     * memory does not grow with them.
     */
    static void write(Report r, ReportOut out, CasePass pass) throws java.io.IOException {
        ProgramJson.MAPPER
                .writer()
                .without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, tree(r, pass, out));
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

    /** What a value of the tree writes as report.json's bytes at its place, past the generator. */
    @FunctionalInterface
    private interface Raw {
        void write(Utf8 u) throws java.io.IOException;
    }

    /**
     * A value written as bytes straight into the file at its place ({@link Utf8}): the generator writes the separator
     * before it and hands over what it holds, then the value is written past it.
     */
    private static final class Bytes extends Written {
        private final ReportOut out;
        private final Raw raw;

        Bytes(ReportOut out, Raw raw) {
            this.out = out;
            this.raw = raw;
        }

        @Override
        public void serialize(
                com.fasterxml.jackson.core.JsonGenerator gen, com.fasterxml.jackson.databind.SerializerProvider p)
                throws java.io.IOException {
            gen.writeRawValue(""); // the separator before a value, and the value counted
            gen.flush();
            raw.write(out.bytes());
        }
    }

    /** A value written before, as report.json's bytes at its place ({@link CaseLists}), copied in as it is. */
    private static Bytes spooled(ReportOut out, LongText text) {
        return new Bytes(out, u -> text.writeTo(out));
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
     * hands them ({@link CasePass}), each to a {@link LongText}, as report.json's generator spells them at their place
     * (two objects deep), made as bytes ({@link Utf8}).
     */
    static final class CaseLists implements AutoCloseable {
        private static final byte[] PROGRAM = CaseText.ascii("{\n      \"program\" : "),
                INPUT = CaseText.ascii(",\n      \"input\" : "),
                NEW = CaseText.ascii(",\n      \"new\" : "),
                ANSWERS = CaseText.ascii(",\n      \"answers\" : [ "),
                RESULT = CaseText.ascii("{\n        \"result\" : "),
                DECIMAL = CaseText.ascii(",\n        \"decimal\" : "),
                MAJORITY = CaseText.ascii(",\n        \"majority\" : "),
                PLATFORMS = CaseText.ascii(",\n        \"platforms\" : "),
                ANSWER_END = CaseText.ascii("\n      }"),
                ODD = CaseText.ascii(",\n      \"odd_ones_out\" : "),
                IDEAL = CaseText.ascii(",\n      \"ideal_ieee\" : {\n        \"result\" : "),
                AGREEING = CaseText.ascii(",\n        \"agreeing\" : "),
                IDEAL_END = CaseText.ascii("\n      }"),
                PLATFORM = CaseText.ascii(",\n      \"platform\" : "),
                RESULTS = CaseText.ascii(",\n      \"results\" : "),
                END = CaseText.ascii("\n    }");
        private final Verdict v;
        private final LongText discrepant = new LongText(), unstable = new LongText();
        private final CaseText text;
        private final ListedDiscrepancies listed;
        private boolean anyDiscrepant, anyUnstable;

        CaseLists(Report r, CaseText text, ListedDiscrepancies listed) {
            v = r.verdict();
            this.text = text;
            this.listed = listed;
        }

        /** Adds the case {@link CaseText} is at. */
        void add(org.fparity.compare.Cases.Case c) {
            if (c.discrepant() && listed.listsCase(c.program(), c.input())) {
                Utf8 u = discrepant.out;
                u.text(anyDiscrepant ? ", " : "[ ");
                anyDiscrepant = true;
                discrepantCase(u, c);
            }
            for (var e : c.unstable().entrySet()) {
                Utf8 u = unstable.out;
                u.text(anyUnstable ? ", " : "[ ");
                anyUnstable = true;
                u.bytes(PROGRAM).json(c.program()).bytes(INPUT).num(c.input());
                u.bytes(PLATFORM).bytes(text.json(e.getKey())).bytes(RESULTS);
                strings(u, e.getValue());
                u.bytes(END);
            }
        }

        /** One discrepant case of "discrepant_case_list". */
        private void discrepantCase(Utf8 u, org.fparity.compare.Cases.Case c) {
            u.bytes(PROGRAM).json(c.program()).bytes(INPUT).num(c.input());
            if (v.against() != null)
                u.bytes(NEW).text(String.valueOf(v.against().added().contains(c.key())));
            u.bytes(ANSWERS);
            List<org.fparity.compare.Cases.Answer> answers = c.answers();
            for (int i = 0; i < answers.size(); i++) {
                org.fparity.compare.Cases.Answer a = answers.get(i);
                if (i > 0) u.text(", ");
                u.bytes(RESULT).json(a.hex());
                u.bytes(DECIMAL).json(text.decimal(i));
                u.bytes(MAJORITY).text(a == c.majority() ? "true" : "false");
                labels(u, PLATFORMS, a.platforms());
                u.bytes(ANSWER_END);
            }
            u.text(" ]");
            labels(u, ODD, c.oddOnesOut());
            Verdict.Truth t = v.truths().get(c.key());
            if (t != null) {
                u.bytes(IDEAL).json(t.hex());
                labels(u, AGREEING, t.agreeing());
                u.bytes(IDEAL_END);
            }
            u.bytes(END);
        }

        /** A field of platform labels, left out when there are none (as the tree's withArray left it). */
        private void labels(Utf8 u, byte[] field, List<Platform> ps) {
            if (ps.isEmpty()) return;
            u.bytes(field).text("[ ");
            for (int i = 0; i < ps.size(); i++) {
                if (i > 0) u.text(", ");
                u.bytes(text.json(ps.get(i)));
            }
            u.text(" ]");
        }

        void done() {
            discrepant.out.text(anyDiscrepant ? " ]" : "[ ]");
            unstable.out.text(anyUnstable ? " ]" : "[ ]");
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

    /** An array of strings on one line, as the generator writes one ({@code [ ]} when empty). */
    static void strings(Utf8 u, List<String> ss) {
        if (ss.isEmpty()) {
            u.text("[ ]");
            return;
        }
        u.text("[ ");
        for (int i = 0; i < ss.size(); i++) {
            if (i > 0) u.text(", ");
            u.json(ss.get(i));
        }
        u.text(" ]");
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

    private static ObjectNode tree(Report r, CasePass pass, ReportOut out) {
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
        verdict(root.putObject("verdict"), r, pass, out);
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
        // the pairs' counts, which the comparison kept as it found each discrepancy: reading every discrepancy back
        // from
        // disk to count it (666,000 at 10^7 runs) gave the same numbers
        int[] perClass = new int[DiscrepancyClass.values().length];
        for (PairSummary s : r.findings().pairs())
            for (DiscrepancyClass c : DiscrepancyClass.values()) perClass[c.ordinal()] += s.count(c);
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
        // every discrepancy up to a limit, beyond it the top ones (ListedDiscrepancies): the counts above stay exact
        root.put("discrepancies_listed", pass.listed.all() ? "all" : "top");
        // the longest part of the file, written as its bytes
        root.putPOJO("discrepancies", new Bytes(out, u -> discrepancies(u, r, verdicts, bundled, pass)));

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
    private static void verdict(ObjectNode o, Report r, CasePass pass, ReportOut out) {
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
        // every discrepant case up to a limit, beyond it the top ones' (ListedDiscrepancies); "discrepant_cases" counts
        o.put("discrepant_cases_listed", pass.listed.allCases() ? "all" : "top");
        o.putPOJO("discrepant_case_list", spooled(out, pass.json.discrepant));
        o.putPOJO("unstable", spooled(out, pass.json.unstable));
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

    /** How an entry of "discrepancies" is spelled: report.json's pretty printing, or one line of {@link DiscrepancyLines}. */
    private record Style(
            byte[] id,
            byte[] program,
            byte[] input,
            byte[] values,
            byte[] cls,
            byte[] a,
            byte[] b,
            byte[] result,
            byte[] sideClass,
            byte[] sideEnd,
            byte[] ulps,
            byte[] rel,
            byte[] reproducer,
            byte[] first,
            byte[] rounded,
            byte[] verdict,
            byte[] end,
            boolean pretty) {}

    /** As the generator pretty-prints an entry one object deep. */
    private static final Style PRETTY = new Style(
            CaseText.ascii("{\n    \"id\" : "),
            CaseText.ascii(",\n    \"program\" : "),
            CaseText.ascii(",\n    \"input\" : "),
            CaseText.ascii(",\n    \"input_values\" : "),
            CaseText.ascii(",\n    \"class\" : "),
            CaseText.ascii(",\n    \"a\" : {\n      \"platform\" : "),
            CaseText.ascii(",\n    \"b\" : {\n      \"platform\" : "),
            CaseText.ascii(",\n      \"result\" : "),
            CaseText.ascii(",\n      \"class\" : "),
            CaseText.ascii("\n    }"),
            CaseText.ascii(",\n    \"ulps\" : "),
            CaseText.ascii(",\n    \"rel_error\" : "),
            CaseText.ascii(",\n    \"reproducer\" : {\n      \"path\" : "),
            CaseText.ascii(",\n      \"first_divergence\" : "),
            CaseText.ascii(",\n      \"correctly_rounded\" : "),
            CaseText.ascii(",\n    \"verdict\" : "),
            CaseText.ascii("\n  }"),
            true);

    /** One object a line, the same fields ({@code report --discrepancies FILE}). */
    private static final Style LINE = new Style(
            CaseText.ascii("{\"id\":"),
            CaseText.ascii(",\"program\":"),
            CaseText.ascii(",\"input\":"),
            CaseText.ascii(",\"input_values\":"),
            CaseText.ascii(",\"class\":"),
            CaseText.ascii(",\"a\":{\"platform\":"),
            CaseText.ascii(",\"b\":{\"platform\":"),
            CaseText.ascii(",\"result\":"),
            CaseText.ascii(",\"class\":"),
            CaseText.ascii("}"),
            CaseText.ascii(",\"ulps\":"),
            CaseText.ascii(",\"rel_error\":"),
            CaseText.ascii(",\"reproducer\":{\"path\":"),
            CaseText.ascii(",\"first_divergence\":"),
            CaseText.ascii(",\"correctly_rounded\":"),
            CaseText.ascii(",\"verdict\":"),
            CaseText.ascii("}\n"),
            false);

    /**
     * "discrepancies": every discrepancy as it is read, or only the top ones beyond {@link ListedDiscrepancies#LIMIT},
     * written as the generator pretty-prints it one object deep, as bytes (issue 31: 666,000 of them at 10^7 runs took
     * a fifth of report's time through the generator); with {@code report --discrepancies FILE}, every one into that
     * file too, in the same read.
     */
    private static void discrepancies(
            Utf8 u, Report r, Map<String, JsonNode> verdicts, java.util.Set<String> bundled, CasePass pass)
            throws java.io.IOException {
        ListedDiscrepancies listed = pass.listed;
        DiscrepancyLines lines = pass.discrepancyLines;
        CaseText text = pass.text;
        // a verdict or a bundle is found by the discrepancy's id: then every id is made, as before
        boolean reduced = !verdicts.isEmpty() || bundled == null || !bundled.isEmpty();
        boolean every = listed.all() || lines != null || reduced;
        boolean any = false;
        for (Discrepancy d : r.findings().discrepancies()) {
            if (!every && !listed.candidate(d)) continue;
            // stable across reports and campaigns: program, input, the two platforms and the class (reduce
            // --discrepancy ID)
            String id = org.fparity.confirm.DiscrepancyId.of(
                    d.program(),
                    d.input(),
                    text.label(d.pair().a()),
                    text.label(d.pair().b()),
                    d.cls());
            org.fparity.reduce.Bundles.Link bundle = bundled != null && !bundled.contains(id)
                    ? null
                    : org.fparity.reduce.Bundles.find(org.fparity.reduce.Bundles.DEFAULT_ROOT, id);
            JsonNode verdict = verdicts.get(id); // reduce's verdict on it (verdicts.json), when it was reduced
            boolean shown = listed.all() || listed.top(id) || bundle != null || verdict != null;
            if (!shown && lines == null) continue;
            InputValues.Writer values = pass.values.of(d.program(), d.input());
            if (shown) {
                u.text(any ? ", " : "[ ");
                any = true;
                discrepancy(u, PRETTY, d, id, values, bundle, verdict, text);
            }
            if (lines != null) discrepancy(lines.out, LINE, d, id, values, bundle, verdict, text);
        }
        u.text(any ? " ]" : "[ ]");
        if (lines != null) lines.finish();
    }

    private static void discrepancy(
            Utf8 u,
            Style s,
            Discrepancy d,
            String id,
            InputValues.Writer values,
            org.fparity.reduce.Bundles.Link bundle,
            JsonNode verdict,
            CaseText text)
            throws java.io.IOException {
        u.bytes(s.id()).json(id);
        u.bytes(s.program()).json(d.program());
        u.bytes(s.input()).num(d.input());
        // the values themselves, so a reproducer needs nothing but this file and the program's source
        if (values != null) {
            u.bytes(s.values());
            values.to(u);
        }
        u.bytes(s.cls()).json(d.cls().id());
        u.bytes(s.a()).bytes(text.json(d.pair().a()));
        u.bytes(s.result()).json(d.hexA());
        u.bytes(s.sideClass()).json(d.classA().label());
        u.bytes(s.sideEnd());
        u.bytes(s.b()).bytes(text.json(d.pair().b()));
        u.bytes(s.result()).json(d.hexB());
        u.bytes(s.sideClass()).json(d.classB().label());
        u.bytes(s.sideEnd());
        u.bytes(s.ulps());
        // exact: a JSON integer beyond 2^63 where the distance is that large
        if (d.hasUlps() && d.ulps() != null) u.text(d.ulps().toString());
        else u.text("null");
        u.bytes(s.rel());
        double rel = d.relError();
        if (Double.isNaN(rel)) u.text("null");
        else if (Double.isInfinite(rel)) u.json(Double.toString(rel)); // as the generator quotes a non-number
        else u.text(Double.toString(rel));
        if (bundle != null) {
            u.bytes(s.reproducer()).json(bundle.dir().toString());
            if (bundle.firstDivergence() != null) u.bytes(s.first()).json(bundle.firstDivergence());
            if (bundle.truth() != null) u.bytes(s.rounded()).json(bundle.truth());
            u.bytes(s.sideEnd());
        }
        if (verdict != null) {
            // a tree of reduce's: the generator's own pretty printing, as deep as it stands here (or on one line)
            java.io.StringWriter w = new java.io.StringWriter();
            try (com.fasterxml.jackson.core.JsonGenerator g =
                    ProgramJson.MAPPER.getFactory().createGenerator(w)) {
                g.setPrettyPrinter(
                        s.pretty() ? new Nested(2) : new com.fasterxml.jackson.core.util.MinimalPrettyPrinter());
                ProgramJson.MAPPER.writeTree(g, verdict);
            }
            u.bytes(s.verdict()).text(w.toString());
        }
        u.bytes(s.end());
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
