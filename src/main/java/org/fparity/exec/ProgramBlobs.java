package org.fparity.exec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.util.AtomicFiles;
import org.fparity.util.Hashes;

/**
 * A site's program store: each program a job runs, with its inputs, as one file named by the hash of its bytes
 * ({@code <workdir>/programs/<key>}), so a job document names programs by key instead of carrying their text, and a
 * site receives each program once however many opt levels, toolchains, shards or campaigns run it. A blob is written
 * under a temporary name, its hash checked, then renamed: a reader (a job, any number at once) sees a whole blob or
 * none, and a killed transfer leaves at most a temporary file nobody reads. A blob is checked against its name again
 * when read: one whose bytes do not hash to its name is one line and exit 4, never a program run.
 */
public final class ProgramBlobs {
    /** What a blob holds: a program's canonical text and its inputs' tokens (a job's runs name inputs by index). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"source", "inputs"})
    public record Blob(String source, List<List<String>> inputs) {}

    private final Path dir;

    /** The store in folder {@code dir} (made on the first blob put). */
    public ProgramBlobs(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** A program's blob bytes: the same program and inputs give the same bytes, whoever writes them. */
    public static byte[] bytes(String source, List<List<String>> inputs) {
        try {
            return WorkerLine.COMPACT.writeValueAsBytes(new Blob(source, inputs));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The name a blob is stored under: the first 128 bits of its SHA-256, in hex. */
    public static String key(byte[] blob) {
        return Hashes.sha256Hex(blob).substring(0, 32);
    }

    /** Whether {@code s} is a key (32 lower-case hex digits): anything else never names a file. */
    public static boolean isKey(String s) {
        return s != null && s.length() == 32 && s.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f');
    }

    /** The keys of {@code keys} the store lacks, in the order given. */
    public List<String> missing(Collection<String> keys) {
        List<String> out = new ArrayList<>();
        for (String k : keys) if (!isKey(k) || !Files.isRegularFile(dir.resolve(k))) out.add(k);
        return out;
    }

    /**
     * Stores {@code blob} under {@code key}: written to a temporary name beside it, checked, then renamed, so nobody ever
     * reads half of it. False when the store already has it. A blob that does not hash to {@code key} is refused.
     */
    public boolean put(String key, byte[] blob) {
        if (!isKey(key) || !key(blob).equals(key))
            throw new FparityError("program store " + dir + ": a blob sent as " + key + " hashes to " + key(blob)
                    + ": damaged in transit, not stored");
        Path to = dir.resolve(key);
        if (Files.isRegularFile(to)) return false;
        // not synced (thousands of small files; a blob is checked against its name when read), but what reached the
        // file, not what was meant to, is checked before it gets its name
        AtomicFiles.write(to, blob, false, written -> {
            if (!key(Files.readAllBytes(written)).equals(key))
                throw new FparityError(
                        "program store " + dir + ": " + key + " did not reach the disk whole", ExitCode.IO_FAILURE);
        });
        return true;
    }

    /**
     * The blob stored as {@code key} ({@code what}: which program, for messages). Exit 4 with one line when the store
     * has none, or when its bytes do not hash to {@code key} (damaged, or written by hand): never a wrong program.
     */
    public Blob get(String key, String what) {
        if (!isKey(key)) throw new FparityError(what + ": \"" + key + "\" is not a program store key");
        byte[] b;
        try {
            b = Files.readAllBytes(dir.resolve(key));
        } catch (NoSuchFileException e) {
            throw new FparityError(
                    "program store " + dir + " has no " + key + " (" + what + "): it was not staged there",
                    ExitCode.IO_FAILURE);
        } catch (IOException e) {
            throw FparityError.io("cannot read program store " + dir, e);
        }
        String actual = key(b);
        if (!actual.equals(key))
            throw new FparityError(
                    "program store " + dir + ": " + key + " (" + what + ") does not hold what its name says (its bytes"
                            + " hash to " + actual + "): remove that file and run again to stage it afresh",
                    ExitCode.IO_FAILURE);
        try {
            Blob blob = WorkerLine.COMPACT.readValue(b, Blob.class);
            if (blob == null || blob.source() == null)
                throw new FparityError("program store " + dir + ": " + key + " (" + what + ") holds no program");
            return blob;
        } catch (IOException e) {
            throw new FparityError("program store " + dir + ": " + key + " (" + what + ") is not a program blob");
        }
    }

    /**
     * Writes blobs as one transfer: gzip of, per blob, a line {@code <key> <length>} and its bytes. {@code blobs} gives
     * each blob's bytes in turn (made when written, not held).
     */
    public static void write(OutputStream out, Iterable<byte[]> blobs) throws IOException {
        GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16);
        for (byte[] b : blobs) {
            gz.write((key(b) + " " + b.length + "\n").getBytes(StandardCharsets.US_ASCII));
            gz.write(b);
        }
        gz.finish();
        gz.flush();
    }

    /**
     * Stores what {@link #write} sent, blob by blob (each checked and renamed into place as it arrives). A transfer cut
     * short stores the blobs that arrived whole and throws, exit 4; the cut one is never stored.
     *
     * @return how many blobs were new here
     */
    public int receive(InputStream in) {
        int added = 0;
        int whole = 0;
        try (GZIPInputStream gz = new GZIPInputStream(in, 1 << 16)) {
            while (true) {
                String head = header(gz);
                if (head == null) return added;
                String[] p = head.split(" ");
                if (p.length != 2 || !isKey(p[0]) || !p[1].matches("\\d{1,9}"))
                    throw new FparityError("program transfer: blob " + (whole + 1) + " has a bad header \"" + head
                            + "\"; " + whole + " blobs stored");
                int n = Integer.parseInt(p[1]);
                byte[] b = gz.readNBytes(n);
                if (b.length != n)
                    throw new FparityError(
                            "program transfer cut short in blob " + (whole + 1) + " (" + p[0] + "): " + whole
                                    + " blobs stored, that one not",
                            ExitCode.IO_FAILURE);
                if (put(p[0], b)) added++;
                whole++;
            }
        } catch (java.io.EOFException e) {
            throw new FparityError(
                    "program transfer cut short after " + whole + " blobs (stored); the rest not", ExitCode.IO_FAILURE);
        } catch (IOException e) {
            throw FparityError.io("program transfer after " + whole + " blobs (stored)", e);
        }
    }

    /** The next header line, or null at the end of the transfer. */
    private static String header(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(48);
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                if (b.size() == 0) return null;
                throw new java.io.EOFException();
            }
            if (b.size() > 64) throw new FparityError("program transfer: a header line is too long");
            b.write(c);
        }
        return b.toString(StandardCharsets.US_ASCII);
    }
}
