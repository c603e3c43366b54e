package org.fparity.oracle;

import java.util.Arrays;
import org.fparity.ir.HexFloat;
import org.fparity.ir.MathFn;

/** One math call of a run: its arguments and its correctly rounded result ({@code seq} counts from 1 in execution order). */
public record MathCall(int seq, MathFn fn, double[] args, double result) {
    /** {@code ceil(0x1.1p-415) = 0x1p+0}, ldexp's int argument in decimal. */
    public String describe() {
        StringBuilder sb = new StringBuilder(fn.canonicalName()).append('(');
        for (int i = 0; i < args.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(fn.args().get(i) == MathFn.Arg.INT ? Integer.toString((int) args[i]) : HexFloat.format(args[i]));
        }
        return sb.append(") = ").append(HexFloat.format(result)).toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MathCall m
                && m.seq == seq
                && m.fn == fn
                && Arrays.equals(m.args, args)
                && Double.doubleToRawLongBits(m.result) == Double.doubleToRawLongBits(result);
    }

    @Override
    public int hashCode() {
        return seq * 31 + fn.hashCode();
    }

    @Override
    public String toString() {
        return "#" + seq + " " + describe();
    }
}
