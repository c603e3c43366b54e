package org.fparity.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.fparity.campaign.CampaignMeta;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.exec.BatchEmitter;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;
import org.fparity.run.CampaignRunner;
import org.fparity.run.Emitters;
import org.fparity.run.LocalSite;
import org.fparity.run.Progress;
import org.fparity.util.CpuTime;

/**
 * Where the CPU of a campaign goes: the steps of {@code fparity run} done one after another in this JVM, each measured
 * as CPU time of the JVM and the processes it reaped in that window (compilers with cc1/as/ld, batch binaries). In the
 * real command they overlap; their CPU is the same. The JVM's own start is measured apart, as a whole process.
 */
public final class PhaseProfile {
    private PhaseProfile() {}

    /** One step: its name, wall and CPU milliseconds. */
    public record Phase(String name, long millis, long cpuMillis) {}

    /** What to profile: the campaign {@code fparity run} would do with these settings. */
    public record Spec(
            long seed,
            int programs,
            int inputs,
            List<DetectedToolchain> toolchains,
            List<String> opts,
            int batch,
            int workers) {}

    public static List<Phase> measure(Path dir, Spec s) throws Exception {
        List<Phase> out = new ArrayList<>();
        Grammar g = Grammar.defaults();

        Mark m = new Mark();
        List<CampaignMeta.ProgramEntry> entries = new ArrayList<>();
        Map<String, Program> byId = new LinkedHashMap<>();
        InputGenerator ig = new InputGenerator(g, s.seed());
        for (Program p : new Generator(g, s.seed()).generate(Precision.FP64, s.programs())) {
            List<Input> ins = ig.inputs(p, s.inputs());
            entries.add(new CampaignMeta.ProgramEntry(p.id(), null, Precision.FP64, p.canonical(), ins));
            byId.put(p.id(), p);
        }
        out.add(m.phase("generate"));

        // Emission once per (toolchain, batch), as the campaign does; the sources are kept so that the compile and
        // run steps below find them instead of emitting again.
        Map<String, String> sources = new ConcurrentHashMap<>();
        record Unit(DetectedToolchain dt, String cls, List<String> ids) {}
        List<Unit> units = new ArrayList<>();
        for (DetectedToolchain dt : s.toolchains()) {
            BatchEmitter e = Emitters.forToolchain(dt.toolchain(), byId);
            for (int b = 0; b * s.batch() < entries.size(); b++) {
                List<String> ids =
                        entries.subList(b * s.batch(), Math.min(entries.size(), (b + 1) * s.batch())).stream()
                                .map(CampaignMeta.ProgramEntry::id)
                                .toList();
                String cls = e.className(String.format("Batch64_%04d", b));
                sources.put(key(dt.name(), cls, ids), e.emit(cls, ids));
                units.add(new Unit(dt, cls, ids));
            }
        }
        out.add(m.phase("emit"));

        BinaryCache cache = new BinaryCache(dir.resolve("build"));
        ExecutorService pool = Executors.newFixedThreadPool(s.workers());
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (Unit u : units) {
                for (String opt : s.opts()) {
                    if (!u.dt().toolchain().opt().containsKey(opt)) continue;
                    fs.add(pool.submit(() ->
                            cache.build(u.dt(), opt, u.cls(), sources.get(key(u.dt().name(), u.cls(), u.ids())))));
                }
            }
            for (Future<?> f : fs) f.get();
        } finally {
            pool.shutdownNow();
        }
        out.add(m.phase("compile"));

        CampaignRunner.Spec cs = new CampaignRunner.Spec(
                "profile", s.seed(), null, Map.of("bench", "profile"), entries, s.toolchains(), s.opts(), s.batch());
        // the run phase runs what the phases above emitted and built, not a second emission of the same programs
        LocalSite here =
                new LocalSite(org.fparity.exec.Platform.LOCAL, cache, s.workers(), x -> {}, job -> new BatchEmitter() {
                    @Override
                    public String emit(String className, List<String> ids) {
                        return sources.get(key(job.toolchain().name(), className, ids));
                    }

                    @Override
                    public String className(String batchName) {
                        return Emitters.forToolchain(job.toolchain(), byId).className(batchName);
                    }
                });
        Path campaign = dir.resolve("campaign");
        CampaignRunner.run(
                campaign,
                cs,
                here,
                n -> new Progress(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), false, n),
                x -> {});
        out.add(m.phase("run"));

        CampaignView view = CampaignFiles.load(campaign);
        Report rep = Report.of(view, null);
        out.add(m.phase("compare"));
        ReportWriter.write(rep, dir.resolve("report"));
        out.add(m.phase("report"));
        return out;
    }

    private static String key(String toolchain, String cls, List<String> ids) {
        return toolchain + "\0" + cls + "\0" + String.join(",", ids);
    }

    /** Wall and CPU (this JVM plus reaped children) since the previous phase. */
    private static final class Mark {
        long t = System.nanoTime();
        long c = CpuTime.cpuMillis();

        Phase phase(String name) {
            long t1 = System.nanoTime();
            long c1 = CpuTime.cpuMillis();
            Phase p = new Phase(name, (t1 - t) / 1_000_000, c1 - c);
            t = t1;
            c = c1;
            return p;
        }
    }
}
