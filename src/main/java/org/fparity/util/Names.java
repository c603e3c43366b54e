package org.fparity.util;

import org.fparity.FparityError;

/**
 * The one rule for names that come from outside fparity's own arguments — a campaign, site, toolchain, program or
 * platform name read from a file (an export, campaign.json, a nightly config, a cluster profile, a toolchain
 * descriptor). Such names end up in paths ({@code campaigns/NAME}, {@code reproducers/ID/}) and on the terminal, so
 * a name is refused unless it is a single, harmless path element: not empty, at most {@link #MAX_LENGTH} characters,
 * not {@code .} or containing {@code ..}, no {@code /} or {@code \}, no control or invisible formatting character
 * (newline, ESC, NUL, bidi overrides). A platform id may carry a node label with spaces and slashes
 * ({@link #checkLabel}); it is held to the same rule but for separators.
 *
 * <p>Whatever is printed of an outside string goes through {@link #printable}: control characters are shown escaped,
 * never sent raw to a terminal.
 */
public final class Names {
    private Names() {}

    /** The longest name accepted. */
    public static final int MAX_LENGTH = 200;

    /**
     * {@code name} if it is a safe name; otherwise a one-line error (exit 2) {@code FILE: KIND name '…' REASON}.
     *
     * @param file where the name was read (printed first); null when there is no file
     * @param kind what the name names: "campaign", "program", "toolchain", "site" …
     */
    public static String check(Object file, String kind, String name) {
        String why = problem(name, true);
        if (why != null) throw refused(file, kind, name, why);
        return name;
    }

    /** As {@link #check}, but spaces and slashes are allowed: a label that is shown and compared, never a path. */
    public static String checkLabel(Object file, String kind, String name) {
        String why = problem(name, false);
        if (why != null) throw refused(file, kind, name, why);
        return name;
    }

    /** What is wrong with {@code name} in words, or null when it is a safe name ({@code pathElement}: separators refused too). */
    public static String problem(String name, boolean pathElement) {
        if (name == null) return "is missing";
        if (name.isEmpty()) return "is empty";
        if (name.length() > MAX_LENGTH) return "is longer than " + MAX_LENGTH + " characters";
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (unsafe(c)) return "contains a control character";
        }
        if (!pathElement) return null;
        if (name.indexOf('/') >= 0 || name.indexOf('\\') >= 0) return "contains a path separator";
        if (name.equals(".") || name.contains("..")) return "contains '..' or is '.'";
        return null;
    }

    private static FparityError refused(Object file, String kind, String name, String why) {
        return new FparityError((file == null ? "" : printable(file.toString()) + ": ") + kind + " name '"
                + printable(shorten(name)) + "' " + why
                + " (a name must be one path element: no '/', '\\', '..' or control characters, at most " + MAX_LENGTH
                + " characters)");
    }

    private static String shorten(String s) {
        return s == null ? "" : s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }

    /** A control character (C0, DEL, C1), a line or paragraph separator, or an invisible format character (bidi controls). */
    private static boolean unsafe(char c) {
        int t = Character.getType(c);
        return Character.isISOControl(c)
                || t == Character.FORMAT
                || t == Character.LINE_SEPARATOR
                || t == Character.PARAGRAPH_SEPARATOR;
    }

    /**
     * Text of several lines (a report, a table) safe to print on a terminal: line breaks and tabs kept, every other
     * control or invisible format character shown escaped as in {@link #printable}.
     */
    public static String printableText(String s) {
        if (s == null) return null;
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean escape = c != '\n' && c != '\t' && unsafe(c);
            if (escape && b == null) b = new StringBuilder(s.length() + 16).append(s, 0, i);
            if (b == null) continue;
            if (escape) b.append(printable(String.valueOf(c)));
            else b.append(c);
        }
        return b == null ? s : b.toString();
    }

    /**
     * {@code s} safe to print on a terminal in one line: every control or invisible format character (newline, ESC of
     * an ANSI sequence, bidi overrides) shown as {@code \n}, {@code \t}, {@code \r} or {@code \\uXXXX}; a backslash
     * itself stays as it is. Ordinary text comes back unchanged.
     */
    public static String printable(String s) {
        if (s == null) return null;
        int i = 0;
        while (i < s.length() && !unsafe(s.charAt(i))) i++;
        if (i == s.length()) return s;
        StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!unsafe(c)) b.append(c);
            else if (c == '\n') b.append("\\n");
            else if (c == '\t') b.append("\\t");
            else if (c == '\r') b.append("\\r");
            else b.append(String.format("\\u%04x", (int) c));
        }
        return b.toString();
    }
}
