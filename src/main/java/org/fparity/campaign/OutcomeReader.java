package org.fparity.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.CompactOutcome;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;

/**
 * Reads outcome lines into {@link Outcome}s for a whole campaign at a time: a line in fparity's own spelling
 * ({@link CanonicalOutcome}) straight from its bytes, anything else by Jackson; and every name (program, toolchain, opt
 * level, site, node, platform record) held once however many outcomes carry it, so that a campaign's outcomes cost
 * their results, not a copy of every name per line. Not thread-safe; one per read.
 */
final class OutcomeReader {
    private final CanonicalOutcome canonical = new CanonicalOutcome();
    private final Map<String, String> names = new HashMap<>();
    // the last program read, by its bytes (outcomes come grouped by program)
    private byte[] lastProgram = new byte[0];
    private String lastProgramId;
    // the platform-naming runs of bytes seen (a campaign has few), and the names each stands for
    private final List<byte[]> runs = new ArrayList<>();
    private final List<String[]> runNames = new ArrayList<>();
    private final List<byte[]> platformIds = new ArrayList<>();
    private final List<String> platformIdNames = new ArrayList<>();
    private int lastRun = -1;
    private int lastId = -1;
    // the compact lines' declarations, and the tuple each declared number stands for (-1: not looked up yet)
    private final CompactOutcome.Decoder compact = new CompactOutcome.Decoder();
    private int[] tupleOfNumber = new int[0];
    // every distinct (toolchain, opt, site, node, platform id) read, numbered in order of first reading
    private final Map<CompactOutcome.Names, Integer> tuples = new HashMap<>();
    private final Map<Long, Integer> tupleOfCanonical = new HashMap<>();

    /** What {@link #compact} returns for a declaration line (not an outcome). */
    static final Outcome DECLARED = new Outcome("declared", 0, "x", "x", Outcome.Status.OK, null, null, null, 0);

    /**
     * The number of the last outcome's names (toolchain, opt, site, node, platform record), among all this reader has
     * read, from 0 in order of first reading: who keys runs by platform asks this instead of hashing the names again.
     */
    int tuple = -1;

    /**
     * The outcome {@code b[from, to)} spells, or null when it is not in fparity's own spelling (then read it with
     * {@link #general}). Nothing is allocated for it but the outcome and its result's text.
     */
    Outcome canonical(byte[] b, int from, int to) {
        if (!canonical.match(b, from, to) || canonical.end != to) return null;
        String[] platform = platform(b, canonical.platformFrom, canonical.platformTo);
        String hex = canonical.hasHex
                ? new String(b, canonical.hexFrom, canonical.hexTo - canonical.hexFrom, StandardCharsets.ISO_8859_1)
                : null;
        String detail = canonical.hasDetail
                ? new String(
                        b, canonical.detailFrom, canonical.detailTo - canonical.detailFrom, StandardCharsets.ISO_8859_1)
                : null;
        String id = canonical.hasPlatformId ? platformId(b, canonical.platformIdFrom, canonical.platformIdTo) : null;
        long pair = ((long) lastRun << 32) | (canonical.hasPlatformId ? lastId : 0x7fffffff);
        Integer t = tupleOfCanonical.get(pair);
        if (t == null) {
            t = tuple(new CompactOutcome.Names(platform[0], platform[1], platform[2], platform[3], id));
            tupleOfCanonical.put(pair, t);
        }
        tuple = t;
        return new Outcome(
                program(b),
                canonical.input,
                platform[0],
                platform[1],
                platform[2],
                platform[3],
                canonical.status,
                hex,
                detail,
                id,
                canonical.micros);
    }

    /**
     * The outcome a compact line ({@link CompactOutcome}) spells, {@link #DECLARED} for a declaration (remembered), or
     * null when the line is not in the compact writer's plain spelling. Throws IllegalArgumentException, saying why, for
     * a declaration that does not read or a run naming an undeclared platform.
     */
    Outcome compact(byte[] b, int from, int to) {
        int kind = compactRun(b, from, to);
        if (kind == DECLARATION) return DECLARED;
        if (kind == OTHER) return null;
        CompactOutcome.Names names = tupleNames.get(tuple);
        programFrom(b, compact.programFrom, compact.programTo);
        return new Outcome(
                lastProgramId,
                compact.input,
                names.toolchain(),
                names.opt(),
                names.site(),
                names.node(),
                compact.status,
                compact.hexFrom < 0
                        ? null
                        : new String(b, compact.hexFrom, compact.hexTo - compact.hexFrom, StandardCharsets.ISO_8859_1),
                compact.detail,
                names.platform(),
                compact.micros);
    }

    private final List<CompactOutcome.Names> tupleNames = new ArrayList<>();

    /** What {@link #compactRun} found: not a compact line in the plain spelling, a declaration, a run. */
    static final int OTHER = 0, DECLARATION = 1, RUN = 2;

    /**
     * As {@link #compact}, making no outcome: for a run line, {@link #decoder} holds its fields (offsets into {@code b})
     * and {@link #tuple} the number of its names ({@link #names}). Throws as {@link #compact} does.
     */
    int compactRun(byte[] b, int from, int to) {
        if (CompactOutcome.declaration(b, from, to)) {
            compact.declare(b, from, to);
            tupleOfNumber = new int[0];
            return DECLARATION;
        }
        if (!compact.run(b, from, to)) return OTHER;
        int n = compact.platform;
        if (n >= tupleOfNumber.length) {
            int had = tupleOfNumber.length;
            tupleOfNumber = Arrays.copyOf(tupleOfNumber, Math.max(n + 1, had * 2));
            Arrays.fill(tupleOfNumber, had, tupleOfNumber.length, -1);
        }
        if (tupleOfNumber[n] < 0) tupleOfNumber[n] = tuple(intern(compact.names(n)));
        tuple = tupleOfNumber[n];
        return RUN;
    }

    /**
     * A compact run line at {@code from}, read where it lies ({@link CompactOutcome.Decoder#runLine}): the index of the
     * newline that ends it, with {@link #decoder} and {@link #tuple} as {@link #compactRun} leaves them; or -1 (read the
     * line the usual way).
     */
    int compactRunLine(byte[] b, int from, int limit) {
        int nl = compact.runLine(b, from, limit);
        if (nl < 0) return -1;
        int n = compact.platform;
        if (n >= tupleOfNumber.length || tupleOfNumber[n] < 0) return -1;
        tuple = tupleOfNumber[n];
        return nl;
    }

    /** The fields of the last run line {@link #compactRun} read. */
    CompactOutcome.Decoder decoder() {
        return compact;
    }

    /** The names of tuple {@code t} ({@link #tuple}). */
    CompactOutcome.Names names(int t) {
        return tupleNames.get(t);
    }

    /** An encoder that appends to the file this reader read, its declarations kept. */
    CompactOutcome.Encoder encoder() {
        return new CompactOutcome.Encoder(compact);
    }

    private CompactOutcome.Names intern(CompactOutcome.Names n) {
        return new CompactOutcome.Names(
                name(n.toolchain()), name(n.opt()), name(n.site()), name(n.node()), name(n.platform()));
    }

    private int tuple(CompactOutcome.Names n) {
        Integer t = tuples.get(n);
        if (t != null) return t;
        tuples.put(n, tuples.size());
        tupleNames.add(n);
        return tuples.size() - 1;
    }

    /** A line in any spelling Jackson reads as an outcome, its names held once; throws as Jackson does. */
    Outcome general(String line) throws JsonProcessingException {
        Outcome o = line.startsWith("[") ? compact.general(line) : OutcomeLog.READER.readValue(line);
        if (o == null) return null;
        Outcome named = new Outcome(
                name(o.program()),
                o.input(),
                name(o.toolchain()),
                name(o.opt()),
                name(o.site()),
                name(o.node()),
                o.status(),
                o.hex(),
                o.detail(),
                name(o.platform()),
                o.micros());
        if (o.program() != null && o.toolchain() != null && o.opt() != null)
            tuple = tuple(CompactOutcome.Names.of(named));
        return named;
    }

    private String name(String s) {
        if (s == null) return null;
        String had = names.putIfAbsent(s, s);
        return had == null ? s : had;
    }

    private String program(byte[] b) {
        return programFrom(b, canonical.programFrom, canonical.programTo);
    }

    private String programFrom(byte[] b, int from, int to) {
        if (lastProgramId != null && Arrays.equals(b, from, to, lastProgram, 0, lastProgram.length))
            return lastProgramId;
        lastProgram = Arrays.copyOfRange(b, from, to);
        lastProgramId = name(new String(lastProgram, StandardCharsets.ISO_8859_1));
        return lastProgramId;
    }

    /** toolchain, opt, site, node of the run of bytes {@code ,"toolchain":"…","opt":"…","site":"…"[,"node":"…"]}. */
    private String[] platform(byte[] b, int from, int to) {
        // the last one first: outcomes come grouped by platform too
        if (lastRun >= 0 && Arrays.equals(b, from, to, runs.get(lastRun), 0, runs.get(lastRun).length))
            return runNames.get(lastRun);
        for (int k = runs.size() - 1; k >= 0; k--) {
            byte[] r = runs.get(k);
            if (Arrays.equals(b, from, to, r, 0, r.length)) {
                lastRun = k;
                return runNames.get(k);
            }
        }
        lastRun = runs.size();
        byte[] r = Arrays.copyOfRange(b, from, to);
        JsonNode n;
        try {
            n = ProgramJson.MAPPER.readTree("{" + new String(r, 1, r.length - 1, StandardCharsets.ISO_8859_1) + "}");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a matched outcome's platform does not read: " + e.getMessage());
        }
        String[] names = {
            name(n.get("toolchain").asText()),
            name(n.get("opt").asText()),
            name(n.get("site").asText()),
            n.has("node") ? name(n.get("node").asText()) : null
        };
        runs.add(r);
        runNames.add(names);
        return names;
    }

    private String platformId(byte[] b, int from, int to) {
        if (lastId >= 0 && Arrays.equals(b, from, to, platformIds.get(lastId), 0, platformIds.get(lastId).length))
            return platformIdNames.get(lastId);
        for (int k = platformIds.size() - 1; k >= 0; k--) {
            byte[] r = platformIds.get(k);
            if (Arrays.equals(b, from, to, r, 0, r.length)) {
                lastId = k;
                return platformIdNames.get(k);
            }
        }
        lastId = platformIds.size();
        byte[] r = Arrays.copyOfRange(b, from, to);
        String id = name(new String(r, StandardCharsets.ISO_8859_1));
        platformIds.add(r);
        platformIdNames.add(id);
        return id;
    }
}
