package org.fparity.flip;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import com.microsoft.z3.Z3Exception;
import java.util.function.Function;
import org.fparity.FparityError;

/**
 * One Z3 context (z3-turnkey: Z3's own Java API with its natives in the jar) and the time spent in it. Every query
 * gets its own solver with a timeout; whatever Z3 throws becomes a one-line {@link FparityError}; closing the
 * session frees the native context.
 */
public final class Z3Session implements AutoCloseable {
    private final Context ctx;
    private final int timeoutMillis;
    private long nanos;
    private int queries;

    /** What a query ended with; UNKNOWN covers the timeout. */
    public enum Answer {
        SAT,
        UNSAT,
        UNKNOWN
    }

    public Z3Session(int timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
        try {
            this.ctx = new Context();
        } catch (UnsatisfiedLinkError | NoClassDefFoundError | ExceptionInInitializerError e) {
            throw new FparityError(
                    "Z3 could not be loaded (z3-turnkey natives for " + System.getProperty("os.name") + "/"
                            + System.getProperty("os.arch") + "): " + e.getMessage(),
                    org.fparity.ExitCode.MISSING_TOOL,
                    e);
        } catch (Z3Exception e) {
            throw new FparityError("Z3 failed to start: " + e.getMessage(), org.fparity.ExitCode.MISSING_TOOL, e);
        }
    }

    public Context ctx() {
        return ctx;
    }

    /**
     * Checks {@code constraints}; on SAT hands the solver to {@code onSat} (to read the model) and returns its result,
     * otherwise returns null. {@code answer[0]} receives how the query ended when not null.
     */
    public <T> T check(Iterable<BoolExpr> constraints, Function<Solver, T> onSat, Answer[] answer) {
        long t0 = System.nanoTime();
        queries++;
        try {
            Solver s = ctx.mkSolver();
            Params p = ctx.mkParams();
            p.add("timeout", timeoutMillis);
            s.setParameters(p);
            for (BoolExpr c : constraints) s.add(new BoolExpr[] {c});
            Status st = s.check();
            Answer a = switch (st) {
                case SATISFIABLE -> Answer.SAT;
                case UNSATISFIABLE -> Answer.UNSAT;
                default -> Answer.UNKNOWN;
            };
            if (answer != null) answer[0] = a;
            return a == Answer.SAT ? onSat.apply(s) : null;
        } catch (Z3Exception e) {
            throw new FparityError("Z3 failed: " + oneLine(e.getMessage()), org.fparity.ExitCode.MISSING_TOOL, e);
        } finally {
            nanos += System.nanoTime() - t0;
        }
    }

    /** Time spent inside Z3 queries so far, in milliseconds. */
    public long millis() {
        return nanos / 1_000_000;
    }

    public int queries() {
        return queries;
    }

    private static String oneLine(String s) {
        return s == null ? "(no message)" : s.replace('\n', ' ').strip();
    }

    @Override
    public void close() {
        ctx.close();
    }
}
