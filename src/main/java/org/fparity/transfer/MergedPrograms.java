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
import org.fparity.ir.Input;

/**
 * The programs of the campaigns a merge reads, matched by the hash of their text in order of first appearance, inputs
 * likewise within each program by their exact tokens, and where each campaign's program ids and input indices land.
 *
 * <p>Memory: per program its merged id, the hash of its text, where it sits in each campaign and, per campaign, where
 * its id and inputs land (one shared array where they keep their indices); never a program's text or inputs, which are
 * read from the campaigns' stores twice, in order: once to match them ({@link #match}), once as the merged store is
 * written ({@link #merged}). Holding every program's text and inputs was most of a merge's memory (a 10^7-run campaign
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
     * Matches the programs of each campaign ({@code names}, in order) by the hash of their text; the same id with
     * different text in two campaigns is refused, and so is a program without text.
     */
    static MergedPrograms match(List<String> names, List<Path> dirs, List<List<CampaignMeta.ProgramEntry>> programs) {
        MergedPrograms m = new MergedPrograms(names, programs);
        Map<String, Integer> byHash = new HashMap<>();
        Map<String, Integer> ofId = new HashMap<>();
        for (int s = 0; s < programs.size(); s++) {
            int at = 0;
            for (CampaignMeta.ProgramEntry p : ProgramStore.Entries.once(programs.get(s))) {
                if (p.source() == null)
                    throw new FparityError(
                            dirs.get(s) + ": program " + p.id() + " has no text; cannot match it by hash");
                String h = ExportFormat.sha256(p.source());
                Integer program = byHash.get(h);
                Integer known = ofId.get(p.id());
                if (known != null && !known.equals(program)) {
                    throw new FparityError("program " + p.id() + " has different text in " + names.get(s)
                            + " than in an earlier campaign; these are not the same program");
                }
                if (program == null) {
                    program = m.ids.size();
                    byHash.put(h, program);
                    m.ids.add(p.id());
                }
                ofId.putIfAbsent(p.id(), program);
                m.appears(s, program, at++);
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
                for (int s = 0; s < cursors.length; s++) {
                    if (!has(s, program)) continue;
                    CampaignMeta.ProgramEntry e = cursors[s].at(positions[s][program]);
                    if (first == null) first = e;
                    land(s, program, e, inputs);
                    while (repeat < repeats.size() && repeats.get(repeat)[2] == program && repeats.get(repeat)[0] == s)
                        land(s, program, cursors[s].at(repeats.get(repeat++)[1]), inputs);
                }
                return new CampaignMeta.ProgramEntry(
                        first.id(), first.sha256(), first.precision(), first.source(), inputs);
            }

            /** Adds the inputs of campaign {@code s}'s appearance {@code e} to {@code merged}, noting where its id and inputs land. */
            private void land(int s, int program, CampaignMeta.ProgramEntry e, List<Input> merged) {
                int[] map = new int[e.inputs().size()];
                boolean kept = true;
                for (int i = 0; i < map.length; i++) {
                    int at = merged.indexOf(e.inputs().get(i));
                    if (at < 0) {
                        merged.add(e.inputs().get(i));
                        at = merged.size() - 1;
                    }
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
        private Iterator<CampaignMeta.ProgramEntry> it;
        private int at; // the position it.next() returns

        Cursor(List<CampaignMeta.ProgramEntry> list) {
            this.list = list;
        }

        CampaignMeta.ProgramEntry at(int position) {
            if (!(list instanceof ProgramStore.Entries store)) return list.get(position);
            if (it == null) it = store.once().iterator();
            if (position < at || position > at + 8) return store.readOnce(position);
            while (at < position) {
                it.next();
                at++;
            }
            at++;
            return it.next();
        }
    }
}
