package org.fparity.cli;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.HexFloat;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.ir.Ulps;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.oracle.JavaMath;
import org.fparity.oracle.Libm;
import org.fparity.oracle.MathOp;
import org.fparity.oracle.Rounding;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity eval 'fmod(x, y)'}: the correctly rounded value (MPFR) beside libm, Math and StrictMath, in ULPs. */
@Command(
        name = "eval",
        mixinStandardHelpOptions = true,
        description =
                "Prints one math call correctly rounded (GNU MPFR) and what libm (gcc), Java Math and StrictMath return, in ULPs.")
public final class EvalCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "CALL",
            description = "e.g. 'fmod(0x1.1p+961, 1.5793e-307)', 'sin(1e300)', 'ldexp(1.5, -1074)'")
    String call;

    @Option(
            names = "--precision",
            paramLabel = "P",
            defaultValue = "fp64",
            description = "fp64 or fp32 (default: ${DEFAULT-VALUE})")
    String precision;

    @Option(
            names = "--rounding",
            paramLabel = "MODE",
            defaultValue = "RN",
            description = "RN, RZ, RU or RD (default: ${DEFAULT-VALUE})")
    String rounding;

    @Option(names = "--no-libm", description = "do not compile the libm probe with gcc")
    boolean noLibm;

    @Spec
    CommandSpec spec;

    private static final Pattern CALL = Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\((.*)\\)\\s*");

    /** A parsed call: the function and its arguments, already in the target format. */
    record Parsed(MathOp op, double[] args) {}

    static Parsed parse(String text, Precision f) {
        Matcher m = CALL.matcher(text);
        if (!m.matches())
            throw new FparityError("cannot read '" + text + "': expected NAME(ARG, …), e.g. 'sin(1e300)'");
        MathOp op = MathOp.byName(m.group(1));
        String inner = m.group(2).strip();
        String[] toks = inner.isEmpty() ? new String[0] : inner.split(",");
        if (toks.length != op.arity()) {
            throw new FparityError(
                    op.cName() + " takes " + op.arity() + " argument(s), '" + text + "' gives " + toks.length);
        }
        double[] a = new double[toks.length];
        for (int i = 0; i < toks.length; i++) {
            String t = toks[i].strip();
            try {
                if (op.is(MathFn.LDEXP) && i == 1) {
                    a[i] = Integer.parseInt(t);
                } else {
                    a[i] = HexFloat.parseExact(t, f);
                }
            } catch (HexFloat.NotRepresentable e) {
                throw new FparityError(
                        "argument " + t + " is not a binary32 value (write it in decimal to have it rounded)");
            } catch (NumberFormatException e) {
                throw new FparityError("argument " + (i + 1) + " of '" + text + "' is not a number: '" + t + "'"
                        + (op.is(MathFn.LDEXP) && i == 1 ? " (ldexp's exponent is an int)" : ""));
            }
        }
        return new Parsed(op, a);
    }

    @Override
    public Integer call() {
        Precision f;
        Rounding r;
        f = Precision.parse(precision, "eval", Precision.PROGRAMS);
        try {
            r = Rounding.parse(rounding);
        } catch (IllegalArgumentException e) {
            throw new FparityError(e.getMessage());
        }
        Parsed p = parse(call, f);
        double truth = CorrectlyRounded.apply(p.op(), f, r, p.args());
        PrintWriter out = spec.commandLine().getOut();
        StringBuilder head = new StringBuilder(p.op().cName())
                .append(f == Precision.FP32 && p.op().isLibraryFunction() ? "f" : "")
                .append('(');
        for (int i = 0; i < p.args().length; i++) {
            if (i > 0) head.append(", ");
            head.append(
                    p.op().is(MathFn.LDEXP) && i == 1
                            ? Long.toString((long) p.args()[i])
                            : HexFloat.format(p.args()[i]));
        }
        head.append(")   [")
                .append(f.name().toLowerCase())
                .append(", ")
                .append(r)
                .append(']');
        out.println(head);
        row(out, "correctly rounded (MPFR " + CorrectlyRounded.mpfrVersion() + ")", Optional.of(truth), truth, f, "");
        if (!noLibm) {
            Libm.Answer a = Libm.call(p.op(), f, p.args());
            row(out, "libm (" + a.note() + ")", a.value(), truth, f, a.value().isEmpty() ? a.note() : "");
        }
        String cast = f == Precision.FP32 ? " (via double)" : "";
        row(
                out,
                "Java Math" + cast,
                JavaMath.math(p.op(), f, p.args()),
                truth,
                f,
                "no Java function with C's semantics");
        row(
                out,
                "Java StrictMath" + cast,
                JavaMath.strict(p.op(), f, p.args()),
                truth,
                f,
                "no Java function with C's semantics");
        out.flush();
        return ExitCode.OK.code();
    }

    private static void row(
            PrintWriter out, String who, Optional<Double> v, double truth, Precision f, String missing) {
        if (v.isEmpty()) {
            out.printf("  %-34s %s%n", who, "n/a: " + missing);
            return;
        }
        double x = v.get();
        out.printf(
                "  %-34s %-26s %-25s %s%n",
                who,
                HexFloat.format(x),
                org.fparity.ir.Decimal.g(x, f == Precision.FP32 ? 9 : 17),
                Ulps.betweenText(truth, x, f));
    }
}
