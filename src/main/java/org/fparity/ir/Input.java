package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Values for a program's parameters, in order, as canonical tokens: FP values as glibc-style hex floats (bit-exact),
 * ints in decimal, a fill-value array as its one fill value, an element-wise array as one token of its elements in
 * order separated by commas (no spaces). The tokens are exactly what a harness reads after the index.
 */
public record Input(List<String> args) {
    @JsonCreator
    public Input {
        args = List.copyOf(args);
    }

    @JsonValue
    @Override
    public List<String> args() {
        return args;
    }

    public double fp(int i) {
        return HexFloat.parse(args.get(i));
    }

    /** The elements of token {@code i}, an element-wise array's (a single value gives one element). */
    public double[] elements(int i) {
        String[] parts = args.get(i).split(",", -1);
        double[] out = new double[parts.length];
        for (int k = 0; k < parts.length; k++) out[k] = HexFloat.parse(parts[k]);
        return out;
    }

    /** The token of an element-wise array: each value rounded to {@code precision}, as a hex float, comma-separated. */
    public static String elementsToken(Precision precision, double... values) {
        StringBuilder sb = new StringBuilder(values.length * 16);
        for (int k = 0; k < values.length; k++) {
            if (k > 0) sb.append(',');
            sb.append(HexFloat.format(precision.round(values[k])));
        }
        return sb.toString();
    }

    public int integer(int i) {
        return Integer.parseInt(args.get(i));
    }

    /** The harness line for this input: {@code index tok tok …}. */
    public String line(int index) {
        return index + " " + String.join(" ", args);
    }

    /**
     * Builds an input from values in parameter order; INT parameters must hold integral values, an element-wise array
     * gets the value in every element.
     */
    public static Input of(Program p, double... values) {
        if (values.length != p.params().size()) {
            throw new IllegalArgumentException(
                    "program has " + p.params().size() + " parameters, got " + values.length + " values");
        }
        List<String> toks = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            Param par = p.params().get(i);
            if (par.kind() == Param.Kind.INT) {
                toks.add(Integer.toString((int) values[i]));
            } else if (par.kind() == Param.Kind.FP_ELEMENTS) {
                double[] each = new double[p.arrayLength()];
                java.util.Arrays.fill(each, values[i]);
                toks.add(elementsToken(p.precision(), each));
            } else {
                toks.add(HexFloat.format(p.precision().round(values[i])));
            }
        }
        return new Input(toks);
    }
}
