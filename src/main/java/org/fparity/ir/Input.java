package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Values for a program's parameters, in order, as canonical tokens: FP values as glibc-style hex floats (bit-exact),
 * ints in decimal, an array as its one fill value. The tokens are exactly what a harness reads after the index.
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

    public int integer(int i) {
        return Integer.parseInt(args.get(i));
    }

    /** The harness line for this input: {@code index tok tok …}. */
    public String line(int index) {
        return index + " " + String.join(" ", args);
    }

    /** Builds an input from values in parameter order; INT parameters must hold integral values. */
    public static Input of(Program p, double... values) {
        if (values.length != p.params().size()) {
            throw new IllegalArgumentException("program has " + p.params().size() + " parameters, got " + values.length + " values");
        }
        List<String> toks = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            Param par = p.params().get(i);
            if (par.kind() == Param.Kind.INT) {
                toks.add(Integer.toString((int) values[i]));
            } else {
                toks.add(HexFloat.format(p.precision().round(values[i])));
            }
        }
        return new Input(toks);
    }
}
