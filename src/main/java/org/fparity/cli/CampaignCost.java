package org.fparity.cli;

import java.io.PrintStream;
import java.util.Locale;
import org.fparity.FparityError;

/**
 * What a generated campaign will cost, said before anything is generated: its programs and inputs are written once to
 * the program store (programs.jsonl) as they are generated and read back a batch at a time, so the cost is disk, and
 * a few bytes of index per program in memory; a campaign beyond {@link #MAX_PROGRAMS} programs is refused unless
 * {@code --force}.
 */
final class CampaignCost {
    private CampaignCost() {}

    /** The documented limit of {@code run} without {@code --force}: programs over all precisions. */
    static final long MAX_PROGRAMS = 100_000;

    static final String MAX_PROGRAMS_TEXT = "100,000";

    /**
     * Bytes of the program store per program, measured: 20,000 FP64 programs with 1 input took 20.8 MB, 2,000 with 50
     * inputs 26.6 MB (seed 1, built-in grammar): about 800 bytes a program and 250 an input.
     */
    static long storeBytesPerProgram(int inputs) {
        return 800L + 250L * inputs;
    }

    /**
     * Bytes of memory per program however large the campaign: the store's index (where each line starts, its id: 20
     * bytes), the generator's record of ids drawn (to tell repeats) and the batches' program numbers, rounded up.
     */
    static final long MEMORY_BYTES_PER_PROGRAM = 100;

    /**
     * Inputs per program without {@code --force}: a program's inputs are one line of the program store, which must stay
     * far below what the store reads back (ProgramStore.MAX_LINE_BYTES) even with 40 parameters of 25 characters each.
     */
    static final int MAX_INPUTS = 10_000;

    /** Cases (programs × inputs) without {@code --force}: 100,000 programs with 100 inputs each. */
    static final long MAX_CASES = 10_000_000;

    /** Programs {@code generate} writes without {@code --force}: it holds them all, and writes files for each. */
    static final long MAX_GENERATE = 10_000;

    /**
     * Refuses a campaign above a limit (exit 2) unless {@code force}: programs, inputs per program, and cases; a forced
     * one is announced with its cost. Nothing is generated before this.
     */
    static void check(int programs, int precisions, int inputs, boolean force, PrintStream err) {
        long total = (long) programs * precisions;
        String over = null;
        String option = "--programs " + programs;
        if (total > MAX_PROGRAMS) over = "the limit is " + MAX_PROGRAMS_TEXT + " programs";
        else if (inputs > MAX_INPUTS) {
            option = "--inputs " + inputs;
            over = String.format(Locale.ROOT, "the limit is %,d inputs per program", MAX_INPUTS);
        } else if (total * (long) inputs > MAX_CASES) {
            option = "--programs " + programs + " --inputs " + inputs;
            over = String.format(Locale.ROOT, "the limit is %,d cases", MAX_CASES);
        }
        if (over == null) return;
        String cost = describe(total, inputs);
        if (!force) throw new FparityError(option + ": " + cost + "; " + over + ", --force runs it anyway");
        err.println("fparity: --force: " + cost);
    }

    /** The same for {@code generate}, which holds its programs in memory and writes a file set for each. */
    static void checkGenerate(int count, int precisions, int inputs, boolean force, PrintStream err) {
        long total = (long) count * precisions;
        String over = null;
        String option = "--count " + count;
        if (total > MAX_GENERATE)
            over = String.format(
                    Locale.ROOT,
                    "the limit of generate is %,d programs (run keeps larger campaigns in its program store)",
                    MAX_GENERATE);
        else if (inputs > MAX_INPUTS) {
            option = "--inputs " + inputs;
            over = String.format(Locale.ROOT, "the limit is %,d inputs per program", MAX_INPUTS);
        }
        if (over == null) return;
        String cost = String.format(Locale.ROOT, "%,d programs × %,d inputs", total, inputs);
        if (!force) throw new FparityError(option + ": " + cost + "; " + over + ", --force writes them anyway");
        err.println("fparity: --force: " + cost);
    }

    /** "1,000,000,000 programs × 50 inputs = 50,000,000,000 cases …; the program store takes about 13.3 TB on disk …". */
    static String describe(long programs, int inputs) {
        long cases = programs * (long) inputs;
        double disk = (double) programs * storeBytesPerProgram(inputs);
        double memory = (double) programs * MEMORY_BYTES_PER_PROGRAM;
        return String.format(
                Locale.ROOT,
                "%,d programs × %,d inputs = %,d cases to run on every platform (toolchain × opt level); "
                        + "the program store takes about %s on disk, and its index about %s in memory (this JVM may use %s)",
                programs,
                inputs,
                cases,
                size(disk),
                size(memory),
                size(Runtime.getRuntime().maxMemory()));
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
