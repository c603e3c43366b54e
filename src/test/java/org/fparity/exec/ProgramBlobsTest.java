package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A site's program store: blobs named by their hash, written whole or not at all, checked when read, and safe to read
 * by several jobs while another staging writes.
 */
class ProgramBlobsTest {
    @TempDir
    Path tmp;

    static byte[] blob(int i) {
        return ProgramBlobs.bytes(
                "fp64 p" + i + "(double x) { return x * " + i + ".5; }", List.of(List.of("0x1p+" + i), List.of("-0")));
    }

    private static List<String> files(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aBlobIsStoredUnderItsHashOnceAndReadsBackAsItsProgramAndInputs() {
        ProgramBlobs store = new ProgramBlobs(tmp.resolve("programs"));
        byte[] b = blob(1);
        String k = ProgramBlobs.key(b);
        assertEquals(List.of(k), store.missing(List.of(k)));
        assertTrue(store.put(k, b));
        assertFalse(store.put(k, b), "a second put of the same blob writes nothing");
        assertEquals(List.of(), store.missing(List.of(k)));
        ProgramBlobs.Blob got = store.get(k, "program p1");
        assertEquals("fp64 p1(double x) { return x * 1.5; }", got.source());
        assertEquals(List.of(List.of("0x1p+1"), List.of("-0")), got.inputs());
        FparityError e = assertThrows(FparityError.class, () -> store.put(ProgramBlobs.key(blob(2)), b));
        assertTrue(e.getMessage().contains("damaged in transit, not stored"), e.getMessage());
    }

    @Test
    void aTransferCutShortStoresTheBlobsThatArrivedWholeAndNeverTheCutOne() throws Exception {
        Path dir = tmp.resolve("programs");
        List<byte[]> blobs = List.of(blob(1), blob(2), blob(3));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ProgramBlobs.write(out, blobs);
        byte[] whole = out.toByteArray();
        // the connection dropped before the last bytes (gzip's trailer and the last blob's end)
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 30);
        ProgramBlobs store = new ProgramBlobs(dir);
        FparityError e = assertThrows(FparityError.class, () -> store.receive(new ByteArrayInputStream(cut)));
        assertEquals(ExitCode.IO_FAILURE, e.code());
        assertTrue(e.getMessage().startsWith("program transfer cut short"), e.getMessage());
        String k3 = ProgramBlobs.key(blobs.get(2));
        List<String> there = files(dir);
        assertFalse(there.contains(k3), "the cut blob is not in the store: " + there);
        assertTrue(there.stream().allMatch(ProgramBlobs::isKey), "no temporary file left: " + there);
        assertEquals(
                List.of(k3), store.missing(blobs.stream().map(ProgramBlobs::key).toList()));
        // a process killed while writing a blob leaves a temporary file, which is never taken for the blob
        Files.write(dir.resolve("." + k3 + ".12345.tmp"), java.util.Arrays.copyOf(blobs.get(2), 10));
        assertEquals(List.of(k3), store.missing(List.of(k3)));
        // the transfer again: only the missing blob is new
        assertEquals(1, store.receive(new ByteArrayInputStream(whole)));
        assertEquals(
                "fp64 p3(double x) { return x * 3.5; }", store.get(k3, "p3").source());
    }

    @Test
    void aBlobWhoseBytesDoNotHashToItsNameIsOneLineAndExitFourNeverAProgram() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("programs"));
        ProgramBlobs store = new ProgramBlobs(dir);
        String k = ProgramBlobs.key(blob(1));
        // someone's hand, or a disk, changed it: another program's bytes under this name
        Files.write(dir.resolve(k), blob(2));
        FparityError e = assertThrows(FparityError.class, () -> store.get(k, "job 1 program p1"));
        assertEquals(ExitCode.IO_FAILURE, e.code());
        assertEquals(
                "program store " + dir + ": " + k + " (job 1 program p1) does not hold what its name says (its bytes"
                        + " hash to " + ProgramBlobs.key(blob(2))
                        + "): remove that file and run again to stage it afresh",
                e.getMessage());
        // a job document naming it: the worker stops there, with that line, before running anything
        String doc = "{\"schema\":3,\"name\":\"B\",\"site\":\"s\",\"opt\":\"O0\",\"toolchain\":"
                + WorkerLine.COMPACT.writeValueAsString(
                        Toolchains.load(Path.of("runners/toolchains")).get("gcc"))
                + ",\"runs\":[[\"p1\",0]],\"stored\":[[\"p1\",\"" + k + "\"]]}\n";
        FparityError w =
                assertThrows(FparityError.class, () -> Worker.read(new java.io.StringReader(doc), "shard-0", store));
        assertTrue(
                w.getMessage().startsWith("program store " + dir + ": " + k + " (shard-0 job 1 program p1)"),
                w.getMessage());
        Files.delete(dir.resolve(k));
        FparityError gone =
                assertThrows(FparityError.class, () -> Worker.read(new java.io.StringReader(doc), "shard-0", store));
        assertEquals(
                "program store " + dir + " has no " + k + " (shard-0 job 1 program p1): it was not staged there",
                gone.getMessage());
    }

    @Test
    void jobsReadTheStoreWhileTwoStagingsWriteTheSameBlobs() throws Exception {
        ProgramBlobs store = new ProgramBlobs(tmp.resolve("programs"));
        List<byte[]> blobs = new ArrayList<>();
        for (int i = 0; i < 60; i++) blobs.add(blob(i));
        AtomicInteger read = new AtomicInteger();
        List<Throwable> failed = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 2; w++)
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    for (byte[] b : blobs) store.put(ProgramBlobs.key(b), b);
                } catch (Throwable t) {
                    failed.add(t);
                }
            }));
        for (int r = 0; r < 2; r++)
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    for (int round = 0; round < 5; round++)
                        for (int i = 0; i < blobs.size(); i++) {
                            String k = ProgramBlobs.key(blobs.get(i));
                            if (!store.missing(List.of(k)).isEmpty()) continue; // not there yet: a job would not run
                            assertEquals(
                                    "fp64 p" + i + "(double x) { return x * " + i + ".5; }",
                                    store.get(k, "p").source());
                            read.incrementAndGet();
                        }
                } catch (Throwable t) {
                    failed.add(t);
                }
            }));
        for (Thread t : threads) t.join();
        assertEquals(List.of(), failed);
        assertTrue(read.get() > 0);
        assertEquals(60, files(store.dir()).size(), "each blob once, no temporary file left");
    }
}
