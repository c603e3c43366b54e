package org.fparity.compare;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;

/**
 * A campaign's outcomes case by case, in (program, input) order: for each case (one program on one input) the first
 * outcome of each platform that has one, platforms in order, and that platform's rerun outcomes (every attempt, in
 * attempt order). What {@link Comparer} and {@link Cases} walk, in one pass each, keeping nothing per run. Two kinds:
 * outcomes held in a list ({@link #of(CampaignView)}: a campaign just run, tests) or sorted by case on disk
 * ({@link CaseSpill}: a campaign read from its folder, whatever its size).
 */
interface CaseSource {
    /** Every platform some outcome ran on, in order; {@link Runs#platform} indexes it. */
    Platform[] platforms();

    /** Calls {@code v} once per case that has an outcome, in (program, input) order, with a {@link Runs} it reuses. */
    void forEach(java.util.function.Consumer<Runs> v);

    /**
     * One case's runs; valid only during the call it is handed to. Each platform with an outcome is an entry; each
     * outcome (first run or rerun) a record, kept as numbers: its status, its result's bits, its time, and its text
     * (the result as printed, the detail) as bytes, made a string only when asked ({@link #hex}, {@link #detail}). A
     * comparison of two results compares longs.
     */
    final class Runs {
        String program;
        int input;
        /** How many platforms have an outcome for the case. */
        int n;
        /** Per entry, in platform order: the platform's number, its first record, the end of its records (reruns between). */
        int[] platform = new int[16];

        int[] first = new int[16];
        int[] end = new int[16];

        /** Records. */
        int records;

        byte[] status = new byte[32];
        /** The result's value's raw bits ({@link HexBits}) when the record has a result that reads. */
        long[] bits = new long[32];

        long[] micros = new long[32];
        /** {@link #HEX}, {@link #BAD_HEX}. */
        byte[] flags = new byte[32];
        /** Where each record's result and detail text lie in {@link #text} (length -1: none). */
        int[] hexAt = new int[32];

        int[] hexLen = new int[32];
        int[] detailAt = new int[32];
        int[] detailLen = new int[32];
        /** Strings made (or given) for a record's result and detail, null until asked. */
        String[] hexString = new String[32];

        String[] detailString = new String[32];
        byte[] text = new byte[1024];
        int textLen;

        /** The record has a result text. */
        static final byte HEX = 1;
        /** Its result text is not a hex float. */
        static final byte BAD_HEX = 2;
        /**
         * Its result text is printf's {@code %a} of its bits with as many digits as the flags' upper four bits say
         * ({@link HexBits#digits}): not kept, made again from the bits when asked ({@link HexBits#text}).
         */
        static final byte MADE = 4;
        /** The record has a detail (a record on disk: its text follows). */
        static final byte DETAIL = 8;

        /** The flags of a result text made again from its bits with {@code digits} hex digits ({@link #MADE}). */
        static int made(int digits) {
            return MADE | digits << 4;
        }

        private static final Status[] STATUSES = Status.values();

        void clear(String program, int input) {
            this.program = program;
            this.input = input;
            n = 0;
            for (int r = 0; r < records; r++) {
                hexString[r] = null;
                detailString[r] = null;
            }
            records = 0;
            textLen = 0;
        }

        /** Starts the entry of platform {@code platformNumber}; its records follow ({@link #record}). */
        void entry(int platformNumber) {
            if (n == platform.length) {
                platform = Arrays.copyOf(platform, n * 2);
                first = Arrays.copyOf(first, n * 2);
                end = Arrays.copyOf(end, n * 2);
            }
            platform[n] = platformNumber;
            first[n] = records;
            end[n++] = records;
        }

        /** Adds a record to the last entry; its text is given after ({@link #hexText}, {@link #detailText}). */
        int record(int statusOrdinal, long micros, long bits, int flags) {
            int r = records;
            if (r == status.length) grow();
            status[r] = (byte) statusOrdinal;
            this.micros[r] = micros;
            this.bits[r] = bits;
            this.flags[r] = (byte) flags;
            hexLen[r] = -1;
            detailLen[r] = -1;
            records++;
            end[n - 1] = records;
            return r;
        }

        private void grow() {
            int k = status.length * 2;
            status = Arrays.copyOf(status, k);
            bits = Arrays.copyOf(bits, k);
            micros = Arrays.copyOf(micros, k);
            flags = Arrays.copyOf(flags, k);
            hexAt = Arrays.copyOf(hexAt, k);
            hexLen = Arrays.copyOf(hexLen, k);
            detailAt = Arrays.copyOf(detailAt, k);
            detailLen = Arrays.copyOf(detailLen, k);
            hexString = Arrays.copyOf(hexString, k);
            detailString = Arrays.copyOf(detailString, k);
        }

        /** Room for {@code k} more bytes of text; where they go. */
        int room(int k) {
            if (textLen + k > text.length) text = Arrays.copyOf(text, Math.max(text.length * 2, textLen + k));
            int at = textLen;
            textLen += k;
            return at;
        }

        /** Record {@code r}'s result is {@code len} bytes at {@code at} of {@link #text}. */
        void hexText(int r, int at, int len) {
            hexAt[r] = at;
            hexLen[r] = len;
        }

        void detailText(int r, int at, int len) {
            detailAt[r] = at;
            detailLen[r] = len;
        }

        /** Adds a record made from an outcome (a list in memory): its strings given, its bits read from them. */
        void add(Outcome o) {
            int flags = 0;
            long b = 0;
            if (o.hex() != null) {
                flags = HEX;
                try {
                    b = Double.doubleToRawLongBits(org.fparity.ir.HexFloat.parse(o.hex()));
                } catch (RuntimeException e) {
                    flags |= BAD_HEX;
                }
            }
            int r = record(o.status() == null ? -1 : o.status().ordinal(), o.micros(), b, flags);
            hexString[r] = o.hex();
            detailString[r] = o.detail();
            if (o.hex() != null) hexLen[r] = 0;
            if (o.detail() != null) detailLen[r] = 0;
        }

        Status status(int r) {
            return status[r] < 0 ? null : STATUSES[status[r]];
        }

        boolean ok(int r) {
            return status[r] == OK;
        }

        private static final int OK = Status.OK.ordinal();

        /** The result as printed, or null. */
        String hex(int r) {
            if (hexString[r] == null) {
                if ((flags[r] & MADE) != 0) hexString[r] = HexBits.text(bits[r], (flags[r] & 0xff) >>> 4);
                else if (hexLen[r] >= 0) hexString[r] = new String(text, hexAt[r], hexLen[r], StandardCharsets.UTF_8);
            }
            return hexString[r];
        }

        String detail(int r) {
            if (detailString[r] == null && detailLen[r] >= 0)
                detailString[r] = new String(text, detailAt[r], detailLen[r], StandardCharsets.UTF_8);
            return detailString[r];
        }

        /** The result's value (the record has a result that reads). */
        double value(int r) {
            return Double.longBitsToDouble(bits[r]);
        }

        /** Whether entry {@code k} has reruns. */
        boolean rerun(int k) {
            return end[k] - first[k] > 1;
        }

        /** The outcome of record {@code r} of entry {@code k}, made whole (for a message, or a list of outcomes). */
        Outcome outcome(int r, Platform p, String platformId) {
            return new Outcome(
                    program,
                    input,
                    p.toolchain(),
                    p.opt(),
                    p.site(),
                    p.node(),
                    status(r),
                    hex(r),
                    detail(r),
                    platformId,
                    micros[r]);
        }

        public String program() {
            return program;
        }

        public int input() {
            return input;
        }
    }

    /** The cases of a view: sorted on disk when the view's outcomes are ({@link CaseSpill.Outcomes}), else grouped in memory. */
    static CaseSource of(CampaignView view) {
        if (view.outcomes() instanceof CaseSpill.Outcomes s) return s.cases();
        return new Held(view.outcomes(), view.reruns());
    }

    /** Outcomes in memory: grouped by {@link CaseIndex}, reruns by a map of the runs that have some. */
    final class Held implements CaseSource {
        private final CaseIndex x;
        private final Map<Cases.RunOn, List<Outcome>> again;

        Held(List<Outcome> outcomes, List<List<Outcome>> attempts) {
            x = CaseIndex.of(outcomes);
            Map<Cases.RunOn, List<Outcome>> m = new HashMap<>();
            for (List<Outcome> attempt : attempts) {
                for (Outcome o : attempt)
                    m.computeIfAbsent(new Cases.RunOn(o.program(), o.input(), Platform.of(o)), k -> new ArrayList<>(2))
                            .add(o);
            }
            again = m;
        }

        @Override
        public Platform[] platforms() {
            return x.platforms;
        }

        @Override
        public void forEach(java.util.function.Consumer<Runs> v) {
            Runs r = new Runs();
            for (int c = 0; c < x.cases(); c++) {
                if (x.first[c] == x.first[c + 1]) continue;
                r.clear(x.programOf[c], x.inputOf[c]);
                for (int e = x.first[c]; e < x.first[c + 1]; e++) {
                    Outcome o = x.outcome(e);
                    Platform pl = x.platforms[x.platformAt[e]];
                    List<Outcome> more = again.isEmpty()
                            ? List.of()
                            : again.getOrDefault(new Cases.RunOn(o.program(), o.input(), pl), List.of());
                    r.entry(x.platformAt[e]);
                    r.add(o);
                    for (Outcome m : more) r.add(m);
                }
                v.accept(r);
            }
        }
    }
}
