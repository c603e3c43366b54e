package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A comparison's per-pair lists chained into one (its discrepancies, its runs that ended differently) are read one
 * element at a time: the chain's iterator was a flatMap stream's, which pulls a whole part into a buffer before handing
 * out its first element, so at 10^7 runs a pair's 10^5 discrepancies lived at once in every read of them.
 */
class SpillChainTest {
    /** A part that counts the elements read from it. */
    private static final class Part extends AbstractList<Integer> {
        private final int from, size;
        int read;

        Part(int from, int size) {
            this.from = from;
            this.size = size;
        }

        @Override
        public Integer get(int i) {
            read++;
            return from + i;
        }

        @Override
        public int size() {
            return size;
        }
    }

    @Test
    void theChainReadsItsPartsOneElementAtATime() {
        Part a = new Part(0, 1000), b = new Part(1000, 0), c = new Part(1000, 500);
        List<Integer> chain = Spill.chain(List.of(a, b, c));
        assertEquals(1500, chain.size());
        Iterator<Integer> it = chain.iterator();
        assertEquals(0, it.next());
        assertEquals(1, a.read);
        List<Integer> all = new ArrayList<>(List.of(0));
        it.forEachRemaining(all::add);
        assertEquals(1500, all.size());
        for (int i = 0; i < all.size(); i++) assertEquals(i, all.get(i));
        assertEquals(1000, a.read);
        assertEquals(500, c.read);
    }
}
