package org.fparity.gen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** A weighted choice over a fixed, ordered set (order matters: it makes choices identical on every machine). */
public final class Weighted<T> {
    private final List<T> items;
    private final double[] cumulative;
    private final Map<T, Double> weights;

    public Weighted(Map<T, Double> weights) {
        this.weights = new LinkedHashMap<>();
        this.items = new ArrayList<>();
        List<Double> cum = new ArrayList<>();
        double total = 0;
        for (Map.Entry<T, Double> e : weights.entrySet()) {
            if (e.getValue() < 0 || !Double.isFinite(e.getValue()))
                throw new IllegalArgumentException("weight of " + e.getKey() + " must be >= 0");
            this.weights.put(e.getKey(), e.getValue());
            if (e.getValue() == 0) continue;
            total += e.getValue();
            items.add(e.getKey());
            cum.add(total);
        }
        cumulative = cum.stream().mapToDouble(Double::doubleValue).toArray();
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }

    /** The items with a positive weight, in order. */
    public List<T> items() {
        return List.copyOf(items);
    }

    public Map<T, Double> weights() {
        return Map.copyOf(weights);
    }

    public T pick(SplittableRandom r) {
        if (items.isEmpty()) throw new IllegalStateException("nothing to choose from");
        double x = r.nextDouble() * cumulative[cumulative.length - 1];
        for (int i = 0; i < cumulative.length; i++) if (x < cumulative[i]) return items.get(i);
        return items.getLast();
    }
}
