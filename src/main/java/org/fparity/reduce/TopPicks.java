package org.fparity.reduce;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.fparity.attribution.Causes;
import org.fparity.attribution.FlagModel;
import org.fparity.attribution.RootCause;

/**
 * The order {@code reduce --top K} tries a campaign's discrepancies in. With {@code causes.json} ({@code fparity
 * triage}): one group per root cause, the causes that look like vendor bugs first ({@link #expected}), then the ones
 * whose best pair lies within one toolchain, then the larger cause; within a cause, pairs a vendor owns first
 * ({@link OwnPair#rank}), then the menu's severity order. Without it: each discrepancy on its own (one per program
 * and input), pairs a vendor owns first, and the command keeps one per first diverging operation after reducing.
 */
public final class TopPicks {
    private TopPicks() {}

    /** Discrepancies of one cause tried in turn until one gives a bundle. */
    static final int TRIES_PER_CAUSE = 3;

    /**
     * One root cause's candidates, best first; {@code cause} null without {@code causes.json} (one candidate, the cause
     * is known only once reduced). {@code expected}: the verdict the cause points to before any build.
     */
    public record Group(RootCause cause, FindingVerdict.Kind expected, List<CampaignDiscrepancies.Entry> entries) {}

    /** The knob groups whose flags promise something about the program's values (the user's contract, not the vendor's). */
    static final Set<String> CONTRACT_KNOBS =
            Set.of("no infinities", "no NaNs", "finite-math folding", "flush to zero", "signed zeros ignored");

    /**
     * The operation of triage's cause that is a side fusing {@code a*b+c} (its default or its level's contraction): a
     * documented relaxation, like a contraction flag.
     */
    static final String CONTRACTION = "contraction";

    /**
     * The groups in the order {@code --top} tries them. {@code ranked}: the menu's order ({@link
     * CampaignDiscrepancies.Menu#ranked}); {@code knobs}: the knob files' folder, to read a cause's flags.
     */
    public static List<Group> groups(List<CampaignDiscrepancies.Entry> ranked, Optional<Causes> causes, Path knobs) {
        List<CampaignDiscrepancies.Entry> own = new ArrayList<>(ranked);
        own.sort(Comparator.comparingInt(TopPicks::pairRank)); // stable: the menu's order within a rank
        List<Group> out = new ArrayList<>();
        if (causes.isEmpty()) {
            // the same program and input at another pair is almost always the same cause: other programs first
            Set<String> runs = new HashSet<>();
            for (CampaignDiscrepancies.Entry e : own) if (runs.add(e.run())) out.add(new Group(null, null, List.of(e)));
            return out;
        }
        Map<String, RootCause> byId = new HashMap<>();
        for (RootCause c : causes.get().causes()) for (String id : c.discrepancies()) byId.putIfAbsent(id, c);
        Map<RootCause, List<CampaignDiscrepancies.Entry>> members = new LinkedHashMap<>();
        for (CampaignDiscrepancies.Entry e : own) {
            RootCause c = byId.get(e.id());
            if (c == null) continue;
            List<CampaignDiscrepancies.Entry> l = members.computeIfAbsent(c, k -> new ArrayList<>());
            // other programs before a second pair of the same run
            if (l.size() < TRIES_PER_CAUSE && l.stream().noneMatch(x -> x.run().equals(e.run()))) l.add(e);
        }
        Map<String, FlagModel> models = new HashMap<>();
        for (Map.Entry<RootCause, List<CampaignDiscrepancies.Entry>> m : members.entrySet())
            out.add(new Group(m.getKey(), expected(m.getKey(), models, knobs), List.copyOf(m.getValue())));
        out.sort(Comparator.<Group>comparingInt(g -> rank(g.expected()))
                .thenComparingInt(g -> pairRank(g.entries().getFirst()))
                .thenComparingInt(g -> -g.cause().cases())
                .thenComparing(g -> g.cause().key()));
        return out;
    }

    /** {@link OwnPair#rank} of an entry's pair. */
    static int pairRank(CampaignDiscrepancies.Entry e) {
        ReduceSession.Request q = e.request(1, false, 1);
        return OwnPair.rank(q.a(), q.b());
    }

    private static int rank(FindingVerdict.Kind k) {
        return new FindingVerdict(k, null, "").rank();
    }

    /**
     * The verdict a cause points to before anything is built: flags that promise something about the values
     * ({@link #CONTRACT_KNOBS}) only, outside the contract; documented relaxations, allowed by the flags; a flag no
     * knob file calls a relaxation (or a pass at a level with none, or a crash at a level without fast-math), a vendor
     * bug; a math function's difference, within accuracy; a contraction across or within toolchains, allowed by the flags;
     * undecided otherwise. An order, not the verdict: the bundle's
     * verdict comes from its own builds.
     */
    static FindingVerdict.Kind expected(RootCause c, Map<String, FlagModel> models, Path knobs) {
        String[] fam = c.family().split(" ");
        String toolchain = fam[0];
        return switch (c.kind()) {
            case UNDECIDED -> FindingVerdict.Kind.UNDECIDED;
            // triage's operation causes are a math function's library or a side's contraction (no function)
            case OPERATION ->
                c.function() != null
                        ? FindingVerdict.Kind.WITHIN_ACCURACY
                        : CONTRACTION.equals(c.operation())
                                ? FindingVerdict.Kind.ALLOWED_BY_FLAGS
                                : FindingVerdict.Kind.UNDECIDED;
            case CRASH ->
                fam.length > 1 && fam[1].endsWith("_FM")
                        ? FindingVerdict.Kind.UNDECIDED
                        : FindingVerdict.Kind.VENDOR_BUG;
            case FLAGS, PASS -> {
                if (c.flags().isEmpty())
                    yield c.kind() == RootCause.Kind.PASS
                            ? FindingVerdict.Kind.VENDOR_BUG
                            : FindingVerdict.Kind.UNDECIDED;
                FlagModel model = models.computeIfAbsent(toolchain, t -> FlagModel.forToolchain(knobs, t));
                boolean contract = true;
                for (String f : c.flags()) {
                    FlagModel.Knob k = model.knobOf(f);
                    if (k == null || "vectorisation".equals(k.operation())) yield FindingVerdict.Kind.VENDOR_BUG;
                    contract &= CONTRACT_KNOBS.contains(k.name());
                }
                yield contract ? FindingVerdict.Kind.OUTSIDE_CONTRACT : FindingVerdict.Kind.ALLOWED_BY_FLAGS;
            }
        };
    }
}
