package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs reach a site's store once, and job documents name them by key: written straight into the store where it is
 * on this machine's file system (Slurm on a shared file system), asked and sent through fparity there otherwise (ssh; here
 * through a shell that runs the real worker command on this machine).
 */
class ProgramStagingTest {
    @TempDir
    Path tmp;

    /** {@code batches} batches of three programs with two inputs each, every run of each, on gcc at five opt levels. */
    static List<JobSpec> jobs(int from, int batches) {
        Toolchain gcc = Toolchains.load(Path.of("runners/toolchains")).get("gcc");
        List<JobSpec> jobs = new ArrayList<>();
        for (int b = from; b < from + batches; b++) {
            List<JobSpec.ProgramText> texts = new ArrayList<>();
            List<Job.Line> lines = new ArrayList<>();
            for (int p = 0; p < 3; p++) {
                String id = "p" + b + "_" + p;
                List<List<String>> ins = List.of(List.of("0x1.8p+" + p, "3"), List.of("-0x1p-1022", "" + b));
                texts.add(new JobSpec.ProgramText(
                        id, "fp64 f(double x, int n) { return x * " + b + "." + p + "; }", ins));
                for (int i = 0; i < ins.size(); i++) lines.add(new Job.Line(id, i, ins.get(i)));
            }
            for (String opt : Toolchain.STANDARD_OPTS)
                jobs.add(new JobSpec(JobSpec.SCHEMA, "Batch_" + b, "hpc", gcc, opt, texts, lines));
        }
        return jobs;
    }

    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final List<String> CLASS_PATH =
            List.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator));

    /**
     * Not a LocalShell: the path a site over ssh takes, its commands run by the real worker on this machine
     * ({@code commands}: each command's worker arguments).
     */
    private static Shell elsewhere(List<String> commands) {
        return elsewhere(commands, false);
    }

    /** As {@link #elsewhere(List)}, saying it shares this machine's file system or not. */
    private static Shell elsewhere(List<String> commands, boolean shares) {
        LocalShell here = new LocalShell(List.of());
        return new Shell() {
            @Override
            public boolean sharesFileSystem() {
                return shares;
            }

            @Override
            public Result run(List<String> argv, byte[] stdin, long timeoutSeconds)
                    throws java.io.IOException, InterruptedException {
                commands.add(String.join(" ", argv.subList(argv.indexOf("worker"), argv.size())));
                return here.run(argv, stdin, timeoutSeconds);
            }

            @Override
            public org.fparity.util.Processes.Running start(List<String> argv, Path err) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void put(Path local, String remotePath, long timeoutSeconds) {
                throw new UnsupportedOperationException();
            }

            @Override
            public String describe() {
                return "elsewhere";
            }
        };
    }

    private static long files(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void onASharedFileSystemEachProgramIsWrittenOnceAndTheDocumentsCarryNoText() throws Exception {
        Path store = tmp.resolve("work/programs");
        List<JobSpec> jobs = jobs(0, 2);
        ProgramStaging s = new ProgramStaging(new LocalShell(List.of()), store.toString(), a -> a, x -> {});
        s.stage(jobs);
        assertEquals(6, files(store));
        assertEquals(6, s.sent()[0]);
        String doc = Worker.document(jobs, s::key);
        for (JobSpec j : jobs)
            for (JobSpec.ProgramText p : j.programs()) {
                assertFalse(doc.contains(p.source()), "program text in the document");
                assertFalse(doc.contains("-0x1p-1022"), "input tokens in the document");
            }
        assertEquals(jobs, Worker.read(new StringReader(doc), "shard", new ProgramBlobs(store)));
        // resubmitting, or another campaign of the same programs at the same site: nothing written again
        s.stage(jobs);
        ProgramStaging again = new ProgramStaging(new LocalShell(List.of()), store.toString(), a -> a, x -> {});
        List<JobSpec> more = new ArrayList<>(jobs);
        more.addAll(jobs(2, 1));
        again.stage(more);
        assertArrayEquals(new long[] {3, again.sent()[1]}, again.sent(), "only the new batch's three programs");
        assertEquals(9, files(store));
        // a rerun's jobs (some runs of some programs): still by key, read back the same
        JobSpec part = more.get(11).withLines(more.get(11).lines().subList(1, 3));
        assertEquals(
                List.of(part),
                Worker.read(
                        new StringReader(Worker.document(List.of(part), again::key)), "s", new ProgramBlobs(store)));
    }

    /**
     * Closing note 4: {@link ProgramStaging#key} built each program's blob to hash it, and staging built it again to
     * write or send it. Each program is serialised once, on both paths, however often it is keyed and staged.
     */
    @Test
    void eachProgramIsSerialisedOnceForItsKeyAndItsStaging() throws Exception {
        for (boolean shared : new boolean[] {true, false}) {
            Path store = tmp.resolve(shared + "/programs");
            java.util.Map<String, Integer> made = new java.util.TreeMap<>();
            java.util.function.Function<JobSpec.ProgramText, byte[]> counting = p -> {
                made.merge(p.id(), 1, Integer::sum);
                return ProgramBlobs.bytes(p.source(), p.inputs());
            };
            ProgramStaging s = new ProgramStaging(
                    shared ? new LocalShell(List.of()) : elsewhere(new ArrayList<>()),
                    store.toString(),
                    shared ? a -> a : a -> Staging.workerArgv(JAVA, CLASS_PATH, a),
                    x -> {},
                    counting);
            List<JobSpec> jobs = jobs(0, 2);
            // the job documents' keys first for some programs, staging first for others
            s.key(jobs.getFirst().programs().getFirst());
            s.stage(jobs.subList(0, 5));
            String doc = Worker.document(jobs, s::key);
            s.stage(jobs);
            assertEquals(jobs, Worker.read(new StringReader(doc), "s", new ProgramBlobs(store)));
            assertEquals(6, files(store));
            assertEquals(
                    java.util.Map.of("p0_0", 1, "p0_1", 1, "p0_2", 1, "p1_0", 1, "p1_1", 1, "p1_2", 1),
                    made,
                    shared ? "written into the store" : "sent");
        }
    }

    /**
     * Whether to write straight into the store is the shell's answer ({@link Shell#sharesFileSystem}), not its class:
     * a shell of another class on this machine's file system runs no command to stage.
     */
    @Test
    void aShellThatSharesThisMachinesFileSystemHasTheStoreWrittenStraightWhateverItsClass() throws Exception {
        assertTrue(new LocalShell(List.of()).sharesFileSystem());
        try (SshShell ssh = new SshShell("fparity-nowhere", List.of(), List.of())) {
            assertFalse(ssh.sharesFileSystem());
        }
        Path store = tmp.resolve("shared/programs");
        List<String> commands = new ArrayList<>();
        ProgramStaging s = new ProgramStaging(
                elsewhere(commands, true), store.toString(), a -> Staging.workerArgv(JAVA, CLASS_PATH, a), x -> {});
        s.stage(jobs(0, 1));
        assertEquals(List.of(), commands);
        assertEquals(3, files(store));
        assertEquals(3, s.sent()[0]);
    }

    @Test
    void elsewhereTheSiteIsAskedWhatItLacksAndSentOnlyThatInOneTransfer() throws Exception {
        Path store = tmp.resolve("remote/programs");
        LocalShell here = new LocalShell(List.of());
        List<String> commands = new ArrayList<>();
        Shell elsewhere = elsewhere(commands);
        // a first campaign staged three programs there
        new ProgramStaging(here, store.toString(), a -> a, x -> {}).stage(jobs(0, 1));
        assertEquals(3, files(store));
        ProgramStaging second =
                new ProgramStaging(elsewhere, store.toString(), a -> Staging.workerArgv(JAVA, CLASS_PATH, a), x -> {});
        List<JobSpec> jobs = new ArrayList<>(jobs(0, 1));
        jobs.addAll(jobs(1, 1));
        second.stage(jobs);
        assertEquals(3, second.sent()[0], "the three programs the site lacked, not the three it had");
        assertEquals(6, files(store));
        second.stage(jobs);
        assertEquals(
                List.of("worker --programs " + store + " --missing", "worker --programs " + store + " --receive"),
                commands,
                "one question and one transfer; nothing once the site has them all");
        assertEquals(
                jobs, Worker.read(new StringReader(Worker.document(jobs, second::key)), "s", new ProgramBlobs(store)));
        assertTrue(Files.isRegularFile(
                store.resolve(second.key(jobs.getLast().programs().getFirst()))));
    }
}
