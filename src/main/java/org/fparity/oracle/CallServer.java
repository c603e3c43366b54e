package org.fparity.oracle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.HexFloat;
import org.fparity.ir.MathFn;
import org.fparity.util.Processes;

/**
 * A running process that answers one math call per line ({@code NAME} and hex arguments in, {@code %a} or {@code
 * error} out), its answers remembered: the form {@link Glibc} and {@link Pocl} share.
 */
final class CallServer implements AutoCloseable {
    private final String what;
    private final Processes.Running server;
    private final Writer in;
    private final BufferedReader out;
    private final Map<String, Double> known = new HashMap<>();

    CallServer(String what, Processes.Running server) {
        this.what = what;
        this.server = server;
        this.in = new OutputStreamWriter(server.stdin(), StandardCharsets.US_ASCII);
        this.out = new BufferedReader(new InputStreamReader(server.stdout(), StandardCharsets.US_ASCII));
    }

    /** The answer to {@code name} applied to {@code args} (an integer exponent as an integer), or empty on {@code error}. */
    Optional<Double> call(String name, MathFn fn, double[] args) {
        StringBuilder line = new StringBuilder(name);
        for (int i = 0; i < fn.arity(); i++)
            line.append(' ')
                    .append(fn == MathFn.LDEXP && i == 1 ? Long.toString((long) args[i]) : HexFloat.format(args[i]));
        String q = line.toString();
        Double hit = known.get(q);
        if (hit != null) return Optional.of(hit);
        try {
            in.write(q + "\n");
            in.flush();
            String a = out.readLine();
            if (a == null) throw new FparityError(what + " stopped answering", ExitCode.MISSING_TOOL);
            if (a.strip().equals("error")) return Optional.empty();
            double v = HexFloat.parse(a.strip().toLowerCase(Locale.ROOT));
            known.put(q, v);
            return Optional.of(v);
        } catch (IOException e) {
            throw FparityError.io(what + " stopped answering", e);
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // going away
        }
        server.close();
    }
}
