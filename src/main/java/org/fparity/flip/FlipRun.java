package org.fparity.flip;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.fparity.ir.Program;

/**
 * A whole flip search for one branch. Candidates are verified in rounds while the search goes on (one background
 * thread: the solver and the platforms overlap, and the first verified flip does not wait for the budget to end);
 * the probe builds are compiled at the start, on an input from the middle of the domain, for the same reason. A
 * candidate counts as a flip only when two real platforms took different branches on its input. The search never
 * depends on verification, so the same seed and budget give the same candidates.
 */
public final class FlipRun {
    private FlipRun() {}

    /** One candidate and what the platforms did with it. */
    public record Checked(
            Candidate candidate,
            Verifier.Result result,
            boolean verified,
            List<List<String>> disagreeing,
            long atMillis) {}

    /** Everything a run found, with its timings. */
    public record Result(
            FlipSearch.Outcome search,
            List<Checked> checked,
            List<String> platforms,
            List<String> skipped,
            long verifyMillis,
            long millis,
            long firstVerifiedMillis) {
        public int verified() {
            return (int) checked.stream().filter(Checked::verified).count();
        }

        /**
         * The verified flip to show a person first: the one the most pairs of platforms disagree on, the earliest found
         * among those; null when none was verified.
         */
        public Checked best() {
            Checked best = null;
            for (Checked c : checked) {
                if (!c.verified()) continue;
                if (best == null
                        || c.disagreeing().size() > best.disagreeing().size()
                        || c.disagreeing().size() == best.disagreeing().size()
                                && c.candidate().id() < best.candidate().id()) best = c;
            }
            return best;
        }

        /** How many verified flips each pair of real platforms disagrees on. */
        public Map<String, Integer> pairs() {
            Map<String, Integer> m = new TreeMap<>();
            for (Checked c : checked)
                for (List<String> p : c.disagreeing()) m.merge(p.get(0) + " vs " + p.get(1), 1, Integer::sum);
            return m;
        }
    }

    /** Progress for people: called after each verification round and after each cell the search went through. */
    public interface Progress {
        /** After a verification round: candidates run on the platforms so far, verified flips among them. */
        void round(int candidates, int verified, long millis);

        /** After a cell: cells searched so far, candidates found so far. */
        default void cells(int cells, int candidates, long millis) {}
    }

    /** The first round is small so that the first flip is known early; later rounds amortise process starts. */
    static final int FIRST_ROUND = 8;

    public static Result run(
            Program program,
            FlipSearch.Settings settings,
            Z3Session z3,
            Verifier verifier,
            int round,
            List<String> skipped,
            Progress progress)
            throws InterruptedException {
        long t0 = System.nanoTime();
        List<Checked> checked = new ArrayList<>();
        long[] first = {-1};
        boolean verifying = verifier != null && !verifier.platforms().isEmpty();
        ExecutorService bg = verifying
                ? Executors.newSingleThreadExecutor(
                        Thread.ofPlatform().daemon().name("fparity-flip-verify").factory())
                : null;
        List<Future<?>> rounds = new ArrayList<>();
        try {
            if (verifying)
                rounds.add(bg.submit(() -> {
                    verifier.verify(List.of(warmUp(program, settings)));
                    return null;
                }));
            List<Candidate> pending = new ArrayList<>();
            Consumer<Candidate> sink = c -> {
                pending.add(c);
                int size = checked.isEmpty() && rounds.size() <= 1 ? Math.min(round, FIRST_ROUND) : round;
                if (pending.size() >= size) {
                    submit(bg, verifier, List.copyOf(pending), checked, t0, first, rounds, progress);
                    pending.clear();
                }
            };
            FlipSearch.Outcome out = new FlipSearch(program, settings, z3, sink, (cells, found) -> {
                        if (progress != null) progress.cells(cells, found, ms(t0));
                    })
                    .run();
            if (!pending.isEmpty()) submit(bg, verifier, List.copyOf(pending), checked, t0, first, rounds, progress);
            for (Future<?> f : rounds) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException re) throw re;
                    if (e.getCause() instanceof InterruptedException ie) throw ie;
                    throw new IllegalStateException(e.getCause());
                }
            }
            List<String> ids = verifier == null
                    ? List.of()
                    : verifier.platforms().stream().map(Verifier.Target::id).toList();
            List<Checked> sorted;
            synchronized (checked) {
                sorted = new ArrayList<>(checked);
            }
            return new Result(out, sorted, ids, skipped, verifier == null ? 0 : verifier.millis(), ms(t0), first[0]);
        } finally {
            if (bg != null) bg.shutdownNow();
        }
    }

    /** An input from the middle of the domain: its only job is to get every probe build compiled. */
    private static Candidate warmUp(Program p, FlipSearch.Settings s) {
        List<String> toks = s.domain().tokens(p, v -> {
            double[] r = s.domain().ranges().get(v);
            return (r[0] + r[1]) / 2;
        });
        return new Candidate(-1, toks, Map.of(), 0, Interval.ALL, Interval.ALL, Map.of(), List.of(), 0, "warm-up", "");
    }

    private static long ms(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static void submit(
            ExecutorService bg,
            Verifier verifier,
            List<Candidate> batch,
            List<Checked> checked,
            long t0,
            long[] first,
            List<Future<?>> rounds,
            Progress progress) {
        if (bg == null) {
            synchronized (checked) {
                for (Candidate c : batch) checked.add(new Checked(c, null, false, List.of(), ms(t0)));
            }
            return;
        }
        rounds.add(bg.submit(() -> {
            List<Verifier.Result> rs = verifier.verify(batch);
            long now = ms(t0);
            synchronized (checked) {
                for (int i = 0; i < batch.size(); i++) {
                    List<List<String>> dis = disagreeing(verifier.platforms(), rs.get(i));
                    boolean ok = !dis.isEmpty();
                    if (ok && first[0] < 0) first[0] = now;
                    checked.add(new Checked(batch.get(i), rs.get(i), ok, dis, now));
                }
                if (progress != null)
                    progress.round(
                            checked.size(),
                            (int) checked.stream().filter(Checked::verified).count(),
                            now);
            }
            return null;
        }));
    }

    /** Pairs of real platforms of which one took the branch and the other did not. */
    static List<List<String>> disagreeing(List<Verifier.Target> ps, Verifier.Result r) {
        List<List<String>> out = new ArrayList<>();
        Map<String, Probe.Branch> b = new LinkedHashMap<>(r.branches());
        for (int i = 0; i < ps.size(); i++) {
            for (int j = i + 1; j < ps.size(); j++) {
                Verifier.Target a = ps.get(i);
                Verifier.Target c = ps.get(j);
                if (!a.real() || !c.real()) continue;
                Probe.Branch x = b.get(a.id());
                Probe.Branch y = b.get(c.id());
                if (x == Probe.Branch.INSTANCES && y == Probe.Branch.INSTANCES) {
                    // a branch in a loop: some iteration went another way (or the loops ran a different number of
                    // instances)
                    if (!r.traces().get(a.id()).equals(r.traces().get(c.id()))) out.add(List.of(a.id(), c.id()));
                    continue;
                }
                boolean decided = (x == Probe.Branch.TAKEN || x == Probe.Branch.NOT_TAKEN)
                        && (y == Probe.Branch.TAKEN || y == Probe.Branch.NOT_TAKEN);
                if (decided && x != y) out.add(List.of(a.id(), c.id()));
            }
        }
        return out;
    }
}
