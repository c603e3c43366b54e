package org.fparity.run;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.fparity.exec.Outcome;

/**
 * Progress of a campaign: a redrawn bar (done/total, rate, ETA, failures) on a terminal, a plain log line every few
 * seconds otherwise (CI logs and files must not fill with carriage returns).
 */
public final class Progress {
    /** Seconds of runs after which the rate, and so an ETA, is shown. */
    static final double RATE_KNOWN_SECONDS = 2;
    /** Runs after the first after which the rate, and so an ETA, is shown. */
    static final int RATE_KNOWN_RUNS = 10;

    private final PrintStream out;
    private final boolean terminal;
    private final int total;
    private final java.util.function.LongSupplier nanos;
    private final long start;
    /** When the first run was recorded (0: none yet): the rate is measured from it, not from the compiles before it. */
    private volatile long first;

    private final AtomicInteger done = new AtomicInteger();
    private final Map<Outcome.Status, AtomicInteger> byStatus = new ConcurrentHashMap<>();
    private volatile long lastDraw;
    private final java.util.function.ToIntFunction<Outcome> disagreements;
    private volatile int disagreeing;
    private final Map<String, String> sites = new java.util.concurrent.ConcurrentSkipListMap<>();

    public Progress(PrintStream out, boolean terminal, int total) {
        this(out, terminal, total, null);
    }

    /**
     * @param disagreements called with each outcome, returns how many runs disagree so far across platforms (the
     *                      caller owns the comparison; null shows no such count)
     */
    public Progress(
            PrintStream out, boolean terminal, int total, java.util.function.ToIntFunction<Outcome> disagreements) {
        this(out, terminal, total, disagreements, System::nanoTime);
    }

    /** As above, with the clock given (nanoseconds, as {@link System#nanoTime}). */
    Progress(
            PrintStream out,
            boolean terminal,
            int total,
            java.util.function.ToIntFunction<Outcome> disagreements,
            java.util.function.LongSupplier nanos) {
        this.nanos = nanos;
        this.start = nanos.getAsLong();
        this.out = out;
        this.terminal = terminal;
        this.total = total;
        this.disagreements = disagreements;
    }

    public void record(Outcome o) {
        if (disagreements != null) {
            synchronized (disagreements) {
                disagreeing = disagreements.applyAsInt(o);
            }
        }
        long now = nanos.getAsLong();
        if (first == 0) {
            synchronized (this) {
                if (first == 0) first = now == 0 ? 1 : now;
            }
        }
        done.incrementAndGet();
        byStatus.computeIfAbsent(o.status(), s -> new AtomicInteger()).incrementAndGet();
        long every = terminal ? 200_000_000L : 5_000_000_000L;
        if (now - lastDraw >= every) {
            synchronized (this) {
                if (now - lastDraw >= every) {
                    lastDraw = now;
                    draw(false);
                }
            }
        }
    }

    /** A site's own progress ({@code queued 3 running 2}), shown after the totals when a campaign runs at several. */
    public void site(String name, String status) {
        sites.put(name, status);
    }

    /** Draws the final state (and ends the terminal line). */
    public synchronized void finish() {
        draw(true);
    }

    /** Runs per minute so far. */
    public double perMinute() {
        double min = (nanos.getAsLong() - start) / 60e9;
        return min <= 0 ? 0 : done.get() / min;
    }

    private void draw(boolean last) {
        int d = done.get();
        long since = first;
        // runs after the first, over the time since the first: the compiles before it are not the rate of running
        double secs = since == 0 ? 0 : (nanos.getAsLong() - since) / 1e9;
        double rate = secs > 0 ? (d - 1) / secs : 0;
        // a rate is known after RATE_KNOWN_SECONDS of runs and RATE_KNOWN_RUNS runs; before that no rate and no ETA
        // (the first line used to say "1/s  ETA 34:52:39", from one run)
        boolean known = secs >= RATE_KNOWN_SECONDS && d - 1 >= RATE_KNOWN_RUNS || d >= total;
        String pace = !known
                ? ""
                : String.format("  %.0f/s  ETA %s", rate, rate > 0 && d < total ? clock((total - d) / rate) : "0:00");
        int failed = 0;
        for (var e : byStatus.entrySet()) {
            if (e.getKey() != Outcome.Status.OK && e.getKey() != Outcome.Status.CANNOT_RUN)
                failed += e.getValue().get();
        }
        String text = String.format("%d/%d runs%s  not OK: %d", d, total, pace, failed)
                + (disagreements == null ? "" : "  disagreeing cases: " + disagreeing);
        if (!sites.isEmpty()) {
            StringBuilder sb = new StringBuilder(text);
            sites.forEach(
                    (k, v) -> sb.append("  [").append(k).append(": ").append(v).append(']'));
            text = sb.toString();
        }
        if (terminal) {
            int width = 24;
            int filled = total == 0 ? width : (int) ((long) width * d / total);
            out.print("\r[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + text + "   ");
            if (last) out.println();
        } else {
            out.println("fparity: " + text);
        }
        out.flush();
    }

    private int count(Outcome.Status s) {
        AtomicInteger c = byStatus.get(s);
        return c == null ? 0 : c.get();
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600
                ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format("%d:%02d", s / 60, s % 60);
    }
}
