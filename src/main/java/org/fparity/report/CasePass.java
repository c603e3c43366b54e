package org.fparity.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.fparity.compare.Cases;
import org.fparity.ir.Precision;

/**
 * One walk over a report's cases for all of its files (issue 31): each walk reads and decodes every case from the
 * comparison's list on disk, and report.json, summary.md, report.html and junit.xml each walked it once or twice for
 * themselves. What grows with the campaign (report.json's case lists, junit.xml's testcases) goes to a {@link LongText}
 * as it is made; the rest is counts and the first few unstable cases, so memory does not grow with the cases.
 */
final class CasePass implements AutoCloseable {
    /** Unstable (case, platform) rows kept for the files that show the first few: report.html's, summary.md's. */
    static final int SHOWN = Math.max(HtmlReport.MISMATCHES, MarkdownSummary.TOP);

    private final List<Cases.Case> unstableShown = new ArrayList<>();
    private int unstableRows;
    /** Cases handed over whole (made from their runs); the others gave one stable answer on every platform. */
    long whole;

    private int unstableCases;
    private String program;
    private final Map<Precision, Integer> programs = new EnumMap<>(Precision.class);
    /** What the files show of the case at hand, made once for all of them; its labels serve the whole report. */
    final CaseText text = new CaseText();

    final JsonReport.CaseLists json;
    /** Each discrepant case's input values, for report.json's discrepancies. */
    final InputValues values;

    final JUnitReport.CaseTests junit;
    /** {@code report --cases FILE}'s list, or null when not asked for. */
    final CaseLines lines;
    /** Which discrepancies report.json lists. */
    final ListedDiscrepancies listed;
    /** {@code report --discrepancies FILE}'s list, or null when not asked for. */
    final DiscrepancyLines discrepancyLines;
    /** Whether the walk writes each discrepant case's input values: only when every discrepancy is written. */
    private final boolean allValues;

    private CasePass(Report r, java.nio.file.Path cases, java.nio.file.Path discrepancies, int limit) {
        listed = new ListedDiscrepancies(r, limit);
        json = new JsonReport.CaseLists(r, text, listed);
        values = new InputValues(r.campaign());
        junit = new JUnitReport.CaseTests(r, text, listed, limit);
        allValues = listed.all() || discrepancies != null;
        lines = cases == null ? null : new CaseLines(r, cases);
        try {
            discrepancyLines = discrepancies == null ? null : new DiscrepancyLines(discrepancies);
        } catch (RuntimeException e) {
            if (lines != null) lines.close();
            throw e;
        }
    }

    /** Walks the report's cases once. */
    static CasePass of(Report r) {
        return of(r, null);
    }

    /** Walks the report's cases once, also writing each to the case list {@code cases} (null: none). */
    static CasePass of(Report r, java.nio.file.Path cases) {
        return of(r, cases, null, ListedDiscrepancies.LIMIT);
    }

    /**
     * As {@link #of(Report, java.nio.file.Path)}; {@code discrepancies}: every discrepancy into that file as report.json
     * is written (null: none); {@code limit}: report.json lists every discrepancy up to this many, else the top ones
     * ({@link ListedDiscrepancies#LIMIT}; tests lower it).
     */
    static CasePass of(Report r, java.nio.file.Path cases, java.nio.file.Path discrepancies, int limit) {
        CasePass p = new CasePass(r, cases, discrepancies, limit);
        try {
            // made as they are walked when nothing has read them yet (Cases#forEach), never listed on disk
            // a case whose platforms gave one stable answer is not made, unless the case list shows it whole
            if (p.lines != null) Cases.forEach(r.verdict().cases(), p::add);
            else Cases.forEach(r.verdict().cases(), p::add, p::agreeing, p::shown, p::disagreeing);
            p.json.done();
            if (p.lines != null) p.lines.finish();
            return p;
        } catch (java.io.IOException e) {
            p.close();
            throw new java.io.UncheckedIOException("cannot write a temporary file of the report", e);
        } catch (RuntimeException | Error e) {
            p.close();
            throw e;
        }
    }

    /** A case whose platforms all gave one stable answer: shown only in junit.xml. */
    private void agreeing(String program, int input, Precision precision, int results, long micros) {
        count(program, precision);
        junit.agreeing(program, input, results, micros);
    }

    /** Whether a discrepant case is shown by some file (so made whole): listed in report.json or junit.xml, or named by a cause. */
    private boolean shown(String program, int input) {
        return listed.listsCase(program, input) || junit.wantsWhole(program, input);
    }

    /** A discrepant case no file shows (beyond the limit of listed cases): counted, its input values kept when needed. */
    private void disagreeing(String program, int input, Precision precision, int results, long micros) {
        count(program, precision);
        if (allValues) values.add(program, input);
        junit.disagreeing(program, input, results, micros);
    }

    private void count(String program, Precision precision) {
        if (!program.equals(this.program)) {
            this.program = program;
            programs.merge(precision, 1, Integer::sum);
        }
    }

    private void add(Cases.Case c) {
        whole++;
        count(c.program(), c.precision());
        if (c.hasUnstable()) {
            unstableCases++;
            if (unstableRows < SHOWN) {
                unstableShown.add(c);
                unstableRows += c.unstable().size();
            }
        }
        text.of(c);
        json.add(c);
        // the few top ones listed alone are looked up as they are written
        if (c.discrepant() && allValues) values.add(c.program(), c.input());
        try {
            if (lines != null) lines.add(c);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot write a temporary file of the report", e);
        }
        junit.add(c);
    }

    /** The cases with an unstable platform, in order, until they hold {@link #SHOWN} (case, platform) rows. */
    List<Cases.Case> unstableShown() {
        return unstableShown;
    }

    /** How many cases have an unstable platform. */
    int unstableCases() {
        return unstableCases;
    }

    /** How many cases some run of ended differently on some pair (crash, timeout beside another status). */
    long statusCases() {
        return junit.statusCases();
    }

    /** What {@link VerdictText#lines} counts over every case. */
    VerdictText.CaseCounts counts() {
        return new VerdictText.CaseCounts(statusCases());
    }

    /** Programs with a case, per precision. */
    Map<Precision, Integer> programs() {
        return programs;
    }

    @Override
    public void close() {
        json.close();
        junit.close();
        values.close();
        if (lines != null) lines.close();
        if (discrepancyLines != null) discrepancyLines.close();
    }
}
