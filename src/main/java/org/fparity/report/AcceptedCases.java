package org.fparity.report;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The cases an acceptance policy accepted, each with why (issue 31: a key string and a map entry per accepted case,
 * 259,098 of them at 10^7 runs, were the one thing of a report's verdict that grew with the campaign). Per program with
 * an accepted case, a bit per accepted input; each case's reason is a number into the few distinct reasons, kept per
 * case only once a second reason appears. Looked up by case key ({@code program/input}) as the map it replaces was.
 */
public final class AcceptedCases {
    /** Nothing accepted. */
    public static final AcceptedCases NONE = new AcceptedCases();

    /** One program's accepted inputs and, once reasons differ, each one's reason number in input order. */
    private static final class Inputs {
        final BitSet accepted = new BitSet();
        int[] reason;
    }

    private final Map<String, Inputs> byProgram = new LinkedHashMap<>();
    private final List<String> reasons = new ArrayList<>();
    private final Map<String, Integer> reasonNumber = new HashMap<>();
    private int size;

    AcceptedCases() {}

    /** Accepts case ({@code program}, {@code input}) for {@code why}; cases come in (program, input) order. */
    void add(String program, int input, String why) {
        if (this == NONE) throw new IllegalStateException("NONE accepts nothing");
        Inputs in = byProgram.computeIfAbsent(program, k -> new Inputs());
        if (in.accepted.get(input)) return;
        Integer n = reasonNumber.get(why);
        if (n == null) {
            n = reasons.size();
            reasons.add(why);
            reasonNumber.put(why, n);
        }
        int rank = in.accepted.get(0, input).cardinality();
        int had = in.accepted.cardinality();
        if (in.reason != null || n != 0) {
            // reasons differ: a number per accepted input of this program (the others' are 0, the first reason)
            int[] r = new int[had + 1];
            if (in.reason != null) {
                System.arraycopy(in.reason, 0, r, 0, rank);
                System.arraycopy(in.reason, rank, r, rank + 1, had - rank);
            }
            r[rank] = n;
            in.reason = r;
        }
        in.accepted.set(input);
        size++;
    }

    /** How many cases were accepted. */
    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Why case ({@code program}, {@code input}) was accepted, or null when it was not. */
    public String reason(String program, int input) {
        Inputs in = byProgram.get(program);
        if (in == null || input < 0 || !in.accepted.get(input)) return null;
        if (in.reason == null) return reasons.getFirst();
        return reasons.get(in.reason[in.accepted.get(0, input).cardinality()]);
    }

    /** Why the case of key {@code program/input} was accepted, or null when it was not. */
    public String get(String key) {
        int slash = key.lastIndexOf('/');
        if (slash < 0) return null;
        int input;
        try {
            input = Integer.parseInt(key.substring(slash + 1));
        } catch (NumberFormatException e) {
            return null;
        }
        return reason(key.substring(0, slash), input);
    }

    /** Whether the case of key {@code program/input} was accepted. */
    public boolean containsKey(String key) {
        return get(key) != null;
    }

    /** Each accepted case's key and reason, programs in the order their first case was accepted, inputs in order. */
    public void forEach(BiConsumer<String, String> each) {
        byProgram.forEach((program, in) -> {
            int k = 0;
            for (int i = in.accepted.nextSetBit(0); i >= 0; i = in.accepted.nextSetBit(i + 1), k++)
                each.accept(program + "/" + i, reasons.get(in.reason == null ? 0 : in.reason[k]));
        });
    }

    /** The accepted cases as a map from key to reason, in {@link #forEach} order (tests, small campaigns). */
    public Map<String, String> asMap() {
        Map<String, String> out = new LinkedHashMap<>();
        forEach(out::put);
        return out;
    }
}
