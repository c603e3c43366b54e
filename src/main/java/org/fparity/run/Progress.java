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
    private final PrintStream out;
    private final boolean terminal;
    private final int total;
    private final long start = System.nanoTime();
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
        done.incrementAndGet();
        byStatus.computeIfAbsent(o.status(), s -> new AtomicInteger()).incrementAndGet();
        long now = System.nanoTime();
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
        double min = (System.nanoTime() - start) / 60e9;
        return min <= 0 ? 0 : done.get() / min;
    }

    private void draw(boolean last) {
        int d = done.get();
        double secs = (System.nanoTime() - start) / 1e9;
        double rate = secs > 0 ? d / secs : 0;
        String eta = rate > 0 && d < total ? clock((total - d) / rate) : "0:00";
        int failed = 0;
        for (var e : byStatus.entrySet()) {
            if (e.getKey() != Outcome.Status.OK && e.getKey() != Outcome.Status.CANNOT_RUN)
                failed += e.getValue().get();
        }
        String text = String.format("%d/%d runs  %.0f/s  ETA %s  not OK: %d", d, total, rate, eta, failed)
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
