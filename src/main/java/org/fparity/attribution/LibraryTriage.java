package org.fparity.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.fparity.FparityError;
import org.fparity.confirm.LibraryCall;
import org.fparity.confirm.Standalone;
import org.fparity.emit.Language;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.flip.EvaluationModel;
import org.fparity.flip.ModelProgram;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.oracle.Glibc;
import org.fparity.oracle.LibraryPlatform;
import org.fparity.oracle.Pocl;
import org.fparity.oracle.ReferenceEvaluator;

/**
 * Two toolchains with no flag relation (gcc and java, clang and pocl) that differ at their lowest level: attributed to
 * the operation and library behind it, with no build. The side off the correctly rounded result is evaluated in
 * program order with its own math library ({@link LibraryPlatform}: glibc asked through one running process, Java's
 * {@code Math} and {@code StrictMath} in this JVM); when that reproduces the side's recorded result, the cause is the
 * first math call where its library leaves the correctly rounded result (function and library). PoCL's built-ins are
 * asked through PoCL itself, one tiny kernel per function ({@link Pocl}). When both sides are off the truth, the side
 * whose library leaves it first is named. A library that cannot be evaluated here (CUDA's libdevice, ROCm's ocml, PoCL
 * where it does not start), or a recorded result the library does not reproduce (the arithmetic differs), is
 * undecided, said why.
 */
final class LibraryTriage {
    /** A case: the two toolchains and their recorded outcomes at their lowest level. */
    record Case(String id, Program program, Input input, String toolchainA, Outcome a, String toolchainB, Outcome b) {}

    private final Path work;
    private final Function<String, Toolchain> toolchains;
    private Glibc glibc;
    private final Map<String, DetectedToolchain> detected = new HashMap<>();
    private Pocl pocl;
    private String poclProblem;

    LibraryTriage(Path work, Function<String, Toolchain> toolchains) {
        this.work = work;
        this.toolchains = toolchains;
    }

    /** The correctly rounded result of a case, or null when it cannot be computed. */
    static Double truth(Program p, Input in) {
        try {
            return ReferenceEvaluator.ideal(p, in).comp();
        } catch (RuntimeException e) {
            return null;
        }
    }

    void decide(Map<String, Case> units, TriageState state, IntConsumer done) throws InterruptedException {
        try {
            List<TriageState.Unit> out = new ArrayList<>();
            for (Case c : units.values()) {
                if (state.get(c.id()) != null) continue;
                out.add(decide(c));
                if (out.size() >= 50) {
                    state.add(out);
                    done.accept(out.size());
                    out = new ArrayList<>();
                }
            }
            state.add(out);
            done.accept(out.size());
        } finally {
            if (glibc != null) glibc.close();
            if (pocl != null) pocl.close();
        }
    }

    TriageState.Unit decide(Case c) throws InterruptedException {
        if (c.toolchainA().equals(c.toolchainB())) return levels(c);
        Double t = truth(c.program(), c.input());
        String both = c.toolchainA() + " and " + c.toolchainB();
        if (t == null)
            return undecided(
                    c,
                    both,
                    "no correctly rounded result",
                    "the correctly rounded result of this case cannot be computed");
        boolean offA = off(c.a(), t);
        boolean offB = off(c.b(), t);
        if (!offA && !offB)
            return undecided(c, both, "both on the truth", "both sides print the correctly rounded result's class");
        Side a = offA ? side(c, c.toolchainA(), c.a()) : null;
        Side b = offB ? side(c, c.toolchainB(), c.b()) : null;
        for (Side s : new Side[] {a, b}) {
            Outcome other = s == a ? c.b() : c.a();
            if (s != null
                    && s.plain() != null
                    && other != null
                    && other.status() == Outcome.Status.OK
                    && DiscrepancyClass.classify(s.plain(), other.value()) == null)
                return new TriageState.Unit(
                        c.id(),
                        RootCause.Kind.OPERATION,
                        family(s.toolchain()),
                        List.of(),
                        CONTRACTION,
                        null,
                        null,
                        contracted(s.contracts(), s.library()));
        }
        Side pick;
        if (a != null && b != null && a.call() != null && b.call() != null)
            pick = b.call().seq() < a.call().seq() ? b : a;
        else if (a != null && a.call() != null) pick = a;
        else if (b != null && b.call() != null) pick = b;
        else pick = a != null ? a : b;
        if (pick.call() == null) return undecided(c, pick.toolchain(), pick.slug(), pick.why());
        TriageState.Unit folded = foldedByTheOther(c, pick == a, pick.call());
        if (folded != null) return folded;
        return new TriageState.Unit(
                c.id(),
                RootCause.Kind.OPERATION,
                family(pick.toolchain()),
                List.of(),
                "math function",
                pick.call().fn().canonicalName(),
                pick.library(),
                null);
    }

    /**
     * Two levels of one toolchain, one of which contracts ({@link #contraction}) and one not: the contraction is the
     * cause when the contracting level's result is its library's with contraction, and the other's is its library's in
     * program order without it; both are the toolchain's real builds, the second one with contraction turned off.
     */
    private TriageState.Unit levels(Case c) throws InterruptedException {
        String name = c.toolchainA();
        Toolchain tc = toolchain(name);
        if (tc == null)
            return undecided(c, family(name), "unknown toolchain", name + " is not in the toolchain folder");
        boolean aContracts = c.a() != null && contraction(tc, c.a().opt()) != null;
        Outcome on = aContracts ? c.a() : c.b();
        Outcome off = aContracts ? c.b() : c.a();
        String library = library(tc);
        LibraryPlatform.Library lib = library.equals("PoCL builtins") ? pocl(tc) : null;
        String slug = "contraction not reproduced";
        if (lib == null)
            return undecided(
                    c,
                    family(name),
                    "library not evaluated",
                    library + " cannot be evaluated here" + (poclProblem == null ? "" : ": " + poclProblem));
        if (on == null || off == null || on.status() != Outcome.Status.OK || off.status() != Outcome.Status.OK)
            return undecided(c, family(name), slug, "one of the two levels gave no result");
        LibraryPlatform.Run plain = LibraryPlatform.run(c.program(), c.input(), lib);
        if (plain.missing() != null)
            return undecided(
                    c,
                    family(name),
                    "library not evaluated",
                    library + " has no in-process form of " + plain.missing().canonicalName());
        ModelProgram m = ModelProgram.of(c.program(), EvaluationModel.NAMED.get("clang-contract"));
        double fused =
                LibraryPlatform.run(m.program(), c.input(), lib, m.fused()).result();
        if (DiscrepancyClass.classify(fused, on.value()) != null
                || DiscrepancyClass.classify(plain.result(), off.value()) != null)
            return undecided(
                    c,
                    family(name),
                    slug,
                    name + " " + on.opt() + "'s result is not " + library + "'s with contraction inside each"
                            + " expression, or " + off.opt() + "'s not its result in program order");
        return new TriageState.Unit(
                c.id(),
                RootCause.Kind.OPERATION,
                family(name),
                List.of(),
                CONTRACTION,
                null,
                null,
                contracted(contraction(tc, on.opt()), library));
    }

    /** The operation of a cause that is a math call the off-truth side makes and the other side's compiler folded. */
    static final String FOLDED_BY = "math function folded by ";

    /**
     * Two C sides of one library that differ at a math call ({@code call}, the first where the side off the truth leaves it in
     * its library): what each side's build of the minimal source does with it
     * ({@link LibraryCall}, {@code nm -D}). When the side off the truth ({@code pickA}: side A) calls the library's
     * function and the other side's build calls nothing — its compiler evaluated the call while building (gcc folds
     * {@code tanh} of a constant even at -O0) — the cause is that, not the first side's library: operation {@link
     * #FOLDED_BY} the other side's family, and {@code why} what was measured. Null where that was not measured (another
     * library, a side that cannot build here, the function called more than once, a build that does not print its
     * recorded result, {@code nm} missing), or measured otherwise: the library cause stands.
     */
    private TriageState.Unit foldedByTheOther(Case c, boolean pickA, LibraryPlatform.Call call)
            throws InterruptedException {
        String[] names =
                pickA ? new String[] {c.toolchainA(), c.toolchainB()} : new String[] {c.toolchainB(), c.toolchainA()};
        Outcome[] recorded = pickA ? new Outcome[] {c.a(), c.b()} : new Outcome[] {c.b(), c.a()};
        DetectedToolchain[] dts = new DetectedToolchain[2];
        String[] opts = new String[2];
        for (int i = 0; i < 2; i++) {
            Toolchain tc = toolchain(names[i]);
            if (tc == null
                    || tc.lang() != Language.C
                    || recorded[i] == null
                    || recorded[i].status() != Outcome.Status.OK) return null;
            dts[i] = detected.computeIfAbsent(names[i], n -> DetectedToolchain.detect(tc));
            opts[i] = recorded[i].opt();
        }
        String fn = call.fn().c(c.program().precision());
        List<LibraryCall.Measured> m = LibraryCall.measure(
                c.program(),
                c.input(),
                call.fn().canonicalName(),
                dts,
                opts,
                names,
                recorded,
                new Standalone(work.resolve("calls")));
        if (m == null
                || m.get(0).seen().how() != LibraryCall.How.CALLS
                || m.get(1).seen().how() != LibraryCall.How.NO_CALL) return null;
        StringBuilder text = new StringBuilder(fn).append('(');
        for (int i = 0; i < call.args().length; i++)
            text.append(i == 0 ? "" : ", ").append(HexFloat.format(call.args()[i]));
        String library = library(dts[0].toolchain());
        return new TriageState.Unit(
                c.id(),
                RootCause.Kind.OPERATION,
                family(names[0]),
                List.of(),
                FOLDED_BY + family(names[1]),
                call.fn().canonicalName(),
                library,
                LibraryCall.said(m, fn, text.append(')').toString(), library));
    }

    /** The toolchain of a name, or null where the toolchain folder has none. */
    private Toolchain toolchain(String name) {
        try {
            return toolchains.apply(name);
        } catch (FparityError e) {
            return null;
        }
    }

    /** Why a contraction cause is one: the same words for a level step and a pair of lowest levels (one cause, one title). */
    private static String contracted(String contracts, String library) {
        return "a*b+c fused (" + contracts + "); in program order without it, " + library
                + " give the other side's result";
    }

    /** The operation of a cause that is a side's contraction, not its library. */
    static final String CONTRACTION = "contraction";

    /**
     * One side's attribution: the first call its library leaves the truth at, or why none; {@code plain} its result
     * evaluated in program order without contraction when only its contraction reproduced its recorded result (null
     * otherwise), {@code contracts} then how it contracts.
     */
    private record Side(
            String toolchain,
            String library,
            LibraryPlatform.Call call,
            String slug,
            String why,
            Double plain,
            String contracts) {
        Side(String toolchain, String library, LibraryPlatform.Call call, String slug, String why) {
            this(toolchain, library, call, slug, why, null, null);
        }
    }

    private Side side(Case c, String name, Outcome recorded) throws InterruptedException {
        Toolchain tc = toolchain(name);
        if (tc == null)
            return new Side(name, null, null, "unknown toolchain", name + " is not in the toolchain folder");
        String library = library(tc);
        LibraryPlatform.Library lib = switch (library) {
            case "glibc" -> glibc();
            case "Java Math" -> LibraryPlatform.JAVA_MATH;
            case "Java StrictMath" -> LibraryPlatform.JAVA_STRICT_MATH;
            case "PoCL builtins" -> pocl(tc);
            default -> null;
        };
        if (lib == null)
            return new Side(
                    name,
                    library,
                    null,
                    "library not evaluated",
                    library + " cannot be evaluated here"
                            + (library.equals("PoCL builtins") ? ": " + poclProblem : ""));
        LibraryPlatform.Run run = LibraryPlatform.run(c.program(), c.input(), lib);
        if (run.missing() != null) {
            return new Side(
                    name,
                    library,
                    null,
                    "library not evaluated",
                    library + " has no in-process form of " + run.missing().canonicalName());
        }
        if (recorded == null || recorded.status() != Outcome.Status.OK)
            return new Side(
                    name,
                    library,
                    null,
                    "not its library's result",
                    name + " gave no result to evaluate its library against");
        Double plain = null;
        String contracts = contraction(tc, recorded.opt());
        if (DiscrepancyClass.classify(run.result(), recorded.value()) != null) {
            LibraryPlatform.Run fused = null;
            if (contracts != null) {
                ModelProgram m = ModelProgram.of(c.program(), EvaluationModel.NAMED.get("clang-contract"));
                fused = LibraryPlatform.run(m.program(), c.input(), lib, m.fused());
            }
            if (fused == null || DiscrepancyClass.classify(fused.result(), recorded.value()) != null)
                return new Side(
                        name,
                        library,
                        null,
                        "not its library's result",
                        name + "'s result is not what " + library + " gives evaluated in program order"
                                + (contracts == null ? "" : ", with or without contraction inside each expression")
                                + ": its arithmetic differs (contraction, order, precision)");
            plain = run.result();
            run = fused;
        }
        if (plain != null) {
            LibraryPlatform.Call first = null;
            for (LibraryPlatform.Call call : run.calls())
                if (call.offTruth()) {
                    first = call;
                    break;
                }
            return new Side(
                    name,
                    library,
                    first,
                    "no call off the truth",
                    "with contraction (" + contracts + ") " + library + " reproduces " + name
                            + "'s result, but without it the result still differs from the other side's, and every"
                            + " math call is correctly rounded here",
                    plain,
                    contracts);
        }
        for (LibraryPlatform.Call call : run.calls())
            if (call.offTruth()) return new Side(name, library, call, null, null);
        return new Side(
                name,
                library,
                null,
                "no call off the truth",
                "every math call of " + library + " is correctly rounded here");
    }

    /**
     * The family a library cause is named by: the toolchain without its version ({@code clang-14}, {@code clang-19}:
     * {@code clang}), since the library, not the compiler's version, is behind it.
     */
    static String family(String toolchain) {
        return toolchain.replaceFirst("-\\d+$", "");
    }

    /**
     * How a toolchain contracts at an opt level where its language contracts by default, or null where it does not:
     * OpenCL C's {@code FP_CONTRACT} is on unless a program turns it off, so PoCL fuses {@code a*b+c} inside one
     * expression at every level, {@code -cl-opt-disable} included (clang's {@code -ffp-contract=on}: the fused
     * multiply-add is made by the front end, before any optimisation), except where the host is built with {@code
     * -DFPARITY_FP_CONTRACT_OFF} (the emitted {@code #pragma OPENCL FP_CONTRACT OFF}). The side's recorded result
     * decides whether it applied: a side is evaluated with contraction only when program order does not reproduce it.
     */
    static String contraction(Toolchain tc, String opt) {
        if (tc.lang() != Language.OPENCL) return null;
        List<String> build =
                tc.buildOpt() == null || opt == null ? null : tc.buildOpt().get(opt);
        if (build != null && build.contains("-DFPARITY_FP_CONTRACT_OFF")) return null;
        return "OpenCL C's default FP_CONTRACT ON, inside each expression";
    }

    /** The math library a toolchain's programs call. */
    static String library(Toolchain tc) {
        Language lang = tc.lang();
        if (lang == null) return tc.language();
        return switch (lang) {
            case C -> "glibc";
            case JAVA -> "true".equals(tc.emit().get("strictMath")) ? "Java StrictMath" : "Java Math";
            case OPENCL -> "PoCL builtins";
            case CUDA -> "CUDA libdevice";
            case HIP, HIPIFY -> "ROCm ocml";
        };
    }

    private Glibc glibc() throws InterruptedException {
        if (glibc == null) glibc = Glibc.start(work.resolve("libm"));
        return glibc;
    }

    /**
     * PoCL's built-ins, asked through PoCL itself with the toolchain's lowest level's kernel build options (a library
     * unit compares lowest levels), or null where PoCL cannot be started here ({@link #poclProblem} says why).
     */
    private Pocl pocl(Toolchain tc) throws InterruptedException {
        if (pocl == null && poclProblem == null) {
            try {
                List<String> options = tc.opt().getOrDefault(tc.optLevels().getFirst(), List.of());
                pocl = Pocl.start(work.resolve("pocl"), options);
            } catch (FparityError e) {
                poclProblem = e.getMessage();
            }
        }
        return pocl;
    }

    private static boolean off(Outcome o, double truth) {
        return o == null || o.status() != Outcome.Status.OK || DiscrepancyClass.classify(o.value(), truth) != null;
    }

    private static TriageState.Unit undecided(Case c, String family, String slug, String why) {
        return new TriageState.Unit(c.id(), RootCause.Kind.UNDECIDED, family, List.of(), slug, null, null, why);
    }
}
