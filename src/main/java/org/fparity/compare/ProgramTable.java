package org.fparity.compare;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.ir.Precision;

/**
 * A campaign's programs as {@link CampaignView#programs} sees them, without holding their text: each program's
 * precision is kept (a byte each), its source and inputs are looked up in the campaign's program store when asked for
 * ({@link ProgramStore.Entries#find}). A read-only map.
 */
final class ProgramTable extends AbstractMap<String, ProgramInfo> {
    private final List<CampaignMeta.ProgramEntry> entries;
    private final Map<String, Precision> precision;
    private final Map<String, Integer> index;

    /** {@code precision}: every program's, by id (the caller has read each entry once already). */
    ProgramTable(List<CampaignMeta.ProgramEntry> entries, Map<String, Precision> precision) {
        this.entries = entries;
        this.precision = Map.copyOf(precision);
        if (entries instanceof ProgramStore.Entries) {
            index = null;
        } else {
            index = new HashMap<>();
            for (int i = 0; i < entries.size(); i++)
                index.putIfAbsent(entries.get(i).id(), i);
        }
    }

    Precision precision(String id) {
        Precision p = precision.get(id);
        return p == null ? Precision.FP64 : p;
    }

    @Override
    public ProgramInfo get(Object key) {
        if (!(key instanceof String id) || !precision.containsKey(id)) return null;
        CampaignMeta.ProgramEntry p;
        if (entries instanceof ProgramStore.Entries e) p = e.find(id);
        else p = entries.get(index.get(id));
        return p == null ? null : info(p);
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
                Iterator<CampaignMeta.ProgramEntry> it = entries.iterator();
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
