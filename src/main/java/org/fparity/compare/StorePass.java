package org.fparity.compare;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ObjIntConsumer;
import org.fparity.campaign.StoreLine;
import org.fparity.ir.Precision;
import org.fparity.transfer.ProgramHashes;

/**
 * What compare and report need of every program of a campaign, gathered in the one read of its store that opens it
 * ({@link org.fparity.campaign.ProgramStore#open(java.nio.file.Path, org.fparity.campaign.ProgramStore.Info,
 * ObjIntConsumer)}): its id and number of inputs in store order (the case numbering, the plan's gaps), its precision,
 * where it lies in the store (its index, so that a printed case's text and input are read from its line alone,
 * {@link ProgramTable}), and the first program whose text no longer matches its recorded hash. No text is kept:
 * memory holds an id, a count and an index per program.
 */
final class StorePass implements ObjIntConsumer<StoreLine> {
    private String[] ids = new String[64];
    private int[] inputs = new int[64];
    private int count;
    private final Map<String, Precision> precision = new HashMap<>();
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> inputsOf = new HashMap<>();
    private String edited;

    @Override
    public void accept(StoreLine p, int at) {
        if (at != count) throw new IllegalStateException("program " + at + " handed after " + count);
        if (edited == null) edited = ProgramHashes.problem(p.id(), p.sha256(), p.sourceBytes(), p.sourceLength());
        if (count == ids.length) {
            ids = Arrays.copyOf(ids, count * 2);
            inputs = Arrays.copyOf(inputs, count * 2);
        }
        String id = p.id();
        ids[count] = id;
        inputs[count] = p.inputCount();
        // a second program of an id: its precision and count are the later one's (as compare always took them), its
        // text
        // the first one's, as the store's look-up finds it
        precision.put(id, p.precision() == null ? Precision.FP64 : p.precision());
        inputsOf.put(id, p.inputCount());
        index.putIfAbsent(id, count);
        count++;
    }

    /** How many programs were handed in. */
    int count() {
        return count;
    }

    /** Program ids in store order (the first {@link #count()}). */
    String[] inOrder() {
        return Arrays.copyOf(ids, count);
    }

    /** Each program's number of inputs, in store order. */
    int[] inputsInOrder() {
        return Arrays.copyOf(inputs, count);
    }

    /** The distinct ids, sorted, and each one's number of inputs: what the case numbering of {@link CaseSpill} takes. */
    String[] sortedIds() {
        String[] s = inputsOf.keySet().toArray(new String[0]);
        Arrays.sort(s);
        return s;
    }

    /** The number of inputs of a program (the later of two of one id). */
    int inputsOf(String id) {
        return inputsOf.get(id);
    }

    Map<String, Precision> precision() {
        return precision;
    }

    /** Where program {@code id} lies in the store (the first of an id), or -1. */
    int index(String id) {
        Integer i = index.get(id);
        return i == null ? -1 : i;
    }

    /** What is wrong with the first program whose text does not match its recorded hashes, or null. */
    String edited() {
        return edited;
    }
}
