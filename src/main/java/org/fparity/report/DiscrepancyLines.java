package org.fparity.report;

import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code report --discrepancies FILE}: every discrepancy of the campaign, one JSON object a line with the fields of
 * report.json's entries, written as report.json's list is (in the same read of the discrepancies), so that a report
 * whose report.json lists only the top ones ({@link ListedDiscrepancies}) loses none. Written to a temporary file beside
 * FILE and renamed onto it once the report is in place, as {@code --cases} is: a killed report leaves the old list or
 * the new one.
 */
final class DiscrepancyLines implements AutoCloseable {
    private final Path target;
    private final Path tmp;
    private final FileChannel channel;
    /** Where the lines are written. */
    final Utf8 out;

    private boolean done;

    DiscrepancyLines(Path target) {
        this.target = target;
        try {
            Path dir = target.toAbsolutePath().getParent();
            if (dir != null) Files.createDirectories(dir);
            tmp = org.fparity.util.AtomicFiles.tempBeside(target);
            channel = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            out = new Utf8(Channels.newOutputStream(channel));
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot write the discrepancy list " + target, e);
        }
    }

    /** Ends the list: written and synced to the temporary file, not yet in place. */
    void finish() throws IOException {
        out.drain();
        channel.force(true);
    }

    /** Puts the finished list in place of FILE. */
    void commit() {
        try {
            channel.close();
            org.fparity.util.AtomicFiles.replace(tmp, target);
            done = true;
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot write the discrepancy list " + target, e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
            if (!done) Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // a hidden temporary beside FILE: the next report with the same FILE leaves its own
        }
    }
}
