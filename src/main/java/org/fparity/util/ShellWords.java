package org.fparity.util;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Command lines shown for people to paste into a POSIX shell: each word as the shell would read it back, unchanged.
 * A word of only safe characters stays bare ({@code gcc -O2 -o repro}); anything else is single-quoted, a quote inside
 * written {@code '\''} — so {@code $(touch x)}, backquotes, {@code ;}, globs and spaces are data, never run.
 */
public final class ShellWords {
    private ShellWords() {}

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    /** One word, quoted when it needs to be (an empty word is {@code ''}). */
    public static String quote(String word) {
        return SAFE.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** The words quoted and joined by spaces. */
    public static String join(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            if (!b.isEmpty()) b.append(' ');
            b.append(quote(w));
        }
        return b.toString();
    }
}
