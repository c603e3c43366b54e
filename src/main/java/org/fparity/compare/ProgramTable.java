package org.fparity.compare;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.FparityError;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.campaign.StoreLine;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.transfer.ProgramHashes;

/**
 * A campaign's programs as {@link CampaignView#programs} sees them, without holding their text: each program's
 * precision and place in the store are kept from the one read that opened the store ({@link StorePass}); a program's
 * source and inputs are read when asked for, from its line alone ({@link ProgramStore.Entries#read}), so only the
 * programs a verdict prints (top cases, the oracle's first cases, judgements across sites, report.json's discrepancies)
 * are read again, each once while it is asked for: look-ups come in case order, a program's cases together, and the
 * last few programs read are held. A program read again must be the one the store was opened with (its id, and its
 * text its recorded hash), else it is refused in one line. Iterating the map reads the store in its order. A
 * read-only map.
 */
final class ProgramTable extends AbstractMap<String, ProgramInfo> {
    /** programs held after their look-up: a walk in case order asks for one program at a time, a report for a few */
    private static final int HELD = 4;

    private final List<CampaignMeta.ProgramEntry> entries;
    private final Map<String, Precision> precision;
    private final StorePass pass;
    private final Held[] held = new Held[HELD];
    private int nextHeld;
    /**
     * For each program read from its line's bytes so far (by store index), where its inputs lie in its line: a walk
     * asks for the inputs of every discrepancy (report.json), pair after pair, so a program is asked for again long
     * after it was held, and then only the input asked for is read. Null until a program is read.
     */
    private int[][] inputsAt;

    private final StoreLine scratch = new StoreLine();
    private FileChannel in;

    /** {@code pass}: what the read of every program of {@code entries} gathered, in their order. */
    ProgramTable(List<CampaignMeta.ProgramEntry> entries, StorePass pass) {
        this.entries = entries;
        this.precision = Map.copyOf(pass.precision());
        this.pass = pass;
    }

    /** The programs as the campaign lists them (its store, read from when a program is asked for). */
    List<CampaignMeta.ProgramEntry> entries() {
        return entries;
    }

    Precision precision(String id) {
        Precision p = precision.get(id);
        return p == null ? Precision.FP64 : p;
    }

    @Override
    public synchronized ProgramInfo get(Object key) {
        if (!(key instanceof String id)) return null;
        Held h = held(id);
        if (h == null) return null;
        List<Input> inputs = new ArrayList<>(h.inputs());
        for (int k = 0; k < h.inputs(); k++) inputs.add(h.input(k));
        return new ProgramInfo(id, precision(id), h.source(), inputs);
    }

    /** The program's source, or null. */
    synchronized String source(String id) {
        Held h = held(id);
        return h == null ? null : h.source();
    }

    /** One input of the program, or null. */
    synchronized Input input(String id, int index) {
        int i = pass.index(id);
        if (i < 0 || index < 0) return null;
        for (Held h : held) if (h != null && h.index == i) return index < h.inputs() ? h.input(index) : null;
        int[] at = inputsAt == null ? null : inputsAt[i];
        if (at == null) {
            Held h = held(id);
            return index < h.inputs() ? h.input(index) : null;
        }
        // a program read (and checked) before: only this input's bytes are read again
        if (index >= at.length - 1) return null;
        ProgramStore.Entries store = (ProgramStore.Entries) entries;
        byte[] part = store.part(i, at[index], at[index + 1] - 1, channel(store));
        Input in = scratch.readInput(part, 0, part.length);
        if (in == null) throw changed(store, "line " + (i + 1) + " no longer has program " + id + "'s input " + index);
        return in;
    }

    /** Program {@code id} as read from the store (held, or read now), or null when the campaign has no such program. */
    private Held held(String id) {
        int i = pass.index(id);
        if (i < 0) return null;
        for (Held h : held) if (h != null && h.index == i) return h;
        Held h = entries instanceof ProgramStore.Entries store ? read(store, i, id) : new Held(i, entries.get(i));
        held[nextHeld] = h;
        nextHeld = (nextHeld + 1) % HELD;
        return h;
    }

    private Held read(ProgramStore.Entries store, int i, String id) {
        StoreLine line = new StoreLine();
        store.read(i, line, channel(store));
        String problem = !id.equals(line.id())
                ? "line " + (i + 1) + " holds program " + line.id() + ", not " + id
                : ProgramHashes.problem(id, line.sha256(), line.sourceBytes(), line.sourceLength());
        if (problem != null) throw changed(store, problem);
        if (line.entry() != null) return new Held(i, line.entry());
        // where each input lies in the line, so that a later look-up reads that input alone: input k is
        // [at[k], at[k + 1] - 1), the comma or closing bracket after it left out
        int n = line.inputCount();
        int[] at = new int[n + 1];
        for (int k = 0; k < n; k++) at[k] = line.inputFrom(k);
        at[n] = n == 0 ? 0 : line.inputTo(n - 1) + 1;
        if (inputsAt == null) inputsAt = new int[pass.count()][];
        inputsAt[i] = at;
        return new Held(i, line);
    }

    private static FparityError changed(ProgramStore.Entries store, String problem) {
        return new FparityError(store.file() + ": " + problem
                + "; the program store changed while it was read (a run writing to the campaign?); compare again");
    }

    /** The store's file, kept open for look-ups (closed with the channel when the table is collected). */
    private FileChannel channel(ProgramStore.Entries store) {
        if (in == null) {
            try {
                in = FileChannel.open(store.file(), StandardOpenOption.READ);
            } catch (IOException e) {
                throw FparityError.io("cannot read " + store.file(), e);
            }
        }
        return in;
    }

    /** One program read from the store: from its line's bytes ({@code line}), or as bound ({@code entry}). */
    private static final class Held {
        final int index;
        private final StoreLine line;
        private final CampaignMeta.ProgramEntry entry;
        private String source;

        Held(int index, StoreLine line) {
            this.index = index;
            this.line = line;
            this.entry = null;
        }

        Held(int index, CampaignMeta.ProgramEntry entry) {
            this.index = index;
            this.line = null;
            this.entry = entry;
        }

        int inputs() {
            return entry != null ? entry.inputs().size() : line.inputCount();
        }

        String source() {
            if (entry != null) return entry.source();
            // a line read from its bytes is ASCII
            if (source == null && line.sourceLength() >= 0)
                source = new String(line.sourceBytes(), 0, line.sourceLength(), StandardCharsets.ISO_8859_1);
            return source;
        }

        Input input(int k) {
            return entry != null ? entry.inputs().get(k) : line.input(k);
        }
    }

    @Override
    public boolean containsKey(Object key) {
        return precision.containsKey(key);
    }

    @Override
    public int size() {
        return precision.size();
    }

    private static ProgramInfo info(CampaignMeta.ProgramEntry p) {
        return new ProgramInfo(p.id(), p.precision(), p.source(), p.inputs());
    }

    @Override
    public Set<Entry<String, ProgramInfo>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, ProgramInfo>> iterator() {
                Iterator<CampaignMeta.ProgramEntry> it =
                        ProgramStore.Entries.once(entries).iterator();
                return new Iterator<>() {
                    @Override
                    public boolean hasNext() {
                        return it.hasNext();
                    }

                    @Override
                    public Entry<String, ProgramInfo> next() {
                        CampaignMeta.ProgramEntry p = it.next();
                        return Map.entry(p.id(), info(p));
                    }
                };
            }

            @Override
            public int size() {
                return precision.size();
            }
        };
    }
}
