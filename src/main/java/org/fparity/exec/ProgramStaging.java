package org.fparity.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fparity.ExitCode;
import org.fparity.FparityError;

/**
 * Gets a site's program store ({@link ProgramBlobs}) the programs of some jobs before their job documents go there, each
 * program once per site: on a file system this machine shares with the site (a Slurm login node that is this machine),
 * written into the store folder directly; elsewhere (ssh) one question, which of these keys the store lacks, and one
 * transfer of those blobs, both answered by fparity on that side (its jars already staged), which checks each blob and
 * renames it into place. Remembers what the site has, so a resubmission or a reconnect stages nothing again. Also the
 * key of each program for the job documents ({@link #key}).
 */
public final class ProgramStaging {
    private final Shell shell;
    private final String store;
    private final Function<List<String>, List<String>> worker;
    private final Consumer<String> log;
    private final Function<JobSpec.ProgramText, byte[]> serialise;
    private final Map<JobSpec.ProgramText, String> keys = new IdentityHashMap<>();
    private final Set<String> there = new HashSet<>();
    /** The blobs of programs keyed but not yet staged, by key (dropped once the site has them). */
    private final Map<String, byte[]> unstaged = new HashMap<>();

    private long sentBytes;
    private int sent;

    /**
     * @param store  the store folder there ({@code <workdir>/programs})
     * @param worker the argv of {@code fparity worker} there with these arguments (for a store not on this machine)
     */
    public ProgramStaging(
            Shell shell, String store, Function<List<String>, List<String>> worker, Consumer<String> log) {
        this(shell, store, worker, log, ProgramStaging::blob);
    }

    /** {@code serialise}: a program's blob bytes ({@link ProgramBlobs#bytes}; a test counts the calls). */
    ProgramStaging(
            Shell shell,
            String store,
            Function<List<String>, List<String>> worker,
            Consumer<String> log,
            Function<JobSpec.ProgramText, byte[]> serialise) {
        this.shell = shell;
        this.store = store;
        this.worker = worker;
        this.log = log;
        this.serialise = serialise;
    }

    /** The store folder at the site. */
    public String store() {
        return store;
    }

    /**
     * A program's key in the store (its blob's hash; computed once per program object). The blob is kept until the
     * program is staged, so that each program is serialised once.
     */
    public synchronized String key(JobSpec.ProgramText p) {
        String k = keys.get(p);
        if (k == null) {
            byte[] b = serialise.apply(p);
            k = ProgramBlobs.key(b);
            keys.put(p, k);
            if (!there.contains(k)) unstaged.putIfAbsent(k, b);
        }
        return k;
    }

    private static byte[] blob(JobSpec.ProgramText p) {
        return ProgramBlobs.bytes(p.source(), p.inputs());
    }

    /** Blobs sent to the site so far, and their bytes (before compression for a transfer). */
    public synchronized long[] sent() {
        return new long[] {sent, sentBytes};
    }

    /** Makes sure the site's store has every program of {@code jobs}; exit 3 (the site) or 4 (its disk) with one line. */
    public synchronized void stage(List<JobSpec> jobs) throws InterruptedException {
        Map<String, byte[]> need = new LinkedHashMap<>();
        for (JobSpec j : jobs)
            for (JobSpec.ProgramText p : j.programs()) {
                String k = key(p);
                if (!there.contains(k)) need.putIfAbsent(k, unstaged.get(k));
            }
        if (need.isEmpty()) return;
        if (shell.sharesFileSystem()) {
            ProgramBlobs local = new ProgramBlobs(Path.of(store));
            int added = 0;
            for (var e : need.entrySet()) {
                byte[] b = e.getValue();
                if (local.put(e.getKey(), b)) {
                    added++;
                    sentBytes += b.length;
                }
            }
            sent += added;
            if (added > 0) log.accept("wrote " + added + " of " + need.size() + " programs to its store " + store);
        } else {
            List<String> missing = missing(need.keySet());
            if (!missing.isEmpty()) send(missing, need);
        }
        there.addAll(need.keySet());
        unstaged.keySet().removeAll(need.keySet());
    }

    private List<String> missing(Set<String> keys) throws InterruptedException {
        byte[] ask = (String.join("\n", keys) + "\n").getBytes(StandardCharsets.US_ASCII);
        Shell.Result r = run(List.of("--programs", store, "--missing"), ask, 600);
        List<String> missing = new ArrayList<>();
        for (String l : r.out().lines().map(String::strip).toList()) if (keys.contains(l)) missing.add(l);
        return missing;
    }

    private void send(List<String> missing, Map<String, byte[]> need) throws InterruptedException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        long[] raw = {0};
        try {
            ProgramBlobs.write(
                    gz,
                    () -> missing.stream()
                            .map(k -> {
                                byte[] b = need.get(k);
                                raw[0] += b.length;
                                return b;
                            })
                            .iterator());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        run(List.of("--programs", store, "--receive"), gz.toByteArray(), 1800);
        sent += missing.size();
        sentBytes += raw[0];
        log.accept("staged " + missing.size() + " of " + need.size() + " programs in " + store + " on "
                + shell.describe() + " (" + gz.size() + " bytes sent)");
    }

    private Shell.Result run(List<String> args, byte[] stdin, long timeout) throws InterruptedException {
        Shell.Result r;
        try {
            r = shell.run(worker.apply(args), stdin, timeout);
        } catch (IOException e) {
            throw new FparityError(
                    "cannot stage programs on " + shell.describe() + ": " + e.getMessage(), ExitCode.MISSING_TOOL);
        }
        if (shell.connectionLost(r))
            throw new FparityError(
                    "cannot stage programs: lost " + shell.describe() + " (" + Commands.firstLine(r) + ")",
                    ExitCode.MISSING_TOOL);
        if (!r.ok())
            throw new FparityError(
                    "cannot stage programs in " + store + " on " + shell.describe() + ": " + Commands.firstLine(r),
                    ExitCode.IO_FAILURE);
        return r;
    }
}
