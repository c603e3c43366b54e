package org.fparity.reduce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.confirm.DiscrepancyId;
import org.fparity.confirm.Interestingness;
import org.fparity.confirm.LibraryCall;
import org.fparity.confirm.Side;
import org.fparity.confirm.Standalone;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.Clusters;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.NodeFacts;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.fparity.ir.Size;
import org.fparity.oracle.ReferenceEvaluator;
import org.fparity.run.LocalSite;
import org.fparity.run.Sites;
import org.fparity.util.AtomicFiles;

/**
 * One discrepancy from start to bundle: confirm it standalone, reduce it in batches, check the result standalone and
 * under ASan/UBSan, find the first diverging operation, write {@code reproducers/<id>/}.
 */
public final class ReduceSession {
    /**
     * What to reduce. {@code cls} null: whatever class the two platforms show on the original. {@code recorded}: what
     * an imported campaign recorded, where a side is a platform fparity did not run (null: both are fparity's own).
     */
    public record Request(
            String id,
            Program program,
            Input input,
            Side a,
            Side b,
            DiscrepancyClass cls,
            long minUlps,
            boolean vsReference,
            int limit,
            Recorded recorded) {}

    /**
     * What an imported campaign recorded of a discrepancy: each side's result as printed there, and for each side that
     * is an imported platform (Varity's {@code nvcc-9.2}) the version the campaign recorded (null: a side fparity ran).
     */
    public record Recorded(Outcome a, Outcome b, String versionA, String versionB) {}

    /**
     * How a session ended: reduced (and bundled); not reduced because the discrepancy needs its batch neighbours (both
     * single-program forms gave results, and they do not show it); or not reduced because a single-program form gave
     * no result at all (timed out, crashed, did not build), which says nothing about the batch.
     */
    public enum Kind {
        REDUCED,
        BATCH_ONLY,
        STANDALONE_FAILED,
        /**
         * An imported campaign's discrepancy whose toolchain cannot run here (a GPU one without a GPU): the recorded
         * program bundled unreduced with its recorded results; {@code pairNote} says what was done instead.
         */
        RECORDED_ONLY
    }

    /**
     * What came of it. For {@link Kind#BATCH_ONLY} and {@link Kind#STANDALONE_FAILED} only the standalone outcomes are
     * set: nothing was reduced or bundled.
     */
    public record Report(
            Kind kind,
            String id,
            DiscrepancyClass cls,
            boolean confirmed,
            Outcome standaloneA,
            Outcome standaloneB,
            Reducer.Result result,
            boolean reducedStandalone,
            Sanitizer.Check sanitizer,
            Divergence divergence,
            Path bundle,
            Size original,
            Size reduced,
            Side a,
            Side b,
            String pairNote,
            FindingVerdict findingVerdict) {
        /** Reduced operations as a share of the original's. */
        public double share() {
            return reduced == null || original.operations() == 0
                    ? 0
                    : (double) reduced.operations() / original.operations();
        }

        /** The class's label, or "Ended differently" (cls null: one side crashed where the other printed a result). */
        public String label() {
            return Interestingness.label(cls);
        }
    }

    private final Toolchains toolchains;
    private final Path work;
    private final Path out;
    private final Consumer<String> log;
    private boolean ownPairs = true;
    private Reducer.Options options = Reducer.Options.NONE;
    private final Path knobs = Toolchains.defaultDir().resolveSibling("knobs");
    private final Accuracy accuracy = Accuracy.load(Toolchains.defaultDir().resolveSibling("accuracy"));
    private java.util.Optional<org.fparity.attribution.Causes> causes = java.util.Optional.empty();

    public ReduceSession(Toolchains toolchains, Path work, Path out, Consumer<String> log) {
        this.toolchains = toolchains;
        this.work = work;
        this.out = out;
        this.log = log;
    }

    /**
     * Keeps the pair as asked (no switch to the culprit's own pair): what {@code bench reduce} needs, to reduce the
     * same pair as C-Vise.
     */
    public ReduceSession options(Reducer.Options options) {
        this.options = options;
        return this;
    }

    /**
     * The campaign's root causes ({@code causes.json}): where a bundle's own builds leave its verdict undecided, the
     * cause triage found for the discrepancy decides it ({@link TriageVerdict}).
     */
    public ReduceSession causes(java.util.Optional<org.fparity.attribution.Causes> causes) {
        this.causes = causes;
        return this;
    }

    public ReduceSession keepPairs() {
        this.ownPairs = false;
        return this;
    }

    /**
     * Reduces the discrepancy. A pair across toolchains is first checked for a pair the culprit's vendor owns: when
     * exactly one side's printed result is off the correctly rounded one, that toolchain's O0 build runs too (one extra
     * build); if it disagrees with its own recorded level, that pair is reduced instead (what a compiler engineer
     * wants), and either way the report says whether the toolchain disagrees with itself.
     */
    public Report run(Request r) throws InterruptedException {
        if (r.recorded() != null) return recorded(r);
        // the own-pair search builds here: not for a pair with a side at another site
        if (!ownPairs
                || r.cls() == null
                || r.a().toolchain().equals(r.b().toolchain())
                || !r.a().here()
                || !r.b().here()) return reduce(r, null);
        OwnPair own = OwnPair.find(r, this::detect, new Standalone(work), reference(r.program(), r.input()));
        if (own.note() != null) log.accept((r.id() == null ? "" : r.id() + ": ") + own.note());
        return reduce(own.request(), own.note());
    }

    /**
     * Sides on this machine build and run here (single-program forms, candidate batches); when a side lives at another
     * site (a cluster profile), every run of both sides goes to its own site through the engine
     * ({@link SiteCandidateRunner}: one job document per site per round), and the trace and the knob check are made here
     * with each side's own flags, where this machine has its toolchain.
     */
    private Report reduce(Request r, String pairNote) throws InterruptedException {
        if (r.a().here() && r.b().here()) {
            DetectedToolchain a = detect(r.a());
            DetectedToolchain b = detect(r.b());
            return reduce(r, pairNote, a, b, new Here(a, r.a().opt(), b, r.b().opt(), work));
        }
        Toolchain ta = descriptor(r.a());
        Toolchain tb = descriptor(r.b());
        try (AtSites sites = new AtSites(r.a(), ta, r.b(), tb)) {
            return reduce(r, pairNote, DetectedToolchain.detect(ta), DetectedToolchain.detect(tb), sites);
        }
    }

    /** How a session runs the two sides: the confirmation form of a program, and candidates in rounds. */
    private interface Sides {
        /** {@code {A's outcome, B's outcome}} of the program alone (the form a reproducer ships, or a batch of one at a site). */
        Outcome[] alone(Program p, Input in) throws InterruptedException;

        /** Candidates in rounds ({@link CandidateRunner#eachAlone}: each in a binary of its own). */
        CandidateRunner candidates();
    }

    /** Both sides on this machine: single-program builds and a {@link LocalCandidateRunner}. */
    private static final class Here implements Sides {
        private final DetectedToolchain a;
        private final String optA;
        private final DetectedToolchain b;
        private final String optB;
        private final Standalone single;
        private final LocalCandidateRunner runner;

        Here(DetectedToolchain a, String optA, DetectedToolchain b, String optB, Path work) {
            this.a = a;
            this.optA = optA;
            this.b = b;
            this.optB = optB;
            this.single = new Standalone(work);
            this.runner = new LocalCandidateRunner(a, optA, b, optB, work);
        }

        @Override
        public Outcome[] alone(Program p, Input in) throws InterruptedException {
            return new Outcome[] {single.run(a, optA, p, in), single.run(b, optB, p, in)};
        }

        @Override
        public CandidateRunner candidates() {
            return runner;
        }
    }

    /** Each side at its own site (this machine in-process, ssh, Slurm), through the engine; the executors close with it. */
    private final class AtSites implements Sides, AutoCloseable {
        private final List<SiteExecutor> open = new java.util.ArrayList<>();
        private final SiteCandidateRunner confirm;
        private final SiteCandidateRunner runner;

        AtSites(Side a, Toolchain ta, Side b, Toolchain tb) {
            try {
                SiteExecutor ea = open(a);
                SiteExecutor eb = a.platform().site().equals(b.platform().site()) ? ea : open(b);
                this.confirm = new SiteCandidateRunner(ea, ta, a.opt(), eb, tb, b.opt());
                this.runner = new SiteCandidateRunner(
                        ea,
                        LocalCandidateRunner.shortRuns(ta),
                        a.opt(),
                        eb,
                        LocalCandidateRunner.shortRuns(tb),
                        b.opt());
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        private SiteExecutor open(Side s) {
            SiteExecutor ex;
            if (s.here()) {
                ex = new LocalSite(Platform.LOCAL, new BinaryCache(work.resolve("build")), 2, x -> {});
            } else {
                ClusterProfile p;
                try {
                    p = Clusters.load(Clusters.defaultDir(), System.getenv())
                            .get(s.platform().site());
                } catch (FparityError e) {
                    throw new FparityError(
                            "site " + s.platform().site() + " of " + s + " cannot be reached: " + e.getMessage(),
                            ExitCode.MISSING_TOOL);
                }
                ex = Sites.open(p, work, 2, x -> log.accept(s.platform().site() + ": " + x));
            }
            open.add(ex);
            return ex;
        }

        @Override
        public Outcome[] alone(Program p, Input in) throws InterruptedException {
            return confirm.standalone(new org.fparity.ir.Params.WithInput(p, in));
        }

        @Override
        public CandidateRunner candidates() {
            return runner;
        }

        @Override
        public void close() {
            for (SiteExecutor ex : open) ex.close();
        }
    }

    private Report reduce(Request r, String pairNote, DetectedToolchain a, DetectedToolchain b, Sides sides)
            throws InterruptedException {
        Outcome[] alone = sides.alone(r.program(), r.input());
        Outcome sa = alone[0];
        Outcome sb = alone[1];
        boolean ranAlone = sa.status() == Outcome.Status.OK && sb.status() == Outcome.Status.OK;
        DiscrepancyClass standaloneCls = ranAlone ? DiscrepancyClass.classify(sa.value(), sb.value()) : null;
        CandidateRunner runner = sides.candidates();
        DiscrepancyClass cls = r.cls();
        Interestingness verdict;
        if (cls == null) {
            // one side ended abnormally where the other printed a result (standalone, else in a batch of one): reduce
            // that; a crash is a finding too
            int failing = Interestingness.failingSide(sa, sb);
            Outcome[] o = failing >= 0
                    ? new Outcome[] {sa, sb}
                    : runner.run(java.util.List.of(new org.fparity.ir.Params.WithInput(r.program(), r.input())))
                            .getFirst();
            if (failing < 0) failing = Interestingness.failingSide(o[0], o[1]);
            if (failing >= 0) {
                verdict = Interestingness.endsDifferently(failing);
            } else {
                if (o[0] == null
                        || o[1] == null
                        || o[0].status() != Outcome.Status.OK
                        || o[1].status() != Outcome.Status.OK) {
                    throw new ReduceException("the program does not run on both platforms: " + r.a() + " "
                            + Reducer.describe(o[0]) + ", " + r.b() + " " + Reducer.describe(o[1]));
                }
                cls = DiscrepancyClass.classify(o[0].value(), o[1].value());
                if (cls == null)
                    throw new ReduceException(r.a() + " and " + r.b() + " agree on this program and input ("
                            + o[0].hex() + "): nothing to reduce");
                verdict = new Interestingness(cls, r.minUlps(), r.vsReference());
            }
        } else {
            verdict = new Interestingness(cls, r.minUlps(), r.vsReference());
        }
        boolean confirmed =
                (cls == null || standaloneCls == cls) && verdict.interesting(r.program(), r.input(), sa, sb);
        String id = r.id() != null
                ? r.id()
                : DiscrepancyId.of(r.program().id(), 0, r.a().label(), r.b().label(), verdict.id());
        log.accept(id + ": " + verdict.label() + " " + r.a() + " vs " + r.b()
                + (confirmed
                        ? ", confirmed standalone"
                        : (ranAlone ? ", batch-only" : ", standalone run failed") + " (standalone: "
                                + Reducer.describe(sa) + " vs " + Reducer.describe(sb) + "): not reduced"));
        if (!confirmed)
            return new Report(
                    ranAlone ? Kind.BATCH_ONLY : Kind.STANDALONE_FAILED,
                    id,
                    cls,
                    false,
                    sa,
                    sb,
                    null,
                    false,
                    null,
                    null,
                    null,
                    Size.of(r.program()),
                    null,
                    r.a(),
                    r.b(),
                    pairNote,
                    null);
        // A crash depends on the whole binary: in a batch, a candidate whose compute function the optimiser deleted
        // runs on into whatever code follows it (a neighbour's fp_run, which the harness's canary turns into an error
        // line, or anything else: a crash, a hang). So each candidate of a run that ends differently gets its own
        // single-program binary, and its verdict does not depend on its batch mates.
        CandidateRunner candidates = cls == null ? runner.eachAlone() : runner;
        Reducer.Result res = new Reducer(candidates, verdict, r.limit(), log, options).reduce(r.program(), r.input());
        Outcome[] reducedAlone = sides.alone(res.program(), res.input());
        Outcome ra = reducedAlone[0];
        Outcome rb = reducedAlone[1];
        boolean reducedStandalone = verdict.interesting(res.program(), res.input(), ra, rb);
        Sanitizer.Check ub = Sanitizer.check(res.program(), res.input(), work);
        boolean aFails = verdict.failing() == 0;
        Double ref = reference(res.program(), res.input());
        boolean here = a.canRun()
                && b.canRun(); // a side at another site is traced here only where this machine has its toolchain
        Divergence div = !here
                ? null
                : cls == null
                        ? new Tracer(work)
                                .nonFinite(
                                        res.program(),
                                        res.input(),
                                        (aFails ? r.a() : r.b()).toString(),
                                        aFails ? res.a() : res.b(),
                                        aFails ? b : a,
                                        (aFails ? r.b() : r.a()).opt(),
                                        aFails ? res.b() : res.a())
                        : new Tracer(work)
                                .explain(
                                        res.program(),
                                        res.input(),
                                        a,
                                        r.a().opt(),
                                        reducedStandalone ? ra : res.a(),
                                        b,
                                        r.b().opt(),
                                        reducedStandalone ? rb : res.b(),
                                        ref);
        FindingVerdict fv = !here
                ? FindingVerdict.undecided(
                        null, "a side's toolchain does not run on this machine, where traces are made")
                : judge(
                        r,
                        res.program(),
                        res.input(),
                        a,
                        b,
                        cls == null ? verdict.failing() : -1,
                        div,
                        ref,
                        reducedStandalone ? ra : res.a(),
                        reducedStandalone ? rb : res.b(),
                        ub);
        if (fv.kind() == FindingVerdict.Kind.UNDECIDED && r.id() != null && causes.isPresent()) {
            org.fparity.attribution.RootCause cause = causes.get().causes().stream()
                    .filter(c -> c.discrepancies().contains(r.id()))
                    .findFirst()
                    .orElse(null);
            FindingVerdict t = TriageVerdict.of(cause, r.a(), r.b(), knobs);
            if (t == null)
                t = TriageVerdict.ofCall(
                        cause,
                        r.a(),
                        reducedStandalone ? ra : res.a(),
                        r.b(),
                        reducedStandalone ? rb : res.b(),
                        res.program(),
                        ref,
                        s -> descriptor(s).language(),
                        accuracy);
            if (t != null) fv = t;
        }
        if (div != null && div.kind().equals("call") && reducedStandalone && here)
            fv = libraryCall(fv, div, res.program(), res.input(), a, b, r, ra, rb);
        log.accept(id + ": " + fv.sentence());
        Map<String, String> host = NodeFacts.collect();
        Size original = Size.of(r.program());
        Size reduced = Size.of(res.program());
        Bundle.Contents contents = Bundle.Contents.of(id, res.program(), res.input(), cls)
                .a(a, r.a().opt(), reducedStandalone ? ra : res.a())
                .b(b, r.b().opt(), reducedStandalone ? rb : res.b())
                .sites(r.a().platform().site(), r.b().platform().site())
                .reference(ref)
                .divergence(div)
                .sanitizer(ub)
                .original(original)
                .host(host)
                .pairNote(pairNote)
                .verdict(fv)
                .recorded(r.input())
                .build();
        // a run that ended differently ships its minimal source only when that source, built and run here, ends as
        // recorded (a crash depends on the whole binary)
        if (cls == null && here && reducedStandalone) {
            CrashForm.Result form = CrashForm.check(contents, new Standalone(work));
            if (form != null) {
                contents = contents.withCrashForm(form);
                log.accept(id + ": " + form.sentence());
            }
        }
        Path dir = Bundle.write(out, contents);
        Report rep = new Report(
                Kind.REDUCED,
                id,
                cls,
                confirmed,
                sa,
                sb,
                res,
                reducedStandalone,
                ub,
                div,
                dir,
                original,
                reduced,
                r.a(),
                r.b(),
                pairNote,
                fv);
        AtomicFiles.write(dir.resolve("reduction.json"), ProgramJson.toJson(json(rep, r)) + "\n");
        return rep;
    }

    /**
     * A discrepancy of an imported campaign: each imported side mapped onto this machine's descriptor of its family
     * ({@link RecordedToolchains}). Where both sides build and run here (a GPU here for a GPU toolchain) it is reduced
     * as any pair on this machine, with the recorded flags. Otherwise nothing here can run it: the recorded program is
     * bundled unreduced with the recorded results (and, where one side is imported, the version the campaign
     * recorded), each side's source built here once to check it compiles, and the report says so in one line.
     */
    private Report recorded(Request r) throws InterruptedException {
        Recorded rec = r.recorded();
        RecordedToolchains.Mapped ma =
                rec.versionA() == null ? null : RecordedToolchains.map(r.a(), rec.versionA(), toolchains);
        RecordedToolchains.Mapped mb =
                rec.versionB() == null ? null : RecordedToolchains.map(r.b(), rec.versionB(), toolchains);
        DetectedToolchain da = ma != null ? ma.here() : DetectedToolchain.detect(descriptor(r.a()));
        DetectedToolchain db = mb != null ? mb.here() : DetectedToolchain.detect(descriptor(r.b()));
        java.util.Set<String> maps = new java.util.LinkedHashSet<>();
        for (RecordedToolchains.Mapped m : new RecordedToolchains.Mapped[] {ma, mb})
            if (m != null) maps.add(m.describe());
        String mapped = String.join("; ", maps);
        String id = r.id() != null
                ? r.id()
                : DiscrepancyId.of(r.program().id(), 0, r.a().label(), r.b().label(), Interestingness.id(r.cls()));
        if (da.canCompile() && da.canRun() && db.canCompile() && db.canRun()) {
            // a GPU here: reduced for real, both sides as this machine builds them with the recorded flags
            Request here = new Request(
                    r.id(),
                    r.program(),
                    r.input(),
                    Side.local(da.name(), r.a().opt()),
                    Side.local(db.name(), r.b().opt()),
                    r.cls(),
                    r.minUlps(),
                    r.vsReference(),
                    r.limit(),
                    null);
            String note = "Recorded by an imported campaign as " + r.a() + " vs " + r.b() + "; reduced here with "
                    + mapped + ".";
            return reduce(here, note, da, db, new Here(da, r.a().opt(), db, r.b().opt(), work));
        }
        String why = da.canCompile() && da.canRun() ? problem(db) : problem(da);
        DetectedToolchain ba = ma != null ? ma.asRecorded() : da;
        DetectedToolchain bb = mb != null ? mb.asRecorded() : db;
        String note = "Not reduced: " + why + ". Recorded by an imported campaign as " + r.a() + " vs " + r.b() + " ("
                + mapped + "); this bundle is the recorded program, unreduced, with the recorded results.";
        Size size = Size.of(r.program());
        Path dir = Bundle.write(
                out,
                Bundle.Contents.of(id, r.program(), r.input(), r.cls())
                        .a(ba, r.a().opt(), rec.a())
                        .b(bb, r.b().opt(), rec.b())
                        .sites(r.a().platform().site(), r.b().platform().site())
                        .reference(reference(r.program(), r.input()))
                        .original(size)
                        .host(NodeFacts.collect())
                        .pairNote(note)
                        .build());
        String compiled = BundleCompile.check(dir, ba, r.a().opt(), bb, r.b().opt(), work);
        String line = id + " (" + Interestingness.label(r.cls()) + ", " + r.a() + " vs " + r.b() + "): not reduced, "
                + why + "; bundled the recorded program unreduced (" + size.operations()
                + " operations, the recorded results in expected.json) in " + dir + "; " + mapped + "; " + compiled;
        return new Report(
                Kind.RECORDED_ONLY,
                id,
                r.cls(),
                false,
                rec.a(),
                rec.b(),
                null,
                false,
                null,
                null,
                dir,
                size,
                null,
                r.a(),
                r.b(),
                line,
                null);
    }

    private static String problem(DetectedToolchain dt) {
        return dt.name() + " cannot run here (" + (dt.canCompile() ? dt.runProblem() : dt.compileProblem()) + ")";
    }

    /**
     * The verdict with where each C side gets the first diverging call's value ({@link LibraryCallVerdict}): its library at
     * run time, another entry point, or its compiler while building (then the library's accuracy does not judge it).
     */
    private FindingVerdict libraryCall(
            FindingVerdict fv,
            Divergence div,
            Program p,
            Input in,
            DetectedToolchain a,
            DetectedToolchain b,
            Request r,
            Outcome ra,
            Outcome rb)
            throws InterruptedException {
        String fn = div.text().substring(0, Math.max(0, div.text().indexOf('(')));
        List<LibraryCall.Measured> m = LibraryCall.measure(
                p,
                in,
                fn,
                new DetectedToolchain[] {a, b},
                new String[] {r.a().opt(), r.b().opt()},
                new String[] {r.a().label(), r.b().label()},
                new Outcome[] {ra, rb},
                new Standalone(work));
        Accuracy.Bound bound =
                accuracy.bound(a.toolchain().language(), p.precision().id(), fn);
        return LibraryCallVerdict.amend(fv, div, m, bound != null ? bound.library() : "its math library");
    }

    /**
     * The finding's verdict: the culprit is the side that ended abnormally ({@code failing} 0 or 1), else the side off
     * the correctly rounded result (of a same-toolchain pair where both are, the side not at O0); its build is taken
     * apart by its knob file and rebuilt with knobs turned off.
     */
    private FindingVerdict judge(
            Request r,
            Program p,
            Input in,
            DetectedToolchain a,
            DetectedToolchain b,
            int failing,
            Divergence div,
            Double ref,
            Outcome oa,
            Outcome ob,
            Sanitizer.Check ub)
            throws InterruptedException {
        int side = failing;
        if (side < 0) {
            String off = div == null ? null : div.offTruth();
            if (r.a().label().equals(off)) side = 0;
            else if (r.b().label().equals(off)) side = 1;
            else if ("both".equals(off)
                    && r.a().toolchain().equals(r.b().toolchain())
                    && (r.a().opt().equals(OwnPair.BASE) != r.b().opt().equals(OwnPair.BASE))) {
                side = r.a().opt().equals(OwnPair.BASE) ? 1 : 0;
            } else {
                return FindingVerdict.undecided(
                        null,
                        off == null || off.equals("undecided")
                                ? "which side is off the correctly rounded result is undecided"
                                : "both sides are off the correctly rounded result, and they are not one toolchain against its O0");
            }
        }
        Side culprit = side == 0 ? r.a() : r.b();
        DetectedToolchain dt = side == 0 ? a : b;
        Outcome mine = side == 0 ? oa : ob;
        Outcome other = side == 0 ? ob : oa;
        java.util.function.Predicate<Outcome> restored = failing >= 0
                ? o -> o.status() == Outcome.Status.OK
                : o -> o.status() == Outcome.Status.OK
                        && ((ref != null && DiscrepancyClass.classify(o.value(), ref) == null)
                                || (other.status() == Outcome.Status.OK
                                        && DiscrepancyClass.classify(o.value(), other.value()) == null));
        org.fparity.attribution.FlagModel model =
                org.fparity.attribution.FlagModel.forToolchain(knobs, culprit.toolchain());
        ContractCheck check = null;
        String why = null;
        if (model.file() != null) {
            check = new ContractCheck(dt, culprit.opt(), model, p, in, new Standalone(work));
            Outcome same = check.run(check.parts());
            boolean reproduces = failing >= 0
                    ? same.status() == mine.status()
                    : same.status() == Outcome.Status.OK
                            && mine.status() == Outcome.Status.OK
                            && DiscrepancyClass.classify(same.value(), mine.value()) == null;
            if (!reproduces) {
                why = culprit + " taken apart (" + String.join(" ", check.parts()) + ", " + model.file() + ") prints `"
                        + Reducer.describe(same) + "`, not its recorded `" + Reducer.describe(mine)
                        + "`: its flags cannot be tested one by one";
                check = null;
            }
        }
        FindingVerdict v = FindingVerdict.judge(
                culprit,
                side == 0,
                check,
                dt.toolchain().language(),
                div,
                accuracy,
                p.precision().id(),
                restored,
                mine,
                ub != null && ub.clean(),
                p,
                in);
        if (why != null && v.kind() == FindingVerdict.Kind.UNDECIDED) return FindingVerdict.undecided(v.culprit(), why);
        return v;
    }

    /** This machine's descriptor of the side's toolchain with the side's own flags ({@link Side#descriptor}). */
    private Toolchain descriptor(Side s) {
        Toolchain tc = toolchains.get(s.toolchain());
        if (tc == null)
            throw new FparityError(
                    "toolchain '" + s.toolchain() + "' not found; run 'fparity toolchains' to see what is available");
        return s.descriptor(tc);
    }

    DetectedToolchain detect(Side s) {
        DetectedToolchain dt = DetectedToolchain.detect(descriptor(s));
        if (!dt.canCompile()) throw new FparityError(s + ": " + dt.compileProblem(), ExitCode.MISSING_TOOL);
        if (!dt.canRun())
            throw new FparityError(
                    s + ": " + dt.runProblem() + " (reduction needs both platforms' outcomes)", ExitCode.MISSING_TOOL);
        return dt;
    }

    private static Double reference(Program p, Input in) {
        try {
            return ReferenceEvaluator.ideal(p, in).comp();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static ObjectNode json(Report rep, Request r) {
        ObjectNode o = ProgramJson.MAPPER.createObjectNode();
        o.put("id", rep.id());
        o.put("class", Interestingness.id(rep.cls()));
        o.put("originalProgram", r.program().id());
        o.put("pair", rep.a() + " vs " + rep.b());
        if (rep.pairNote() != null) o.put("pairNote", rep.pairNote());
        o.put("confirmed", rep.confirmed());
        o.put("standaloneA", Reducer.describe(rep.standaloneA()));
        o.put("standaloneB", Reducer.describe(rep.standaloneB()));
        o.put("reducedShowsDiscrepancyStandalone", rep.reducedStandalone());
        o.put(
                "sanitizer",
                rep.sanitizer() == null
                        ? "not run (no gcc)"
                        : rep.sanitizer().clean() ? "clean" : rep.sanitizer().detail());
        o.put("originalOperations", rep.original().operations());
        o.put("reducedOperations", rep.reduced().operations());
        o.put("rounds", rep.result().rounds());
        o.put("candidates", rep.result().candidates());
        o.put("batches", rep.result().batches());
        o.put("millis", rep.result().millis());
        ObjectNode ph = o.putObject("phaseMillis");
        ph.put("batch", rep.result().phases().batch());
        ph.put("standalone", rep.result().phases().standalone());
        ph.put("trace", rep.result().phases().trace());
        ph.put("other", rep.result().phases().other());
        if (rep.divergence() != null) o.put("rootCause", rep.divergence().rootCause());
        if (rep.findingVerdict() != null) o.set("verdict", rep.findingVerdict().toJson());
        return o;
    }
}
