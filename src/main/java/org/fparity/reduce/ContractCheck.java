package org.fparity.reduce;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fparity.attribution.FlagModel;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.ir.Expr;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Walker;
import org.fparity.oracle.ReferenceEvaluator;

/**
 * Experiments on the culprit's own build: its opt level taken apart ({@code runners/knobs}) and rebuilt with knobs
 * turned off, each a real build and run of the single-program form. Also what the program's IEEE evaluation feeds
 * the flags' assumptions: an infinity or NaN (finite-math-only), a subnormal (flush to zero).
 */
final class ContractCheck {
    /** Knobs whose flag promises something about the program's values: the program breaks the promise, not the vendor. */
    static final Set<String> NON_FINITE = Set.of("no infinities", "no NaNs", "finite-math folding");

    static final Set<String> SUBNORMAL = Set.of("flush to zero");

    private final DetectedToolchain dt;
    private final String opt;
    private final FlagModel model;
    private final Program p;
    private final Input in;
    private final Standalone single;
    private int level;

    ContractCheck(DetectedToolchain dt, String opt, FlagModel model, Program p, Input in, Standalone single) {
        this.dt = dt;
        this.opt = opt;
        this.model = model;
        this.p = p;
        this.in = in;
        this.single = single;
    }

    /** The level's flags as the model takes them apart. */
    List<String> parts() {
        return model.parts(dt.toolchain(), opt);
    }

    /** The knobs on at this level (by flag, or implicitly), by name, in the model's order. */
    List<String> knobsOn() {
        List<String> out = new ArrayList<>();
        for (FlagModel.Knob k : model.knobs())
            if (parts().contains(k.on()) || (k.implicit() != null && k.off() != null)) out.add(k.name());
        return out;
    }

    /** The knobs on at this level that assume away a kind of value ({@code non-finite} or {@code subnormal}). */
    List<String> assumingAway(String kind) {
        List<String> present = new ArrayList<>(kind.equals("non-finite") ? NON_FINITE : SUBNORMAL);
        present.retainAll(knobsOn());
        return present;
    }

    /** Whether a knob makes an operation differ itself (reciprocals), not only lets others act (no trapping math). */
    boolean acts(String knob) {
        for (FlagModel.Knob k : model.knobs()) if (k.name().equals(knob)) return k.operation() != null;
        return false;
    }

    /** The flags with these knobs turned off: their {@code on} flag left out, their {@code off} flag added. */
    List<String> without(Set<String> knobs) {
        List<String> flags = new ArrayList<>(parts());
        for (FlagModel.Knob k : model.knobs()) {
            if (!knobs.contains(k.name())) continue;
            flags.remove(k.on());
            if (k.off() != null && !flags.contains(k.off())) flags.add(k.off());
        }
        return flags;
    }

    /** One build and run with these flags. */
    Outcome run(List<String> flags) throws InterruptedException {
        String lvl = "v" + (level++);
        DetectedToolchain withFlags = dt.withToolchain(dt.toolchain().withLevel(lvl, model.argv(flags)));
        return single.run(withFlags, lvl, p, in);
    }

    /**
     * What the program's IEEE evaluation (the correctly rounded reference, every value) feeds the flags: the names of
     * the knob groups it breaks ({@code non-finite}, {@code subnormal}), each with an example value.
     */
    static List<String[]> assumptionsBroken(Program p, Input in) {
        Set<String> seen = new LinkedHashSet<>();
        List<String[]> out = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (String a : in.args()) {
            try {
                values.add(HexFloat.parse(a));
            } catch (RuntimeException e) {
                // an int parameter
            }
        }
        Walker.each(p, (path, n) -> {
            if (n instanceof Expr.Lit l) values.add(l.value());
        });
        try {
            values.addAll(ReferenceEvaluator.idealValues(p, in).values());
            values.add(ReferenceEvaluator.ideal(p, in).comp());
        } catch (RuntimeException e) {
            // no reference here: inputs and literals only
        }
        double minNormal = p.precision() == Precision.FP32 ? Float.MIN_NORMAL : Double.MIN_NORMAL;
        for (double v : values) {
            if (!Double.isFinite(v) && seen.add("non-finite")) out.add(new String[] {"non-finite", HexFloat.format(v)});
            if (v != 0 && Double.isFinite(v) && Math.abs(v) < minNormal && seen.add("subnormal"))
                out.add(new String[] {"subnormal", HexFloat.format(v)});
        }
        return out;
    }
}
