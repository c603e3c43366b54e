package org.fparity.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.PairSummary;
import org.fparity.compare.StatusMismatch;

/**
 * {@code junit.xml} for GitLab ({@code artifacts:reports:junit}) and Jenkins: one testsuite per pair and precision, one
 * testcase per program in it. A numerical discrepancy is a {@code failure} whose type is the class and whose message names the
 * class and ULPs; a run that ended differently on the two sides (and no discrepancy) is an {@code error}; a program no
 * run of which finished on both sides is {@code skipped}, since nothing was compared.
 */
final class JUnitReport {
    private JUnitReport() {}

    static String render(Report r) {
        Map<String, List<Discrepancy>> disc = new HashMap<>();
        for (Discrepancy d : r.findings().discrepancies()) disc.computeIfAbsent(caseKey(d.pair().id(), d.program()), k -> new ArrayList<>()).add(d);
        // With a baseline, CI must go red for what is new only: a case whose discrepancies all persist passes, noted.
        java.util.Set<String> newKeys = new java.util.HashSet<>();
        if (r.baseline() != null) for (Discrepancy d : r.baseline().added()) newKeys.add(d.key());
        Map<String, List<StatusMismatch>> mism = new HashMap<>();
        for (StatusMismatch m : r.findings().mismatches()) mism.computeIfAbsent(caseKey(m.pair().id(), m.program()), k -> new ArrayList<>()).add(m);

        StringBuilder suites = new StringBuilder();
        int tests = 0, failures = 0, errors = 0, skipped = 0;
        String host = r.campaign().host().getOrDefault("hostname", "");
        for (PairSummary s : r.findings().pairs()) {
            StringBuilder cases = new StringBuilder();
            int t = 0, f = 0, e = 0, sk = 0;
            String id = s.pair().id();
            for (String program : s.programs()) {
                t++;
                List<Discrepancy> ds = disc.getOrDefault(caseKey(id, program), List.of());
                List<StatusMismatch> ms = mism.getOrDefault(caseKey(id, program), List.of());
                StringBuilder body = new StringBuilder();
                List<Discrepancy> known = r.baseline() == null ? List.of() : ds.stream().filter(d -> !newKeys.contains(d.key())).toList();
                if (!known.isEmpty() && known.size() == ds.size()) {
                    body.append("      <system-out>").append(Markup.esc("known since " + r.baseline().baselineName() + ":\n" + details(ds, ms))).append("</system-out>\n");
                } else if (!ds.isEmpty()) {
                    f++;
                    Discrepancy worst = ds.stream().sorted(Report.SEVERITY).findFirst().orElseThrow();
                    String msg = describe(worst) + (ds.size() > 1 ? "; " + (ds.size() - 1) + " more input(s)" : "");
                    body.append("      <failure type=\"").append(worst.cls().id()).append("\" message=\"").append(Markup.esc(msg)).append("\">")
                            .append(Markup.esc(details(ds, ms))).append("</failure>\n");
                } else if (!ms.isEmpty()) {
                    e++;
                    body.append("      <error type=\"status\" message=\"").append(Markup.esc(ms.getFirst().describe()))
                            .append(ms.size() > 1 ? Markup.esc("; " + (ms.size() - 1) + " more input(s)") : "")
                            .append("\">").append(Markup.esc(details(ds, ms))).append("</error>\n");
                } else if (!s.comparedPrograms().contains(program)) {
                    sk++;
                    body.append("      <skipped message=\"no run of this program finished on both sides\"/>\n");
                }
                cases.append("    <testcase classname=\"").append(Markup.esc(id)).append("\" name=\"").append(Markup.esc(program)).append("\" time=\"0\"");
                cases.append(body.isEmpty() ? "/>\n" : ">\n" + body + "    </testcase>\n");
            }
            suites.append("  <testsuite name=\"").append(Markup.esc(s.pair() + ", " + s.precision().name())).append("\" tests=\"").append(t)
                    .append("\" failures=\"").append(f).append("\" errors=\"").append(e).append("\" skipped=\"").append(sk)
                    .append("\" time=\"0\" timestamp=\"").append(timestamp(r.generated()))
                    .append("\" hostname=\"").append(Markup.esc(host)).append("\">\n");
            suites.append("    <properties>\n");
            property(suites, "a", s.pair().a().id());
            property(suites, "b", s.pair().b().id());
            property(suites, "precision", s.precision().id());
            property(suites, "compared_runs", Integer.toString(s.compared()));
            property(suites, "discrepancies", Integer.toString(s.discrepancies()));
            suites.append("    </properties>\n").append(cases).append("  </testsuite>\n");
            tests += t;
            failures += f;
            errors += e;
            skipped += sk;
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"fparity " + Markup.esc(r.campaign().name())
                + "\" tests=\"" + tests + "\" failures=\"" + failures + "\" errors=\"" + errors + "\" skipped=\"" + skipped + "\" time=\"0\">\n"
                + suites + "</testsuites>\n";
    }

    /** xs:dateTime without zone, as the JUnit schema wants (UTC). */
    static String timestamp(java.time.Instant t) {
        return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(java.time.ZoneOffset.UTC).format(t);
    }

    private static String caseKey(String pairId, String program) {
        return pairId + "\n" + program;
    }

    /** {@code Number–Number, 3 ULPs (input 0)} / {@code NaN–Inf (input 2)}. */
    static String describe(Discrepancy d) {
        return d.cls().label() + (d.hasUlps() ? ", " + Tables.ulps(d) + (d.ulps().equals(java.math.BigInteger.ONE) ? " ULP" : " ULPs") : "") + " (input " + d.input() + ")";
    }

    private static String details(List<Discrepancy> ds, List<StatusMismatch> ms) {
        StringBuilder sb = new StringBuilder();
        for (Discrepancy d : ds) {
            sb.append("input ").append(d.input()).append(": ").append(d.pair().a()).append(" = ").append(d.hexA()).append(", ")
                    .append(d.pair().b()).append(" = ").append(d.hexB()).append(" → ").append(d.cls().label());
            if (d.hasUlps()) sb.append(", ").append(Tables.ulps(d)).append(" ULPs, rel. error ").append(Tables.rel(d));
            sb.append('\n');
        }
        for (StatusMismatch m : ms) sb.append("input ").append(m.input()).append(": ").append(m.describe()).append('\n');
        return sb.toString();
    }

    private static void property(StringBuilder sb, String name, String value) {
        sb.append("      <property name=\"").append(Markup.esc(name)).append("\" value=\"").append(Markup.esc(value)).append("\"/>\n");
    }
}
