package org.fparity.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.fparity.FparityError;
import org.fparity.attribution.RootCause;
import org.fparity.compare.Discrepancy;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.ir.ProgramJson;

/**
 * What a site accepts (as ReFrame's reference ± tolerance and FLiT's {@code compare()} let their users say): Number–Number
 * gaps up to N ULPs or a relative tolerance per platform pair, and root causes declared expected, by key or by a pattern
 * over the cause's fields. Accepted cases and causes stay in every detail; they only no longer make a verdict red.
 *
 * <pre>{
 *   "tolerances": [ {"pair": "gcc@*:clang-19@*", "ulps": 4}, {"pair": "*@O3_FM:*", "relative": 1e-12} ],
 *   "expected_causes": [ {"operation": "finite-math folding", "family": "* O3_FM", "reason": "we ship -ffast-math"} ]
 * }</pre>
 *
 * @param source      where the policy came from (the file, {@code --accept-ulps}, …), said beside what it accepted
 * @param tolerances  the first one whose pair pattern matches a pair decides for it
 * @param expected    causes a site expects: a cause matching any of them is accepted with that reason
 */
public record AcceptancePolicy(String source, List<Tolerance> tolerances, List<Expected> expected) {
    /** Accepts nothing: every verdict as without a policy. */
    public static final AcceptancePolicy NONE = new AcceptancePolicy("no acceptance policy", List.of(), List.of());

    static final Set<String> FIELDS = Set.of("tolerances", "expected_causes", "description");
    static final Set<String> TOLERANCE_FIELDS = Set.of("pair", "ulps", "relative");
    /** The fields of a root cause a pattern may name ({@link RootCause}). */
    static final List<String> CAUSE_FIELDS = List.of("key", "kind", "family", "flags", "pass", "operation", "function");

    public AcceptancePolicy {
        tolerances = List.copyOf(tolerances);
        expected = List.copyOf(expected);
    }

    /**
     * A Number–Number gap accepted on the pairs its pattern matches: at most {@code ulps} ULPs or at most
     * {@code relative} relative error (either suffices when both are given).
     *
     * @param pair {@code A:B}, each side a glob ({@code *}, {@code ?}) over platform ids ({@code gcc@O3_FM}); matches
     *             either orientation; {@code *} alone is every pair
     */
    public record Tolerance(String pair, BigInteger ulps, Double relative) {
        boolean matches(Discrepancy d) {
            if (pair.equals("*")) return true;
            int c = pair.indexOf(':');
            Pattern a = glob(pair.substring(0, c)), b = glob(pair.substring(c + 1));
            String x = d.pair().a().label(), y = d.pair().b().label();
            return a.matcher(x).matches() && b.matcher(y).matches()
                    || a.matcher(y).matches() && b.matcher(x).matches();
        }

        boolean accepts(Discrepancy d) {
            if (d.cls() != DiscrepancyClass.NUMBER_NUMBER) return false;
            return ulps != null && d.ulps() != null && d.ulps().compareTo(ulps) <= 0
                    || relative != null && d.relError() <= relative;
        }

        /** {@code gcc@*:clang-19@* ≤ 4 ULPs}. */
        String describe() {
            List<String> limits = new ArrayList<>();
            if (ulps != null) limits.add("≤ " + ulps + (ulps.equals(BigInteger.ONE) ? " ULP" : " ULPs"));
            if (relative != null) limits.add("relative error ≤ " + relative);
            return (pair.equals("*") ? "every pair" : pair) + " " + String.join(" or ", limits);
        }
    }

    /**
     * Causes a site expects: {@code key} exactly, or globs over the cause's fields (every one given must match;
     * {@code flags} is matched against the sorted flags joined by spaces).
     */
    public record Expected(Map<String, String> match, String reason) {
        boolean matches(RootCause c) {
            for (Map.Entry<String, String> e : match.entrySet()) {
                String value = switch (e.getKey()) {
                    case "key" -> c.key();
                    case "kind" -> c.kind().label();
                    case "family" -> c.family();
                    case "flags" -> String.join(" ", c.flags());
                    case "pass" -> c.pass();
                    case "operation" -> c.operation();
                    case "function" -> c.function();
                    default -> null;
                };
                if (value == null) return false;
                boolean ok = e.getKey().equals("key")
                        ? value.equals(e.getValue())
                        : glob(e.getValue()).matcher(value).matches();
                if (!ok) return false;
            }
            return true;
        }

        /** {@code operation=finite-math folding, family=* O3_FM}. */
        String describe() {
            List<String> parts = new ArrayList<>();
            match.forEach((k, v) -> parts.add(k + "=" + v));
            return String.join(", ", parts);
        }
    }

    /** True when the policy accepts nothing. */
    public boolean isEmpty() {
        return tolerances.isEmpty() && expected.isEmpty();
    }

    /** The tolerance that accepts this discrepancy (the first whose pair matches decides), or null. */
    public Tolerance tolerance(Discrepancy d) {
        for (Tolerance t : tolerances) if (t.matches(d)) return t.accepts(d) ? t : null;
        return null;
    }

    /** The declaration under which this cause is expected, or null. */
    public Expected expected(RootCause c) {
        for (Expected e : expected) if (e.matches(c)) return e;
        return null;
    }

    /**
     * This policy with the command line's options added after the file's rules: {@code --accept-ulps N} and
     * {@code --accept-relative R} on every pair no rule of the file names, {@code --expect-cause KEY} a cause by key.
     */
    public AcceptancePolicy withOptions(Long ulps, Double relative, List<String> causeKeys) {
        List<Tolerance> ts = new ArrayList<>(tolerances);
        List<Expected> es = new ArrayList<>(expected);
        List<String> from = new ArrayList<>();
        if (!source.equals(NONE.source)) from.add(source);
        if (ulps != null && ulps < 0) throw new FparityError("--accept-ulps must be >= 0, is " + ulps);
        if (relative != null && (!(relative >= 0) || relative.isInfinite()))
            throw new FparityError("--accept-relative must be a finite number >= 0, is " + relative);
        if (ulps != null || relative != null) {
            ts.add(new Tolerance("*", ulps == null ? null : BigInteger.valueOf(ulps), relative));
            from.add(ulps != null ? "--accept-ulps" : "--accept-relative");
        }
        for (String k : causeKeys == null ? List.<String>of() : causeKeys) {
            if (k.isBlank())
                throw new FparityError("--expect-cause needs a root cause key (as report.json's causes list them)");
            es.add(new Expected(Map.of("key", k), "--expect-cause"));
        }
        if (causeKeys != null && !causeKeys.isEmpty()) from.add("--expect-cause");
        if (ts.size() == tolerances.size() && es.size() == expected.size()) return this;
        return new AcceptancePolicy(String.join(" + ", from), ts, es);
    }

    /** Reads a policy file; anything wrong with it is one line naming the file and the field (exit 2). */
    public static AcceptancePolicy load(Path file) {
        JsonNode root = ProgramJson.readFile(file);
        if (root == null || !root.isObject())
            throw bad(file, "", "expected a JSON object with \"tolerances\" and/or \"expected_causes\"");
        unknown(file, "", root, FIELDS);
        List<Tolerance> ts = new ArrayList<>();
        JsonNode tn = root.path("tolerances");
        if (!tn.isMissingNode() && !tn.isArray()) throw bad(file, "tolerances", "must be an array");
        int i = 0;
        for (JsonNode t : tn) {
            String at = "tolerances[" + i++ + "]";
            if (!t.isObject()) throw bad(file, at, "must be an object {\"pair\", \"ulps\" and/or \"relative\"}");
            unknown(file, at, t, TOLERANCE_FIELDS);
            String pair = t.path("pair").isTextual() ? t.path("pair").asText() : null;
            if (pair == null
                    || !(pair.equals("*")
                            || pair.indexOf(':') > 0
                                    && pair.indexOf(':') == pair.lastIndexOf(':')
                                    && !pair.endsWith(":"))) {
                throw bad(
                        file,
                        at + ".pair",
                        "must be \"A:B\" (platform ids or globs, e.g. \"gcc@*:clang-19@*\") or \"*\"");
            }
            BigInteger ulps = null;
            JsonNode u = t.path("ulps");
            if (!u.isMissingNode()) {
                if (!u.isIntegralNumber() || u.bigIntegerValue().signum() < 0)
                    throw bad(file, at + ".ulps", "must be an integer >= 0, is " + u);
                ulps = u.bigIntegerValue();
            }
            Double rel = null;
            JsonNode r = t.path("relative");
            if (!r.isMissingNode()) {
                if (!r.isNumber() || !(r.asDouble() >= 0) || Double.isInfinite(r.asDouble()))
                    throw bad(file, at + ".relative", "must be a finite number >= 0, is " + r);
                rel = new BigDecimal(r.asText()).doubleValue();
            }
            if (ulps == null && rel == null)
                throw bad(file, at, "names neither \"ulps\" nor \"relative\": it would accept nothing");
            ts.add(new Tolerance(pair, ulps, rel));
        }
        List<Expected> es = new ArrayList<>();
        JsonNode en = root.path("expected_causes");
        if (!en.isMissingNode() && !en.isArray()) throw bad(file, "expected_causes", "must be an array");
        i = 0;
        for (JsonNode e : en) {
            String at = "expected_causes[" + i++ + "]";
            if (!e.isObject()) throw bad(file, at, "must be an object");
            Map<String, String> match = new LinkedHashMap<>();
            String reason = null;
            for (Iterator<Map.Entry<String, JsonNode>> it = e.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!f.getValue().isTextual() || f.getValue().asText().isBlank())
                    throw bad(file, at + "." + f.getKey(), "must be a non-empty string");
                if (f.getKey().equals("reason")) reason = f.getValue().asText();
                else if (CAUSE_FIELDS.contains(f.getKey()))
                    match.put(f.getKey(), f.getValue().asText());
                else
                    throw bad(
                            file,
                            at + "." + f.getKey(),
                            "unknown field (known: reason, " + String.join(", ", CAUSE_FIELDS) + ")");
            }
            if (match.isEmpty())
                throw bad(
                        file,
                        at,
                        "names no cause: give \"key\" or a pattern over "
                                + String.join(", ", CAUSE_FIELDS.subList(1, CAUSE_FIELDS.size())));
            if (match.containsKey("key") && match.size() > 1)
                throw bad(file, at, "\"key\" names one cause exactly: give it alone, or a pattern without it");
            if (reason == null) throw bad(file, at, "needs a \"reason\": the report says why the cause is accepted");
            es.add(new Expected(java.util.Collections.unmodifiableMap(match), reason));
        }
        return new AcceptancePolicy(file.toString(), ts, es);
    }

    /** A glob: {@code *} any run of characters, {@code ?} one, everything else literal. */
    static Pattern glob(String g) {
        StringBuilder re = new StringBuilder();
        for (String part : g.split("(?=[*?])|(?<=[*?])")) {
            re.append(part.equals("*") ? ".*" : part.equals("?") ? "." : Pattern.quote(part));
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    private static void unknown(Path file, String at, JsonNode o, Set<String> known) {
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f))
                throw bad(
                        file,
                        (at.isEmpty() ? "" : at + ".") + f,
                        "unknown field (known: " + String.join(", ", new java.util.TreeSet<>(known)) + ")");
        }
    }

    private static FparityError bad(Path file, String field, String why) {
        return new FparityError(file + ": " + (field.isEmpty() ? "" : field + ": ") + why);
    }
}
