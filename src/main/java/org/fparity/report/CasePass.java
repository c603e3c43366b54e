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
    private int unstableCases;
    private final Map<Precision, Integer> programs = new EnumMap<>(Precision.class);
    final JsonReport.CaseLists json;
    final JUnitReport.CaseTests junit;

    private CasePass(Report r) {
        json = new JsonReport.CaseLists(r);
        junit = new JUnitReport.CaseTests(r);
    }

    /** Walks the report's cases once. */
    static CasePass of(Report r) {
        CasePass p = new CasePass(r);
        try {
            String program = null;
            for (Cases.Case c : r.verdict().cases()) {
                if (!c.program().equals(program)) {
                    program = c.program();
                    p.programs.merge(c.precision(), 1, Integer::sum);
                }
                if (c.hasUnstable()) {
                    p.unstableCases++;
                    if (p.unstableRows < SHOWN) {
                        p.unstableShown.add(c);
                        p.unstableRows += c.unstable().size();
                    }
                }
                p.json.add(c);
                p.junit.add(c);
            }
            p.json.done();
            return p;
        } catch (java.io.IOException e) {
            p.close();
            throw new java.io.UncheckedIOException("cannot write a temporary file of the report", e);
        } catch (RuntimeException | Error e) {
            p.close();
            throw e;
        }
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
    }
}
