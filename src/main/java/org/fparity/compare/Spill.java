package org.fparity.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.fparity.FparityError;

/**
 * A list written once, element by element, then read as often as wanted, that holds at most {@link #HELD} elements in
 * memory: beyond that they go to a temporary file ({@link SpillFiles}) through a {@link Codec}, and every iteration
 * reads them back in order. What a comparison of 10^7 runs keeps its cases and discrepancies in: heap use does not grow
 * with the number of runs. Reading is sequential ({@code get(i)} walks from the last position read, or from the start
 * when {@code i} is behind it); it is not {@link java.util.RandomAccess}, so streams and loops iterate it. Immutable
 * once {@link #done}; not thread-safe while being written.
 */
final class Spill<T> extends AbstractList<T> implements Sequential {
    /** Elements kept in memory before the list goes to a file. */
    static final int HELD = Integer.getInteger("fparity.spill.held", 20_000);

    /** How an element is written to and read from a spill file. */
    interface Codec<T> {
        void write(SpillOut out, T t) throws IOException;

        T read(SpillIn in) throws IOException;
    }

    private final Codec<T> codec;
    private List<T> kept = new ArrayList<>();
    private Path file;
    private SpillOut out;
    private int size;
    private boolean done;
    /** Elements kept in memory before the list goes to a file (tests make it small). */
    static volatile int held = HELD;

    // the sequential reader get(i) continues from
    private Reader cursor;

    // at most this many elements kept in memory by this list
    private final int limit;

    Spill(Codec<T> codec) {
        this(codec, 1);
    }

    /**
     * A list that is one of {@code lists} written at the same time (one per pair of a comparison): together they keep
     * at most about {@link #held} elements in memory, each its share. Each keeping {@link #held} made a comparison of
     * 26 pairs hold half a million discrepancies before any went to disk.
     */
    Spill(Codec<T> codec, int lists) {
        this.codec = codec;
        // -Dfparity.spill.held, read here as well as at start, lets a test outside this package make lists spill early
        int h = Integer.getInteger("fparity.spill.held", Spill.held);
        this.limit = Math.max(1, h / Math.max(1, lists));
    }

    /** How many of its elements a list holds in memory (a spill list, or a chain of them); -1 for any other list. */
    static int inMemory(List<?> l) {
        if (l instanceof Spill<?> s) return s.kept == null ? 0 : s.kept.size();
        if (l instanceof Chain<?> c) {
            int n = 0;
            for (List<?> p : c.parts) {
                int k = inMemory(p);
                if (k < 0) return -1;
                n += k;
            }
            return n;
        }
        return -1;
    }

    /** Appends one element (before {@link #done}). */
    @Override
    public boolean add(T t) {
        if (done) throw new UnsupportedOperationException("a spill list is read-only once done");
        try {
            if (out == null && kept.size() < limit) {
                kept.add(t);
            } else {
                if (out == null) {
                    file = SpillFiles.create("spill");
                    out = new SpillOut(Files.newOutputStream(file), 1 << 16);
                    for (T h : kept) codec.write(out, h);
                    kept = null;
                }
                codec.write(out, t);
            }
        } catch (IOException e) {
            throw FparityError.io("cannot write a temporary file of the comparison", e);
        }
        size++;
        return true;
    }

    /** Ends writing: the list is read-only from here on. Returns itself. */
    Spill<T> done() {
        if (done) return this;
        done = true;
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                throw FparityError.io("cannot write a temporary file of the comparison", e);
            }
            out = null;
        } else {
            kept = List.copyOf(kept);
        }
        return this;
    }

    /** Whether the elements live in a file rather than in memory. */
    boolean spilled() {
        return file != null;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public T get(int i) {
        java.util.Objects.checkIndex(i, size);
        done();
        if (kept != null) return kept.get(i);
        if (cursor == null || cursor.next > i) {
            if (cursor != null) cursor.close();
            cursor = new Reader();
        }
        T t = null;
        while (cursor.next <= i) t = cursor.next();
        return t;
    }

    @Override
    public Iterator<T> iterator() {
        done();
        if (kept != null) return kept.iterator();
        return new Reader();
    }

    /** Reads the file from its start; closes itself at the end. */
    private final class Reader implements Iterator<T> {
        private SpillIn in;
        private int next;

        Reader() {
            try {
                in = new SpillIn(Files.newInputStream(file), 1 << 16);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read a temporary file of the comparison", e);
            }
        }

        @Override
        public boolean hasNext() {
            if (next < size) return true;
            close();
            return false;
        }

        @Override
        public T next() {
            if (next >= size) throw new NoSuchElementException();
            try {
                T t = codec.read(in);
                next++;
                if (next == size) close();
                return t;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read a temporary file of the comparison", e);
            }
        }

        void close() {
            try {
                if (in != null) in.close();
            } catch (IOException e) {
                // read to the end already
            }
            in = null;
        }
    }

    /** The lists one after the other, as one read-only list (nothing copied). */
    static <T> List<T> chain(List<List<T>> parts) {
        List<List<T>> ps = List.copyOf(parts);
        int n = 0;
        for (List<T> p : ps) n += p.size();
        return new Chain<>(ps, n);
    }

    /** The parts of a list {@link #chain} made, in order; null for any other list. */
    static <T> List<List<T>> parts(List<T> l) {
        return l instanceof Chain<T> c ? c.parts : null;
    }

    private static final class Chain<T> extends AbstractList<T> implements Sequential {
        private final List<List<T>> parts;
        private final int size;

        Chain(List<List<T>> parts, int size) {
            this.parts = parts;
            this.size = size;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public T get(int i) {
            java.util.Objects.checkIndex(i, size);
            for (List<T> p : parts) {
                if (i < p.size()) return p.get(i);
                i -= p.size();
            }
            throw new IndexOutOfBoundsException(i);
        }

        @Override
        public Iterator<T> iterator() {
            // part by part, one element at a time: a flatMap stream's iterator pulls a whole part into a buffer before
            // handing out its first element (a pair's 10^5 discrepancies at 10^7 runs, all promoted at once)
            return new Iterator<>() {
                private final Iterator<List<T>> ps = parts.iterator();
                private Iterator<T> in = java.util.Collections.emptyIterator();

                @Override
                public boolean hasNext() {
                    while (!in.hasNext() && ps.hasNext()) in = ps.next().iterator();
                    return in.hasNext();
                }

                @Override
                public T next() {
                    if (!hasNext()) throw new NoSuchElementException();
                    return in.next();
                }
            };
        }
    }
}
