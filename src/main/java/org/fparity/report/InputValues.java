package org.fparity.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The input values of every discrepant case, as report.json's "input_values" spells them, written once in the walk
 * over the cases ({@link CasePass}), in a {@link LongText}, and copied from there into each of the case's
 * discrepancies (issue 31: a case disagrees in several platform pairs, and report.json's discrepancies, pair by pair,
 * looked its input up in the campaign's copy of the store for each: 666,000 lookups at 10^7 runs, each a few reads of
 * that file and the values made and escaped again). In memory: a position per case, its program's name once.
 */
final class InputValues implements AutoCloseable {
    private final org.fparity.compare.CampaignView campaign;
    private final LongText text = new LongText();
    /** Per program: its first entry and its number of entries. */
    private final Map<String, int[]> programs = new HashMap<>();

    private String program;
    /** The current program's entry in {@link #programs}: first entry, entries, 1 when its inputs are not ascending. */
    private int[] range;

    private int[] input = new int[1024];
    /** Where entry i's text starts, or -1 when the case has no values; its length. */
    private long[] start = new long[1024];

    private int[] length = new int[1024];
    private int n;
    /** The campaign's inputs looked up (a test reads it). */
    long lookups;

    InputValues(org.fparity.compare.CampaignView campaign) {
        this.campaign = campaign;
    }

    /** Adds a discrepant case (cases come in order: a program's cases one after another). */
    void add(String program, int input) {
        if (!program.equals(this.program)) {
            this.program = program;
            range = programs.get(program);
            if (range != null) return; // a program met before, not next to its cases: left to the lookup
            range = new int[] {n, 0, 0};
            programs.put(program, range);
        } else if (range[0] + range[1] != n) return;
        if (n == this.input.length) {
            this.input = Arrays.copyOf(this.input, n * 2);
            start = Arrays.copyOf(start, n * 2);
            length = Arrays.copyOf(length, n * 2);
        }
        if (range[1] > 0 && this.input[n - 1] >= input) range[2] = 1;
        lookups++;
        org.fparity.ir.Input values = campaign.input(program, input);
        long from = text.out.size();
        if (values != null) JsonReport.strings(text.out, values.args());
        this.input[n] = input;
        start[n] = values == null ? -1 : from;
        length[n] = (int) (text.out.size() - from);
        n++;
        range[1]++;
    }

    /**
     * The input values of a case as report.json writes them: from the spool when the case was added, else looked up;
     * null when the campaign has none.
     */
    Writer of(String program, int input) {
        int[] r = programs.get(program);
        int i = r == null ? -1 : find(r, input);
        if (i >= 0) {
            long from = start[i];
            int len = length[i];
            return from < 0 ? null : u -> text.copy(from, len, u);
        }
        lookups++;
        org.fparity.ir.Input values = campaign.input(program, input);
        return values == null ? null : u -> JsonReport.strings(u, values.args());
    }

    /** The entry of the input among the program's, or -1. */
    private int find(int[] r, int in) {
        if (r[2] == 0) {
            int i = Arrays.binarySearch(input, r[0], r[0] + r[1], in);
            return i >= 0 ? i : -1;
        }
        for (int i = r[0]; i < r[0] + r[1]; i++) if (input[i] == in) return i;
        return -1;
    }

    /** Writes a case's input values. */
    @FunctionalInterface
    interface Writer {
        void to(Utf8 u) throws IOException;
    }

    @Override
    public void close() {
        try {
            text.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove a temporary file of the report", e);
        }
    }
}
