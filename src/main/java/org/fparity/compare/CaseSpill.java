package org.fparity.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
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
import org.fparity.campaign.OutcomeLog;
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
     * {@code programs} (sorted by id) with {@code inputs[i]} inputs each. {@code each} sees every outcome of the
     * first file that belongs to the campaign, in file order (e.g. to count planned runs without one).
     */
    CaseSpill(String[] programs, int[] inputs, List<Path> files, Consumer<Outcome> each) {
        this.programs = programs;
        base = new int[programs.length + 1];
        Map<String, Integer> programNumber = new HashMap<>(programs.length * 2);
        for (int p = 0; p < programs.length; p++) {
            programNumber.put(programs[p], p);
            base[p + 1] = base[p] + inputs[p];
        }
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
        try {
            for (int k = 0; k < files.size(); k++) {
                int attempt = k;
                Path file = files.get(k);
                String name = file.getFileName().toString();
                String[] stranger = {null};
                // this file's numbers of names (OutcomeLog.scanNumbered) → tuple, -1 until seen; the last program's
                // number (a log's runs come grouped by program, its reader hands out one string per id)
                int[][] tupleOf = {new int[0]};
                String[] lastProgram = {null};
                int[] lastP = {-1};
                problems.add(OutcomeLog.scanNumbered(file, (o, names, line) -> {
                    Integer p;
                    if (o.program() == lastProgram[0]) p = lastP[0];
                    else {
                        p = programNumber.get(o.program());
                        lastProgram[0] = p == null ? null : o.program();
                        lastP[0] = p == null ? -1 : p;
                    }
                    if (p == null || o.input() < 0 || o.input() >= inputs[p]) {
                        if (stranger[0] == null) stranger[0] = strange(name, o, p == null ? -1 : inputs[p]);
                        return;
                    }
                    if (attempt == 0 && each != null) each.accept(o);
                    int c = base[p] + o.input();
                    if (names >= tupleOf[0].length) {
                        int had = tupleOf[0].length;
                        tupleOf[0] = Arrays.copyOf(tupleOf[0], Math.max(names + 1, had * 2 + 4));
                        Arrays.fill(tupleOf[0], had, tupleOf[0].length, -1);
                    }
                    int t = tupleOf[0][names];
                    if (t < 0) t = tupleOf[0][names] = tuple(o);
                    if (attempt == 0) tupleInFirst.set(t);
                    int b = c / perBucket;
                    try {
                        if (out[b] == null) {
                            bucketFiles[b] = SpillFiles.create("bucket");
                            out[b] = new SpillOut(Files.newOutputStream(bucketFiles[b]), 1 << 15);
                        }
                        SpillOut d = out[b];
                        d.writeInt(c);
                        d.writeShort(t);
                        d.writeByte(attempt);
                        d.writeByte(o.status().ordinal());
                        d.writeInt(line);
                        d.writeLong(o.micros());
                        d.writeString(o.hex());
                        d.writeString(o.detail());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    outcomes[attempt]++;
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
    private int tuple(Outcome o) {
        String key = o.toolchain() + '\0' + o.opt() + '\0' + o.site() + '\0' + o.node() + '\0' + o.platform();
        Integer t = tupleNumber.get(key);
        if (t != null) return t;
        if (tuples.size() >= Short.MAX_VALUE) throw new org.fparity.FparityError("more than 32767 platforms");
        tupleNumber.put(key, tuples.size());
        tuples.add(new String[] {o.toolchain(), o.opt(), o.site(), o.node(), o.platform()});
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
        platforms = all.toArray(new Platform[0]);
        platformOf = new int[tuples.size()];
        for (int t = 0; t < tuples.size(); t++) {
            String[] n = tuples.get(t);
            platformOf[t] = Arrays.binarySearch(platforms, new Platform(n[0], n[1], n[2], n[3]));
            if (tupleInFirst.get(t)) firstPlatforms.add(platforms[platformOf[t]]);
        }
    }

    /** Sorts one bucket (cases {@code from} to {@code to}) into {@code s}; returns how many first outcomes it kept. */
    private long sortBucket(Path file, int from, int to, SpillOut s, List<Path> files, List<List<String[]>> conflicts)
            throws IOException {
        int cap = 1 << 12;
        int n = 0;
        int[] caseOf = new int[cap];
        short[] tupleOf = new short[cap];
        byte[] attemptOf = new byte[cap];
        byte[] statusOf = new byte[cap];
        int[] lineOf = new int[cap];
        long[] microsOf = new long[cap];
        String[] hexOf = new String[cap];
        String[] detailOf = new String[cap];
        try (SpillIn in = new SpillIn(Files.newInputStream(file), 1 << 16)) {
            while (in.more()) {
                int c = in.readInt();
                if (n == cap) {
                    cap *= 2;
                    caseOf = Arrays.copyOf(caseOf, cap);
                    tupleOf = Arrays.copyOf(tupleOf, cap);
                    attemptOf = Arrays.copyOf(attemptOf, cap);
                    statusOf = Arrays.copyOf(statusOf, cap);
                    lineOf = Arrays.copyOf(lineOf, cap);
                    microsOf = Arrays.copyOf(microsOf, cap);
                    hexOf = Arrays.copyOf(hexOf, cap);
                    detailOf = Arrays.copyOf(detailOf, cap);
                }
                caseOf[n] = c;
                tupleOf[n] = (short) in.readShort();
                attemptOf[n] = (byte) in.readByte();
                statusOf[n] = (byte) in.readByte();
                lineOf[n] = in.readInt();
                microsOf[n] = in.readLong();
                hexOf[n] = in.readString();
                detailOf[n] = in.readString();
                n++;
            }
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
        for (int c = 0; c < width; c++) {
            int lo = count[c], hi = count[c + 1];
            if (lo == hi) continue;
            // a run's first record in each file wins; a later one with another result is a conflict
            int m = 0;
            for (int i = lo; i < hi; i++) {
                int x = order[i];
                int had = -1;
                for (int j = 0; j < m; j++) {
                    int y = keep[j];
                    if (attemptOf[y] == attemptOf[x] && runOf[tupleOf[y]] == runOf[tupleOf[x]]) {
                        had = y;
                        break;
                    }
                }
                if (had >= 0) {
                    if (statusOf[had] != statusOf[x] || !java.util.Objects.equals(hexOf[had], hexOf[x])) {
                        conflicts.get(attemptOf[x]).add(new String[] {
                            Integer.toString(lineOf[x]),
                            conflict(c + from, had, x, tupleOf, statusOf, hexOf, lineOf, files.get(attemptOf[x]))
                        });
                    }
                    continue;
                }
                if (m == keep.length) keep = Arrays.copyOf(keep, m * 2);
                keep[m++] = x;
            }
            // by platform, then attempt, file order within (insertion sort: a case has a few dozen records)
            for (int i = 1; i < m; i++) {
                int x = keep[i];
                int j = i - 1;
                while (j >= 0 && after(keep[j], x, tupleOf, attemptOf)) {
                    keep[j + 1] = keep[j];
                    j--;
                }
                keep[j + 1] = x;
            }
            for (int i = 0; i < m; i++) {
                int x = keep[i];
                s.writeInt(c + from);
                s.writeShort(tupleOf[x]);
                s.writeByte(attemptOf[x]);
                s.writeByte(statusOf[x]);
                s.writeLong(microsOf[x]);
                s.writeString(hexOf[x]);
                s.writeString(detailOf[x]);
                if (attemptOf[x] == 0) kept++;
            }
        }
        return kept;
    }

    private boolean after(int y, int x, short[] tupleOf, byte[] attemptOf) {
        int py = platformOf[tupleOf[y]], px = platformOf[tupleOf[x]];
        return py > px || py == px && attemptOf[y] > attemptOf[x];
    }

    private String conflict(
            int c, int had, int x, short[] tupleOf, byte[] statusOf, String[] hexOf, int[] lineOf, Path file) {
        int p = program(c);
        String[] n = tuples.get(tupleOf[x]);
        return "conflict: " + programs[p] + " input " + (c - base[p]) + " on "
                + new Platform(n[0], n[1], n[2], n[3]).key() + " is "
                + STATUSES[statusOf[had]] + " " + hexOf[had] + " at line " + lineOf[had] + " but "
                + STATUSES[statusOf[x]]
                + " " + hexOf[x] + " at line " + lineOf[x] + " of " + file.getFileName();
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

    /** Every case in order with its first outcomes and reruns, read from the sorted file. */
    @Override
    public void forEach(Consumer<Runs> v) {
        forEach(v, null);
    }

    /** As {@link #forEach(Consumer)}, only the platforms {@code keep} marks (null: all). */
    void forEach(Consumer<Runs> v, boolean[] keep) {
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
                Outcome o = x.outcome(r.program, r.input);
                if (attempt == 0) {
                    r.add(pl, o, List.of());
                } else if (r.n > 0 && r.platform[r.n - 1] == pl) {
                    List<Outcome> more = r.reruns[r.n - 1];
                    if (more.isEmpty()) r.reruns[r.n - 1] = more = new ArrayList<>(2);
                    more.add(o);
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

    /** One record of the sorted file, as read. */
    private final class Sorted {
        int c;
        int tuple;
        int attempt;
        Status status;
        long micros;
        String hex;
        String detail;

        /** Reads the next record; false at the end of the file. */
        boolean read(SpillIn in) throws IOException {
            if (!in.more()) return false;
            c = in.readInt();
            tuple = in.readShort();
            attempt = in.readByte();
            status = STATUSES[in.readByte()];
            micros = in.readLong();
            hex = in.readString();
            detail = in.readString();
            return true;
        }

        Outcome outcome(String program, int input) {
            String[] n = tuples.get(tuple);
            return new Outcome(program, input, n[0], n[1], n[2], n[3], status, hex, detail, n[4], micros);
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
