package org.fparity.report;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A checker for the subset of the OpenMetrics text format fparity writes: TYPE/HELP/UNIT metadata before a family's
 * samples, families not interleaved, label values quoted and escaped, numeric values, and {@code # EOF} last.
 */
final class OpenMetricsSyntax {
    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final Pattern TYPE = Pattern.compile(
            "# TYPE (" + NAME + ") (counter|gauge|histogram|gaugehistogram|stateset|info|summary|unknown)");
    private static final Pattern META = Pattern.compile("# (HELP|UNIT) (" + NAME + ") .*");
    private static final Pattern SAMPLE = Pattern.compile(
            "(" + NAME + ")(\\{(" + "[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\""
                    + ")(,[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\")*\\})? (-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?|NaN|[+-]Inf)( [0-9]+(\\.[0-9]+)?)?");

    private OpenMetricsSyntax() {}

    static void check(String text) {
        if (!text.endsWith("# EOF\n")) throw new AssertionError("does not end with '# EOF' and a newline");
        String[] lines = text.substring(0, text.length() - "# EOF\n".length()).split("\n", -1);
        Set<String> closed = new HashSet<>();
        String current = null;
        int n = 0;
        for (String line : lines) {
            n++;
            if (line.isEmpty() && n == lines.length) break;
            if (line.equals("# EOF")) throw new AssertionError("line " + n + ": '# EOF' before the end");
            Matcher t = TYPE.matcher(line);
            Matcher m = META.matcher(line);
            Matcher s = SAMPLE.matcher(line);
            String family;
            if (t.matches()) family = t.group(1);
            else if (m.matches()) family = m.group(2);
            else if (s.matches()) {
                family = s.group(1);
                if (!family.equals(current))
                    throw new AssertionError("line " + n + ": sample of " + family + " without its # TYPE");
            } else throw new AssertionError("line " + n + ": not OpenMetrics: " + line);
            if (t.matches()) {
                if (closed.contains(family) || family.equals(current))
                    throw new AssertionError("line " + n + ": family " + family + " declared twice");
                if (current != null) closed.add(current);
                current = family;
            } else if (!family.equals(current)) {
                throw new AssertionError("line " + n + ": " + family + " interleaved with " + current);
            }
        }
    }
}
