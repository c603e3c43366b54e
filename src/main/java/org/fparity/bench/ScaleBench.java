package org.fparity.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.ProgramStore;

/**
 * {@code fparity bench scale}: for each size, a synthetic two-site campaign ({@link ScaleCampaign}), then {@code merge}
 * of the two sites, and {@code compare}, {@code report}, {@code export} and {@code import} of the merged campaign, each
 * as a whole fparity process ({@link MeasuredRun}): wall, CPU, peak RSS, runs per CPU-second; and the bytes on disk.
 *
 * @param javaOpts what the measured processes get as {@code FPARITY_JAVA_OPTS} (e.g. {@code -Xmx512m}), or null
 */
public record ScaleBench(Path work, int inputs, long seed, String javaOpts, long timeoutSeconds, PrintWriter out) {
    /** The commands measured at each size, in this order (each but merge reads the merged campaign). */
    public static final List<String> COMMANDS = List.of("merge", "compare", "report", "export", "import");

    /** One measured command at one size. */
    public record Row(long runs, String command, MeasuredRun.Usage usage) {
        /** Runs (first attempts) per CPU-second. */
        public double runsPerCpuSecond() {
            return usage.cpuSeconds() <= 0 ? 0 : runs / usage.cpuSeconds();
        }
    }

    /** Bytes on disk of the merged campaign at one size. */
    public record Sizes(
            long runs, long outcomeBytes, long outcomeLines, long programBytes, long exportBytes, long reportBytes) {
        public double outcomeBytesPerRun() {
            return (double) outcomeBytes / runs;
        }
    }

    /** Measures every size in turn; the rows and sizes, as printed. */
    public List<Row> run(List<Long> sizes, List<String> commands, List<Sizes> bytes)
            throws IOException, InterruptedException {
        List<Row> rows = new ArrayList<>();
        Map<String, String> env = javaOpts == null ? Map.of() : Map.of("FPARITY_JAVA_OPTS", javaOpts);
        // the first start may build the launcher's caches: not part of any figure
        MeasuredRun.run(List.of("--version"), env, work.resolve("warmup.log"), timeoutSeconds);
        out.printf(
                "| runs | command | exit | wall s | CPU s | peak RSS MB | runs/CPU-s |%n|---|---|---|---|---|---|---|%n");
        out.flush();
        for (long size : sizes) {
            Path dir = work.resolve("runs-" + size);
            int programs = ScaleCampaign.programsFor(size, inputs);
            long t0 = System.nanoTime();
            ScaleCampaign.Written w = ScaleCampaign.write(dir, programs, inputs, seed);
            double genSeconds = (System.nanoTime() - t0) / 1e9;
            long runs = w.runs();
            Path merged = dir.resolve("merged");
            Path export = dir.resolve("merged.fparity.json.gz");
            List<String> todo = new ArrayList<>(commands);
            // the others read the merged campaign: merged first, measured only when asked for
            if (!todo.contains("merge")) todo.addFirst("merge");
            else if (!todo.getFirst().equals("merge")) todo.add(0, todo.remove(todo.indexOf("merge")));
            for (String c : todo) {
                List<String> args = switch (c) {
                    case "merge" ->
                        List.of(
                                "merge",
                                w.sites().get(0).toString(),
                                w.sites().get(1).toString(),
                                "--out",
                                merged.toString());
                    case "compare" -> List.of("compare", merged.toString());
                    case "report" ->
                        List.of(
                                "report",
                                merged.toString(),
                                "--out",
                                dir.resolve("report").toString());
                    case "export" -> List.of("export", merged.toString(), "--out", export.toString());
                    case "import" ->
                        List.of(
                                "import",
                                export.toString(),
                                "--out",
                                dir.resolve("imported").toString());
                    default -> throw new IllegalArgumentException("unknown command " + c);
                };
                MeasuredRun.Usage u = MeasuredRun.run(args, env, dir.resolve(c + ".log"), timeoutSeconds);
                if (!commands.contains(c)) {
                    if (!u.ok())
                        throw new org.fparity.FparityError("merging the two sites failed (exit " + u.exitCode()
                                + "): see " + dir.resolve(c + ".log"));
                    continue;
                }
                Row row = new Row(runs, c, u);
                rows.add(row);
                out.printf(
                        "| %,d | %s | %d | %.1f | %.1f | %s | %,.0f |%n",
                        runs,
                        c,
                        u.exitCode(),
                        u.wallSeconds(),
                        u.cpuSeconds(),
                        u.peakKb() < 0 ? "?" : String.format("%,d", u.peakKb() / 1024),
                        row.runsPerCpuSecond());
                out.flush();
            }
            Sizes s = new Sizes(
                    runs,
                    outcomeBytes(merged),
                    w.runs() + w.reruns(),
                    size(merged.resolve(ProgramStore.FILE)),
                    size(export),
                    treeSize(dir.resolve("report")));
            bytes.add(s);
            out.printf(
                    "  (%,d runs: %,d programs x %d inputs x 10 platforms on 2 sites, %,d rerun outcomes, generated in %.1f s; merged outcomes %,d bytes = %.1f per run,"
                            + " programs.jsonl %,d bytes, export %,d bytes, report folder %,d bytes)%n",
                    runs,
                    w.programs(),
                    inputs,
                    w.reruns(),
                    genSeconds,
                    s.outcomeBytes(),
                    s.outcomeBytesPerRun(),
                    s.programBytes(),
                    s.exportBytes(),
                    s.reportBytes());
            out.flush();
        }
        return rows;
    }

    /** Bytes of a campaign's outcomes at rest: the outcome log and the rerun attempts. */
    static long outcomeBytes(Path campaign) throws IOException {
        long n = size(campaign.resolve(Campaign.OUTCOMES));
        for (int k = 1; Files.exists(campaign.resolve(Campaign.rerunFile(k))); k++)
            n += size(campaign.resolve(Campaign.rerunFile(k)));
        return n;
    }

    private static long size(Path f) throws IOException {
        return Files.isRegularFile(f) ? Files.size(f) : 0;
    }

    private static long treeSize(Path d) throws IOException {
        if (!Files.isDirectory(d)) return 0;
        try (Stream<Path> s = Files.walk(d)) {
            long n = 0;
            for (Path p : (Iterable<Path>) s::iterator) n += size(p);
            return n;
        }
    }
}
