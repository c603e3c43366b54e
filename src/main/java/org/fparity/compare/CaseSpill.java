package org.fparity.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import org.fparity.campaign.CampaignGaps;
import org.fparity.campaign.OutcomeLog;
import org.fparity.exec.CompactOutcome;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;

/**
 * A campaign's outcome logs sorted by case on disk, once: the external sort that lets compare and report walk a
 * campaign of any size case by case in bounded memory. Reading the logs ({@link OutcomeLog#scan}) writes each outcome
 * as a small binary record into one of a few dozen bucket files by its case number (cases are numbered in (program,
 * input) order from the campaign's program list); each bucket is then read alone, counting-sorted by case, the
 * records of a case put in platform order, a run's second record in the same file dropped (a different result there is
 * a conflict, named as {@link OutcomeLog#read} names it), and appended to one sorted file. Every later pass
 * ({@link #forEach}) reads that file front to back. Memory: one bucket (about {@link #BUCKET_RECORDS} records) and the
 * names of programs and platforms.
 */
final class CaseSpill implements CaseSource {
    /** About this many records per bucket, sorted in memory at a time. */
    static final int BUCKET_RECORDS = Integer.getInteger("fparity.spill.bucket", 250_000);

    /** Records per bucket in use (tests make it small, to sort through many buckets). */
    static volatile int bucketRecords = BUCKET_RECORDS;

    private static final Status[] STATUSES = Status.values();

    /** What reading the logs found, for the caller to refuse in its own order. */
    record Found(List<List<String>> problems, List<List<String>> conflicts, List<String> strangers, long[] outcomes) {}

    private final String[] programs;
    private final int[] base;
    // the names of each distinct (toolchain, opt, site, node, platform id) seen, and which platform and run each is
    private final List<String[]> tuples = new ArrayList<>();
    private final Map<String, Integer> tupleNumber = new HashMap<>();
    private int[] platformOf = new int[0];
    private int[] runOf = new int[0];
    private Platform[] platforms;
    private final java.util.BitSet tupleInFirst = new java.util.BitSet();
    private final java.util.SortedSet<Platform> firstPlatforms = new java.util.TreeSet<>();
    private Path sorted;
    private final Found found;
    private final long firsts;

    /**
     * Sorts the logs {@code files} (the outcome log, then each rerun attempt's file) of a campaign whose programs are
     * {@code programs} (sorted by id) with {@code inputs[i]} inputs each. {@code gaps} (or null) is told every run of
     * the first file that belongs to the campaign, in file order (to count planned runs without one).
     */
    CaseSpill(String[] programs, int[] inputs, List<Path> files, CampaignGaps.Tally gaps) {
        this.programs = programs;
        base = new int[programs.length + 1];
        // a program's number by its id's bytes (compact lines), by its id (other lines: made when one comes)
        ProgramNumbers numbers = new ProgramNumbers(programs);
        Map<String, Integer> programNumber = new HashMap<>();
        for (int p = 0; p < programs.length; p++) base[p + 1] = base[p] + inputs[p];
        int cases = base[programs.length];
        long bytes = 0;
        for (Path f : files) {
            try {
                if (Files.isRegularFile(f)) bytes += Files.size(f);
            } catch (IOException e) {
                // read below, where the failure is said
            }
        }
        // a compact log (layout 3) takes about 50 bytes a run, a log of JSON objects 180 or more
        int buckets = Math.clamp(bytes / 40 / bucketRecords + 1, 1, 1024);
        int perBucket = Math.max(1, (cases + buckets - 1) / buckets);
        buckets = Math.max(1, (cases + perBucket - 1) / perBucket);
        List<List<String>> problems = new ArrayList<>();
        List<String> strangers = new ArrayList<>();
        long[] outcomes = new long[files.size()];
        Path[] bucketFiles = new Path[buckets];
        SpillOut[] out = new SpillOut[buckets];
        HexBits hexBits = new HexBits();
        try {
            for (int k = 0; k < files.size(); k++) {
                int attempt = k;
                Path file = files.get(k);
                String name = file.getFileName().toString();
                String[] stranger = {null};
                // this file's numbers of names (OutcomeLog.scanRuns) → tuple, -1 until seen; the last program's bytes,
                // id and number (a log's runs come grouped by program)
                int[][] tupleOf = {new int[0]};
                byte[][] lastBytes = {new byte[0]};
                String[] lastProgram = {null};
                int[] lastP = {-1};
                problems.add(OutcomeLog.scanRuns(file, new OutcomeLog.RunSink() {
                    @Override
                    public void run(byte[] b, CompactOutcome.Decoder d, int names, CompactOutcome.Names n, int line) {
                        int from = d.programFrom, to = d.programTo;
                        if (lastProgram[0] == null || !ProgramNumbers.same(lastBytes[0], b, from, to)) {
                            lastBytes[0] = Arrays.copyOfRange(b, from, to);
                            int p = numbers.of(b, from, to);
                            lastProgram[0] =
                                    p < 0 ? new String(lastBytes[0], StandardCharsets.ISO_8859_1) : programs[p];
                            lastP[0] = p;
                        }
                        int p = lastP[0];
                        if (p < 0 || d.input >= inputs[p]) {
                            if (stranger[0] == null)
                                stranger[0] = strange(
                                        name,
                                        new Outcome(
                                                lastProgram[0],
                                                d.input,
                                                n.toolchain(),
                                                n.opt(),
                                                n.site(),
                                                n.node(),
                                                d.status,
                                                null,
                                                null,
                                                n.platform(),
                                                0),
                                        p < 0 ? -1 : inputs[p]);
                            return;
                        }
                        int t = tupleOf(tupleOf, names, n);
                        if (attempt == 0) first(gaps, t, lastProgram[0], d.input);
                        long bits = 0;
                        int flags = d.detail == null ? 0 : Runs.DETAIL;
                        if (d.hexFrom >= 0) {
                            flags |= Runs.HEX;
                            try {
                                bits = hexBits.bits(b, d.hexFrom, d.hexTo);
                                // printf's own text of the bits: not written, made again when asked
                                if (hexBits.digits >= 0) flags |= Runs.made(hexBits.digits);
                            } catch (RuntimeException e) {
                                flags |= Runs.BAD_HEX;
                            }
                        }
                        try {
                            SpillOut o = bucket(base[p] + d.input, perBucket, bucketFiles, out);
                            head(o, base[p] + d.input, t, attempt, d.status.ordinal(), line, d.micros, bits, flags);
                            if ((flags & (Runs.HEX | Runs.MADE)) == Runs.HEX)
                                o.writeBytes(b, d.hexFrom, d.hexTo - d.hexFrom);
                            if (d.detail != null) o.writeString(d.detail);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        outcomes[attempt]++;
                    }

                    @Override
                    public void outcome(Outcome o, int names, int line) {
                        Integer p;
                        if (o.program() == lastProgram[0]) p = lastP[0] < 0 ? null : lastP[0];
                        else {
                            if (programNumber.isEmpty())
                                for (int k = 0; k < programs.length; k++) programNumber.put(programs[k], k);
                            p = programNumber.get(o.program());
                            lastProgram[0] = p == null ? null : o.program();
                            lastBytes[0] = new byte[0];
                            lastP[0] = p == null ? -1 : p;
                        }
                        if (p == null || o.input() < 0 || o.input() >= inputs[p]) {
                            if (stranger[0] == null) stranger[0] = strange(name, o, p == null ? -1 : inputs[p]);
                            return;
                        }
                        int t = tupleOf(tupleOf, names, CompactOutcome.Names.of(o));
                        if (attempt == 0) first(gaps, t, o.program(), o.input());
                        long bits = 0;
                        int flags = o.detail() == null ? 0 : Runs.DETAIL;
                        if (o.hex() != null) {
                            flags |= Runs.HEX;
                            try {
                                bits = Double.doubleToRawLongBits(org.fparity.ir.HexFloat.parse(o.hex()));
                            } catch (RuntimeException e) {
                                flags |= Runs.BAD_HEX;
                            }
                        }
                        int c = base[p] + o.input();
                        try {
                            SpillOut d = bucket(c, perBucket, bucketFiles, out);
                            head(d, c, t, attempt, o.status().ordinal(), line, o.micros(), bits, flags);
                            if (o.hex() != null) d.writeString(o.hex());
                            if (o.detail() != null) d.writeString(o.detail());
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        outcomes[attempt]++;
                    }
                }));
                strangers.add(stranger[0]);
            }
            for (int b = 0; b < buckets; b++) {
                if (out[b] != null) out[b].close();
                out[b] = null;
            }
            numberPlatforms();
            List<List<String[]>> conflicts = new ArrayList<>();
            for (int k = 0; k < files.size(); k++) conflicts.add(new ArrayList<>());
            sorted = SpillFiles.create("cases");
            long kept = 0;
            try (SpillOut s = new SpillOut(Files.newOutputStream(sorted), 1 << 16)) {
                for (int b = 0; b < buckets; b++) {
                    if (bucketFiles[b] == null) continue;
                    kept += sortBucket(
                            bucketFiles[b], b * perBucket, Math.min(cases, (b + 1) * perBucket), s, files, conflicts);
                    SpillFiles.delete(bucketFiles[b]);
                }
            }
            firsts = kept;
            List<List<String>> named = new ArrayList<>();
            for (List<String[]> cs : conflicts) {
                // in file order, as the log's own reading names them
                cs.sort(java.util.Comparator.comparingInt(x -> Integer.parseInt(x[0])));
                named.add(cs.stream().map(x -> x[1]).toList());
            }
            found = new Found(problems, named, strangers, outcomes);
        } catch (UncheckedIOException e) {
            throw SpillFiles.io(e.getCause());
        } catch (IOException e) {
            throw SpillFiles.io(e);
        } finally {
            for (SpillOut d : out) {
                try {
                    if (d != null) d.close();
                } catch (IOException e) {
                    // closed above, or failed already
                }
            }
        }
    }

    /** This file's reader's number of names {@code names} as a tuple here, added when new. */
    private int tupleOf(int[][] tupleOf, int names, CompactOutcome.Names n) {
        if (names >= tupleOf[0].length) {
            int had = tupleOf[0].length;
            tupleOf[0] = Arrays.copyOf(tupleOf[0], Math.max(names + 1, had * 2 + 4));
            Arrays.fill(tupleOf[0], had, tupleOf[0].length, -1);
        }
        int t = tupleOf[0][names];
        if (t < 0) t = tupleOf[0][names] = tuple(n);
        return t;
    }

    // per tuple: whether the gaps' tally was asked its lane, and the lane (null: a recorded one)
    private java.util.BitSet[] laneOf = new java.util.BitSet[0];
    // tupleInFirst as looked up per run (a BitSet call per run cost more than the look-up)
    private boolean[] inFirst = new boolean[0];
    private boolean[] laneAsked = new boolean[0];

    /** A run of the first file that belongs to the campaign: marked in its tuple's lane; the tuple is in the first file. */
    private void first(CampaignGaps.Tally gaps, int t, String program, int input) {
        if (t >= inFirst.length) inFirst = Arrays.copyOf(inFirst, Math.max(t + 1, inFirst.length * 2));
        if (!inFirst[t]) {
            inFirst[t] = true;
            tupleInFirst.set(t);
        }
        if (gaps == null) return;
        if (t >= laneAsked.length) {
            laneAsked = Arrays.copyOf(laneAsked, Math.max(t + 1, laneAsked.length * 2));
            laneOf = Arrays.copyOf(laneOf, laneAsked.length);
        }
        if (!laneAsked[t]) {
            String[] n = tuples.get(t);
            laneOf[t] = gaps.laneSet(n[0], n[1], n[2]);
            laneAsked[t] = true;
        }
        gaps.add(program, input, laneOf[t]);
    }

    /** The bucket file of case {@code c}, opened on its first record. */
    private static SpillOut bucket(int c, int perBucket, Path[] files, SpillOut[] out) throws IOException {
        int b = c / perBucket;
        if (out[b] == null) {
            files[b] = SpillFiles.create("bucket");
            out[b] = new SpillOut(Files.newOutputStream(files[b]), 1 << 15);
        }
        return out[b];
    }

    /**
     * A bucket record's fixed part: case, tuple, attempt, status, line, micros, the result's bits, flags ({@link
     * Runs#HEX}, {@link Runs#BAD_HEX}, {@link Runs#MADE}, {@link Runs#DETAIL}); then the result's text as a string when
     * it has one that is not made again from the bits, and the detail when it has one. A sorted record is the same
     * without the line. (Texts were written always, -1 for none: a record of a run that printed a value in printf's
     * spelling took 57 bytes on disk, now 29.)
     */
    private static void head(
            SpillOut o, int c, int t, int attempt, int status, int line, long micros, long bits, int flags)
            throws IOException {
        int at = o.reserve(HEAD);
        byte[] b = o.buffer();
        SpillOut.putInt(b, at, c);
        b[at + 4] = (byte) (t >>> 8);
        b[at + 5] = (byte) t;
        b[at + 6] = (byte) attempt;
        b[at + 7] = (byte) status;
        SpillOut.putInt(b, at + 8, line);
        SpillOut.putInt(b, at + 12, (int) (micros >>> 32));
        SpillOut.putInt(b, at + 16, (int) micros);
        SpillOut.putInt(b, at + 20, (int) (bits >>> 32));
        SpillOut.putInt(b, at + 24, (int) bits);
        b[at + 28] = (byte) flags;
    }

    // per (attempt, run): the case (by stamp) whose record was kept for it, and where that record is; how many runs
    private int[] keptStamp = new int[0];
    private int[] keptAt = new int[0];
    private int stamp;
    private int runs;

    /** Bytes of a bucket record before its texts; where its line number lies. */
    private static final int HEAD = 29, LINE_AT = 8;

    /** Bytes of a sorted record before its texts. */
    private static final int SORTED_HEAD = HEAD - 4;

    private static String strange(String file, Outcome o, int inputs) {
        return file + ": outcome of program " + o.program() + " input " + o.input() + " on "
                + o.platformKey().key()
                + (inputs < 0
                        ? ", a program the campaign does not list"
                        : ", an input the program does not have (it has " + inputs + ")")
                + "; resume it with 'fparity run' (that sets such lines aside) or delete the line";
    }

    Found found() {
        return found;
    }

    /** The number of a tuple of names, added when new. */
    private int tuple(CompactOutcome.Names n) {
        String key = n.toolchain() + '\0' + n.opt() + '\0' + n.site() + '\0' + n.node() + '\0' + n.platform();
        Integer t = tupleNumber.get(key);
        if (t != null) return t;
        if (tuples.size() >= Short.MAX_VALUE) throw new org.fparity.FparityError("more than 32767 platforms");
        tupleNumber.put(key, tuples.size());
        tuples.add(new String[] {n.toolchain(), n.opt(), n.site(), n.node(), n.platform()});
        return tuples.size() - 1;
    }

    /** Numbers the platforms in order and each tuple's platform and run (toolchain, opt, site: what a log dedups by). */
    private void numberPlatforms() {
        java.util.TreeSet<Platform> all = new java.util.TreeSet<>();
        Map<String, Integer> runs = new HashMap<>();
        runOf = new int[tuples.size()];
        for (int t = 0; t < tuples.size(); t++) {
            String[] n = tuples.get(t);
            all.add(new Platform(n[0], n[1], n[2], n[3]));
            String run = n[0] + '\0' + n[1] + '\0' + Platform.site(n[2]);
            runOf[t] = runs.computeIfAbsent(run, k -> runs.size());
        }
        this.runs = Math.max(1, runs.size());
        platforms = all.toArray(new Platform[0]);
        platformOf = new int[tuples.size()];
        for (int t = 0; t < tuples.size(); t++) {
            String[] n = tuples.get(t);
            platformOf[t] = Arrays.binarySearch(platforms, new Platform(n[0], n[1], n[2], n[3]));
            if (tupleInFirst.get(t)) firstPlatforms.add(platforms[platformOf[t]]);
        }
    }

    /**
     * Sorts one bucket (cases {@code from} to {@code to}) into {@code s}; returns how many first outcomes it kept. The
     * bucket is read whole as bytes and its records moved as bytes: nothing is made per run.
     */
    private long sortBucket(Path file, int from, int to, SpillOut s, List<Path> files, List<List<String[]>> conflicts)
            throws IOException {
        // a bucket's arrays are young garbage (a few megabytes each): kept for the next bucket, they were promoted to
        // the old generation and stayed there, 20 MB more resident at 10^7 runs
        byte[] data = Files.readAllBytes(file);
        int len = data.length;
        int n = 0;
        int[] at = new int[Math.max(16, len / 48)];
        int[] caseOf = new int[at.length];
        for (int i = 0; i < len; ) {
            if (n == at.length) {
                at = Arrays.copyOf(at, n * 2);
                caseOf = Arrays.copyOf(caseOf, n * 2);
            }
            at[n] = i;
            caseOf[n] = getInt(data, i);
            n++;
            i += recordSize(data, i);
        }
        // counting sort by case: file order (attempt, line) kept within a case
        int width = to - from;
        int[] count = new int[width + 1];
        for (int i = 0; i < n; i++) count[caseOf[i] - from + 1]++;
        for (int c = 0; c < width; c++) count[c + 1] += count[c];
        int[] order = new int[n];
        int[] fill = Arrays.copyOf(count, width);
        for (int i = 0; i < n; i++) order[fill[caseOf[i] - from]++] = i;
        long kept = 0;
        int[] keep = new int[64];
        // each kept record's place: platform, then attempt (what the records of a case are put in order by)
        int[] placeOf = new int[64];
        for (int c = 0; c < width; c++) {
            int lo = count[c], hi = count[c + 1];
            if (lo == hi) continue;
            // a run's first record in each file wins; a later one with another result is a conflict
            // (attempt, run) → the kept record of this case, known by the case's stamp: no search among those kept
            stamp++;
            int m = 0;
            for (int i = lo; i < hi; i++) {
                int x = at[order[i]];
                int key = attempt(data, x) * runs + runOf[tuple(data, x)];
                if (key >= keptStamp.length) {
                    keptStamp = Arrays.copyOf(keptStamp, key + 1 + runs);
                    keptAt = Arrays.copyOf(keptAt, keptStamp.length);
                }
                int had = keptStamp[key] == stamp ? keptAt[key] : -1;
                if (had < 0) {
                    keptStamp[key] = stamp;
                    keptAt[key] = x;
                }
                if (had >= 0) {
                    if (data[had + 7] != data[x + 7] || !sameHex(data, had, x)) {
                        conflicts.get(attempt(data, x)).add(new String[] {
                            Integer.toString(getInt(data, x + LINE_AT)),
                            conflict(c + from, data, had, x, files.get(attempt(data, x)))
                        });
                    }
                    continue;
                }
                if (m == keep.length) {
                    keep = Arrays.copyOf(keep, m * 2);
                    placeOf = Arrays.copyOf(placeOf, m * 2);
                }
                placeOf[m] = platformOf[tuple(data, x)] << 8 | attempt(data, x);
                keep[m++] = x;
            }
            // by platform, then attempt, file order within (insertion sort: a case has a few dozen records)
            for (int i = 1; i < m; i++) {
                int x = keep[i], place = placeOf[i];
                int j = i - 1;
                while (j >= 0 && placeOf[j] > place) {
                    keep[j + 1] = keep[j];
                    placeOf[j + 1] = placeOf[j];
                    j--;
                }
                keep[j + 1] = x;
                placeOf[j + 1] = place;
            }
            for (int i = 0; i < m; i++) {
                int x = keep[i];
                // the record without its line number
                s.write(data, x, LINE_AT);
                s.write(data, x + LINE_AT + 4, recordSize(data, x) - LINE_AT - 4);
                if (attempt(data, x) == 0) kept++;
            }
        }
        return kept;
    }

    private static int getInt(byte[] b, int i) {
        return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | b[i + 3] & 0xff;
    }

    private static int tuple(byte[] b, int x) {
        return (short) ((b[x + 4] & 0xff) << 8 | b[x + 5] & 0xff);
    }

    private static int attempt(byte[] b, int x) {
        return b[x + 6];
    }

    /** A bucket record's flags. */
    private static int flags(byte[] b, int x) {
        return b[x + HEAD - 1] & 0xff;
    }

    /** Whether a record with these flags has its result text written. */
    private static boolean textWritten(int flags) {
        return (flags & (Runs.HEX | Runs.MADE)) == Runs.HEX;
    }

    /** A bucket record's size in bytes. */
    private static int recordSize(byte[] b, int x) {
        int f = flags(b, x);
        int d = x + HEAD;
        if (textWritten(f)) d += 4 + getInt(b, d);
        if ((f & Runs.DETAIL) != 0) d += 4 + getInt(b, d);
        return d - x;
    }

    /** Whether two bucket records have the same result text (or none). */
    private static boolean sameHex(byte[] b, int x, int y) {
        int fx = flags(b, x), fy = flags(b, y);
        if ((fx & (Runs.HEX | Runs.MADE)) != (fy & (Runs.HEX | Runs.MADE))) return false;
        if ((fx & Runs.HEX) == 0) return true;
        // a text made again from the bits: the same bits and digits are the same text
        if ((fx & Runs.MADE) != 0) return fx >>> 4 == fy >>> 4 && bits(b, x) == bits(b, y);
        int hx = getInt(b, x + HEAD), hy = getInt(b, y + HEAD);
        return hx == hy && Arrays.equals(b, x + HEAD + 4, x + HEAD + 4 + hx, b, y + HEAD + 4, y + HEAD + 4 + hy);
    }

    private static long bits(byte[] b, int x) {
        return (long) getInt(b, x + 20) << 32 | getInt(b, x + 24) & 0xffffffffL;
    }

    /** A bucket record's result text, or null. */
    private static String hex(byte[] b, int x) {
        int f = flags(b, x);
        if ((f & Runs.HEX) == 0) return null;
        if ((f & Runs.MADE) != 0) return HexBits.text(bits(b, x), f >>> 4);
        return new String(b, x + HEAD + 4, getInt(b, x + HEAD), StandardCharsets.UTF_8);
    }

    private String conflict(int c, byte[] b, int had, int x, Path file) {
        int p = program(c);
        String[] n = tuples.get(tuple(b, x));
        return "conflict: " + programs[p] + " input " + (c - base[p]) + " on "
                + new Platform(n[0], n[1], n[2], n[3]).key() + " is "
                + STATUSES[b[had + 7]] + " " + hex(b, had) + " at line " + getInt(b, had + LINE_AT) + " but "
                + STATUSES[b[x + 7]]
                + " " + hex(b, x) + " at line " + getInt(b, x + LINE_AT) + " of " + file.getFileName();
    }

    private int program(int c) {
        int p = Arrays.binarySearch(base, c);
        if (p < 0) return -p - 2;
        // an empty program shares its base with the next: the last one starting here
        while (p + 1 < programs.length && base[p + 1] == c) p++;
        return p;
    }

    @Override
    public Platform[] platforms() {
        return platforms.clone();
    }

    /** The sorted file's size in bytes. */
    long sortedBytes() {
        try {
            return Files.size(sorted);
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
    }

    /** How many times the sorted file was walked case by case ({@link #forEach}). */
    private int walks;

    int walks() {
        return walks;
    }

    /** Every case in order with its first outcomes and reruns, read from the sorted file. */
    @Override
    public void forEach(Consumer<Runs> v) {
        forEach(v, null);
    }

    /** As {@link #forEach(Consumer)}, only the platforms {@code keep} marks (null: all). */
    void forEach(Consumer<Runs> v, boolean[] keep) {
        walks++;
        Runs r = new Runs();
        int current = -1;
        int program = 0;
        try (SpillIn in = new SpillIn(Files.newInputStream(sorted), 1 << 16)) {
            Sorted x = new Sorted();
            while (x.read(in)) {
                int c = x.c, t = x.tuple, attempt = x.attempt;
                if (c != current) {
                    if (current >= 0 && r.n > 0) v.accept(r);
                    current = c;
                    while (program + 1 < programs.length && base[program + 1] <= c) program++;
                    r.clear(programs[program], c - base[program]);
                }
                int pl = platformOf[t];
                if (keep != null && !keep[pl]) continue;
                if (attempt == 0) r.entry(pl);
                else if (r.n == 0 || r.platform[r.n - 1] != pl) continue;
                int rec = r.record(x.status, x.micros, x.bits, x.flags);
                if (x.hexLen >= 0) {
                    int at = r.room(x.hexLen);
                    System.arraycopy(x.hex, 0, r.text, at, x.hexLen);
                    r.hexText(rec, at, x.hexLen);
                }
                if (x.detailLen >= 0) {
                    int at = r.room(x.detailLen);
                    System.arraycopy(x.detail, 0, r.text, at, x.detailLen);
                    r.detailText(rec, at, x.detailLen);
                }
            }
            if (current >= 0 && r.n > 0) v.accept(r);
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
    }

    /** The sorted cases seen through some platforms only: what {@code compare --pair} compares. */
    CaseSource only(java.util.Set<Platform> platforms) {
        boolean[] keep = new boolean[this.platforms.length];
        for (int i = 0; i < keep.length; i++) keep[i] = platforms.contains(this.platforms[i]);
        Platform[] mine = this.platforms;
        return new CaseSource() {
            @Override
            public Platform[] platforms() {
                return mine.clone();
            }

            @Override
            public void forEach(Consumer<Runs> v) {
                CaseSpill.this.forEach(v, keep);
            }
        };
    }

    /**
     * The first outcome of every run, as a list read by iterating it (in case order, not file order), or the outcomes
     * of rerun attempt {@code attempt}: what a view of a campaign read from its folder holds instead of its outcomes.
     */
    Outcomes outcomes(java.util.Set<Platform> only) {
        return new Outcomes(this, only, 0);
    }

    List<Outcome> attempt(int attempt, java.util.Set<Platform> only) {
        return new Outcomes(this, only, attempt);
    }

    /** Outcomes read from the sorted file each time they are iterated. */
    static final class Outcomes extends AbstractList<Outcome> implements Sequential {
        private final CaseSpill spill;
        private final java.util.Set<Platform> only;
        private final int attempt;
        private int size = -1;

        Outcomes(CaseSpill spill, java.util.Set<Platform> only, int attempt) {
            this.spill = spill;
            this.only = only;
            this.attempt = attempt;
        }

        /** The cases of these outcomes (attempt 0's list), with the reruns of the same platforms. */
        CaseSource cases() {
            return only == null ? spill : spill.only(only);
        }

        /** The same outcomes through fewer platforms. */
        Outcomes only(java.util.Set<Platform> keep) {
            java.util.Set<Platform> k = new java.util.HashSet<>(keep);
            if (only != null) k.retainAll(only);
            return new Outcomes(spill, k, attempt);
        }

        /** The platforms these outcomes ran on, in order. */
        java.util.SortedSet<Platform> platforms() {
            java.util.SortedSet<Platform> out = new java.util.TreeSet<>();
            for (Platform p : spill.firstPlatforms) if (only == null || only.contains(p)) out.add(p);
            return out;
        }

        @Override
        public int size() {
            if (size < 0) {
                if (only == null && attempt == 0) size = (int) spill.firsts;
                else {
                    int n = 0;
                    for (Iterator<Outcome> i = iterator(); i.hasNext(); i.next()) n++;
                    size = n;
                }
            }
            return size;
        }

        @Override
        public Outcome get(int i) {
            java.util.Objects.checkIndex(i, size());
            Iterator<Outcome> it = iterator();
            for (int k = 0; k < i; k++) it.next();
            return it.next();
        }

        @Override
        public Iterator<Outcome> iterator() {
            // one case's outcomes at a time
            return new Iterator<>() {
                private final java.util.ArrayDeque<Outcome> ready = new java.util.ArrayDeque<>();
                private final Iterator<List<Outcome>> cases = spill.caseIterator(only, attempt);

                @Override
                public boolean hasNext() {
                    while (ready.isEmpty() && cases.hasNext()) ready.addAll(cases.next());
                    return !ready.isEmpty();
                }

                @Override
                public Outcome next() {
                    if (!hasNext()) throw new NoSuchElementException();
                    return ready.poll();
                }
            };
        }
    }

    /** One record of the sorted file, as read: its texts as bytes. */
    private final class Sorted {
        int c;
        int tuple;
        int attempt;
        int status;
        long micros;
        long bits;
        int flags;
        byte[] hex = new byte[64];
        int hexLen;
        byte[] detail = new byte[64];
        int detailLen;

        /** Reads the next record; false at the end of the file. */
        boolean read(SpillIn in) throws IOException {
            if (!in.more()) return false;
            // the fixed part decoded in place
            in.need(SORTED_HEAD);
            byte[] b = in.buffer();
            int i = in.position();
            c = getInt(b, i);
            tuple = (short) ((b[i + 4] & 0xff) << 8 | b[i + 5] & 0xff);
            attempt = b[i + 6];
            status = b[i + 7];
            micros = (long) getInt(b, i + 8) << 32 | getInt(b, i + 12) & 0xffffffffL;
            bits = (long) getInt(b, i + 16) << 32 | getInt(b, i + 20) & 0xffffffffL;
            flags = b[i + 24];
            in.skip(SORTED_HEAD);
            hexLen = -1;
            if (textWritten(flags & 0xff)) {
                hexLen = in.readInt();
                if (hexLen > hex.length) hex = new byte[Math.max(hexLen, hex.length * 2)];
                if (hexLen > 0) in.readInto(hex, 0, hexLen);
            }
            detailLen = -1;
            if ((flags & Runs.DETAIL) != 0) {
                detailLen = in.readInt();
                if (detailLen > detail.length) detail = new byte[Math.max(detailLen, detail.length * 2)];
                if (detailLen > 0) in.readInto(detail, 0, detailLen);
            }
            return true;
        }

        Outcome outcome(String program, int input) {
            String[] n = tuples.get(tuple);
            return new Outcome(
                    program,
                    input,
                    n[0],
                    n[1],
                    n[2],
                    n[3],
                    STATUSES[status],
                    (flags & Runs.MADE) != 0
                            ? HexBits.text(bits, (flags & 0xff) >>> 4)
                            : hexLen < 0 ? null : new String(hex, 0, hexLen, StandardCharsets.UTF_8),
                    detailLen < 0 ? null : new String(detail, 0, detailLen, StandardCharsets.UTF_8),
                    n[4],
                    micros);
        }
    }

    /** The outcomes of one attempt, case by case, read lazily from the sorted file. */
    private Iterator<List<Outcome>> caseIterator(java.util.Set<Platform> only, int attempt) {
        SpillIn in;
        try {
            in = new SpillIn(Files.newInputStream(sorted), 1 << 16);
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
        return new Iterator<>() {
            private int program;
            private boolean started;
            private boolean eof;
            private List<Outcome> next;
            // the first record of the next case, read already
            private Outcome pending;
            private int pendingCase = -1;

            private final Sorted x = new Sorted();

            private List<Outcome> advance() {
                List<Outcome> out = new ArrayList<>();
                if (pending != null) {
                    out.add(pending);
                    pending = null;
                }
                int current = pendingCase;
                try {
                    while (!eof) {
                        if (!x.read(in)) {
                            in.close();
                            eof = true;
                            break;
                        }
                        int c = x.c, t = x.tuple;
                        if (x.attempt != attempt) continue;
                        if (only != null && !only.contains(platforms[platformOf[t]])) continue;
                        while (program + 1 < programs.length && base[program + 1] <= c) program++;
                        Outcome o = x.outcome(programs[program], c - base[program]);
                        if (!out.isEmpty() && c != current) {
                            pending = o;
                            pendingCase = c;
                            return out;
                        }
                        current = c;
                        out.add(o);
                    }
                } catch (IOException e) {
                    throw SpillFiles.io(e);
                }
                return out.isEmpty() ? null : out;
            }

            @Override
            public boolean hasNext() {
                if (!started) {
                    started = true;
                    next = advance();
                }
                return next != null;
            }

            @Override
            public List<Outcome> next() {
                if (!hasNext()) throw new NoSuchElementException();
                List<Outcome> n = next;
                next = advance();
                return n;
            }
        };
    }
}
