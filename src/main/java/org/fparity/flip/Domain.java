package org.fparity.flip;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.ir.Param;
import org.fparity.ir.Program;

/**
 * The input box searched: a range per FP variable (a scalar, a fill-value array's one value, each element {@code a[i]}
 * of an element-wise array: {@code a=LO:HI} gives every element that range), a value per loop bound.
 */
public record Domain(Map<String, double[]> ranges, Map<String, Integer> bounds) {
    /** Range given to an FP parameter nobody named. */
    public static final double DEFAULT_HALF_WIDTH = 100;

    /** The {@code VAR=LO:HI} items of a program file's {@code // flip domain: …} comment lines (a corpus program's own domain). */
    public static java.util.List<String> fromComments(String text) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.startsWith("// flip domain:")) {
                for (String it : l.substring("// flip domain:".length()).strip().split("\\s+"))
                    if (!it.isEmpty()) out.add(it);
            }
        }
        return out;
    }

    /**
     * Parses {@code VAR=LO:HI} items for {@code p}; unnamed FP parameters get [-100, 100], unnamed loop bounds the
     * array length (the longest loop).
     */
    public static Domain parse(Program p, Iterable<String> items) {
        Map<String, double[]> ranges = new LinkedHashMap<>();
        Map<String, Integer> bounds = new LinkedHashMap<>();
        Map<String, String> given = new LinkedHashMap<>();
        for (String it : items) {
            int eq = it.indexOf('=');
            int colon = it.indexOf(':', eq + 1);
            if (eq <= 0 || colon < 0) throw new FparityError("--domain " + it + ": expected VAR=LO:HI");
            String name = it.substring(0, eq).strip();
            if (p.param(name) == null)
                throw new FparityError("--domain " + it + ": the program has no parameter '" + name + "'");
            given.put(name, it.substring(eq + 1));
        }
        for (Param par : p.params()) {
            String g = given.get(par.name());
            if (par.kind() == Param.Kind.INT) {
                int v = p.arrayLength();
                if (g != null) {
                    String[] lh = g.split(":");
                    try {
                        v = Integer.parseInt(lh[1].strip());
                    } catch (NumberFormatException e) {
                        throw new FparityError("--domain " + par.name() + "=" + g + ": a loop bound takes an integer");
                    }
                    if (v < 0 || v > p.arrayLength())
                        throw new FparityError("--domain " + par.name() + "=" + g + ": outside 0.." + p.arrayLength());
                }
                bounds.put(par.name(), v);
                continue;
            }
            double lo = -DEFAULT_HALF_WIDTH;
            double hi = DEFAULT_HALF_WIDTH;
            if (g != null) {
                int c = g.indexOf(':', g.startsWith("-") ? 1 : 0);
                try {
                    lo = Double.parseDouble(g.substring(0, c).strip());
                    hi = Double.parseDouble(g.substring(c + 1).strip());
                } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                    throw new FparityError("--domain " + par.name() + "=" + g + ": expected LO:HI with two numbers");
                }
                if (!(lo <= hi) || !Double.isFinite(lo) || !Double.isFinite(hi)) {
                    throw new FparityError("--domain " + par.name() + "=" + g + ": need finite LO <= HI");
                }
            }
            if (par.kind() == Param.Kind.FP_ELEMENTS) {
                for (int i = 0; i < p.arrayLength(); i++)
                    ranges.put(SymbolicPaths.element(par.name(), i), new double[] {lo, hi});
            } else {
                ranges.put(par.name(), new double[] {lo, hi});
            }
        }
        return new Domain(ranges, bounds);
    }

    /** The input tokens for one value per FP variable of the domain ({@code value.apply(name)}), loop bounds from the domain. */
    public java.util.List<String> tokens(Program p, java.util.function.ToDoubleFunction<String> value) {
        java.util.List<String> t = new java.util.ArrayList<>();
        for (Param par : p.params()) {
            switch (par.kind()) {
                case INT -> t.add(Integer.toString(bounds.get(par.name())));
                case FP_ELEMENTS -> {
                    double[] each = new double[p.arrayLength()];
                    for (int i = 0; i < each.length; i++)
                        each[i] = value.applyAsDouble(SymbolicPaths.element(par.name(), i));
                    t.add(org.fparity.ir.Input.elementsToken(p.precision(), each));
                }
                default -> t.add(org.fparity.ir.HexFloat.format(p.precision().round(value.applyAsDouble(par.name()))));
            }
        }
        return t;
    }
}
