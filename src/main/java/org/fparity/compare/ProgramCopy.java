package org.fparity.compare;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.StoreLine;
import org.fparity.ir.Input;

/**
 * A campaign's program texts and inputs, copied into a temporary file in the one read of its store in store order
 * ({@link CampaignFiles}), so that comparison and reports never look a program up in the store again: the store is
 * read a chunk of programs at a time, and looking programs up in case order (program ids sorted, not the store's
 * order) read a chunk per look-up, which at 10^7 runs did not finish. Here a look-up reads just the bytes of one
 * input (or one source) at a known place. Memory: one file position per program; the file goes when the
 * process ends, with the comparison's other temporary files ({@link SpillFiles}).
 *
 * <p>A program's record: its number of inputs n; n + 2 offsets from the record's start: of its source, of each input,
 * and of the record's end; the source; then each input as a count of tokens and the tokens.
 */
final class ProgramCopy {
    private final Path file;
    private final SpillOut out;
    private final Map<String, Long> at = new HashMap<>();
    private long end;
    private FileChannel in;
    // the record header of the program looked up last: consecutive look-ups are mostly of one program
    private String lastId;
    private int[] lastOffsets;

    ProgramCopy() {
        try {
            file = SpillFiles.create("programs");
            out = new SpillOut(Files.newOutputStream(file), 1 << 16);
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
    }

    /** Where a program's parts are written before its record is: reused for every program. */
    private static final class Scratch extends java.io.ByteArrayOutputStream {
        Scratch() {
            super(1 << 12);
        }

        byte[] bytes() {
            return buf;
        }
    }

    private final Scratch scratch = new Scratch();
    private final SpillOut parts = new SpillOut(scratch, 1 << 12);
    private int[] ends = new int[64];

    /** Copies one program (the first of an id is kept, as the store's look-up finds it). */
    void add(CampaignMeta.ProgramEntry p) {
        if (at.containsKey(p.id())) return;
        try {
            // the parts into one reused buffer (a buffer and a stream per part cost more than the copy itself)
            scratch.reset();
            int n = p.inputs().size();
            if (ends.length < n + 1) ends = new int[n + 1];
            parts.writeString(p.source());
            parts.flush();
            ends[0] = scratch.size();
            int k = 1;
            for (Input i : p.inputs()) {
                parts.writeInt(i.args().size());
                for (String s : i.args()) parts.writeString(s);
                parts.flush();
                ends[k++] = scratch.size();
            }
            int header = 4 + 4 * (n + 2);
            out.writeInt(n);
            out.writeInt(header);
            for (int j = 0; j <= n; j++) out.writeInt(header + ends[j]);
            out.write(scratch.bytes(), 0, scratch.size());
            at.put(p.id(), end);
            end += header + scratch.size();
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
    }

    /**
     * Copies one program of a store read from its line's bytes ({@link StoreLine}): its source and tokens go into the
     * record as the bytes they are, the same record {@link #add(CampaignMeta.ProgramEntry)} writes, without a string or
     * an {@link Input} made. A program bound by Jackson (its line not in the writer's shape) is copied as that one does.
     */
    void add(StoreLine p) {
        if (p.entry() != null) {
            add(p.entry());
            return;
        }
        String id = p.id();
        if (at.containsKey(id)) return;
        try {
            int n = p.inputCount();
            if (ends.length < n + 1) ends = new int[n + 1];
            int size = 4 + Math.max(0, p.sourceLength());
            ends[0] = size;
            for (int k = 0; k < n; k++) {
                int tokens = p.tokens(k);
                size += 4 + 4 * tokens;
                for (int t = 0; t < tokens; t++) size += p.tokenLength(k, t);
                ends[k + 1] = size;
            }
            int header = 4 + 4 * (n + 2);
            out.writeInt(n);
            out.writeInt(header);
            for (int j = 0; j <= n; j++) out.writeInt(header + ends[j]);
            if (p.sourceLength() < 0) out.writeInt(-1);
            else out.writeBytes(p.sourceBytes(), 0, p.sourceLength());
            byte[] line = p.line();
            for (int k = 0; k < n; k++) {
                int tokens = p.tokens(k);
                out.writeInt(tokens);
                for (int t = 0; t < tokens; t++) out.writeBytes(line, p.tokenFrom(k, t), p.tokenLength(k, t));
            }
            at.put(id, end);
            end += header + size;
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
    }

    /** Whether the copy has the program. */
    boolean has(String id) {
        return at.containsKey(id);
    }

    /** The program's source, or null when the copy does not have the program. */
    synchronized String source(String id) {
        int[] offsets = offsets(id);
        if (offsets == null) return null;
        try (SpillIn s = part(at.get(id), offsets, 0)) {
            return s.readString();
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
    }

    /** Input {@code index} of the program, or null when the copy has no such program or input. */
    synchronized Input input(String id, int index) {
        int[] offsets = offsets(id);
        if (offsets == null || index < 0 || index >= offsets.length - 2) return null;
        try (SpillIn s = part(at.get(id), offsets, index + 1)) {
            int k = s.readInt();
            List<String> args = new ArrayList<>(k);
            for (int i = 0; i < k; i++) args.add(s.readString());
            return new Input(args);
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
    }

    /** Every input of the program, or null when the copy does not have it. */
    synchronized List<Input> inputs(String id) {
        int[] offsets = offsets(id);
        if (offsets == null) return null;
        List<Input> out = new ArrayList<>(offsets.length - 2);
        for (int i = 0; i < offsets.length - 2; i++) out.add(input(id, i));
        return out;
    }

    /** The offsets of the program's parts and of its record's end: n + 2 numbers; null without the program. */
    private int[] offsets(String id) {
        if (id.equals(lastId)) return lastOffsets;
        Long start = at.get(id);
        if (start == null) return null;
        try {
            ByteBuffer n = read(start, 4);
            int count = n.getInt();
            ByteBuffer b = read(start + 4, 4 * (count + 2));
            int[] offsets = new int[count + 2];
            for (int i = 0; i < offsets.length; i++) offsets[i] = b.getInt();
            lastId = id;
            lastOffsets = offsets;
            return offsets;
        } catch (IOException e) {
            throw SpillFiles.io(e);
        }
    }

    /** A reader of part {@code k} (0 the source, i + 1 input i) of the record at {@code start}. */
    private SpillIn part(long start, int[] offsets, int k) throws IOException {
        ByteBuffer b = read(start + offsets[k], offsets[k + 1] - offsets[k]);
        return new SpillIn(new ByteArrayInputStream(b.array()), 1 << 12);
    }

    private ByteBuffer read(long from, int length) throws IOException {
        if (in == null) {
            out.close();
            in = FileChannel.open(file, StandardOpenOption.READ);
        }
        ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining()) {
            if (in.read(b, from + b.position()) < 0)
                throw new java.io.EOFException("a temporary file of the comparison ends early");
        }
        b.flip();
        return b;
    }
}
