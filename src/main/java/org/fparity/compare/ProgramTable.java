package org.fparity.compare;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.campaign.CampaignMeta;
import org.fparity.ir.Precision;

/**
 * A campaign's programs as {@link CampaignView#programs} sees them, without holding their text: each program's
 * precision is kept (a byte each), its source and inputs are read when asked for from the copy made in the one ordered
 * read of the store ({@link ProgramCopy}), never looked up in the store itself. Iterating the map reads the store in its
 * order. A read-only map.
 */
final class ProgramTable extends AbstractMap<String, ProgramInfo> {
    private final List<CampaignMeta.ProgramEntry> entries;
    private final Map<String, Precision> precision;
    private final ProgramCopy copy;

    /**
     * {@code precision}: every program's, by id; {@code copy}: every program's text and inputs (the caller has read each
     * entry once already, in the store's order).
     */
    ProgramTable(List<CampaignMeta.ProgramEntry> entries, Map<String, Precision> precision, ProgramCopy copy) {
        this.entries = entries;
        this.precision = Map.copyOf(precision);
        this.copy = copy;
    }

    Precision precision(String id) {
        Precision p = precision.get(id);
        return p == null ? Precision.FP64 : p;
    }

    @Override
    public ProgramInfo get(Object key) {
        if (!(key instanceof String id) || !copy.has(id)) return null;
        return new ProgramInfo(id, precision(id), copy.source(id), copy.inputs(id));
    }

    /** The program's source, or null. */
    String source(String id) {
        return copy.source(id);
    }

    /** One input of the program, or null. */
    org.fparity.ir.Input input(String id, int index) {
        return copy.input(id, index);
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
                        org.fparity.campaign.ProgramStore.Entries.once(entries).iterator();
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
