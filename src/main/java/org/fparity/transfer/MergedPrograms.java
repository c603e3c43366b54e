package org.fparity.transfer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.fparity.FparityError;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.campaign.StoreLine;
import org.fparity.ir.Input;
import org.fparity.util.Hashes;

/**
 * The programs of the campaigns a merge reads, matched by the hash of their text in order of first appearance, inputs
 * likewise within each program by their exact tokens, and where each campaign's program ids and input indices land.
 *
 * <p>Memory: per program its merged id, the hash of its text, where it sits in each campaign and, per campaign, where
 * its id and inputs land (one shared array where they keep their indices); never a program's text or inputs. They are
 * matched by what the read that opens each campaign's store gathers ({@link Seen}: an id and a hash per program) and
 * read once more, in order and from their lines' bytes, as the merged store is written ({@link #merged}). Holding every program's text and inputs was most of a merge's memory (a 10^7-run campaign
 * has 20,000 programs at 50 inputs: 223 MB of store per site).
 */
final class MergedPrograms {
    /** Where one campaign's program lands: its merged id (as bytes too when plain ASCII), whether that is its own id, and its inputs' new indices. */
    record Target(String id, boolean same, byte[] bytes, int[] inputs) {
        Target(String id, boolean same, boolean plain, int[] inputs) {
            this(id, same, plain ? id.getBytes(StandardCharsets.US_ASCII) : null, inputs);
        }
    }

    private final List<String> names;
    private final List<List<CampaignMeta.ProgramEntry>> programs;
    /** per merged program: its id (the first appearance's) */
    private final List<String> ids = new ArrayList<>();
    /** per campaign, per merged program: the first position it has there, or -1 */
    private final int[][] positions;
    /** further appearances of a merged program in one campaign (the same id listed twice): campaign, position, program */
    private final List<int[]> repeats = new ArrayList<>();
    /** per campaign: program id there → where it lands (filled as the merged store is written) */
    private final List<Map<String, Target>> targets = new ArrayList<>();
    /** per count n: inputs 0..n-1 landing where they were, shared by every program that keeps its inputs */
    private final Map<Integer, int[]> identities = new HashMap<>();

    private MergedPrograms(List<String> names, List<List<CampaignMeta.ProgramEntry>> programs) {
        this.names = names;
        this.programs = programs;
        this.positions = new int[programs.size()][];
        for (int s = 0; s < programs.size(); s++) {
            positions[s] = new int[16];
            Arrays.fill(positions[s], -1);
            targets.add(new HashMap<>());
        }
    }

    /**
     * What the read that opens a campaign's store gathers for the match, in store order: each program's id and the
     * hash of its text (null: it has none). So matching reads no program again: the store is read once to open it and
     * once as the merged store is written. Memory: an id and a hash per program, never its text or inputs.
     */
    static final class Seen implements java.util.function.ObjIntConsumer<StoreLine> {
        private final List<String> ids = new ArrayList<>();
        private final List<String> hashes = new ArrayList<>();

        @Override
        public void accept(StoreLine p, int at) {
            ids.add(p.id());
            hashes.add(p.sourceLength() < 0 ? null : Hashes.sha256Hex(p.sourceBytes(), p.sourceLength()));
        }

        int size() {
            return ids.size();
        }
    }

    /**
     * Matches the programs of each campaign ({@code names}, in order) by the hash of their text; the same id with
     * different text in two campaigns is refused, and so is a program without text. {@code seen}: what the read that
     * opened each campaign's store gathered ({@link Seen}), or null where nothing did (its programs are read here).
     */
    static MergedPrograms match(
            List<String> names, List<Path> dirs, List<List<CampaignMeta.ProgramEntry>> programs, List<Seen> seen) {
        MergedPrograms m = new MergedPrograms(names, programs);
        Map<String, Integer> byHash = new HashMap<>();
        Map<String, Integer> ofId = new HashMap<>();
        for (int s = 0; s < programs.size(); s++) {
            Seen had = seen == null ? null : seen.get(s);
            if (had == null || had.size() != programs.get(s).size()) {
                had = new Seen();
                int at = 0;
                for (StoreLine p : ProgramStore.Entries.lines(programs.get(s))) had.accept(p, at++);
            }
            for (int at = 0; at < had.size(); at++) {
                String id = had.ids.get(at);
                String h = had.hashes.get(at);
                if (h == null)
                    throw new FparityError(dirs.get(s) + ": program " + id + " has no text; cannot match it by hash");
                Integer program = byHash.get(h);
                Integer known = ofId.get(id);
                if (known != null && !known.equals(program)) {
                    throw new FparityError("program " + id + " has different text in " + names.get(s)
                            + " than in an earlier campaign; these are not the same program");
                }
                if (program == null) {
                    program = m.ids.size();
                    byHash.put(h, program);
                    m.ids.add(id);
                }
                ofId.putIfAbsent(id, program);
                m.appears(s, program, at);
            }
        }
        return m;
    }

    private void appears(int source, int program, int at) {
        for (int s = 0; s < positions.length; s++) {
            if (program >= positions[s].length) {
                int had = positions[s].length;
                positions[s] = Arrays.copyOf(positions[s], Math.max(had * 2, program + 1));
                Arrays.fill(positions[s], had, positions[s].length, -1);
            }
        }
        if (positions[source][program] < 0) positions[source][program] = at;
        else repeats.add(new int[] {source, at, program});
    }

    /** How many programs the merged campaign has. */
    int size() {
        return ids.size();
    }

    /** Whether campaign {@code s} has merged program {@code program}. */
    boolean has(int s, int program) {
        return program < positions[s].length && positions[s][program] >= 0;
    }

    /**
     * Campaign {@code i} shares a program with one before it (or has none): otherwise it is a different campaign, not
     * the same one run elsewhere.
     */
    boolean sharesWithEarlier(int i) {
        boolean any = false;
        for (int program = 0; program < ids.size(); program++) {
            if (!has(i, program)) continue;
            any = true;
            for (int j = 0; j < i; j++) if (has(j, program)) return true;
        }
        return !any;
    }

    /** Programs not every campaign has (by distinct name), with the names of those that have them, in merged order. */
    Map<String, List<String>> partial() {
        long distinct = names.stream().distinct().count();
        Map<String, List<String>> partial = new LinkedHashMap<>();
        for (int program = 0; program < ids.size(); program++) {
            List<String> hs = new ArrayList<>();
            for (int s = 0; s < names.size(); s++)
                if (has(s, program) && !hs.contains(names.get(s))) hs.add(names.get(s));
            if (hs.size() < distinct) partial.put(ids.get(program), List.copyOf(hs));
        }
        return partial;
    }

    /** Where campaign {@code s}'s programs land, by their id there: complete once {@link #merged} was read through. */
    Map<String, Target> targets(int s) {
        return targets.get(s);
    }

    /**
     * The merged programs in order, each read from the campaigns as it is asked for and not kept: the first
     * appearance's id, hashes and text with the inputs of every appearance, each input once, in order of first
     * appearance. Reading them through fills {@link #targets}.
     */
    Iterable<CampaignMeta.ProgramEntry> merged() {
        return () -> new Iterator<>() {
            private int next;
            private final Cursor[] cursors = new Cursor[programs.size()];
            private int repeat;

            {
                for (int s = 0; s < cursors.length; s++) cursors[s] = new Cursor(programs.get(s));
                repeats.sort((a, b) -> a[2] != b[2]
                        ? Integer.compare(a[2], b[2])
                        : a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
            }

            @Override
            public boolean hasNext() {
                return next < ids.size();
            }

            @Override
            public CampaignMeta.ProgramEntry next() {
                if (!hasNext()) throw new NoSuchElementException();
                int program = next++;
                CampaignMeta.ProgramEntry first = null;
                List<Input> inputs = new ArrayList<>();
                Map<Input, Integer> index = new HashMap<>();
                for (int s = 0; s < cursors.length; s++) {
                    if (!has(s, program)) continue;
                    CampaignMeta.ProgramEntry e = cursors[s].at(positions[s][program]);
                    if (first == null) first = e;
                    land(s, program, e, inputs, index);
                    while (repeat < repeats.size() && repeats.get(repeat)[2] == program && repeats.get(repeat)[0] == s)
                        land(s, program, cursors[s].at(repeats.get(repeat++)[1]), inputs, index);
                }
                return new CampaignMeta.ProgramEntry(
                        first.id(), first.sha256(), first.precision(), first.source(), inputs);
            }

            /**
             * Adds the inputs of campaign {@code s}'s appearance {@code e} to {@code merged}, noting where its id and
             * inputs land; {@code index}: where each input of {@code merged} is (each is there once), so that an input
             * is found without comparing it with every other (that was a tenth of a merge of two sites at 10^6 runs).
             */
            private void land(
                    int s, int program, CampaignMeta.ProgramEntry e, List<Input> merged, Map<Input, Integer> index) {
                int[] map = new int[e.inputs().size()];
                boolean kept = true;
                for (int i = 0; i < map.length; i++) {
                    Input in = e.inputs().get(i);
                    Integer had = index.putIfAbsent(in, merged.size());
                    int at;
                    if (had == null) {
                        merged.add(in);
                        at = merged.size() - 1;
                    } else at = had;
                    map[i] = at;
                    kept &= at == i;
                }
                if (kept) {
                    int[] own = map;
                    map = identities.computeIfAbsent(own.length, n -> own);
                }
                String to = ids.get(program);
                targets.get(s).put(e.id(), new Target(to, e.id().equals(to), plain(to), map));
            }
        };
    }

    /** Whether the writer spells {@code id} as its bytes: printable ASCII without a quote or backslash. */
    static boolean plain(String id) {
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') return false;
        }
        return true;
    }

    /**
     * Reads one campaign's programs by position, forward in store order without keeping them (the usual case: every
     * campaign lists the programs in the same order), anything else one line at a time.
     */
    private static final class Cursor {
        private final List<CampaignMeta.ProgramEntry> list;
        /** a store's lines, each read from its bytes when in the writer's shape (no JSON parser), else bound */
        private Iterator<StoreLine> it;

        private final StoreLine one = new StoreLine();
        private int at; // the position it.next() returns

        Cursor(List<CampaignMeta.ProgramEntry> list) {
            this.list = list;
        }

        CampaignMeta.ProgramEntry at(int position) {
            if (!(list instanceof ProgramStore.Entries store)) return list.get(position);
            if (it == null) it = store.lines().iterator();
            if (position < at || position > at + 8) {
                store.read(position, one);
                return one.toEntry();
            }
            while (at < position) {
                it.next();
                at++;
            }
            at++;
            return it.next().toEntry();
        }
    }
}
