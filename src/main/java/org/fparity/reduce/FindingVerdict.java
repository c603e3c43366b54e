package org.fparity.reduce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fparity.confirm.Side;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.ir.HexFloat;
import org.fparity.ir.ProgramJson;
import org.fparity.ir.Ulps;

/**
 * Whether a finding is worth a vendor's time, and why: {@link Kind#VENDOR_BUG} (the culprit violates IEEE 754 or its
 * documented semantics for these flags), {@link Kind#OUTSIDE_CONTRACT} (the program feeds the flags values they
 * assume away: an infinity or NaN to finite-math-only, a subnormal to flush-to-zero — worth telling the user, not the
 * vendor), {@link Kind#ALLOWED_BY_FLAGS} (a documented relaxation the flags turn on — contraction, reassociation,
 * reciprocals, approximate functions — accounts for it), {@link Kind#WITHIN_ACCURACY} (a math function inside its
 * library's documented maximum error) or {@link Kind#UNDECIDED} with the reason. Each verdict that depends on an
 * experiment names the build that showed it. Not the interestingness test ({@link Verdict}).
 */
public record FindingVerdict(Kind kind, String culprit, String reason) {
    public enum Kind {
        VENDOR_BUG("vendor bug"),
        OUTSIDE_CONTRACT("outside the flags' contract"),
        ALLOWED_BY_FLAGS("allowed by the flags"),
        WITHIN_ACCURACY("within documented accuracy"),
        UNDECIDED("undecided");

        public final String label;

        Kind(String label) {
            this.label = label;
        }

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Vendor bugs first, undecided last: the order findings are listed in. */
    public int rank() {
        return switch (kind) {
            case VENDOR_BUG -> 0;
            case UNDECIDED -> 1;
            case WITHIN_ACCURACY -> 2;
            case ALLOWED_BY_FLAGS -> 3;
            case OUTSIDE_CONTRACT -> 4;
        };
    }

    public String sentence() {
        return "Verdict: " + kind.label + (culprit == null ? "" : " (" + culprit + ")") + ". " + reason;
    }

    public ObjectNode toJson() {
        ObjectNode o = ProgramJson.MAPPER.createObjectNode();
        o.put("verdict", kind.id());
        if (culprit != null) o.put("culprit", culprit);
        o.put("reason", reason);
        return o;
    }

    static FindingVerdict undecided(String culprit, String why) {
        return new FindingVerdict(Kind.UNDECIDED, culprit, why);
    }

    /**
     * Judges a reduced finding. {@code culprit} is the side to judge (the one off the truth, or the one that ended
     * abnormally), {@code restored} says whether an outcome of the culprit's rebuilt program gives the finding up
     * (the correctly rounded result, the other side's, or — for a run that ended differently — any result at all).
     */
    static FindingVerdict judge(
            Side culprit,
            boolean culpritIsA,
            ContractCheck check,
            String language,
            Divergence d,
            Accuracy accuracy,
            String precision,
            java.util.function.Predicate<Outcome> restored,
            Outcome recorded,
            boolean sanitizerClean,
            org.fparity.ir.Program p,
            org.fparity.ir.Input in)
            throws InterruptedException {
        String who = culprit.label();
        // 1. the program breaks a promise the flags make
        if (check != null) {
            for (String[] broken : ContractCheck.assumptionsBroken(p, in)) {
                List<String> present = check.assumingAway(broken[0]);
                if (present.isEmpty()) continue;
                Set<String> knobs = Set.copyOf(present);
                List<String> flags = check.without(knobs);
                Outcome o = check.run(flags);
                if (restored.test(o)) {
                    return new FindingVerdict(
                            Kind.OUTSIDE_CONTRACT,
                            who,
                            "The program's IEEE evaluation has "
                                    + (broken[0].equals("non-finite") ? "a non-finite value" : "a subnormal value")
                                    + " (`" + broken[1] + "`), which " + who + "'s flags assume away ("
                                    + String.join(
                                            ", ", present.stream().sorted().toList())
                                    + "); rebuilt with that turned off (`"
                                    + String.join(" ", flags) + "`) it prints `" + Reducer.describe(o)
                                    + "`, the finding gone. Report it to whoever chose the flags, not to the vendor.");
                }
            }
        }
        // 2. a math function: the library's documented accuracy
        if (d != null && d.kind().equals("call") && who.equals(d.wrong()) && d.truth() != null) {
            String fn = d.text().substring(0, Math.max(0, d.text().indexOf('(')));
            String value = d.b() == null || culpritIsA ? d.a() : d.b();
            String canonical = canonical(fn);
            // the culprit's own flags: some bounds do not hold under fast math (CUDA's single-precision functions)
            Accuracy.Bound bound =
                    accuracy.bound(language, precision, canonical, check == null ? List.of() : check.parts());
            if (bound != null && value != null) {
                double v = HexFloat.parse(value);
                double t = HexFloat.parse(d.truth());
                if (DiscrepancyClass.classify(v, t) == DiscrepancyClass.NUMBER_NUMBER) {
                    BigInteger ulps = Ulps.distance(v, t, org.fparity.ir.Precision.parse(precision));
                    String doc = bound.library() + " documents at most " + bound.maxUlps() + " ULP for `" + canonical
                            + "` (" + bound.source() + ")";
                    if (ulps.compareTo(BigInteger.valueOf(bound.maxUlps())) <= 0) {
                        return new FindingVerdict(
                                Kind.WITHIN_ACCURACY,
                                who,
                                "`" + d.text() + "` is " + ulps + " ULP from the correctly rounded `" + d.truth()
                                        + "`; " + doc + ".");
                    }
                    if (sanitizerClean) {
                        return new FindingVerdict(
                                Kind.VENDOR_BUG,
                                who,
                                "`" + d.text() + "` is " + ulps + " ULP from the correctly rounded `" + d.truth()
                                        + "`, beyond what " + doc + ".");
                    }
                } else if (sanitizerClean && bound.maxUlps() <= 4) {
                    return new FindingVerdict(
                            Kind.VENDOR_BUG,
                            who,
                            "`" + d.text() + "` returns `" + value + "` where the correctly rounded result is `"
                                    + d.truth() + "` (another class of value); " + bound.library()
                                    + " documents at most " + bound.maxUlps() + " ULP for `" + canonical + "` ("
                                    + bound.source() + ").");
                }
            }
        }
        // 3. a documented relaxation the flags turn on
        if (check != null) {
            List<String> relax = new ArrayList<>(check.knobsOn());
            relax.removeAll(ContractCheck.NON_FINITE);
            relax.removeAll(ContractCheck.SUBNORMAL);
            if (!relax.isEmpty()) {
                Outcome all = check.run(check.without(Set.copyOf(relax)));
                if (restored.test(all)) {
                    for (String k : relax) {
                        List<String> flags = check.without(Set.of(k));
                        Outcome one = check.run(flags);
                        if (restored.test(one)) {
                            return new FindingVerdict(
                                    Kind.ALLOWED_BY_FLAGS,
                                    who,
                                    "With " + k + " turned off (`" + String.join(" ", flags) + "`), " + who
                                            + " prints `" + Reducer.describe(one)
                                            + "`, the finding gone: the flags document this relaxation, so it is not a vendor bug.");
                        }
                    }
                    return new FindingVerdict(
                            Kind.ALLOWED_BY_FLAGS,
                            who,
                            "With " + String.join(", ", relax) + " turned off together, " + who + " prints `"
                                    + Reducer.describe(all)
                                    + "`, the finding gone (no one of them alone does): documented relaxations, not a vendor bug.");
                }
                FindingVerdict both = eachAlone(check, who, relax, restored, p, in);
                if (both != null) return both;
                return undecided(
                        who,
                        "No documented relaxation of " + who + "'s flags accounts for it (turning off "
                                + String.join(", ", relax) + " together still prints `" + Reducer.describe(all)
                                + "`), and the program feeds its flags no value they assume away that turning off restores.");
            }
        }
        // 4. an arithmetic operation at a level with no relaxation on
        if (d != null && d.kind().equals("arithmetic") && who.equals(d.wrong()) && check != null) {
            if (!sanitizerClean)
                return undecided(who, "the sanitizers report undefined behaviour in the reduced program");
            return new FindingVerdict(
                    Kind.VENDOR_BUG,
                    who,
                    "`" + d.text() + "` is not the correctly rounded `" + d.truth()
                            + "` of its operands, which IEEE 754 requires, and " + who + "'s flags (`"
                            + String.join(" ", check.parts()) + "`) turn on no documented relaxation.");
        }
        if (check == null)
            return undecided(
                    who,
                    "no knob file describes " + culprit.toolchain()
                            + "'s flags (runners/knobs), so no flag could be turned off to test them");
        return undecided(
                who,
                d == null || d.kind().equals("none")
                        ? "no operation-level evidence (see the explanation)"
                        : "the first diverging operation is not " + who + "'s");
    }

    /**
     * Two causes, each enough alone: a value the flags assume away (a subnormal under flush to zero) and a relaxation
     * (a reciprocal that overflows), so that neither turned off gives the finding up; both turned off together do.
     * ef50d0a7722b: {@code comp / 0x0.08p-1022} is -inf under -ffast-math because the divisor is read as zero, and
     * also because 1/divisor overflows. Null when no broken assumption with its knobs on does it.
     */
    private static FindingVerdict eachAlone(
            ContractCheck check,
            String who,
            List<String> relax,
            java.util.function.Predicate<Outcome> restored,
            org.fparity.ir.Program p,
            org.fparity.ir.Input in)
            throws InterruptedException {
        for (String[] broken : ContractCheck.assumptionsBroken(p, in)) {
            List<String> present = check.assumingAway(broken[0]);
            if (present.isEmpty()) continue;
            // the fewest relaxations that, turned off with the assumption's knobs, give the finding up: one (a knob
            // that
            // makes an operation differ before one that only lets others act), else all
            List<String> with = relax;
            List<String> order = new ArrayList<>(relax);
            order.sort(java.util.Comparator.comparing(k -> !check.acts(k)));
            for (String k : order) {
                Set<String> off = new java.util.HashSet<>(present);
                off.add(k);
                if (restored.test(check.run(check.without(off)))) {
                    with = List.of(k);
                    break;
                }
            }
            Set<String> off = new java.util.HashSet<>(present);
            off.addAll(with);
            List<String> flags = check.without(off);
            Outcome o = check.run(flags);
            if (!restored.test(o)) continue;
            return new FindingVerdict(
                    Kind.OUTSIDE_CONTRACT,
                    who,
                    "The program's IEEE evaluation has "
                            + (broken[0].equals("non-finite") ? "a non-finite value" : "a subnormal value") + " (`"
                            + broken[1] + "`), which " + who + "'s flags assume away ("
                            + String.join(", ", present.stream().sorted().toList()) + "), and a documented relaxation ("
                            + String.join(", ", with) + ") makes the same difference alone: neither turned off gives"
                            + " the finding up, both turned off (`" + String.join(" ", flags) + "`) print `"
                            + Reducer.describe(o)
                            + "`, the finding gone. Report it to whoever chose the flags, not to the vendor.");
        }
        return null;
    }

    private static String canonical(String cName) {
        for (org.fparity.ir.MathFn f : org.fparity.ir.MathFn.values()) {
            if (f.canonicalName().equals(cName)
                    || (cName.endsWith("f") && f.canonicalName().equals(cName.substring(0, cName.length() - 1))))
                return f.canonicalName();
        }
        return cName;
    }
}
