package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.exec.Job;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.exec.WorkerLine;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fparity worker: a job document in, a platform record, one outcome per line and an end marker out. */
class WorkerCommandTest {
    @TempDir
    Path tmp;

    private JobSpec job(String site) {
        Grammar g = Grammar.defaults();
        List<Program> ps = new Generator(g, 5).generate(Precision.FP64, 2);
        InputGenerator ig = new InputGenerator(g, 5);
        List<JobSpec.ProgramText> texts = new ArrayList<>();
        List<Job.Line> lines = new ArrayList<>();
        for (Program p : ps) {
            texts.add(new JobSpec.ProgramText(p.id(), p.canonical()));
            List<Input> ins = ig.inputs(p, 2);
            for (int i = 0; i < ins.size(); i++)
                lines.add(new Job.Line(p.id(), i, ins.get(i).args()));
        }
        return new JobSpec(
                JobSpec.SCHEMA,
                "Batch64_0000",
                site,
                Toolchains.load(Path.of("runners", "toolchains")).get("gcc"),
                "O2",
                texts,
                lines);
    }

    @Test
    @Tag("tools")
    void aJobFileBecomesAPlatformRecordOneOutcomePerLineAndAnEndMarker() throws Exception {
        Assumptions.assumeTrue(org.fparity.util.Executables.find("gcc") != null, "gcc is not installed");
        Path f = tmp.resolve("job.json");
        Files.writeString(f, WorkerLine.COMPACT.writeValueAsString(job("lumi")) + "\n");
        Cli.Run r = Cli.fparity(
                "worker", f.toString(), "--cache", tmp.resolve("cache").toString(), "--jobs", "1");
        assertEquals(0, r.exit(), r.err());
        WorkerLine.Reader reader = new WorkerLine.Reader();
        List<WorkerLine> lines = r.out()
                .lines()
                .map(reader::parse)
                .filter(java.util.Objects::nonNull)
                .toList();
        assertEquals(6, lines.size(), r.out());
        // outcomes come back in the compact spelling a campaign keeps at rest: the platform declared once, then a short
        // array per run, which the login node appends as it came
        List<String> raw = r.out().lines().toList();
        assertEquals(7, raw.size(), r.out());
        assertTrue(
                raw.get(1).startsWith("{\"p\":0,\"toolchain\":\"gcc\",\"opt\":\"O2\",\"site\":\"lumi\""), raw.get(1));
        for (String run : raw.subList(2, 6)) assertTrue(run.startsWith("[\""), run);
        WorkerLine.PlatformRecord pr = (WorkerLine.PlatformRecord) lines.getFirst();
        assertEquals("lumi", pr.platform().get("site").asText());
        assertTrue(
                pr.platform().get("id").asText().startsWith("gcc@O2@lumi-"),
                pr.platform().toString());
        assertTrue(
                pr.platform().get("version").asText().contains("gcc"),
                pr.platform().toString());
        assertTrue(pr.platform().get("facts").has("hostname"));
        for (WorkerLine l : lines.subList(1, 5)) {
            Outcome o = ((WorkerLine.Result) l).outcome();
            assertEquals("lumi", o.site());
            assertEquals(Outcome.Status.OK, o.status(), o.toString());
            assertEquals(pr.platform().get("id").asText(), o.platform());
        }
        assertEquals(new WorkerLine.End(1, 4), lines.getLast());
    }

    @Test
    void aBadJobIsOneLineAndExit2() throws Exception {
        Path f = tmp.resolve("bad.json");
        Files.writeString(f, "{\"schema\":1,\"name\":\"Batch64_0000\",");
        Cli.Run r = Cli.fparity(
                "worker", f.toString(), "--cache", tmp.resolve("cache").toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().startsWith("fparity: " + f + ": malformed job: "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());

        JobSpec j = job("local");
        JobSpec stray = j.withLines(List.of(new Job.Line("0123456789abcdef", 0, List.of("0x1p+0"))));
        Files.writeString(f, WorkerLine.COMPACT.writeValueAsString(stray));
        r = Cli.fparity("worker", f.toString(), "--cache", tmp.resolve("cache").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(
                "fparity: " + f + " job 1: line for program 0123456789abcdef that the job does not carry\n", r.err());

        r = Cli.fparity("worker", tmp.resolve("absent.json").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("fparity: job file " + tmp.resolve("absent.json") + " not found\n", r.err());
    }
}
