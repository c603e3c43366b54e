package org.fparity.exec;

import com.fasterxml.jackson.databind.MappingIterator;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.fparity.FparityError;
import org.fparity.ir.Program;

/**
 * What {@code fparity worker} does on the node that runs a job: reads job documents, detects each toolchain and the
 * node's facts here, and runs the jobs through the local executor (build cache, batching, bisection of compile
 * failures, timeouts, tree kills), writing one platform record per job and one line per outcome as it arrives, then an
 * end marker.
 */
public final class Worker {
    private final BinaryCache cache;
    private final int workers;
    private final BiFunction<Toolchain, Map<String, Program>, BatchEmitter> emitters;
    private final Consumer<String> log;

    /**
     * @param emitters the batch emitter of a toolchain for a batch's programs (the {@code campaign} package's, passed in
     *                 so that {@code exec} stays left of it)
     */
    public Worker(BinaryCache cache, int workers, BiFunction<Toolchain, Map<String, Program>, BatchEmitter> emitters, Consumer<String> log) {
        this.cache = cache;
        this.workers = workers;
        this.emitters = emitters;
        this.log = log;
    }

    /** Reads every job document (one JSON value after another, e.g. one per line) from {@code in}. */
    public static List<JobSpec> read(Reader in, String what) {
        List<JobSpec> specs = new ArrayList<>();
        try (MappingIterator<JobSpec> it = WorkerLine.COMPACT.readerFor(JobSpec.class).readValues(in)) {
            while (it.hasNextValue()) {
                JobSpec s = it.nextValue();
                check(s, what + " job " + (specs.size() + 1));
                specs.add(s);
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new FparityError(what + ": malformed job: " + org.fparity.ir.ProgramJson.oneLine(e));
        } catch (IOException e) {
            throw new FparityError(what + ": cannot read (" + org.fparity.FparityError.reason(e) + ")", 4);
        } catch (RuntimeException e) {
            if (e instanceof FparityError) throw e;
            if (e.getCause() instanceof com.fasterxml.jackson.core.JsonProcessingException j) {
                throw new FparityError(what + ": malformed job: " + org.fparity.ir.ProgramJson.oneLine(j));
            }
            throw e;
        }
        return specs;
    }

    private static void check(JobSpec s, String what) {
        if (s == null) throw new FparityError(what + ": empty");
        if (s.schema() > JobSpec.SCHEMA) throw new FparityError(what + ": schema " + s.schema() + " is newer than this fparity understands (" + JobSpec.SCHEMA + ")");
        if (s.name() == null || !s.name().matches("[A-Za-z_][A-Za-z0-9_]*")) throw new FparityError(what + ": \"name\" must be a class name, got " + s.name());
        if (s.toolchain() == null || s.opt() == null) throw new FparityError(what + ": needs \"toolchain\" and \"opt\"");
        try {
            s.toolchain().validate(null);
        } catch (IllegalArgumentException e) {
            throw new FparityError(what + ": toolchain " + s.toolchain().name() + ": " + e.getMessage());
        }
        if (!s.toolchain().opt().containsKey(s.opt())) throw new FparityError(what + ": toolchain " + s.toolchain().name() + " has no opt level " + s.opt());
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (JobSpec.ProgramText p : s.programs()) {
            if (p.id() == null || p.source() == null) throw new FparityError(what + ": a program needs \"id\" and \"source\"");
            ids.add(p.id());
        }
        for (Job.Line l : s.lines()) {
            if (!ids.contains(l.program())) throw new FparityError(what + ": line for program " + l.program() + " that the job does not carry");
        }
    }

    /**
     * Runs the jobs; every line of every job ends as exactly one outcome line. {@code out} receives whole lines and
     * must be thread-safe.
     */
    public void run(List<JobSpec> specs, Consumer<WorkerLine> out) throws InterruptedException {
        Map<String, String> facts = NodeFacts.collect();
        String node = PlatformKey.nodeLabel(facts);
        Map<String, DetectedToolchain> detected = new HashMap<>();
        List<Job> jobs = new ArrayList<>();
        java.util.Set<String> recorded = new java.util.HashSet<>();
        for (JobSpec s : specs) {
            // Keyed by the whole descriptor: two jobs naming gcc with different flags are two toolchains.
            DetectedToolchain dt = detected.computeIfAbsent(s.toolchain().name() + "\0" + s.toolchain(), k -> DetectedToolchain.detect(s.toolchain()));
            var record = PlatformRecords.of(dt, s.opt(), s.site(), facts);
            String platform = record.get("id").asText();
            if (recorded.add(platform)) out.accept(new WorkerLine.PlatformRecord(record));
            Map<String, Program> programs = new LinkedHashMap<>();
            for (JobSpec.ProgramText p : s.programs()) programs.put(p.id(), parse(p, s));
            BatchEmitter emitter = emitters.apply(s.toolchain(), programs);
            jobs.add(new Job(s.name(), List.copyOf(programs.keySet()), emitter, dt, s.opt(), platform, s.lines(), s.site(), node));
        }
        int[] runs = {0};
        new LocalExecutor(cache, workers, log).execute(jobs, o -> {
            synchronized (runs) {
                runs[0]++;
            }
            out.accept(new WorkerLine.Result(o));
        });
        out.accept(new WorkerLine.End(jobs.size(), runs[0]));
    }

    private static Program parse(JobSpec.ProgramText p, JobSpec s) {
        Program prog;
        try {
            prog = Program.parse(p.source());
        } catch (RuntimeException e) {
            throw new FparityError("job " + s.name() + ": program " + p.id() + " does not parse: " + e.getMessage());
        }
        // Fixture programs may use readable ids; a generated program's id is the hash of its text and must match.
        if (p.id().matches("[0-9a-f]{16}") && !prog.id().equals(p.id())) {
            throw new FparityError("job " + s.name() + ": program " + p.id() + " has text whose id is " + prog.id() + " (damaged in transit?)");
        }
        return prog;
    }
}
