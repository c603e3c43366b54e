package org.fparity.reduce;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;

/**
 * Whether a run that ended differently ends the same way in its bundle's minimal source: built and run here on both
 * sides, the side that ended abnormally must end so again (the same status; for a crash the same exit status, so the
 * same signal) and the other side must print its recorded result. A crash depends on the whole binary, so the bundle
 * ships the minimal source only when this was checked, and says what the minimal source did otherwise.
 */
final class CrashForm {
    private CrashForm() {}

    /** What the minimal source did here: {@code asRecorded}, and a sentence for the bundle's README. */
    record Result(boolean asRecorded, String sentence) {}

    private static final Pattern EXIT = Pattern.compile("^exit (\\d+)");

    private static final Map<Integer, String> SIGNALS =
            Map.of(4, "SIGILL", 5, "SIGTRAP", 6, "SIGABRT", 7, "SIGBUS", 8, "SIGFPE", 9, "SIGKILL", 11, "SIGSEGV");

    /**
     * Builds and runs both sides' minimal sources here ({@link Bundle#minimalSource}); null where a side has no
     * minimal source (its language has none) or cannot run here.
     */
    static Result check(Bundle.Contents c, Standalone single) throws InterruptedException {
        Outcome[] got = new Outcome[2];
        for (int side = 0; side < 2; side++) {
            DetectedToolchain dt = side == 0 ? c.a() : c.b();
            String src = Bundle.minimalSource(c, side);
            if (src == null || !dt.canCompile() || !dt.canRun()) return null;
            got[side] = single.run(dt, side == 0 ? c.optA() : c.optB(), c.program(), src, List.of());
        }
        return judge(c, got[0], got[1]);
    }

    /** Compares what each side's minimal source did ({@code minA}, {@code minB}) with the bundle's recorded outcomes. */
    static Result judge(Bundle.Contents c, Outcome minA, Outcome minB) {
        Outcome[] rec = {c.outA(), c.outB()};
        Outcome[] got = {minA, minB};
        StringBuilder did = new StringBuilder();
        StringBuilder differs = new StringBuilder();
        for (int side = 0; side < 2; side++) {
            String label = c.label(side);
            String was = ending(rec[side]);
            String now = ending(got[side]);
            if (side > 0) did.append("; ");
            did.append(label).append(' ').append(now);
            if (!same(rec[side], got[side]))
                differs.append(differs.isEmpty() ? "" : "; ")
                        .append(label)
                        .append(' ')
                        .append(now)
                        .append(" where the recorded run ")
                        .append(
                                was.startsWith("prints")
                                        ? was.replaceFirst("^prints", "printed")
                                        : "ended with " + was);
        }
        String file = Bundle.minimalName(c.a().toolchain().lang());
        if (differs.isEmpty())
            return new Result(
                    true,
                    "Built and run here, the minimal source (`" + file + "`, no harness) ends as recorded: " + did
                            + ".");
        return new Result(
                false,
                "The minimal source (" + file + ", no harness) did not end as recorded when built and run here: "
                        + differs + ". A run that ends abnormally depends on the whole binary, so this bundle ships the"
                        + " single-program form the reduction checked, harness included.");
    }

    /** Whether a minimal source's outcome is the recorded one: the same bits, or the same abnormal end. */
    static boolean same(Outcome recorded, Outcome got) {
        if (recorded.status() == Outcome.Status.OK)
            return got.status() == Outcome.Status.OK
                    && DiscrepancyClass.classify(recorded.value(), got.value()) == null;
        if (recorded.status() != got.status()) return false;
        Integer r = exit(recorded);
        return r == null || r.equals(exit(got));
    }

    /** How an outcome ends, for a person: {@code prints `inf`}, {@code exit 139 (SIGSEGV), no result}, {@code TIMEOUT}. */
    static String ending(Outcome o) {
        if (o.status() == Outcome.Status.OK) return "prints `" + o.hex() + "`";
        Integer code = exit(o);
        if (code == null) return o.status().name() + (o.detail() == null ? "" : " (" + o.detail() + ")");
        String sig = code > 128 ? SIGNALS.get(code - 128) : null;
        return "exit " + code + (sig == null ? "" : " (" + sig + ")") + ", no result";
    }

    private static Integer exit(Outcome o) {
        if (o.detail() == null) return null;
        Matcher m = EXIT.matcher(o.detail());
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }
}
