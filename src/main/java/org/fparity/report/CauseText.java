package org.fparity.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The verdict in root causes, in words, the same in every report that has causes: {@code 9 root causes, 1 new against
 * nightly-2026-11-21: …}, then the top causes with their cases and the command that reduces each.
 */
final class CauseText {
    private CauseText() {}

    /** {@code 9 root causes, 1 new against B: TITLE (12 cases)}; {@code none new …: only known causes}. */
    static String headline(CauseVerdict cv) {
        int n = cv.rows().size();
        StringBuilder sb = new StringBuilder(causes(n));
        if (cv.baseline() != null && !cv.compared()) {
            sb.append(" (").append(cv.baseline()).append(" was not triaged: new ones are counted in cases)");
        } else if (cv.baseline() != null) {
            List<CauseVerdict.Row> fresh = cv.fresh();
            if (fresh.isEmpty()) {
                sb.append(", none new against ").append(cv.baseline()).append(": only known causes");
            } else {
                sb.append(", ")
                        .append(fresh.size())
                        .append(" new against ")
                        .append(cv.baseline())
                        .append(": ");
                List<String> names = new ArrayList<>();
                for (CauseVerdict.Row r : fresh.subList(0, Math.min(3, fresh.size())))
                    names.add(shortTitle(r) + " (" + VerdictText.cases(r.cause().cases()) + ")");
                sb.append(String.join("; ", names));
                if (fresh.size() > 3) sb.append("; … ").append(fresh.size() - 3).append(" more");
            }
        }
        int accepted = cv.accepted().size();
        if (accepted > 0) sb.append(" (").append(accepted).append(" accepted by the policy)");
        return sb.toString();
    }

    /** The top causes, one line each, then what the causes do not cover. */
    static List<String> lines(CauseVerdict cv, String folder) {
        List<String> out = new ArrayList<>();
        int i = 0;
        for (CauseVerdict.Row r :
                cv.rows().subList(0, Math.min(CauseVerdict.TOP, cv.rows().size()))) {
            out.add(++i + ". " + tags(r) + title(r) + " — "
                    + VerdictText.cases(r.cause().cases()) + reduce(r, folder));
        }
        if (cv.rows().size() > CauseVerdict.TOP)
            out.add("… " + (cv.rows().size() - CauseVerdict.TOP) + " more causes in the report");
        out.addAll(notes(cv));
        return out;
    }

    /** What the cause list does not say by itself: undecided, untriaged cases, causes of the baseline gone. */
    static List<String> notes(CauseVerdict cv) {
        List<String> out = new ArrayList<>();
        if (cv.causes().undecided() > 0)
            out.add("undecided: " + cv.causes().undecided() + " of "
                    + cv.causes().triaged() + " triaged discrepancies no experiment could attribute");
        if (!cv.untriaged().isEmpty()) {
            out.add("not triaged: " + VerdictText.cases(cv.untriaged().size())
                    + " that disagree or ended differently are in no cause (e.g. "
                    + cv.untriaged().iterator().next() + "); run fparity triage again");
        }
        if (!cv.gone().isEmpty())
            out.add("gone: " + cv.gone().size() + (cv.gone().size() == 1 ? " cause" : " causes") + " of "
                    + cv.baseline() + " not found here");
        return out;
    }

    /** {@code [new] [accepted: why] }, {@code [undecided] }. */
    static String tags(CauseVerdict.Row r) {
        return (r.undecided() ? "[undecided] " : r.isNew() ? "[new] " : "")
                + (r.accepted() != null ? "[accepted: " + r.accepted() + "] " : "");
    }

    /** The title, cut to one headline's worth. */
    static String shortTitle(CauseVerdict.Row r) {
        String t = title(r);
        return t.length() <= 100 ? t : t.substring(0, 99) + "…";
    }

    /** The cause's title, or its key when triage gave none. */
    static String title(CauseVerdict.Row r) {
        String t = r.cause().title();
        return t == null || t.isBlank() ? r.cause().key() : t;
    }

    /** {@code ; reduce: bin/fparity reduce … --discrepancy ID} (the cause's own command, or one made from its representative). */
    static String reduce(CauseVerdict.Row r, String folder) {
        String cmd = command(r, folder);
        return cmd == null ? "" : "; reduce: " + cmd;
    }

    static String command(CauseVerdict.Row r, String folder) {
        if (r.cause().reduce() != null && !r.cause().reduce().isBlank())
            return r.cause().reduce();
        if (r.cause().representative() == null) return null;
        return "bin/fparity reduce " + VerdictText.shell(folder) + " --discrepancy "
                + r.cause().representative();
    }

    /**
     * One row of the causes table, the same in report.html and summary.md: rank, key, state ({@link
     * CauseVerdict#state}), title, cases, the state in words and the command that reduces it (null when none).
     */
    record TableRow(int rank, String key, String state, String title, int cases, String stateText, String command) {}

    /** The causes table's rows, most cases first: what report.html and summary.md each render in their markup. */
    static List<TableRow> table(CauseVerdict cv, String folder) {
        List<TableRow> out = new java.util.ArrayList<>();
        for (CauseVerdict.Row row : cv.rows())
            out.add(new TableRow(
                    out.size() + 1,
                    row.cause().key(),
                    cv.state(row),
                    title(row),
                    row.cause().cases(),
                    stateText(cv, row),
                    command(row, folder)));
        return out;
    }

    /** A cause's state in words: {@code new}, {@code known}, {@code accepted: why}, {@code undecided: …}; empty without a baseline. */
    static String stateText(CauseVerdict cv, CauseVerdict.Row row) {
        return switch (cv.state(row)) {
            case "accepted" -> "accepted: " + row.accepted();
            case "undecided" -> "undecided: its cases are judged as cases";
            case "new" -> "new";
            case "known" -> "known";
            default -> "";
        };
    }

    static String causes(int n) {
        return n + (n == 1 ? " root cause" : " root causes");
    }
}
