package org.fparity.report;

/** Escaping for XML and HTML text and attributes. */
final class Markup {
    private Markup() {}

    /**
     * {@code s} as Markdown text that renders as itself: HTML markup characters as entities ({@code <script>} stays
     * text), table pipes escaped, backquotes (which would end a code span) as {@code '}, line breaks as spaces and other
     * control characters shown escaped. Used for every name and message that came from a campaign.
     */
    static String md(String s) {
        if (s == null) return "";
        String text = s.replace('`', '\'').replace('\n', ' ').replace('\r', ' ');
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '|') sb.append("\\|");
            else if (!entity(sb, c)) sb.append(c);
        }
        return org.fparity.util.Names.printable(sb.toString());
    }

    /** Appends {@code c} as an entity if it is one of HTML's markup characters {@code & < >}; false otherwise. */
    private static boolean entity(StringBuilder sb, char c) {
        switch (c) {
            case '&' -> sb.append("&amp;");
            case '<' -> sb.append("&lt;");
            case '>' -> sb.append("&gt;");
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * As {@link #md}, but text that fparity writes with code spans ({@code `ceil(x) < 1`}) keeps them: inside a span
     * Markdown shows HTML as text already, so only line breaks are taken out; outside, everything is escaped. Text whose
     * backquotes do not pair is escaped whole.
     */
    static String mdWithCode(String s) {
        if (s == null) return "";
        String[] parts = s.split("`", -1);
        if (parts.length % 2 == 0) return md(s);
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < parts.length; i++) {
            if (i % 2 == 0) sb.append(md(parts[i]));
            else
                sb.append('`')
                        .append(org.fparity.util.Names.printable(
                                parts[i].replace('\n', ' ').replace('\r', ' ')))
                        .append('`');
        }
        return sb.toString();
    }

    /**
     * Escapes markup characters and drops characters XML 1.0 cannot carry at all (compiler messages and crash details
     * can hold raw control bytes, and one of them would make the whole junit.xml unreadable).
     */
    static String esc(String s) {
        if (s == null) return "";
        if (plain(s)) return s; // the usual text: nothing to escape, no copy (a junit.xml testcase per case)
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (entity(sb, c)) continue;
            switch (c) {
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> {
                    if (xml(c)) sb.append(c);
                    else sb.append('\uFFFD');
                }
            }
        }
        return sb.toString();
    }

    /** Whether {@link #esc} would give {@code s} back unchanged. */
    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&', '<', '>', '"', '\'' -> {
                    return false;
                }
                default -> {
                    if (!xml(c)) return false;
                }
            }
        }
        return true;
    }

    /** A character XML 1.0 can carry. */
    private static boolean xml(char c) {
        return c == '\t'
                || c == '\n'
                || c == '\r'
                || (c >= 0x20 && c <= 0xD7FF)
                || (c >= 0xE000 && c <= 0xFFFD)
                || Character.isSurrogate(c);
    }
}
