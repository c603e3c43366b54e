package org.fparity.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.fparity.compare.Cases;
import org.fparity.compare.Verdict;
import org.fparity.exec.Platform;
import org.fparity.ir.ProgramJson;

/**
 * {@code report --cases FILE}: every case of the campaign (one program on one input), one JSON object a line, written
 * as the walk over the cases hands them ({@link CasePass}), so that its length never sits in memory; report.json and
 * report.html keep the aggregates and the top cases. Written to a temporary file beside FILE and renamed onto it once
 * the report is written: a killed report leaves the old list or the new one.
 *
 * <p>A line: {@code program}, {@code input}, {@code precision}, {@code discrepant}, {@code majority} (the answer more
 * stable platforms gave than any other, or null), {@code results} (each stable platform's result, platforms in order),
 * {@code odd_ones_out}, {@code unstable} (each unstable platform's distinct results on reruns), {@code failed}
 * (platforms whose run ended without a result), {@code accepted} (why the policy accepted it, or null), {@code new}
 * (with a baseline only: disagreeing tonight and not then) and {@code micros} (wall time of all its runs).
 */
final class CaseLines implements AutoCloseable {
    private final Path target;
    private final Path tmp;
    private final FileChannel channel;
    private final Writer out;
    private final com.fasterxml.jackson.core.JsonGenerator g;
    private final Report r;
    private final Verdict.CaseDiff against;
    private boolean done;

    CaseLines(Report r, Path target) {
        this.r = r;
        this.target = target;
        against = r.verdict().against();
        try {
            Path dir = target.toAbsolutePath().getParent();
            if (dir != null) Files.createDirectories(dir);
            tmp = org.fparity.util.AtomicFiles.tempBeside(target);
            channel = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            out = new java.io.BufferedWriter(
                    new java.io.OutputStreamWriter(
                            java.nio.channels.Channels.newOutputStream(channel), StandardCharsets.UTF_8),
                    1 << 16);
            g = ProgramJson.MAPPER.getFactory().createGenerator(out);
            g.setRootValueSeparator(null);
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot write the case list " + target, e);
        }
    }

    /** Writes one case's line. */
    void add(Cases.Case c) throws IOException {
        g.writeStartObject();
        g.writeStringField("program", c.program());
        g.writeNumberField("input", c.input());
        g.writeStringField(
                "precision", c.precision() == null ? null : c.precision().id());
        g.writeBooleanField("discrepant", c.discrepant());
        g.writeStringField(
                "majority", c.majority() == null ? null : c.majority().hex());
        g.writeObjectFieldStart("results");
        for (Map.Entry<Platform, String> e : c.results().entrySet())
            g.writeStringField(e.getKey().label(), e.getValue());
        g.writeEndObject();
        labels("odd_ones_out", c.oddOnesOut());
        g.writeObjectFieldStart("unstable");
        for (Map.Entry<Platform, List<String>> e : c.unstable().entrySet()) {
            g.writeArrayFieldStart(e.getKey().label());
            for (String s : e.getValue()) g.writeString(s);
            g.writeEndArray();
        }
        g.writeEndObject();
        labels("failed", c.failed());
        g.writeStringField("accepted", c.discrepant() ? r.acceptance().cases().reason(c.program(), c.input()) : null);
        if (against != null)
            g.writeBooleanField("new", c.discrepant() && against.added().contains(c.key()));
        g.writeNumberField("micros", c.micros());
        g.writeEndObject();
        g.writeRaw('\n');
    }

    private void labels(String field, List<Platform> ps) throws IOException {
        g.writeArrayFieldStart(field);
        for (Platform p : ps) g.writeString(p.label());
        g.writeEndArray();
    }

    /** Ends the list: flushed and synced to the temporary file, not yet in place. */
    void finish() throws IOException {
        g.flush();
        out.flush();
        channel.force(true);
        g.close();
        out.close();
    }

    /** Puts the finished list in place of FILE. */
    Path commit() {
        try {
            org.fparity.util.AtomicFiles.replace(tmp, target);
            done = true;
            return target;
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot write the case list " + target, e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
            if (!done) Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // a hidden temporary beside FILE: the next report with the same FILE leaves its own
        }
    }
}
