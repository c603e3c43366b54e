package org.fparity.flip;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The progress line of {@code fparity flip}: cells searched, candidates found, candidates run on the platforms and
 * verified flips. Redrawn in place on a terminal (every 0.2 s at most); otherwise one plain line every 5 s, so that a
 * CI log shows that a long search is alive, and one at the end.
 */
public final class ProgressLine implements FlipRun.Progress {
    private final PrintStream out;
    private final boolean terminal;
    private final LongSupplier nanos;
    private long lastDraw;
    private int cells;
    private int candidates;
    private int checked;
    private int verified;
    private long millis;

    public ProgressLine(PrintStream out, boolean terminal) {
        this(out, terminal, System::nanoTime);
    }

    ProgressLine(PrintStream out, boolean terminal, LongSupplier nanos) {
        this.out = out;
        this.terminal = terminal;
        this.nanos = nanos;
        this.lastDraw = nanos.getAsLong();
    }

    @Override
    public synchronized void cells(int cells, int candidates, long millis) {
        this.cells = cells;
        this.candidates = candidates;
        this.millis = Math.max(this.millis, millis);
        maybeDraw();
    }

    @Override
    public synchronized void round(int checked, int verified, long millis) {
        this.checked = checked;
        this.verified = verified;
        this.millis = Math.max(this.millis, millis);
        maybeDraw();
    }

    /** The last state, always (and the end of the terminal line). */
    public synchronized void finish() {
        draw();
        if (terminal) out.println();
        out.flush();
    }

    /** The line as it reads now. */
    synchronized String text() {
        return String.format(
                Locale.ROOT,
                "fparity flip: %d cells searched, %d candidates, %d run on the platforms, %d verified %s, %.1f s",
                cells,
                candidates,
                checked,
                verified,
                verified == 1 ? "flip" : "flips",
                millis / 1000.0);
    }

    private void maybeDraw() {
        long now = nanos.getAsLong();
        long every = terminal ? 200_000_000L : 5_000_000_000L;
        if (now - lastDraw < every) return;
        lastDraw = now;
        draw();
    }

    private void draw() {
        if (terminal) out.print("\r" + text() + "   ");
        else out.println(text());
        out.flush();
    }
}
