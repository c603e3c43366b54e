package org.fparity.attribution;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.FparityError;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.util.Processes;

/**
 * The LLVM pass whose application makes B's result (YARPGen's blame_opt.py does this for miscompiles): B's build with
 * {@code -mllvm -opt-bisect-limit=N}, bisected to the smallest N that gives B's result; N-1 does not. The pass is
 * the one LLVM reports as its N-th ({@code BISECT: running pass (N) NAME on FUNCTION}). For LLVM toolchains
 * (clang, hipcc); where limit 0 already gives B's result the difference is made outside the optimisation passes
 * (the front end or code generation), said so.
 */
public final class PassBisection {
    private static final Pattern LINE = Pattern.compile("BISECT: running pass \\((\\d+)\\) (.+) on (.+)");

    /**
     * What was found: {@code limit} the first pass count that gives B's result (-1 when none does within the passes),
     * the pass and the function it ran on, the outcomes at limit-1 and limit; {@code undecided} why not, or null.
     */
    public record Result(
            int limit,
            int passes,
            String pass,
            String function,
            Outcome before,
            Outcome at,
            String undecided,
            int builds) {}

    private final Standalone single;
    private final Path work;
    private int builds;
    private int level;

    public PassBisection(Path work) {
        // absolute: the pass list is built with the compiler started in its own folder
        this.single = new Standalone(work.toAbsolutePath());
        this.work = work.toAbsolutePath();
    }

    /** Bisects B's flags ({@code flags}, the build line's words) on one input, against B's result {@code b}. */
    public Result bisect(DetectedToolchain dt, List<String> flags, Program p, Input in, Outcome b)
            throws InterruptedException {
        List<String[]> all = passes(dt, flags, p);
        int k = all.size();
        if (k == 0)
            return new Result(
                    -1,
                    0,
                    null,
                    null,
                    null,
                    null,
                    dt.name() + " reports no passes under -opt-bisect-limit (not an LLVM toolchain?)",
                    builds);
        Outcome none = run(dt, flags, p, in, 0);
        if (FlagAttribution.same(none, b)) {
            return new Result(
                    0,
                    k,
                    null,
                    null,
                    null,
                    none,
                    "limit 0 (no optional pass) already gives B's result: the difference is made outside the optimisation passes (front end or code generation)",
                    builds);
        }
        Outcome full = run(dt, flags, p, in, k);
        if (!FlagAttribution.same(full, b)) {
            return new Result(
                    -1,
                    k,
                    null,
                    null,
                    none,
                    full,
                    "all " + k + " passes do not give B's result with -opt-bisect-limit (the flag changes the build)",
                    builds);
        }
        int lo = 0; // gives another result
        int hi = k; // gives B's
        Outcome atHi = full;
        Outcome atLo = none;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            Outcome o = run(dt, flags, p, in, mid);
            if (FlagAttribution.same(o, b)) {
                hi = mid;
                atHi = o;
            } else {
                lo = mid;
                atLo = o;
            }
        }
        String[] named = hi - 1 < all.size() ? all.get(hi - 1) : null;
        return new Result(
                hi, k, named == null ? null : named[1], named == null ? null : named[2], atLo, atHi, null, builds);
    }

    private Outcome run(DetectedToolchain dt, List<String> flags, Program p, Input in, int limit)
            throws InterruptedException {
        List<String> f = new ArrayList<>(flags);
        f.add("-mllvm");
        f.add("-opt-bisect-limit=" + limit);
        String lvl = "bisect" + (level++);
        builds++;
        return single.run(dt.withToolchain(dt.toolchain().withLevel(lvl, f)), lvl, p, in);
    }

    /** The passes LLVM runs on this program with these flags, in order: {number, pass, function}. */
    private List<String[]> passes(DetectedToolchain dt, List<String> flags, Program p) throws InterruptedException {
        try {
            // absolute: the compiler runs in this folder, so a relative source name (campaigns/…) would not be found
            Path dir = Files.createDirectories(work.resolve("passes")).toAbsolutePath();
            Path src =
                    dir.resolve(Standalone.className(dt) + "." + dt.toolchain().extension());
            Files.writeString(src, Standalone.source(dt, p));
            List<String> f = new ArrayList<>(flags);
            f.add("-mllvm");
            f.add("-opt-bisect-limit=-1"); // no limit: LLVM lists every pass it runs
            String lvl = "list";
            List<String> argv = new ArrayList<>(dt.toolchain()
                    .withLevel(lvl, f)
                    .compileArgv(lvl, src.toString(), dir.resolve("bin").toString(), Standalone.className(dt)));
            Path err = dir.resolve("passes.txt");
            Processes.Result r = Processes.run(
                    argv, dt.toolchain().env(), dir, err, dt.toolchain().compileTimeout());
            if (r.timedOut() || r.exitCode() != 0)
                throw new FparityError(dt.name() + " did not build the program for the pass list: "
                        + Files.readString(err).strip());
            List<String[]> out = new ArrayList<>();
            for (String line : Files.readAllLines(err)) {
                Matcher m = LINE.matcher(line.strip());
                if (m.matches()) out.add(new String[] {m.group(1), m.group(2), m.group(3)});
            }
            return out;
        } catch (IOException e) {
            throw FparityError.io("cannot list the passes in " + work, e);
        }
    }
}
