package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/**
 * A job document carries each batch's programs and input lines once, however many toolchains and opt levels run them:
 * the first job of a batch has them, the others refer to it by the batch's name, and reading gives back the same jobs.
 */
class JobDocumentTest {
    /** {@code batches} batches of {@code size} programs, each on gcc and clang-14 at five opt levels (one line per program). */
    static List<JobSpec> jobs(int batches, int size) {
        Toolchains tcs = Toolchains.load(Path.of("runners/toolchains"));
        List<Program> ps = new Generator(Grammar.defaults(), 3).generate(Precision.FP64, batches * size);
        List<JobSpec> jobs = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            List<JobSpec.ProgramText> texts = new ArrayList<>();
            List<Job.Line> lines = new ArrayList<>();
            for (Program p : ps.subList(b * size, (b + 1) * size)) {
                texts.add(new JobSpec.ProgramText(p.id(), p.canonical()));
                lines.add(new Job.Line(p.id(), 0, List.of(Double.toHexString(1 + texts.size() / 64.0 + b), "3")));
            }
            for (String tc : List.of("gcc", "clang-14")) {
                for (String opt : Toolchain.STANDARD_OPTS) {
                    jobs.add(new JobSpec(
                            JobSpec.SCHEMA, String.format("Batch64_%04d", b), "lumi", tcs.get(tc), opt, texts, lines));
                }
            }
        }
        return jobs;
    }

    @Test
    void eachProgramIsWrittenOnceAndReadBackIntoEveryJobOfItsBatch() {
        List<JobSpec> jobs = jobs(3, 4);
        assertEquals(30, jobs.size());
        String doc = Worker.document(jobs);
        assertEquals(30, doc.lines().count(), "one line per job");
        for (JobSpec j : jobs) {
            for (JobSpec.ProgramText p : j.programs()) {
                int n = count(doc, "\"id\":\"" + p.id() + "\",\"source\"");
                assertEquals(1, n, "program " + p.id() + "'s text in the document");
            }
            for (Job.Line l : j.lines()) {
                int n = count(
                        doc,
                        "{\"program\":\"" + l.program() + "\",\"input\":0,\"args\":[\""
                                + l.args().getFirst() + "\",\"3\"]}");
                assertEquals(1, n, "program " + l.program() + "'s input line in the document");
            }
        }
        assertEquals(jobs, Worker.read(new StringReader(doc), "doc"));
        // a shard of only some of a batch's jobs still carries the text once; a job with other lines (what is left of
        // it
        // after a node died) keeps its own
        List<JobSpec> some = List.of(
                jobs.get(3), jobs.get(7).withLines(jobs.get(7).lines().subList(1, 3)), jobs.get(8), jobs.get(12));
        assertEquals(some, Worker.read(new StringReader(Worker.document(some)), "doc"));
    }

    private static int count(String text, String literal) {
        int n = 0;
        for (int at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + 1)) n++;
        return n;
    }

    @Test
    void aJobWithoutProgramsAndNoEarlierJobOfItsBatchIsOneLine() {
        List<JobSpec> jobs = jobs(2, 2);
        String doc = Worker.document(jobs);
        // drop the first line: the batch's other jobs now refer to text nobody carries
        String cut = doc.substring(doc.indexOf('\n') + 1);
        FparityError e = assertThrows(FparityError.class, () -> Worker.read(new StringReader(cut), "shard-0.jobs"));
        assertEquals(
                "shard-0.jobs job 1: no programs, and no earlier job of batch Batch64_0000 carries them",
                e.getMessage());
    }

    @Test
    void aDocumentIsSmallerByAboutTheNumberOfJobsPerBatch() {
        List<JobSpec> jobs = jobs(4, 50);
        long once = Worker.document(jobs).length();
        long each = 0;
        for (JobSpec j : jobs) each += Worker.document(List.of(j)).length();
        // 10 jobs per batch; the lines and toolchain descriptors stay per job
        assertTrue(each > 3 * once, "per job " + each + " bytes, once per batch " + once);
    }
}
