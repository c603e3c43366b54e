package org.fparity.flip;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.FparityError;
import org.fparity.campaign.CampaignMeta;
import org.fparity.ir.Input;
import org.fparity.ir.Param;
import org.fparity.ir.Program;
import org.fparity.run.CampaignPlan;

/**
 * Inputs on branch boundaries for generated programs ({@code fparity run --inputs-from flip}): for each branch, a short
 * search (a few cells, no verification: the campaign's own runs are the verification) in the box the program's random
 * inputs span, its candidates added after the random inputs. A branch the search cannot take on (a math call out of
 * reach, a Z3 failure, no feasible path) adds nothing.
 *
 * @param perProgram  at most this many flip inputs per program
 * @param branches    at most this many branches searched per program
 * @param cells       domain cells per branch
 * @param queryMillis Z3 timeout per query
 */
public record FlipInputs(int perProgram, int branches, int cells, int queryMillis) {
    public static final FlipInputs DEFAULT = new FlipInputs(8, 4, 24, 300);

    /** What the search added, and what it could not do. */
    public record Added(List<Input> inputs, int branchesSearched, List<String> notes) {}

    /** Flip inputs for {@code p}, given its random inputs (they set the box and the loop bounds). */
    public Added forProgram(Program p, List<Input> random, Z3Session z3, long seed) {
        List<String> notes = new ArrayList<>();
        int n = SymbolicPaths.branches(p).size();
        if (n == 0 || random.isEmpty()) return new Added(List.of(), 0, notes);
        Domain d = domain(p, random);
        Set<List<String>> seen = new LinkedHashSet<>();
        for (Input in : random) seen.add(in.args());
        List<Input> out = new ArrayList<>();
        int searched = 0;
        for (int b = 0; b < Math.min(n, branches) && out.size() < perProgram; b++) {
            searched++;
            int room = perProgram - out.size();
            FlipSearch.Settings s = new FlipSearch.Settings(
                    b,
                    d,
                    0,
                    EvaluationModel.parse("all"),
                    seed + b,
                    10L * cells * queryMillis,
                    queryMillis,
                    4,
                    Math.min(2, room),
                    cells);
            try {
                new FlipSearch(p, s, z3, c -> {
                            if (out.size() < perProgram && seen.add(c.inputs())) out.add(new Input(c.inputs()));
                        })
                        .run();
            } catch (FparityError
                    | com.microsoft.z3.Z3Exception
                    | ArithmeticException
                    | UnsupportedOperationException e) {
                notes.add("branch " + b + ": " + String.valueOf(e.getMessage()).replace('\n', ' '));
            }
        }
        return new Added(out, searched, notes);
    }

    /** What {@link #augment} did over a whole plan. */
    public record Summary(int programs, int withBranches, int added, long millis) {}

    /**
     * The plan of a campaign with flip inputs in {@code dir}: the inputs an interrupted run recorded there when it is
     * this campaign (a search now, under time limits, could choose others and the campaign could not be resumed),
     * otherwise a new search's ({@link #augment}); {@code log} hears which, in one line.
     */
    public CampaignPlan planFor(CampaignPlan plan, java.nio.file.Path dir, java.util.function.Consumer<String> log) {
        CampaignPlan recorded = plan.withInputsRecordedIn(dir, settings(plan));
        if (recorded != null) {
            log.accept("flip inputs: those recorded in " + dir + " (resuming; a search now could choose others)");
            return recorded;
        }
        Summary[] fs = new Summary[1];
        CampaignPlan augmented = augment(plan, fs);
        log.accept("flip inputs: " + fs[0].added() + " added to " + fs[0].withBranches() + " of " + fs[0].programs()
                + " programs (those with branches) in " + fs[0].millis() / 1000.0 + " s");
        return augmented;
    }

    /**
     * {@code plan} with each program's flip inputs appended after its random ones (random inputs keep their numbers),
     * and {@code inputsFrom=flip} among its settings; {@code summary[0]} receives the counts.
     */
    public CampaignPlan augment(CampaignPlan plan, Summary[] summary) {
        long t0 = System.nanoTime();
        int with = 0;
        int added = 0;
        List<CampaignMeta.ProgramEntry> entries = new ArrayList<>(plan.entries().size());
        try (Z3Session z3 = new Z3Session(queryMillis)) {
            for (CampaignMeta.ProgramEntry e : plan.entries()) {
                Program p = Program.parse(e.source());
                Added a = forProgram(p, e.inputs(), z3, plan.seed());
                if (a.branchesSearched() > 0) with++;
                added += a.inputs().size();
                List<Input> all = new ArrayList<>(e.inputs());
                all.addAll(a.inputs());
                entries.add(new CampaignMeta.ProgramEntry(e.id(), e.sha256(), e.precision(), e.source(), all));
            }
        }
        Map<String, String> settings = settings(plan);
        if (summary != null)
            summary[0] = new Summary(plan.entries().size(), with, added, (System.nanoTime() - t0) / 1_000_000);
        return new CampaignPlan(plan.seed(), plan.grammar(), settings, entries, plan.batch());
    }

    /** The plan's settings with this search's: what a campaign with flip inputs records. */
    public Map<String, String> settings(CampaignPlan plan) {
        Map<String, String> settings = new java.util.TreeMap<>(plan.settings());
        settings.put("inputsFrom", "flip");
        settings.put(
                "flipInputs",
                perProgram + " per program, " + branches + " branches, " + cells + " cells, " + queryMillis
                        + " ms per query");
        return settings;
    }

    /** Each FP variable over the finite values the random inputs give it (±1 when none), loop bounds as the first input has them. */
    static Domain domain(Program p, List<Input> random) {
        Map<String, double[]> ranges = new java.util.LinkedHashMap<>();
        Map<String, Integer> bounds = new java.util.LinkedHashMap<>();
        for (int i = 0; i < p.params().size(); i++) {
            Param par = p.params().get(i);
            if (par.kind() == Param.Kind.INT) {
                bounds.put(par.name(), random.getFirst().integer(i));
                continue;
            }
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (Input in : random) {
                for (double v : in.elements(i)) {
                    if (!Double.isFinite(v) || Math.abs(v) > 1e30) continue;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
            if (!(lo <= hi)) {
                lo = -1;
                hi = 1;
            }
            if (par.kind() == Param.Kind.FP_ELEMENTS) {
                for (int e = 0; e < p.arrayLength(); e++)
                    ranges.put(SymbolicPaths.element(par.name(), e), new double[] {lo, hi});
            } else {
                ranges.put(par.name(), new double[] {lo, hi});
            }
        }
        return new Domain(ranges, bounds);
    }
}
