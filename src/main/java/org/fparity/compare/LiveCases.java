package org.fparity.compare;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.ir.HexFloat;

/**
 * Counts, as outcomes arrive, the cases — (program, input) whose results already disagree between two platforms (any
 * toolchain, any opt level), by {@link DiscrepancyClass#classify}'s rule (signs of NaN and zero ignored) — for the
 * progress line. The same unit the reports count in. Not thread-safe: the caller serialises the calls.
 */
public final class LiveCases implements ToIntFunction<Outcome> {
    // Agreement is an equivalence (same value up to the sign of NaN and zero), so while a case agrees, its first value
    // stands for all of them.
    private final Map<String, Double> first = new HashMap<>();
    private final Set<String> disagreeing = new HashSet<>();

    @Override
    public int applyAsInt(Outcome o) {
        if (o.status() != Outcome.Status.OK) return disagreeing.size();
        String c = o.program() + "/" + o.input();
        if (disagreeing.contains(c)) return disagreeing.size();
        double v = HexFloat.parse(o.hex());
        Double f = first.putIfAbsent(c, v);
        if (f != null && DiscrepancyClass.classify(f, v) != null) {
            disagreeing.add(c);
            first.remove(c);
        }
        return disagreeing.size();
    }
}
