package org.fparity.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.compare.StatusMismatch;
import org.fparity.compare.Verdict;

/**
 * {@code junit.xml} for GitLab ({@code artifacts:reports:junit}) and Jenkins: one testcase per case (a program on one
 * input), its time the wall time of all its runs. Without a baseline, a case that disagrees across platforms is a
 * {@code failure}; with one, only a <i>new</i> case is (one that agreed in the baseline), and a persisting one is
 * {@code skipped} with the reason, so an unchanged night is green. A case where only an unstable platform differs is
 * skipped with that reason (never a failure); a run that ended differently on some platform (crash, timeout) is an
 * {@code error} without a baseline and noted in {@code system-out} with one; a case no platform printed a result for
 * is skipped.
 */
final class JUnitReport {
    private JUnitReport() {}

    static String render(Report r) {
        return ReportWriter.text(r, JUnitReport::write);
    }

    /** As {@link #write(Report, ReportOut, CaseTests)}, walking the cases for itself. */
    static void write(Report r, ReportOut out) throws java.io.IOException {
        try (CasePass p = CasePass.of(r)) {
            write(r, out, p.junit);
        }
    }

    /** A case a cause names: its runs' time and, when it is discrepant, its line. */
    private record Named(long micros, String described) {}

    /**
     * The testcases of the cases, made one case at a time as the walk over the cases hands them ({@link CasePass}),
     * into a {@link LongText}, with their counts; and, counted in causes, the time and line of each case a cause names.
     */
    static final class CaseTests implements AutoCloseable {
        private final Report r;
        private final Verdict v;
        private final String name;
        private final CauseVerdict cv;
        // the runs that ended differently case by case, walked beside the cases (not grouped in memory)
        private final org.fparity.compare.ByCase<StatusMismatch> mism;
        // of the cases only those the causes name, and of each only its time and its line: the causes hold their keys
        // already, and every case of a campaign of 10^7 runs does not fit in a heap
        private final java.util.Set<String> named = new java.util.HashSet<>();
        private final Map<String, Named> byKey = new HashMap<>();
        private final LongText cases = new LongText();
        private final CaseText text;
        private final byte[] classPrefix;
        private int tests, failures, errors, skipped;
        private long micros, statusCases;
        private static final byte[] TESTCASE = CaseText.ascii("    <testcase classname=\""),
                NAME = CaseText.ascii("\" name=\"input "),
                TIME = CaseText.ascii("\" time=\""),
                OPEN = CaseText.ascii(">\n"),
                SKIPPED = CaseText.ascii("      <skipped message=\""),
                SHUT = CaseText.ascii("\"/>\n"),
                FAILURE = CaseText.ascii("      <failure type=\""),
                MESSAGE = CaseText.ascii("\" message=\""),
                FAILURE_END = CaseText.ascii("</failure>\n"),
                ERROR = CaseText.ascii("      <error type=\"status\" message=\""),
                SYSTEM_OUT = CaseText.ascii("      <system-out>"),
                SYSTEM_OUT_END = CaseText.ascii("</system-out>\n"),
                TESTCASE_END = CaseText.ascii("    </testcase>\n"),
                EMPTY_END = CaseText.ascii("/>\n");

        /** Whether every case gets its testcase, else the top ones do and the others are counted ({@link #more}). */
        private final boolean all;

        private final ListedDiscrepancies listed;
        /** Beyond the limit: the cases not listed, per outcome, and their time (failure, error, skipped, passed). */
        private final long[] more = new long[4], moreMicros = new long[4];

        CaseTests(Report r, CaseText text, ListedDiscrepancies listed, int limit) {
            this.r = r;
            this.text = text;
            this.listed = listed;
            all = r.verdict().count().cases() <= limit;
            v = r.verdict();
            name = r.campaign().name();
            classPrefix = CaseText.ascii(Markup.esc(name + "."));
            cv = r.causes() != null && r.causes().compared() ? r.causes() : null;
            mism = org.fparity.compare.ByCase.mismatches(r.findings().mismatches());
            if (cv != null) for (CauseVerdict.Row row : cv.rows()) named.addAll(row.cases());
        }

        /** How many cases had a run that ended differently. */
        long statusCases() {
            return statusCases;
        }

        /** Adds the testcase of the case {@link CaseText} is at. */
        void add(org.fparity.compare.Cases.Case c) {
            add(c.program(), c.input(), c.micros(), c.results().size(), c, false);
        }

        /** Adds the testcase of a case whose platforms all gave one stable answer ({@link org.fparity.compare.Cases#forEach(java.util.List, java.util.function.Consumer, org.fparity.compare.Cases.Agreeing)}). */
        void agreeing(String program, int input, int results, long micros) {
            add(program, input, micros, results, null, false);
        }

        /**
         * Counts a discrepant case, none of its platforms unstable, that is not made whole: beyond the limit, one whose
         * testcase is not written ({@link #wantsWhole}).
         */
        void disagreeing(String program, int input, int results, long micros) {
            add(program, input, micros, results, null, true);
        }

        /** Whether a discrepant case's testcase (or its cause's) shows it: every one within the limit, else one a cause names. */
        boolean wantsWhole(String program, int input) {
            return all || cv != null && named.contains(program + "/" + input);
        }

        /**
         * The testcase of a case: {@code c} whole, or null for one whose platforms gave one stable answer ({@code
         * discrepant} false) or a discrepant one not shown.
         */
        private void add(
                String program,
                int input,
                long time,
                int results,
                org.fparity.compare.Cases.Case c,
                boolean disagrees) {
            boolean discrepant = c != null ? c.discrepant() : disagrees, unstable = c != null && c.hasUnstable();
            List<StatusMismatch> ms = mism.at(program, input);
            if (!ms.isEmpty()) statusCases++;
            if (cv != null) {
                String key = program + "/" + input;
                if (named.contains(key)) byKey.put(key, new Named(time, discrepant ? describe(c, text) : null));
                // counted in causes, a case no cause explains stays a case, and so does one that only an unstable
                // platform made differ (not a discrepancy, so never triaged)
                if (!cv.untriaged().contains(key) && (discrepant || !unstable)) return;
            }
            if (!all && !(discrepant && listed.listsCase(program, input))) {
                // beyond the limit a case that is not a top one is counted in its outcome's testcase, never written
                int k = outcome(program, input, discrepant, unstable, c, ms, results);
                more[k]++;
                moreMicros[k] += time;
                return;
            }
            tests++;
            micros += time;
            // made as junit.xml's bytes (Utf8), escaped on the way: most testcases are one line without a body
            Utf8 u = cases.out;
            u.bytes(TESTCASE)
                    .bytes(classPrefix)
                    .xml(program)
                    .bytes(NAME)
                    .num(input)
                    .bytes(TIME);
            seconds(u, time);
            u.ch('"');
            boolean body = true;
            String accepted = discrepant ? r.acceptance().cases().reason(program, input) : null;
            if (discrepant && accepted != null) {
                skipped++;
                u.bytes(OPEN)
                        .bytes(SKIPPED)
                        .xml("accepted: " + accepted + "; " + describe(c, text))
                        .bytes(SHUT);
            } else if (discrepant) {
                boolean persisting = v.against() != null && !v.against().added().contains(c.key());
                if (persisting) {
                    skipped++;
                    u.bytes(OPEN)
                            .bytes(SKIPPED)
                            .xml("persisting: disagreed in " + v.against().baseline() + " too; " + describe(c, text))
                            .bytes(SHUT);
                } else {
                    failures++;
                    u.bytes(OPEN).bytes(FAILURE).text(worst(c).id()).bytes(MESSAGE);
                    if (v.against() != null) u.xml("new since " + v.against().baseline() + ": ");
                    u.xml(describe(c, text)).text("\">");
                    details(u, c, text);
                    u.bytes(FAILURE_END);
                }
            } else if (unstable) {
                skipped++;
                u.bytes(OPEN)
                        .bytes(SKIPPED)
                        .xml("unstable: " + unstable(c) + " (not a discrepancy)")
                        .bytes(SHUT);
            } else if (!ms.isEmpty() && v.against() == null && !ms.stream().allMatch(r.acceptance()::accepts)) {
                errors++;
                u.bytes(OPEN).bytes(ERROR).xml(ms.getFirst().describe());
                if (ms.size() > 1) u.xml("; " + (ms.size() - 1) + " more platform pair(s)");
                u.bytes(SHUT);
            } else if (results < 2) {
                skipped++;
                u.bytes(OPEN)
                        .bytes(SKIPPED)
                        .text(
                                results == 0
                                        ? "no platform printed a result for this case"
                                        : "only one platform printed a result for this case: nothing to compare")
                        .bytes(SHUT);
            } else body = false;
            if (!ms.isEmpty() && (v.against() != null || discrepant || unstable)) {
                StringBuilder out = new StringBuilder("ended differently:\n");
                for (StatusMismatch m : ms) out.append(m.describe()).append('\n');
                if (!body) u.bytes(OPEN);
                body = true;
                u.bytes(SYSTEM_OUT).xml(out.toString()).bytes(SYSTEM_OUT_END);
            }
            u.bytes(body ? TESTCASE_END : EMPTY_END);
        }

        /** What the case's testcase would say: 0 failure, 1 error, 2 skipped, 3 passed (the branches of {@link #add}). */
        private int outcome(
                String program,
                int input,
                boolean discrepant,
                boolean unstable,
                org.fparity.compare.Cases.Case c,
                List<StatusMismatch> ms,
                int results) {
            if (discrepant)
                return r.acceptance().cases().reason(program, input) != null
                                || v.against() != null && !v.against().added().contains(program + "/" + input)
                        ? 2
                        : 0;
            if (unstable) return 2;
            if (!ms.isEmpty() && v.against() == null && !ms.stream().allMatch(r.acceptance()::accepts)) return 1;
            return results < 2 ? 2 : 3;
        }

        /** Beyond the limit: one testcase per outcome for the cases not listed, with their number (none within it). */
        private void more(LongText to) {
            String[] names = {"disagree", "ended differently", "skipped", "agree"};
            String[] says = {
                "more cases disagree across platforms",
                "more cases had a run that ended differently",
                "more cases were skipped (accepted, persisting, unstable, or fewer than two results)",
                "more cases agree"
            };
            for (int k = 0; k < 4; k++) {
                if (more[k] == 0) continue;
                tests++;
                micros += moreMicros[k];
                String what = more[k] + " " + says[k] + " (beyond " + ListedDiscrepancies.LIMIT
                        + " cases junit.xml lists the top ones; every case: report --cases FILE)";
                to.append("    <testcase classname=\"")
                        .append(Markup.esc(name + ".more"))
                        .append("\" name=\"")
                        .append(names[k])
                        .append("\" time=\"")
                        .append(seconds(moreMicros[k]))
                        .append("\">\n");
                switch (k) {
                    case 0 -> {
                        failures++;
                        to.append("      <failure type=\"discrepancy\" message=\"")
                                .append(Markup.esc(what))
                                .append("\"/>\n");
                    }
                    case 1 -> {
                        errors++;
                        to.append("      <error type=\"status\" message=\"")
                                .append(Markup.esc(what))
                                .append("\"/>\n");
                    }
                    case 2 -> {
                        skipped++;
                        to.append("      <skipped message=\"")
                                .append(Markup.esc(what))
                                .append("\"/>\n");
                    }
                    default ->
                        to.append("      <system-out>").append(Markup.esc(what)).append("</system-out>\n");
                }
                to.append("    </testcase>\n");
            }
        }

        /** Whether every case has its testcase (within the limit). */
        boolean all() {
            return all;
        }

        @Override
        public void close() {
            try {
                cases.close();
            } catch (java.io.IOException e) {
                // a temporary file left behind: deleted when the process ends
            }
        }
    }

    /**
     * Writes junit.xml to {@code out} (not closed): the causes' testcases, then the cases' ones as {@code ct} made
     * them.
     */
    static void write(Report r, ReportOut to, CaseTests ct) throws java.io.IOException {
        try (LongText causes = new LongText();
                LongText more = new LongText()) {
            write(r, to, ct, causes, more);
        }
    }

    private static void write(Report r, ReportOut to, CaseTests ct, LongText cases, LongText more)
            throws java.io.IOException {
        Verdict v = r.verdict();
        String name = r.campaign().name();
        int tests = 0, failures = 0, errors = 0, skipped = 0;
        long micros = 0;
        CauseVerdict cv = ct.cv;
        if (cv != null) {
            // counted in causes: one testcase per cause, its cases in the detail; cases no cause explains follow as
            // cases
            Map<String, Named> byKey = ct.byKey;
            String folder = r.campaign().provenance().getOrDefault("folder", name);
            for (CauseVerdict.Row row : cv.rows()) {
                tests++;
                long t = 0;
                StringBuilder detail = new StringBuilder();
                for (String k : row.cases()) {
                    Named c = byKey.get(k);
                    if (c != null) t += c.micros();
                    detail.append(k)
                            .append(": ")
                            .append(c != null && c.described() != null ? c.described() : "ended differently")
                            .append('\n');
                }
                micros += t;
                String cmd = CauseText.command(row, folder);
                String what = CauseText.title(row) + " — "
                        + VerdictText.cases(row.cause().cases()) + (cmd == null ? "" : "; reduce: " + cmd);
                StringBuilder body = new StringBuilder();
                List<String> redCases = row.undecided()
                        ? row.cases().stream().filter(r::redCase).toList()
                        : List.of();
                if (!redCases.isEmpty()) {
                    failures++;
                    body.append("      <failure type=\"undecided\" message=\"")
                            .append(Markup.esc("undecided cause with " + VerdictText.cases(redCases.size())
                                    + (cv.baseline() != null ? " new since " + cv.baseline() : "") + ": " + what))
                            .append("\">")
                            .append(Markup.esc(detail.toString()))
                            .append("</failure>\n");
                } else if (row.red(cv.baseline() != null)) {
                    failures++;
                    body.append("      <failure type=\"")
                            .append(row.isNew() ? "new_cause" : "cause")
                            .append("\" message=\"")
                            .append(Markup.esc(
                                    (row.isNew() ? "new root cause since " + cv.baseline() + ": " : "root cause: ")
                                            + what))
                            .append("\">")
                            .append(Markup.esc(detail.toString()))
                            .append("</failure>\n");
                } else {
                    skipped++;
                    String why = row.accepted() != null
                            ? "accepted: " + row.accepted()
                            : "known: found in " + cv.baseline() + " too";
                    body.append("      <skipped message=\"")
                            .append(Markup.esc(why + "; " + what))
                            .append("\"/>\n");
                    body.append("      <system-out>")
                            .append(Markup.esc(detail.toString()))
                            .append("</system-out>\n");
                }
                cases.append("    <testcase classname=\"")
                        .append(Markup.esc(name + ".causes"))
                        .append("\" name=\"")
                        .append(Markup.esc(row.cause().key()))
                        .append("\" time=\"")
                        .append(seconds(t))
                        .append("\">\n")
                        .append(body)
                        .append("    </testcase>\n");
            }
        }
        // beyond the limit, the testcases that count the cases not listed, after the listed ones
        ct.more(more);
        tests += ct.tests;
        failures += ct.failures;
        errors += ct.errors;
        skipped += ct.skipped;
        micros += ct.micros;
        String host = r.campaign().host().getOrDefault("hostname", "");
        StringBuilder suite = new StringBuilder();
        suite.append("  <testsuite name=\"")
                .append(Markup.esc(name
                        + (cv != null ? ": root causes, then cases no cause explains" : ": cases (program × input)")))
                .append("\" tests=\"")
                .append(tests)
                .append("\" failures=\"")
                .append(failures)
                .append("\" errors=\"")
                .append(errors)
                .append("\" skipped=\"")
                .append(skipped)
                .append("\" time=\"")
                .append(seconds(micros))
                .append("\" timestamp=\"")
                .append(timestamp(r.generated()))
                .append("\" hostname=\"")
                .append(Markup.esc(host))
                .append("\">\n    <properties>\n");
        property(suite, "campaign", name);
        property(suite, "unit", "case: one program on one input");
        property(suite, "platforms", Integer.toString(r.findings().runs().size()));
        property(suite, "discrepant_cases", Integer.toString(v.count().discrepant()));
        property(suite, "unstable_cases", Integer.toString(v.count().unstable()));
        if (v.against() != null) {
            property(suite, "baseline", v.against().baseline());
            property(suite, "new_cases", Integer.toString(v.against().added().size()));
            property(
                    suite,
                    "persisting_cases",
                    Integer.toString(v.against().persisting().size()));
            property(suite, "gone_cases", Integer.toString(v.against().gone().size()));
        }
        if (v.broken() != null) property(suite, "broken", v.broken());
        if (r.causes() != null) {
            property(suite, "root_causes", Integer.toString(r.causes().rows().size()));
            property(
                    suite,
                    "new_root_causes",
                    Integer.toString(r.causes().fresh().size()));
            property(suite, "causes_headline", CauseText.headline(r.causes()));
        }
        String accepted = r.acceptance().summary();
        if (accepted != null) property(suite, "accepted", accepted);
        if (!ct.all()) property(suite, "cases_listed", "top");
        suite.append("    </properties>\n");
        to.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"fparity " + Markup.esc(name)
                // no skipped count here: Jenkins' xUnit schema (junit-10.xsd) allows it on <testsuite> only
                + "\" tests=\"" + tests + "\" failures=\"" + failures + "\" errors=\"" + errors + "\" time=\""
                + seconds(micros) + "\">\n"
                + suite);
        cases.writeTo(to);
        ct.cases.writeTo(to);
        more.writeTo(to);
        to.write("  </testsuite>\n</testsuites>\n");
    }

    static String seconds(long micros) {
        StringBuilder sb = new StringBuilder(16);
        seconds(sb, micros);
        return sb.toString();
    }

    /** {@link #seconds(StringBuilder, long)} as bytes. */
    static void seconds(Utf8 u, long micros) {
        if (micros < 0 || micros >= 1_000_000_000_000_000L) {
            u.text(seconds(micros));
            return;
        }
        long frac = micros % 1_000_000;
        u.num(micros / 1_000_000).ch('.');
        for (long p = 100_000; p > frac && p > 1; p /= 10) u.ch('0');
        u.num(frac);
    }

    /**
     * Appends {@code %.6f} of {@code micros / 1e6}: its digits exactly (the double nearest a number of at most 15
     * digits prints as that number), without a Formatter per testcase.
     */
    static void seconds(StringBuilder sb, long micros) {
        if (micros < 0 || micros >= 1_000_000_000_000_000L) {
            sb.append(String.format(java.util.Locale.ROOT, "%.6f", micros / 1e6));
            return;
        }
        long frac = micros % 1_000_000;
        sb.append(micros / 1_000_000).append('.');
        for (long p = 100_000; p > frac && p > 1; p /= 10) sb.append('0');
        sb.append(frac);
    }

    /** The class between the majority (or first) answer and the farthest one. */
    private static org.fparity.exec.DiscrepancyClass worst(org.fparity.compare.Cases.Case c) {
        org.fparity.compare.Cases.Answer base =
                c.majority() != null ? c.majority() : c.answers().getFirst();
        org.fparity.exec.DiscrepancyClass w = null;
        for (org.fparity.compare.Cases.Answer a : c.answers()) {
            if (a == base) continue;
            org.fparity.exec.DiscrepancyClass k = org.fparity.exec.DiscrepancyClass.classify(base.value(), a.value());
            if (w == null || k != org.fparity.exec.DiscrepancyClass.NUMBER_NUMBER && k != null) w = k;
        }
        return w;
    }

    /** {@code NaN–Inf: clang-19 O3_FM disagrees with the majority (6 platforms)}. */
    static String describe(org.fparity.compare.Cases.Case c, CaseText text) {
        String cls = worst(c).label();
        if (c.majority() == null) return cls + ": " + c.answers().size() + " different answers, no majority";
        return cls + ": " + text.platforms(c.oddOnesOut())
                + (c.oddOnesOut().size() == 1 ? " disagrees" : " disagree") + " with the majority ("
                + c.majority().platforms().size() + " platforms)";
    }

    private static String unstable(org.fparity.compare.Cases.Case c) {
        List<String> parts = new ArrayList<>();
        c.unstable().forEach((p, rs) -> parts.add(p + " gave " + rs.size() + " different results on reruns"));
        return String.join("; ", parts);
    }

    /** A failure's text: each answer with its decimal and platforms (escaped), then the unstable platforms. */
    private static void details(Utf8 u, org.fparity.compare.Cases.Case c, CaseText text) {
        List<org.fparity.compare.Cases.Answer> answers = c.answers();
        for (int i = 0; i < answers.size(); i++) {
            org.fparity.compare.Cases.Answer a = answers.get(i);
            u.text(a == c.majority() ? "majority " : "answer ")
                    .xml(a.hex())
                    .text(" (")
                    .xml(text.decimal(i))
                    .text("): ")
                    .xml(text.platforms(a.platforms()))
                    .ch('\n');
        }
        if (c.hasUnstable()) u.text("unstable: ").xml(unstable(c)).ch('\n');
    }

    /** xs:dateTime without zone, as the JUnit schema wants (UTC). */
    static String timestamp(java.time.Instant t) {
        return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss")
                .withZone(java.time.ZoneOffset.UTC)
                .format(t);
    }

    private static void property(StringBuilder sb, String name, String value) {
        sb.append("      <property name=\"")
                .append(Markup.esc(name))
                .append("\" value=\"")
                .append(Markup.esc(value))
                .append("\"/>\n");
    }
}
