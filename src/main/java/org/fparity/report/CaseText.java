package org.fparity.report;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.compare.Cases;
import org.fparity.exec.Platform;

/**
 * What the report files show of the case at hand, each piece made once for all of them (issue 31): the decimal of each
 * answer (report.json's case list and junit.xml's failure both show it: an exact conversion each, and it was made
 * twice), a platform's label as a JSON string, a list of platforms as {@link VerdictText#platforms} writes it. The
 * walk over the cases ({@link CasePass}) moves it to each case in turn; the labels and lists are kept for the report
 * (a campaign has few platforms, and few distinct lists of them).
 */
final class CaseText {
    /** Lists of platforms kept at most; beyond it the lists are made again (a campaign of very many platforms). */
    private static final int LISTS = 1 << 12;

    private final Map<Platform, byte[]> json = new IdentityHashMap<>();
    private final Map<Platform, String> labels = new IdentityHashMap<>();
    private final Map<List<Platform>, String> lists = new HashMap<>();
    private Cases.Case c;
    private String[] decimals;
    /** Decimals made: one per answer of each case shown (a test reads it). */
    long decimalsMade;

    /** Moves to the next case. */
    void of(Cases.Case c) {
        this.c = c;
        decimals = null;
    }

    /** The decimal of the case's answer {@code i} ({@link VerdictText#decimal}), made once. */
    String decimal(int i) {
        if (decimals == null) decimals = new String[c.answers().size()];
        String d = decimals[i];
        if (d == null) {
            decimalsMade++;
            d = decimals[i] = VerdictText.decimal(c.answers().get(i).value(), c.precision());
        }
        return d;
    }

    /** The platform's label as a JSON string, quotes included. */
    byte[] json(Platform p) {
        byte[] b = json.get(p);
        if (b == null) {
            java.io.ByteArrayOutputStream s = new java.io.ByteArrayOutputStream();
            Utf8 u = new Utf8(s);
            u.json(label(p));
            u.drain();
            b = s.toByteArray();
            json.put(p, b);
        }
        return b;
    }

    /** The platform's label ({@link Platform#label}, which makes a string each time). */
    String label(Platform p) {
        return labels.computeIfAbsent(p, Platform::label);
    }

    /** {@link VerdictText#platforms} of the list. */
    String platforms(List<Platform> ps) {
        String s = lists.get(ps);
        if (s == null) {
            if (lists.size() >= LISTS) lists.clear();
            s = VerdictText.platforms(ps);
            lists.put(List.copyOf(ps), s);
        }
        return s;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
