package org.fparity.attribution;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignLock;
import org.fparity.campaign.CampaignMeta;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.StatusMismatch;
import org.fparity.confirm.DiscrepancyId;
import org.fparity.confirm.Interestingness;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.Clusters;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.fparity.run.LocalSite;
import org.fparity.run.Sites;

/**
 * {@code fparity triage CAMPAIGN}: every discrepancy and every run that ended differently, attributed and grouped into
 * root causes ranked by cases ({@link Causes}, {@code causes.json}).
 *
 * <p>Each discrepancy is attributed through the best pair for it. A platform whose result differs from its own
 * toolchain's lowest level (O0) is a <em>level unit</em> (toolchain, O0, level, case): flags, by experiment
 * ({@link LevelTriage}); a pair of two toolchains at one level is attributed to the side that differs from its own O0
 * (the one off the correctly rounded result first), and when neither does, to the O0 results themselves: a <em>library
 * unit</em> (toolchain, case) for the side off the correctly rounded result, attributed to the first math call where
 * its library leaves the truth ({@link LibraryTriage}); a run that ended differently is bucketed by the failing
 * platform and its signal. Level units of one toolchain and level pair are decided together, their experiments built
 * in shared batches; progress is kept in the campaign folder ({@link TriageState}) under the campaign's lock.
 */
public final class CampaignTriage {
    /**
     * Where the toolchains and knob files are, how many builds at a time, where progress lines go, the executor of a
     * site by name, for the platforms a cluster ran (null: the site's cluster profile, {@link Clusters}), and how many
     * flag causes of LLVM toolchains (most cases first) get the pass behind them bisected on their representative.
     */
    public record Options(
            Path toolchainDir,
            Path knobDir,
            int workers,
            PrintStream progress,
            Function<String, SiteExecutor> sites,
            int passes) {
        public Options(Path toolchainDir, Path knobDir, int workers, PrintStream progress) {
            this(toolchainDir, knobDir, workers, progress, null, PASSES);
        }

        public Options(
                Path toolchainDir,
                Path knobDir,
                int workers,
                PrintStream progress,
                Function<String, SiteExecutor> sites) {
            this(toolchainDir, knobDir, workers, progress, sites, PASSES);
        }
    }

    /**
     * Flag causes whose pass is bisected by default: about 13 single-program builds each (the pass list, limits 0 and
     * all, then a bisection of some 700 passes), so the largest few, not all.
     */
    public static final int PASSES = 5;

    /** What a triage did: the causes, and the work (experiments, batch builds, units decided now and read back). */
    public record Result(Causes causes, int runs, int builds, int units, int resumed) {}

    private static final Pattern SIGNAL = Pattern.compile("\\b(SIG[A-Z0-9]+)\\b");

    private final Path campaign;
    private final Options options;
    private final Map<String, Toolchain> toolchains = new HashMap<>();
    private final Map<String, FlagModel> models = new HashMap<>();
    private Toolchains loaded;

    private CampaignTriage(Path campaign, Options options) {
        this.campaign = campaign;
        this.options = options;
    }

    @SuppressWarnings("try") // the campaign lock is held for the whole body, not used in it
    public static Result run(Path campaign, Options options) throws InterruptedException {
        if (!Files.isRegularFile(campaign.resolve("campaign.json")))
            throw new FparityError(campaign + " is not a campaign folder (no campaign.json)");
        try (CampaignLock lock = CampaignLock.acquire(campaign)) {
            return new CampaignTriage(campaign, options).triage();
        }
    }

    /** One discrepancy or run that ended differently, with the unit that explains it. */
    private record Item(String id, String run, String unit, int severity) {}

    private Result triage() throws InterruptedException {
        CampaignView view = CampaignFiles.load(campaign);
        Findings f = Comparer.compare(view);
        Map<String, Outcome> outcomes = new HashMap<>();
        Map<String, String> lowest = new HashMap<>();
        Map<String, java.util.TreeSet<String>> levels = new HashMap<>();
        for (Outcome o : view.outcomes()) {
            Platform p = Platform.of(o);
            outcomes.putIfAbsent(o.program() + "/" + o.input() + "/" + p.label(), o);
            levels.computeIfAbsent(p.lane(), k -> new java.util.TreeSet<>(Toolchain.OPT_ORDER))
                    .add(o.opt());
        }
        for (Map.Entry<String, java.util.TreeSet<String>> e : levels.entrySet())
            lowest.put(e.getKey(), e.getValue().first());
        Cases cases = new Cases(view);
        Map<String, LevelTriage.Case> levelUnits = new LinkedHashMap<>();
        Map<String, String[]> levelGroups = new HashMap<>();
        Map<String, LibraryTriage.Case> libraryUnits = new LinkedHashMap<>();
        Map<String, TriageState.Unit> immediate = new LinkedHashMap<>();
        List<Item> items = new ArrayList<>();
        for (Discrepancy d : f.discrepancies()) {
            String run = d.program() + "/" + d.input();
            Program p = cases.program(d.program());
            Input in = view.input(d.program(), d.input());
            if (p == null || in == null) continue;
            String id = DiscrepancyId.of(
                    d.program(), d.input(), d.pair().a().label(), d.pair().b().label(), d.cls());
            Platform a = d.pair().a();
            Platform b = d.pair().b();
            Platform off = null;
            if (a.lane().equals(b.lane())) {
                off = Toolchain.OPT_ORDER.compare(a.opt(), b.opt()) <= 0 ? b : a;
            } else {
                boolean devA = deviates(a, run, outcomes, lowest);
                boolean devB = deviates(b, run, outcomes, lowest);
                if (devA && devB)
                    off = cases.offTruth(p, in, outcomes.get(run + "/" + a.label()))
                                    || !cases.offTruth(p, in, outcomes.get(run + "/" + b.label()))
                            ? a
                            : b;
                else if (devA) off = a;
                else if (devB) off = b;
            }
            String unit;
            if (off != null) {
                Platform[] step = step(off, run, outcomes, levels.get(off.lane()));
                off = step[1];
                Platform base = step[0];
                unit = "level|" + base.label() + "|" + off.opt() + "|" + run;
                Outcome oa = outcomes.get(run + "/" + base.label());
                Outcome ob = outcomes.get(run + "/" + off.label());
                if (contractsAtOneOnly(off.toolchain(), base.opt(), off.opt())) {
                    String tcName = off.toolchain();
                    libraryUnits.computeIfAbsent(unit, k -> new LibraryTriage.Case(k, p, in, tcName, oa, tcName, ob));
                } else {
                    levelUnits.computeIfAbsent(unit, k -> new LevelTriage.Case(k, p, in, oa, ob));
                    levelGroups.putIfAbsent(unit, new String[] {off.toolchain(), base.opt(), off.opt(), off.site()});
                }
            } else {
                Platform a0 = a.at(lowest.get(a.lane()));
                Platform b0 = b.at(lowest.get(b.lane()));
                Outcome oa = outcomes.get(run + "/" + a0.label());
                Outcome ob = outcomes.get(run + "/" + b0.label());
                unit = "library|" + a0.label() + "|" + b0.label() + "|" + run;
                libraryUnits.computeIfAbsent(
                        unit, k -> new LibraryTriage.Case(k, p, in, a0.toolchain(), oa, b0.toolchain(), ob));
            }
            items.add(new Item(id, run, unit, d.cls().ordinal()));
        }
        for (StatusMismatch m : f.mismatches()) {
            String run = m.program() + "/" + m.input();
            String id = DiscrepancyId.of(
                    m.program(), m.input(), m.pair().a().label(), m.pair().b().label(), Interestingness.ENDED_ID);
            int side = Interestingness.failingSide(m.statusA(), m.statusB());
            Platform failing = side == 1 ? m.pair().b() : m.pair().a();
            Outcome.Status st = side == 1 ? m.statusB() : m.statusA();
            String detail = side == 1 ? m.detailB() : m.detailA();
            Matcher sig = SIGNAL.matcher(detail == null ? "" : detail);
            String how = st == Outcome.Status.CRASH && sig.find()
                    ? sig.group(1)
                    : st.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
            String unit = "ended|" + failing.label() + "|" + how;
            immediate.putIfAbsent(
                    unit,
                    new TriageState.Unit(
                            unit,
                            RootCause.Kind.CRASH,
                            failing.toolchain() + " " + failing.opt(),
                            List.of(),
                            how,
                            null,
                            null,
                            failing.label() + " ended with " + how + " where the other side printed a result"));
            items.add(new Item(id, run, unit, DiscrepancyClass.values().length));
        }
        String fingerprint = fingerprint();
        int total = levelUnits.size() + libraryUnits.size();
        try (TriageState state = TriageState.open(campaign, fingerprint)) {
            int resumed = 0;
            for (String u : levelUnits.keySet()) if (state.get(u) != null) resumed++;
            for (String u : libraryUnits.keySet()) if (state.get(u) != null) resumed++;
            ProgressLine progress = new ProgressLine(options.progress(), total, resumed);
            Path work = work(campaign);
            LocalExperiments here = new LocalExperiments(this::detected, this::model, work, options.workers());
            try (ExperimentSites sites = new ExperimentSites(
                    here, site -> openSite(site, work), n -> loaded().get(n), this::model, recorded())) {
                decideLevels(sites, levelUnits, levelGroups, state, progress);
                new LibraryTriage(work, n -> loaded().get(n)).decide(libraryUnits, state, progress::done);
                state.add(List.copyOf(immediate.values()));
                Causes causes = withPasses(group(items, state, cases), items, levelUnits, state, work);
                causes.write(campaign);
                progress.finish(sites);
                return new Result(causes, sites.runs(), sites.builds(), total - resumed, resumed);
            }
        }
    }

    /**
     * Whether a toolchain contracts by its language's default at one of two levels only ({@link
     * LibraryTriage#contraction}: pocl's O1 is built with OpenCL's FP_CONTRACT OFF pragma, a host build flag no knob
     * rebuilds): such a level step is decided by evaluating both levels' results with its library, with and without
     * contraction, not by flag experiments.
     */
    private boolean contractsAtOneOnly(String toolchain, String optA, String optB) {
        Toolchain tc;
        try {
            tc = loaded().get(toolchain);
        } catch (FparityError e) {
            return false;
        }
        return tc != null
                && (LibraryTriage.contraction(tc, optA) == null) != (LibraryTriage.contraction(tc, optB) == null);
    }

    /** Triage's folder in a campaign: its state, its builds, and a cluster site's files ({@link Sites#open}). */
    public static Path work(Path campaign) {
        return campaign.resolve(TriageState.DIR);
    }

    /**
     * The executor of a site that ran some of the campaign's platforms: the options', else its cluster profile's; a
     * campaign whose only site no profile names ({@code run --site NAME}) was run here, and is experimented on here.
     */
    private SiteExecutor openSite(String site, Path work) {
        if (options.sites() != null) return options.sites().apply(site);
        Clusters profiles = Clusters.load(Clusters.defaultDir(), System.getenv());
        // a campaign of one site that no profile names was run on this machine under that name (run --site NAME)
        if (!profiles.names().contains(site) && recorded().stream().allMatch(r -> site.equals(r.site())))
            return new LocalSite(site, new BinaryCache(work.resolve("build")), options.workers(), x -> {});
        ClusterProfile p = profiles.get(site);
        PrintStream log = options.progress();
        return Sites.open(p, work, options.workers(), x -> {
            if (log != null) log.println("fparity: triage: " + site + ": " + x);
        });
    }

    /** The platforms the campaign recorded, with their compile commands (each site's flags). */
    private List<ExperimentSites.Recorded> recorded() {
        List<ExperimentSites.Recorded> out = new ArrayList<>();
        for (CampaignMeta.PlatformRecord p : Campaign.readMeta(campaign).platforms())
            out.add(new ExperimentSites.Recorded(p.toolchain(), p.opt(), p.site(), p.compile()));
        return out;
    }

    /**
     * Level units by group (toolchain, site, level pair), each group's experiments at the site that ran it, one
     * {@link Lab} per site (an experiment's outcome is its site's).
     */
    private void decideLevels(
            ExperimentSites sites,
            Map<String, LevelTriage.Case> units,
            Map<String, String[]> groups,
            TriageState state,
            ProgressLine progress)
            throws InterruptedException {
        Map<String, List<LevelTriage.Case>> byGroup = new TreeMap<>();
        Map<String, String> siteOf = new HashMap<>();
        for (LevelTriage.Case c : units.values()) {
            if (state.get(c.id()) != null) continue;
            String[] g = groups.get(c.id());
            // this machine's groups keep their plain name (toolchain|A|B); a cluster's toolchain is toolchain@site
            String name = new Platform(g[0], g[1], g[3], null).lane();
            String key = name + "|" + g[1] + "|" + g[2];
            siteOf.put(key, g[3]);
            byGroup.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
        }
        Map<String, Lab> labs = new HashMap<>();
        List<String> order = new ArrayList<>(byGroup.keySet());
        order.sort(Comparator.comparingInt((String k) -> -byGroup.get(k).size()).thenComparing(k -> k));
        Map<String, List<List<String>>> known = new HashMap<>();
        for (String g : order) {
            String[] parts = g.split("\\|");
            String site = siteOf.get(g);
            String toolchain = groups.get(byGroup.get(g).getFirst().id())[0];
            List<LevelTriage.Case> cases = byGroup.get(g);
            progress.group(parts[0] + " " + parts[1] + " vs " + parts[2], cases.size());
            List<TriageState.Unit> decided = new ArrayList<>();
            String family = parts[0] + " " + parts[2];
            // a cluster's toolchain is detected by its node (its outcomes say if it cannot build), not here
            String cannot = ExperimentSites.local(site) ? cannot(toolchain) : unknown(toolchain);
            if (cannot != null) {
                String where = ExperimentSites.local(site) ? "cannot build here" : "no descriptor here";
                for (LevelTriage.Case c : cases) decided.add(undecided(c.id(), family, where, cannot));
            } else {
                Toolchain tc =
                        ExperimentSites.local(site) ? toolchains.get(toolchain) : sites.descriptor(site, toolchain);
                FlagModel model = model(toolchain);
                ExperimentRunner runner = sites.runner(site);
                Lab lab = labs.computeIfAbsent(site, k -> new Lab(runner, () -> progress.round(sites)));
                List<List<String>> seeds = known.computeIfAbsent(
                        (model.file() == null ? toolchain : model.file()) + "|" + parts[2], k -> new ArrayList<>());
                Map<LevelTriage.Case, LevelTriage.Found> found =
                        new LevelTriage(lab, tc, model, parts[1], parts[2]).attribute(cases, seeds);
                for (LevelTriage.Case c : cases) {
                    LevelTriage.Found r = found.get(c);
                    if (r.undecided() != null) {
                        decided.add(undecided(
                                c.id(),
                                family,
                                r.undecided().startsWith("more than") ? "too many flag sets" : "not reproduced",
                                r.undecided()));
                    } else {
                        decided.add(new TriageState.Unit(
                                c.id(),
                                RootCause.Kind.FLAGS,
                                family,
                                r.flags(),
                                r.operations().isEmpty() ? null : String.join("+", r.operations()),
                                null,
                                null,
                                null));
                    }
                }
            }
            state.add(decided);
            progress.done(decided.size());
        }
    }

    /** The state unit that keeps a cause's pass bisection: the cause's key without a pass, and its representative's unit. */
    static String passUnit(String causeKey, String unit) {
        return "pass|" + causeKey + "|" + unit;
    }

    /**
     * The {@link Options#passes} largest flag causes of LLVM toolchains (knob file {@code "passes": "llvm"}) with the
     * pass behind them: B's own build line with {@code -mllvm -opt-bisect-limit=N}, bisected on the cause's
     * representative in the single-program form ({@link PassBisection}), once per cause, not per case; the other cases
     * of the cause are taken to share it. Kept in the triage state as a {@code PASS} unit (operation: the pass,
     * function: where it ran, why: "N of K"), or why it was not decided; a cause with a pass has it in its key and
     * title.
     */
    private Causes withPasses(
            Causes causes, List<Item> items, Map<String, LevelTriage.Case> levelUnits, TriageState state, Path work)
            throws InterruptedException {
        if (options.passes() <= 0) return causes;
        Map<String, String> unitOf = new HashMap<>();
        for (Item it : items) unitOf.putIfAbsent(it.id(), it.unit());
        List<RootCause> out = new ArrayList<>();
        int bisected = 0;
        for (RootCause c : causes.causes()) {
            String unit = unitOf.get(c.representative());
            LevelTriage.Case lc = unit == null ? null : levelUnits.get(unit);
            String tcName = c.family().split(" ")[0];
            if (c.kind() != RootCause.Kind.FLAGS
                    || lc == null
                    // bisected here: a cause of platforms another site ran keeps its flags only
                    || !Platform.LOCAL.equals(lc.b().site())
                    || bisected >= options.passes()
                    || !"llvm".equals(model(tcName).passes())
                    || cannot(tcName) != null) {
                out.add(c);
                continue;
            }
            bisected++;
            String optB = unit.split("\\|")[2];
            String key = passUnit(c.key(), unit);
            TriageState.Unit u = state.get(key);
            if (u == null) {
                if (options.progress() != null)
                    options.progress()
                            .println("fparity: triage: the LLVM pass behind cause " + bisected + " (" + c.cases()
                                    + " cases): " + c.title());
                Toolchain tc = toolchains.get(tcName);
                PassBisection.Result r;
                try {
                    r = new PassBisection(work.resolve("passes")
                                    .resolve(org.fparity.util.Hashes.sha256Hex(key)
                                            .substring(0, 16)))
                            .bisect(detected(tcName), tc.opt().get(optB), lc.program(), lc.input(), lc.b());
                } catch (FparityError e) {
                    // a bisection that cannot build leaves the cause with its flags, never the triage undone
                    r = new PassBisection.Result(-1, 0, null, null, null, null, e.getMessage(), 0);
                }
                u = r.undecided() == null && r.pass() != null
                        ? new TriageState.Unit(
                                key,
                                RootCause.Kind.PASS,
                                c.family(),
                                c.flags(),
                                r.pass(),
                                r.function(),
                                null,
                                r.limit() + " of " + r.passes())
                        : new TriageState.Unit(
                                key, RootCause.Kind.UNDECIDED, c.family(), c.flags(), null, null, null, r.undecided());
                state.add(List.of(u));
            }
            if (u.kind() != RootCause.Kind.PASS) {
                out.add(c);
                continue;
            }
            out.add(new RootCause(
                    null,
                    c.kind(),
                    c.family(),
                    c.flags(),
                    u.operation(),
                    c.operation(),
                    c.function(),
                    c.library(),
                    c.title() + " in LLVM pass " + u.operation() + " (pass " + u.why() + " on its representative)",
                    c.cases(),
                    c.discrepancies(),
                    c.representative(),
                    c.reduce()));
        }
        return new Causes(causes.triaged(), causes.undecided(), out);
    }

    private static TriageState.Unit undecided(String unit, String family, String slug, String why) {
        return new TriageState.Unit(unit, RootCause.Kind.UNDECIDED, family, List.of(), slug, null, null, why);
    }

    /** Causes from the items' units: ranked by cases, each with its smallest case's discrepancy first. */
    private Causes group(List<Item> items, TriageState state, Cases cases) {
        Map<String, List<Item>> byKey = new LinkedHashMap<>();
        Map<String, TriageState.Unit> first = new HashMap<>();
        int undecided = 0;
        for (Item it : items) {
            TriageState.Unit u = state.get(it.unit());
            if (u == null) continue;
            byKey.computeIfAbsent(u.key(), k -> new ArrayList<>()).add(it);
            first.putIfAbsent(u.key(), u);
            if (u.kind() == RootCause.Kind.UNDECIDED) undecided++;
        }
        List<RootCause> out = new ArrayList<>();
        for (Map.Entry<String, List<Item>> e : byKey.entrySet()) {
            TriageState.Unit u = first.get(e.getKey());
            List<Item> its = e.getValue();
            Item rep = its.stream()
                    .min(Comparator.comparing((Item i) -> cases.size(i.run()))
                            .thenComparing(Item::run)
                            .thenComparing(Item::severity)
                            .thenComparing(i ->
                                    i.unit().startsWith("level|") && i.unit().contains("|") ? 0 : 1)
                            .thenComparing(Item::id))
                    .orElseThrow();
            List<String> ids = new ArrayList<>();
            ids.add(rep.id());
            its.stream()
                    .map(Item::id)
                    .filter(i -> !i.equals(rep.id()))
                    .distinct()
                    .sorted()
                    .forEach(ids::add);
            int nCases = (int) its.stream().map(Item::run).distinct().count();
            out.add(new RootCause(
                    null,
                    u.kind(),
                    u.family(),
                    u.flags(),
                    null,
                    u.operation(),
                    u.function(),
                    u.library(),
                    title(u),
                    nCases,
                    ids,
                    rep.id(),
                    "fparity reduce " + campaign + " --discrepancy " + rep.id()));
        }
        out.sort(Comparator.comparingInt((RootCause c) -> -c.cases()).thenComparing(RootCause::key));
        return new Causes(items.size(), undecided, out);
    }

    static String title(TriageState.Unit u) {
        return switch (u.kind()) {
            case FLAGS ->
                u.family() + ": " + String.join(" ", u.flags().stream().sorted().toList())
                        + (u.operation() == null ? "" : " (" + u.operation() + ")");
            case OPERATION ->
                u.function() == null
                        ? u.family() + ": " + u.operation() + (u.why() == null ? "" : ": " + u.why())
                        : u.operation() != null && u.operation().startsWith(LibraryTriage.FOLDED_BY)
                                ? u.library() + " " + u.function() + " (" + u.family() + " calls it at run time; "
                                        + u.operation().substring(LibraryTriage.FOLDED_BY.length())
                                        + " folds it at build time)"
                                : u.family() + ": " + u.function() + " of " + u.library()
                                        + " is off the correctly rounded result";
            case CRASH -> u.family() + " ended with " + u.operation();
            case PASS -> u.family() + ": pass";
            case UNDECIDED -> u.family() + ": undecided (" + u.operation() + "): " + u.why();
        };
    }

    /**
     * The step that made a platform's result: the lowest level K at or below its own from which every level up to its
     * own gives its result, and the level just below K (A, then B). {@code gcc-fma O3_FM} that gives O3's result is
     * attributed between O0 and the level where that result first appears; one that differs from O3 between O3 and
     * O3_FM.
     */
    private static Platform[] step(
            Platform p, String run, Map<String, Outcome> outcomes, java.util.TreeSet<String> levels) {
        Outcome here = outcomes.get(run + "/" + p.label());
        List<String> below = new ArrayList<>(levels.headSet(p.opt(), false));
        String k = p.opt();
        for (int i = below.size() - 1; i >= 1; i--) {
            Outcome o = outcomes.get(run + "/" + p.at(below.get(i)).label());
            if (o == null || !FlagAttribution.same(o, here)) break;
            k = below.get(i);
        }
        List<String> under = new ArrayList<>(levels.headSet(k, false));
        return new Platform[] {p.at(under.getLast()), p.at(k)};
    }

    private static boolean deviates(Platform p, String run, Map<String, Outcome> outcomes, Map<String, String> lowest) {
        String low = lowest.get(p.lane());
        if (low == null || low.equals(p.opt())) return false;
        Outcome here = outcomes.get(run + "/" + p.label());
        Outcome base = outcomes.get(run + "/" + p.at(low).label());
        return here != null && base != null && !FlagAttribution.same(here, base);
    }

    /** The outcome log as it is now: its size (outcomes are only ever appended). */
    private String fingerprint() {
        try {
            Path log = campaign.resolve("outcomes.jsonl");
            return Files.exists(log) ? "outcomes.jsonl " + Files.size(log) + " bytes" : "no outcome log";
        } catch (IOException e) {
            throw FparityError.io("cannot read " + campaign, e);
        }
    }

    private Toolchains loaded() {
        if (loaded == null) loaded = Toolchains.load(options.toolchainDir());
        return loaded;
    }

    /** Why a toolchain cannot be experimented with here, or null. */
    private String cannot(String name) {
        Toolchain tc;
        try {
            tc = loaded().get(name);
        } catch (FparityError e) {
            return e.getMessage();
        }
        DetectedToolchain dt = DetectedToolchain.detect(tc);
        if (!dt.canCompile()) return name + " cannot compile here: " + dt.compileProblem();
        if (!dt.canRun()) return name + " cannot run here: " + dt.runProblem();
        toolchains.put(name, tc);
        return null;
    }

    /** Why a cluster's toolchain cannot be experimented with: this machine has no descriptor of it; or null. */
    private String unknown(String name) {
        try {
            loaded().get(name);
            return null;
        } catch (FparityError e) {
            return e.getMessage();
        }
    }

    private final Map<String, DetectedToolchain> detected = new HashMap<>();

    private DetectedToolchain detected(String name) {
        return detected.computeIfAbsent(name, n -> DetectedToolchain.detect(loaded().get(n)));
    }

    private FlagModel model(String name) {
        return models.computeIfAbsent(name, n -> FlagModel.forToolchain(options.knobDir(), n));
    }

    /** Programs parsed once, their sizes, and the correctly rounded result of a case, computed once. */
    static final class Cases {
        private final CampaignView view;
        private final Map<String, Program> programs = new HashMap<>();
        private final Map<String, Double> truth = new HashMap<>();

        Cases(CampaignView view) {
            this.view = view;
        }

        Program program(String id) {
            return programs.computeIfAbsent(id, k -> {
                String src = view.source(k);
                return src == null ? null : Program.parse(src);
            });
        }

        /** Operations of a run's program (fewest is the smallest representative). */
        int size(String run) {
            Program p = program(run.substring(0, run.indexOf('/')));
            return p == null ? Integer.MAX_VALUE : Size.of(p).operations();
        }

        /** True when the outcome is not the correctly rounded result (unknown truth counts as off). */
        boolean offTruth(Program p, Input in, Outcome o) {
            Double t =
                    truth.computeIfAbsent(p.id() + "/" + String.join(" ", in.args()), k -> LibraryTriage.truth(p, in));
            return o == null
                    || o.status() != Outcome.Status.OK
                    || t == null
                    || DiscrepancyClass.classify(o.value(), t) != null;
        }
    }

    /** The progress line: units decided of all, builds and runs so far, on stderr; one line per group and every few seconds. */
    static final class ProgressLine {
        private final PrintStream out;
        private final int total;
        private int done;
        private final long start = System.nanoTime();
        private long last;
        private String group = "";

        ProgressLine(PrintStream out, int total, int resumed) {
            this.out = out;
            this.total = total;
            this.done = resumed;
            if (out != null && resumed > 0)
                out.println("fparity: triage: " + resumed + " of " + total + " units decided before, read back");
        }

        void group(String name, int units) {
            group = name + " (" + units + ")";
        }

        void round(ExperimentSites r) {
            long now = System.nanoTime();
            if (now - last < 3_000_000_000L) return;
            last = now;
            draw(r);
        }

        void done(int units) {
            done += units;
        }

        private void draw(ExperimentSites r) {
            if (out == null) return;
            int width = 30;
            int fill = total == 0 ? width : (int) ((long) width * done / total);
            out.printf(
                    "fparity: triage [%s%s] %d/%d units  %s  %d builds, %d runs  %.0f s%n",
                    "#".repeat(fill),
                    ".".repeat(width - fill),
                    done,
                    total,
                    group,
                    r.builds(),
                    r.runs(),
                    (System.nanoTime() - start) / 1e9);
        }

        void finish(ExperimentSites r) {
            group = "done";
            draw(r);
        }
    }
}
