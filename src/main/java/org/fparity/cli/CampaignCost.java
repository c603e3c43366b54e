package org.fparity.cli;

import java.io.PrintStream;
import java.util.Locale;
import org.fparity.FparityError;

/**
 * What a generated campaign will cost, said before anything is generated: every program and its inputs are held in
 * memory while the campaign is planned and recorded in campaign.json, so a campaign beyond {@link #MAX_PROGRAMS}
 * programs is refused unless {@code --force}.
 */
final class CampaignCost {
    private CampaignCost() {}

    /** The documented limit of {@code run} without {@code --force}: programs over all precisions. */
    static final long MAX_PROGRAMS = 100_000;

    static final String MAX_PROGRAMS_TEXT = "100,000";

    /**
     * Bytes of memory per program while planning, measured: 2,000 and 20,000 FP64 programs with 50 inputs each held
     * 94 MB and 855 MB (about 43 KB a program); the inputs' share is taken as 0.5 KB each.
     */
    static long bytesPerProgram(int inputs) {
        return 20_000L + 500L * inputs;
    }

    /** Refuses a campaign above the limit (exit 2) unless {@code force}; a forced one is announced with its cost. */
    static void check(int programs, int precisions, int inputs, boolean force, PrintStream err) {
        long total = (long) programs * precisions;
        if (total <= MAX_PROGRAMS) return;
        String cost = describe(total, inputs);
        if (!force) {
            throw new FparityError("--programs " + programs + ": " + cost + "; the limit is " + MAX_PROGRAMS_TEXT
                    + " programs, --force runs it anyway");
        }
        err.println("fparity: --force: " + cost);
    }

    /** "1000000000 programs × 50 inputs = 50000000000 cases per platform, about 45.0 TB of memory to plan". */
    static String describe(long programs, int inputs) {
        long cases = programs * (long) inputs;
        double bytes = (double) programs * bytesPerProgram(inputs);
        return String.format(Locale.ROOT, "%,d programs × %,d inputs = %,d cases to run on every platform (toolchain × opt level); "
                + "planning them holds about %s in memory (this JVM may use %s)", programs, inputs, cases, size(bytes), size(Runtime.getRuntime().maxMemory()));
    }

    static String size(double bytes) {
        String[] units = {"B", "KB", "MB", "GB", "TB", "PB"};
        int u = 0;
        while (bytes >= 1000 && u < units.length - 1) {
            bytes /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", bytes, units[u]);
    }
}
