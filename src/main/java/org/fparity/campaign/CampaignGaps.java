package org.fparity.campaign;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;

/**
 * Which planned runs of a campaign have no outcome: nothing lost may read as a clean result. What was planned is known
 * from campaign.json: its programs × their inputs × its platforms (those fparity runs; recorded ones, imported from
 * Varity, are facts, not plans). A platform is planned for every case (program, input) of the campaign, except where the
 * campaign is a merge of sites that did not all have every program or input: a site plans the cases it has any
 * outcome for, plus every case that has no outcome anywhere (a merge never makes one), and a site that has no
 * outcome at all plans every case. Platforms are counted as lanes (toolchain, opt level, site): a site whose nodes
 * differ (GPU models) runs each case of a lane on one of them.
 */
public final class CampaignGaps {
    private CampaignGaps() {}

    /**
     * Why the campaign is incomplete, in one line (how many planned runs lack an outcome, one of them, and whether a
     * writer is still at it or the campaign should be resumed), or null when every planned run has an outcome.
     * Outcomes of programs or inputs the campaign does not list are ignored here (they are refused before).
     */
    public static String of(Campaign c) {
        Tally t = new Tally(c);
        for (Outcome o : c.outcomes()) t.add(o);
        return t.result();
    }

    /**
     * {@link #of} fed one outcome at a time (e.g. while the log is streamed): {@link #add} each outcome of the log, then
     * {@link #result}. Memory: a bit per case and platform lane.
     */
    public static final class Tally {
        private final Campaign c;
        private final Map<String, Integer> base = new HashMap<>();
        private final List<CampaignMeta.ProgramEntry> programs;
        private int total;
        private final Set<String> recorded = new HashSet<>();
        private final Map<String, BitSet> lanes = new LinkedHashMap<>();
        private final Map<String, String> siteOf = new HashMap<>();
        private BitSet any;
        // the last lane's names and bits: outcomes come grouped by platform
        private Outcome lastNames;
        private String lastLane;

        public Tally(Campaign c) {
            this(c, null, null);
            int n = 0;
            for (CampaignMeta.ProgramEntry p : ProgramStore.Entries.once(programs)) {
                base.put(p.id(), n);
                n += p.inputs().size();
            }
            total = n;
            any = new BitSet(total);
            lanes(c);
        }

        /**
         * As {@link #Tally(Campaign)}, told each program's id and number of inputs in campaign order ({@code ids[i]} has
         * {@code inputs[i]}) by a caller that reads the programs anyway: the store is not read for it.
         */
        public Tally(Campaign c, String[] ids, int[] inputs) {
            this.c = c;
            programs = c.programEntries();
            if (ids == null) return;
            int n = 0;
            for (int i = 0; i < ids.length; i++) {
                base.put(ids[i], n);
                n += inputs[i];
            }
            total = n;
            any = new BitSet(total);
            lanes(c);
        }

        private void lanes(Campaign c) {
            for (CampaignMeta.PlatformRecord p : c.platforms()) {
                String lane = lane(p.toolchain(), p.opt(), p.site());
                if (p.recorded() != null) {
                    recorded.add(lane);
                } else {
                    lanes.computeIfAbsent(lane, k -> new BitSet());
                    siteOf.put(lane, p.site());
                }
            }
        }

        public void add(Outcome o) {
            flush();
            Integer b = base.get(o.program());
            if (b == null || o.input() < 0 || b + o.input() >= total) return;
            int at = b + o.input();
            any.set(at);
            String lane;
            if (lastNames != null
                    && lastNames.toolchain().equals(o.toolchain())
                    && lastNames.opt().equals(o.opt())
                    && java.util.Objects.equals(lastNames.site(), o.site())) {
                lane = lastLane;
            } else {
                lane = lane(o.toolchain(), o.opt(), o.platformKey().site());
                lastNames = o;
                lastLane = lane;
            }
            if (recorded.contains(lane)) return;
            lanes.computeIfAbsent(lane, k -> new BitSet()).set(at);
            siteOf.putIfAbsent(lane, o.platformKey().site());
        }

        /**
         * The set of cases the lane of these names marks ({@link #add(String, int, BitSet)}), or null for a recorded
         * lane (imported: never planned here). Asked once per platform's names, at its first run, as {@link #add(Outcome)}
         * meets the lane.
         */
        public BitSet laneSet(String toolchain, String opt, String site) {
            Platform key = new Platform(toolchain, opt, site, null);
            String lane = lane(toolchain, opt, key.site());
            if (recorded.contains(lane)) return null;
            siteOf.putIfAbsent(lane, key.site());
            return lanes.computeIfAbsent(lane, k -> new BitSet());
        }

        // the last program added by add(String, int, BitSet), by identity (runs come grouped by program), and its base
        private String lastProgram;
        private int lastBase = -1;

        /** As {@link #add(Outcome)}, for a run of {@code program} on {@code input} in the lane {@link #laneSet} gave (or null). */
        public void add(String program, int input, BitSet lane) {
            int b;
            if (program == lastProgram) b = lastBase;
            else {
                Integer had = base.get(program);
                b = had == null ? -1 : had;
                lastProgram = program;
                lastBase = b;
            }
            if (b < 0 || input < 0 || b + input >= total) return;
            int at = b + input;
            if (at == pendingTo && lane == pendingLane) {
                pendingTo++;
                return;
            }
            flush();
            pendingFrom = at;
            pendingTo = at + 1;
            pendingLane = lane;
        }

        // cases [pendingFrom, pendingTo) of one lane not set yet: a program's runs on one platform come with their
        // inputs in order, set as one range (two BitSet calls a run were 4 % of compare at 10^7 runs)
        private int pendingFrom = -1, pendingTo = -1;
        private BitSet pendingLane;

        private void flush() {
            if (pendingFrom < 0) return;
            any.set(pendingFrom, pendingTo);
            if (pendingLane != null) pendingLane.set(pendingFrom, pendingTo);
            pendingFrom = pendingTo = -1;
        }

        public String result() {
            flush();
            if (total == 0) return programs.isEmpty() ? "the campaign has no programs: nothing was compared" : null;
            return gaps(c, programs, base, total, lanes, siteOf, any);
        }
    }

    private static String gaps(
            Campaign c,
            List<CampaignMeta.ProgramEntry> programs,
            Map<String, Integer> base,
            int total,
            Map<String, BitSet> lanes,
            Map<String, String> siteOf,
            BitSet any) {
        String writer = CampaignLock.holderOf(c.dir());
        if (lanes.isEmpty()) {
            if (!any.isEmpty()) return null; // only recorded platforms: what was imported is what there is
            return "no run has an outcome (" + total + " cases, no platform yet): "
                    + (writer != null
                            ? "it is still being written (" + writer + ")"
                            : "the campaign has not run; run it (or resume it)");
        }
        BitSet uncovered = new BitSet(total);
        uncovered.set(0, total);
        uncovered.andNot(any);
        Map<String, BitSet> coveredBySite = new LinkedHashMap<>();
        lanes.forEach((lane, set) -> coveredBySite
                .computeIfAbsent(siteOf.get(lane), k -> new BitSet())
                .or(set));
        long planned = 0;
        long missing = 0;
        String example = null;
        for (var e : lanes.entrySet()) {
            BitSet covered = coveredBySite.get(siteOf.get(e.getKey()));
            BitSet plan = new BitSet(total);
            if (covered.isEmpty()) {
                plan.set(0, total);
            } else {
                plan.or(covered);
                plan.or(uncovered);
            }
            planned += plan.cardinality();
            BitSet lacking = (BitSet) plan.clone();
            lacking.andNot(e.getValue());
            missing += lacking.cardinality();
            if (example == null && !lacking.isEmpty())
                example = describe(programs, base, lacking.nextSetBit(0)) + " on " + e.getKey();
        }
        if (missing == 0) return null;
        return "incomplete: " + missing + " of " + planned
                + " planned runs (programs × inputs × platforms of campaign.json) have no outcome, e.g. "
                + example + "; "
                + (writer != null
                        ? "it is still being written (" + writer + ")"
                        : "it was interrupted or a site is missing: resume it ('fparity run' with the same options, or 'fparity run --campaign DIR')");
    }

    private static String lane(String toolchain, String opt, String site) {
        return new Platform(toolchain, opt, site, null).label();
    }

    /** {@code program 1a2b… input 3} of case index {@code at}. */
    private static String describe(List<CampaignMeta.ProgramEntry> programs, Map<String, Integer> base, int at) {
        for (CampaignMeta.ProgramEntry p : ProgramStore.Entries.once(programs)) {
            int b = base.get(p.id());
            if (at >= b && at < b + p.inputs().size()) return "program " + p.id() + " input " + (at - b);
        }
        return "case " + at;
    }
}
