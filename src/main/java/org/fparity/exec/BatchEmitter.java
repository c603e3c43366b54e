package org.fparity.exec;

import java.util.List;

/**
 * Writes the source of one batch binary for one toolchain: the seam between {@code emit} and {@code exec}. The source
 * must follow the harness protocol (stdin {@code index tok…}, one flushed answer line per input line, index = the
 * program's position in {@code programIds}).
 */
@FunctionalInterface
public interface BatchEmitter {
    /**
     * @param className  a valid class name for the batch (Java needs the public class to match its file)
     * @param programIds the programs of the batch, in index order
     */
    String emit(String className, List<String> programIds);

    /**
     * The class (and source file stem) the emitter will really use for a batch named {@code batchName}: emitters with
     * a fixed class name (Java's {@code FparityHarness}) override this.
     */
    default String className(String batchName) {
        return batchName;
    }
}
