package org.fparity.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Export, import and merge of a synthetic 10^6-outcome campaign (2,000 programs × 10 inputs × 5 toolchains × 5 opt
 * levels × 2 sites), one shot each, in a JVM capped at 96 MiB of heap: the outcomes must stream, since only the program
 * table may live in memory. Run: {@code bin/jmh TransferBench}. Divide 10^6 by the time for outcomes per second.
 * {@code main} writes the campaigns to a folder for measuring peak RSS of the real commands ({@code /usr/bin/time -v}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx96m"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class TransferBench {
    static final int PROGRAMS = 2000;
    static final int INPUTS = 10;

    Path dir;
    Path siteA;
    Path siteB;
    Path whole;
    Path exported;
    Path exportedGz;
    int n;

    /** Writes site-a, site-b (500,000 outcomes each) and their merge, whole (10^6), under {@code root}. */
    static Path[] make(Path root) throws IOException {
        List<CampaignMeta.ProgramEntry> programs = CampaignBuilder.programs(11, PROGRAMS, INPUTS);
        Path a = root.resolve("site-a");
        Path b = root.resolve("site-b");
        // Kept from an earlier run (main DIR): writing again would append every outcome a second time.
        if (!Files.exists(a.resolve("campaign.json")))
            CampaignBuilder.write(a, 11, programs, platforms("site-a"), CampaignBuilder::standard);
        if (!Files.exists(b.resolve("campaign.json")))
            CampaignBuilder.write(b, 11, programs, platforms("site-b"), CampaignBuilder::standard);
        Path whole = root.resolve("whole");
        if (!Files.exists(whole)) CampaignMerge.merge(List.of(a, b), whole);
        return new Path[] {a, b, whole};
    }

    static List<CampaignMeta.PlatformRecord> platforms(String site) {
        List<CampaignMeta.PlatformRecord> out = new ArrayList<>();
        for (String tc : List.of("gcc", "clang-14", "clang-19", "fake-cc", "pocl")) {
            for (String o : List.of("O0", "O1", "O2", "O3", "O3_FM"))
                out.add(CampaignBuilder.platform(tc, o, site, site + "-n1"));
        }
        return out;
    }

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("fparity-transfer-bench");
        Path[] c = make(dir);
        siteA = c[0];
        siteB = c[1];
        whole = c[2];
        exported = dir.resolve("whole.fparity.json");
        exportedGz = dir.resolve("whole.fparity.json.gz");
        CampaignExport.export(whole, exported, "bench", Instant.EPOCH);
        CampaignExport.export(whole, exportedGz, "bench", Instant.EPOCH);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        CampaignImport.deleteTree(dir);
    }

    @Benchmark
    public long export1M() {
        return CampaignExport.export(whole, dir.resolve("out-" + n++ + ".json"), "bench", Instant.EPOCH)
                .outcomes();
    }

    @Benchmark
    public long export1MGzip() {
        return CampaignExport.export(whole, dir.resolve("out-" + n++ + ".json.gz"), "bench", Instant.EPOCH)
                .outcomes();
    }

    @Benchmark
    public long import1M() {
        return CampaignImport.importTo(exported, dir.resolve("imported-" + n++)).outcomes();
    }

    @Benchmark
    public long import1MGzip() {
        return CampaignImport.importTo(exportedGz, dir.resolve("imported-" + n++))
                .outcomes();
    }

    @Benchmark
    public long merge1M() {
        return CampaignMerge.merge(List.of(siteA, siteB), dir.resolve("merged-" + n++))
                .outcomes();
    }

    /**
     * {@code main DIR}: writes the benchmark's campaigns into DIR. {@code main DIR cpu [N]}: also exports, imports and
     * merges them N times (default 3) in this JVM
     * ({@code main DIR cpu N import,merge}: only those; import needs the export an earlier run left in DIR), printing wall time and this thread's CPU time for each: on a shared
     * machine the CPU time says what the code costs when the wall time mostly says how busy the machine is.
     */
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]);
        Path[] c = make(root);
        System.out.println("wrote " + c[0] + ", " + c[1] + ", " + c[2]);
        if (args.length < 2 || !args[1].equals("cpu")) return;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<String> ops = args.length > 3 ? List.of(args[3].split(",")) : List.of("export", "import", "merge");
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        Path file = root.resolve("whole.fparity.json");
        for (int i = 0; i < rounds; i++) {
            for (String op : ops) {
                Path out = root.resolve(op + "-" + i);
                long c0 = mx.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                long n = switch (op) {
                    case "export" -> {
                        Files.deleteIfExists(file);
                        yield CampaignExport.export(c[2], file, "bench", Instant.EPOCH)
                                .outcomes();
                    }
                    case "import" -> CampaignImport.importTo(file, out).outcomes();
                    default -> CampaignMerge.merge(List.of(c[0], c[1]), out).outcomes();
                };
                double cpu = (mx.getCurrentThreadCpuTime() - c0) / 1e9;
                double wall = (System.nanoTime() - t0) / 1e9;
                System.out.printf(
                        java.util.Locale.ROOT,
                        "%s %d outcomes: wall %.2f s, thread CPU %.2f s (%.2f x 10^6 outcomes per CPU second)%n",
                        op,
                        n,
                        wall,
                        cpu,
                        n / cpu / 1e6);
                CampaignImport.deleteTree(out);
            }
        }
    }
}
