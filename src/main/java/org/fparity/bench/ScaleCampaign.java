package org.fparity.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;
import org.fparity.run.CampaignPlan;

/**
 * A synthetic campaign of a chosen size for {@code fparity bench scale}: two sites as two campaign folders that
 * {@code fparity merge} makes one, the shape of the default campaign split over two clusters (site {@code alpha} ran
 * gcc, site {@code beta} clang-19, each at O0 O1 O2 O3 O3_FM). The programs and their inputs are real (the generator's,
 * in a real program store); the outcomes are written straight as lines, not run, with the discrepancy rates of the
 * default campaign (about a quarter of the cases disagree: mostly a few ULPs at O3_FM, some clang differences at O1–O3,
 * a few NaN, infinities and zeros; a run in a thousand crashes), and two rerun attempts of the cases a site saw
 * disagree, a few of them unstable. Each outcome is a function of (program, input, platform) and the seed, so the
 * two sites agree with each other exactly where the model says so.
 */
public final class ScaleCampaign {
    private ScaleCampaign() {}

    /** The opt levels each site runs. */
    static final List<String> OPTS = List.of("O0", "O1", "O2", "O3", "O3_FM");
    /** Programs per batch: outcomes are written per (batch, platform), as a runner's jobs write them. */
    static final int BATCH = 200;

    /** One site of the synthetic campaign. */
    record Site(String name, String toolchain, String hash) {
        /** The platform id a campaign records ({@code PlatformRecords}: the label, then the descriptor's hash). */
        String platformId(String opt) {
            return Platform.local(toolchain, opt).label() + "-" + hash;
        }
    }

    static final List<Site> SITES =
            List.of(new Site("alpha", "gcc", "a1f00d01"), new Site("beta", "clang-19", "b2f00d02"));

    /**
     * What was written: the two site folders, programs, inputs per program, runs (first attempts, both sites) and rerun
     * outcomes.
     */
    public record Written(List<Path> sites, int programs, int inputs, long runs, long reruns) {}

    /** How many programs make {@code runs} runs at {@code inputs} inputs on the two sites' ten platforms (at least one). */
    public static int programsFor(long runs, int inputs) {
        long perProgram = (long) inputs * SITES.size() * OPTS.size();
        return (int) Math.max(1, Math.ceilDiv(runs, perProgram));
    }

    /** Writes the two site campaigns {@code dir/alpha} and {@code dir/beta} ({@code dir} must not hold them yet). */
    public static Written write(Path dir, int programs, int inputs, long seed) throws IOException {
        if (programs < 1 || inputs < 1)
            throw new FparityError("a scale campaign needs at least one program and one input");
        CampaignPlan plan = CampaignPlan.generate(
                new CampaignPlan.Request(seed, List.of(Precision.FP64), "fp64", programs, inputs, BATCH, null));
        List<Path> dirs = new ArrayList<>();
        long runs = 0;
        long reruns = 0;
        ProgramStore.Entries store = null;
        List<String> ids = null;
        List<int[]> cases = null;
        for (Site s : SITES) {
            Path d = dir.resolve(s.name());
            if (Files.exists(d)) throw new FparityError(d + " already exists");
            Files.createDirectories(d);
            List<CampaignMeta.PlatformRecord> platforms = new ArrayList<>();
            for (String opt : OPTS) {
                platforms.add(new CampaignMeta.PlatformRecord(
                        s.platformId(opt),
                        s.toolchain(),
                        opt,
                        s.name(),
                        null,
                        "c",
                        s.toolchain() + " (synthetic)",
                        List.of(s.toolchain(), "-" + opt),
                        List.of("./run"),
                        null,
                        s.name() + "-login",
                        null));
            }
            CampaignMeta meta = new CampaignMeta(
                    Campaign.SCHEMA,
                    "bench",
                    "2026-01-01T00:00:00Z",
                    seed,
                    plan.grammar(),
                    plan.settings(),
                    Map.of("hostname", s.name() + "-login"),
                    platforms,
                    store == null ? plan.entries() : List.of());
            if (store != null) {
                // the same programs: the first site's store, copied, not generated again
                Files.copy(store.file(), d.resolve(ProgramStore.FILE));
                meta = meta.withPrograms(
                        ProgramStore.open(d, new ProgramStore.Info(ProgramStore.FILE, store.size())), null);
            }
            CampaignMeta written = Campaign.writeMeta(d, meta);
            if (store == null) {
                store = (ProgramStore.Entries) written.programs();
                ids = new ArrayList<>(store.size());
                cases = new ArrayList<>(store.size());
                for (CampaignMeta.ProgramEntry p : store) {
                    if (p.inputs().size() != inputs)
                        throw new IllegalStateException(
                                "program " + p.id() + " has " + p.inputs().size() + " inputs");
                    ids.add(p.id());
                    // a case's results follow from its input's tokens: two equal inputs of a program (merge makes them
                    // one) agree
                    int[] keys = new int[inputs];
                    for (int i = 0; i < inputs; i++)
                        keys[i] = p.inputs().get(i).args().hashCode();
                    cases.add(keys);
                }
            }
            runs += writeOutcomes(d, s, ids, cases, seed);
            reruns += writeReruns(d, s, ids, cases, seed);
            dirs.add(d);
        }
        return new Written(dirs, ids.size(), inputs, runs, reruns);
    }

    private static long writeOutcomes(Path d, Site s, List<String> ids, List<int[]> cases, long seed)
            throws IOException {
        long n = 0;
        try (Lines out = new Lines(d.resolve(Campaign.OUTCOMES))) {
            for (int from = 0; from < ids.size(); from += BATCH) {
                int to = Math.min(ids.size(), from + BATCH);
                for (String opt : OPTS) {
                    for (int p = from; p < to; p++) {
                        for (int i = 0; i < cases.get(p).length; i++) {
                            out.outcome(ids.get(p), i, s, opt, result(seed, p, cases.get(p)[i], s.toolchain(), opt, 0));
                            n++;
                        }
                    }
                }
            }
        }
        return n;
    }

    /** Two rerun attempts of every case whose results disagree among the site's own platforms, all its platforms. */
    private static long writeReruns(Path d, Site s, List<String> ids, List<int[]> cases, long seed) throws IOException {
        long n = 0;
        for (int attempt = 1; attempt <= 2; attempt++) {
            try (Lines out = new Lines(d.resolve(Campaign.rerunFile(attempt)))) {
                for (int p = 0; p < ids.size(); p++) {
                    for (int i = 0; i < cases.get(p).length; i++) {
                        if (!disagreesWithin(seed, p, cases.get(p)[i], s)) continue;
                        for (String opt : OPTS) {
                            out.outcome(
                                    ids.get(p),
                                    i,
                                    s,
                                    opt,
                                    result(seed, p, cases.get(p)[i], s.toolchain(), opt, attempt));
                            n++;
                        }
                    }
                }
            }
        }
        return n;
    }

    private static boolean disagreesWithin(long seed, int p, int input, Site s) {
        Result first = null;
        for (String opt : OPTS) {
            Result r = result(seed, p, input, s.toolchain(), opt, 0);
            if (r.status != null) continue;
            if (first == null) first = r;
            else if (Double.doubleToLongBits(first.value) != Double.doubleToLongBits(r.value)) return true;
        }
        return false;
    }

    /** A run's result: a value, or a status other than OK (with its detail). */
    record Result(double value, String status, String detail, long micros) {}

    /**
     * The model ({@code input}: the hash of the input's tokens). Per case (program, input): a base value; O0 and (for gcc) O1–O3 print it; clang-19 at O1–O3 is 1 ULP off
     * in 3 % of the cases; O3_FM is 1–8 ULPs off in 12 % of the cases per toolchain, NaN in 0.3 %, an infinity in 0.2 %,
     * zero in 0.2 %. One run in a thousand crashes, one in 5,000 times out. A rerun ({@code attempt} > 0) prints the same
     * result, except in one of 500 reruns (a platform unstable on that case).
     */
    static Result result(long seed, int program, int input, String toolchain, String opt, int attempt) {
        SplittableRandom c = new SplittableRandom(mix(seed, program, input));
        double base = (c.nextBoolean() ? -1 : 1) * (1 + c.nextDouble()) * Math.scalb(1.0, c.nextInt(-20, 21));
        boolean clangOff = c.nextInt(100) < 3;
        int gccFm = c.nextInt(1000);
        int clangFm = c.nextInt(1000);
        SplittableRandom r = new SplittableRandom(mix(mix(seed, program, input), toolchain.hashCode(), opt.hashCode()));
        long micros = 50 + r.nextInt(5000);
        int fate = r.nextInt(5000);
        if (fate < 5) return new Result(0, "CRASH", "signal 8 (SIGFPE)", micros);
        if (fate == 5) return new Result(0, "TIMEOUT", "ran past 10 s", 10_000_000);
        double v = base;
        boolean clang = toolchain.startsWith("clang");
        if (opt.equals("O3_FM")) {
            int f = clang ? clangFm : gccFm;
            if (f < 120) v = Math.nextUp(base) + (f % 8) * Math.ulp(base);
            else if (f < 123) v = Double.NaN;
            else if (f < 125) v = Math.copySign(Double.POSITIVE_INFINITY, base);
            else if (f < 127) v = 0.0;
        } else if (clang && !opt.equals("O0") && clangOff) {
            v = Math.nextDown(base);
        }
        if (attempt > 0 && new SplittableRandom(mix(r.nextLong(), attempt, 0)).nextInt(500) == 0 && !Double.isNaN(v))
            v = Math.nextUp(v);
        return new Result(v, null, null, micros);
    }

    private static long mix(long seed, long a, long b) {
        long h = seed * 0x9E3779B97F4A7C15L + a;
        h = (h ^ (h >>> 31)) * 0xBF58476D1CE4E5B9L + b;
        return h ^ (h >>> 29);
    }

    /** Outcome lines in fparity's own spelling, written through one buffer. */
    private static final class Lines implements AutoCloseable {
        private final OutputStream out;
        private final StringBuilder b = new StringBuilder(256);

        Lines(Path file) throws IOException {
            // in the campaign's layout (Campaign.SCHEMA): compact, as fparity run writes a new campaign
            out = new org.fparity.campaign.CompactingOutput(
                    new BufferedOutputStream(Files.newOutputStream(file), 1 << 20));
        }

        void outcome(String program, int input, Site s, String opt, Result r) throws IOException {
            b.setLength(0);
            b.append("{\"program\":\"")
                    .append(program)
                    .append("\",\"input\":")
                    .append(input)
                    .append(",\"toolchain\":\"")
                    .append(s.toolchain())
                    .append("\",\"opt\":\"")
                    .append(opt)
                    .append("\",\"site\":\"")
                    .append(s.name())
                    .append("\",\"status\":\"")
                    .append(r.status() == null ? "OK" : r.status())
                    .append('"');
            if (r.status() == null)
                HexFloat.append(b.append(",\"hex\":\""), r.value()).append('"');
            else b.append(",\"detail\":\"").append(r.detail()).append('"');
            b.append(",\"platform\":\"")
                    .append(s.platformId(opt))
                    .append("\",\"micros\":")
                    .append(r.micros())
                    .append("}\n");
            for (int k = 0; k < b.length(); k++) out.write(b.charAt(k));
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
