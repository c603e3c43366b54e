package org.fparity.flip;

/** A closed range of floating-point values {@code [lo, hi]}; {@code (-inf, inf)} when nothing better is known. */
public record Interval(double lo, double hi) {
    public static final Interval ALL = new Interval(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

    public static Interval point(double v) {
        return new Interval(v, v);
    }

    public boolean isPoint() {
        return lo == hi;
    }

    public boolean bounded() {
        return Double.isFinite(lo) && Double.isFinite(hi);
    }

    public Interval hull(Interval o) {
        return new Interval(Math.min(lo, o.lo), Math.max(hi, o.hi));
    }

    public boolean contains(double v) {
        return lo <= v && v <= hi;
    }
}
