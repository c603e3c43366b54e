package org.fparity.attribution;

import java.util.ArrayList;
import java.util.List;
import org.fparity.exec.Platform;

/** The lines a person reads for one attribution: the two results, the minimal sufficient sets, the necessary knobs. */
public final class AttributionText {
    private AttributionText() {}

    public static List<String> lines(String tc, String optA, String optB, FlagAttribution.Result r) {
        List<String> out = new ArrayList<>();
        String a = Platform.local(tc, optA).label();
        String b = Platform.local(tc, optB).label();
        out.add(a + " " + r.a().hex() + " vs " + b + " " + r.b().hex()
                + (r.cls() == null ? "" : " (" + r.cls().label() + ")"));
        if (r.undecided() != null) {
            out.add("undecided: " + r.undecided());
            out.add("experiments: " + r.builds() + " builds and runs");
            return out;
        }
        boolean several = r.sufficient().size() > 1;
        out.add(
                several
                        ? r.sufficient().size() + " minimal sets of flags, each sufficient on its own:"
                        : "minimal sufficient flags:");
        for (FlagAttribution.FlagSet s : r.sufficient()) {
            out.add("  " + optA + " + " + String.join(" ", s.flags()) + " gives " + optB + "'s result; "
                    + (s.flags().size() == 1 ? "without it, it does not" : "without any one of them, it does not")
                    + knobs(s));
        }
        if (r.necessary().isEmpty()) {
            out.add("necessary: no single knob turned off on " + b + " gives " + a + "'s result");
        } else {
            for (FlagAttribution.Necessary n : r.necessary()) {
                out.add("necessary: " + n.knob() + " (" + b + (n.change().startsWith("without ") ? " " : " with ")
                        + n.change() + " gives " + a + "'s result)");
            }
        }
        out.add("experiments: " + r.builds() + " builds and runs of the single-program form");
        return out;
    }

    /** The pass bisection's line: the pass, its number among all, and what the limit just before it gave. */
    public static String pass(PassBisection.Result r) {
        if (r.undecided() != null) return "pass: undecided: " + r.undecided();
        return "pass: " + r.pass() + " on " + r.function() + " (LLVM's pass " + r.limit() + " of " + r.passes()
                + "): -opt-bisect-limit=" + (r.limit() - 1) + " gives "
                + r.before().hex() + ", " + r.limit() + " gives the second level's " + r.at().hex() + " (" + r.builds()
                + " builds)";
    }

    private static String knobs(FlagAttribution.FlagSet s) {
        List<String> named = s.knobs().stream().filter(k -> k != null).toList();
        return named.isEmpty() ? "" : " (" + String.join(", ", named) + ")";
    }
}
