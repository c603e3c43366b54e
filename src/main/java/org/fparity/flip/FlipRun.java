package org.fparity.flip;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.fparity.ir.Program;

/**
 * A whole flip search for one branch: the search's candidates are verified in rounds of {@code round} as they come
 * (so the first verified flip does not wait for the budget to end), and a candidate counts as a flip only when two
 * real platforms took different branches on its input.
 */
public final class FlipRun {
    private FlipRun() {}

    /** One candidate and what the platforms did with it. */
    public record Checked(Candidate candidate, Verifier.Result result, boolean verified, List<List<String>> disagreeing, long atMillis) {}

    /** Everything a run found, with its timings. */
    public record Result(FlipSearch.Outcome search, List<Checked> checked, List<String> platforms, List<String> skipped, long verifyMillis,
            long millis, long firstVerifiedMillis) {
        public int verified() {
            return (int) checked.stream().filter(Checked::verified).count();
        }

        /** How many verified flips each pair of real platforms disagrees on. */
        public Map<String, Integer> pairs() {
            Map<String, Integer> m = new TreeMap<>();
            for (Checked c : checked) for (List<String> p : c.disagreeing()) m.merge(p.get(0) + " vs " + p.get(1), 1, Integer::sum);
            return m;
        }
    }

    /** Progress for people: called after each verification round. */
    public interface Progress {
        void round(int candidates, int verified, long millis);
    }

    public static Result run(Program program, FlipSearch.Settings settings, Z3Session z3, Verifier verifier, int round, List<String> skipped,
            Progress progress) throws InterruptedException {
        long t0 = System.nanoTime();
        List<Checked> checked = new ArrayList<>();
        List<Candidate> pending = new ArrayList<>();
        long[] first = {-1};
        InterruptedException[] interrupted = {null};
        Consumer<Candidate> sink = c -> {
            pending.add(c);
            if (pending.size() >= round && interrupted[0] == null) {
                try {
                    flush(verifier, pending, checked, t0, first);
                } catch (InterruptedException e) {
                    interrupted[0] = e;
                }
                if (progress != null) progress.round(checked.size(), (int) checked.stream().filter(Checked::verified).count(), ms(t0));
            }
        };
        FlipSearch.Outcome out = new FlipSearch(program, settings, z3, sink).run();
        if (interrupted[0] != null) throw interrupted[0];
        flush(verifier, pending, checked, t0, first);
        if (progress != null) progress.round(checked.size(), (int) checked.stream().filter(Checked::verified).count(), ms(t0));
        List<String> ids = verifier == null ? List.of() : verifier.platforms().stream().map(Verifier.Platform::id).toList();
        return new Result(out, checked, ids, skipped, verifier == null ? 0 : verifier.millis(), ms(t0), first[0]);
    }

    private static long ms(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static void flush(Verifier verifier, List<Candidate> pending, List<Checked> checked, long t0, long[] first) throws InterruptedException {
        if (pending.isEmpty()) return;
        if (verifier == null || verifier.platforms().isEmpty()) {
            for (Candidate c : pending) checked.add(new Checked(c, null, false, List.of(), ms(t0)));
            pending.clear();
            return;
        }
        List<Verifier.Result> rs = verifier.verify(List.copyOf(pending));
        long now = ms(t0);
        for (int i = 0; i < pending.size(); i++) {
            Verifier.Result r = rs.get(i);
            List<List<String>> dis = disagreeing(verifier.platforms(), r);
            boolean ok = !dis.isEmpty();
            if (ok && first[0] < 0) first[0] = now;
            checked.add(new Checked(pending.get(i), r, ok, dis, now));
        }
        pending.clear();
    }

    /** Pairs of real platforms of which one took the branch and the other did not. */
    static List<List<String>> disagreeing(List<Verifier.Platform> ps, Verifier.Result r) {
        List<List<String>> out = new ArrayList<>();
        Map<String, Probe.Branch> b = new LinkedHashMap<>(r.branches());
        for (int i = 0; i < ps.size(); i++) {
            for (int j = i + 1; j < ps.size(); j++) {
                Verifier.Platform a = ps.get(i);
                Verifier.Platform c = ps.get(j);
                if (!a.real() || !c.real()) continue;
                Probe.Branch x = b.get(a.id());
                Probe.Branch y = b.get(c.id());
                boolean decided = (x == Probe.Branch.TAKEN || x == Probe.Branch.NOT_TAKEN) && (y == Probe.Branch.TAKEN || y == Probe.Branch.NOT_TAKEN);
                if (decided && x != y) out.add(List.of(a.id(), c.id()));
            }
        }
        return out;
    }
}
