package org.fparity.transfer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignLock;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.CanonicalOutcome;
import org.fparity.campaign.OutcomeLines;
import org.fparity.campaign.OutcomeLog;
import org.fparity.campaign.ProgramStore;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;

/**
 * Merges campaigns (one per cluster, usually) into one whose platforms come from all of them. Programs are matched by
 * the hash of their text, inputs by their exact tokens; everything is kept in order of first appearance, which makes
 * merging associative, and a campaign merged with itself is itself. A program only some campaigns have is kept and
 * reported. The same platform with a different result for the same run is a conflict: the merge is refused, naming
 * it, never resolved by picking a side. Rerun attempts ({@code reruns-K.jsonl}, the evidence that a platform is
 * unstable) are merged the same way, attempt by attempt, so they stay with the outcomes they rerun.
 *
 * <p>Memory: per program where it lands ({@link MergedPrograms}: no program's text or inputs, which are read from the
 * inputs' stores as the merged store is written), plus one entry per run only for platforms that more than one input
 * has (the usual case, each cluster bringing its own platforms, needs none); outcomes are streamed from the inputs to
 * the output.
 */
public final class CampaignMerge {
    private CampaignMerge() {}

    /**
     * What a merge did.
     *
     * @param partial   programs not every input has, with the inputs (by name) that have them
     * @param duplicates runs present, with the same result, in more than one input (kept once)
     */
    public record Result(
            Path campaign,
            int programs,
            int platforms,
            long outcomes,
            long duplicates,
            Map<String, List<String>> partial) {}

    /** One input: its name (the path as given), folder and campaign.json. */
    private record Source(String name, Path dir, CampaignMeta meta) {}

    /** Seams for tests: each input's programs as read, and each log's name as its merge starts. */
    static java.util.function.UnaryOperator<List<CampaignMeta.ProgramEntry>> programsOf = p -> p;

    static java.util.function.Consumer<String> beforeLog = file -> {};

    public static Result merge(List<Path> inputs, Path target) {
        if (inputs.isEmpty()) throw new FparityError("merge needs at least one campaign");
        if (Files.exists(target)) throw new FparityError(target + " already exists; merge into a new folder (--out)");
        List<Source> sources = new ArrayList<>();
        // what matching needs of each program (id, hash of its text) is gathered in the read that opens its store
        List<MergedPrograms.Seen> seen = new ArrayList<>();
        for (Path p : inputs) {
            if (!Files.isDirectory(p))
                throw new FparityError("campaign '" + p + "' not found (expected a folder with campaign.json)");
            MergedPrograms.Seen each = new MergedPrograms.Seen();
            CampaignMeta m = Campaign.readMeta(p, each);
            if (m == null) throw new FparityError(p + ": not a campaign (no " + Campaign.META + ")");
            sources.add(new Source(p.toString(), p, m));
            seen.add(each);
        }

        // Programs by hash of their text, in order of first appearance; inputs likewise within each program. Only
        // where each lands is kept: the programs are read again as the merged store is written.
        MergedPrograms programs = MergedPrograms.match(
                sources.stream().map(Source::name).toList(),
                sources.stream().map(Source::dir).toList(),
                sources.stream().map(s -> programsOf.apply(s.meta().programs())).toList(),
                seen);
        for (int i = 1; i < sources.size(); i++) {
            if (!programs.sharesWithEarlier(i)) {
                throw new FparityError(sources.get(i).name() + " shares no program with "
                        + sources.getFirst().name() + (i > 1 ? " or the others" : "")
                        + ": these are different campaigns, not the same one run elsewhere");
            }
        }
        Map<String, List<String>> partial = programs.partial();

        // Platform records by id; the same id must describe the same platform. Platforms (Platform, the one
        // identity)
        // that more than one input brings are where the same run can meet itself: only their runs are remembered.
        Map<String, CampaignMeta.PlatformRecord> platforms = new LinkedHashMap<>();
        Map<Platform, Integer> inputsWith = new HashMap<>();
        for (Source s : sources) {
            Set<Platform> here = new HashSet<>();
            for (CampaignMeta.PlatformRecord p : s.meta().platforms()) {
                CampaignMeta.PlatformRecord had = platforms.putIfAbsent(p.id(), p);
                if (had != null && !had.equals(p)) {
                    throw new FparityError("platform " + p.id() + " is recorded differently in " + s.name()
                            + " than in an earlier campaign (" + difference(had, p) + ")");
                }
                here.add(p.platform());
            }
            for (Platform k : here) inputsWith.merge(k, 1, Integer::sum);
        }
        Set<Platform> shared = new HashSet<>();
        inputsWith.forEach((k, n) -> {
            if (n > 1) shared.add(k);
        });

        CampaignMeta first = sources.getFirst().meta();
        Map<String, String> settings = new LinkedHashMap<>();
        for (Source s : sources) s.meta().settings().forEach(settings::putIfAbsent);
        CampaignMeta meta = new CampaignMeta(
                Campaign.SCHEMA,
                first.fparity(),
                first.created(),
                first.seed(),
                first.grammar(),
                settings,
                first.host(),
                List.copyOf(platforms.values()),
                List.of());

        Path parent = target.toAbsolutePath().getParent();
        Path tmp;
        try {
            Files.createDirectories(parent);
            // what a killed merge into the same folder left behind goes first; this one's folder is locked while it
            // works
            org.fparity.util.Leftovers.clean(parent, "." + target.getFileName() + ".merge-", "");
            tmp = org.fparity.util.Leftovers.tempDir(parent, "." + target.getFileName() + ".merge-");
        } catch (IOException e) {
            throw new FparityError(
                    "cannot create " + target + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        boolean done = false;
        try {
            // the merged program store first: writing it tells where each input's programs and inputs land
            ProgramStore.Entries store = ProgramStore.write(tmp, programs.merged());
            List<Map<String, MergedPrograms.Target>> targets = new ArrayList<>();
            for (int s = 0; s < sources.size(); s++) targets.add(programs.targets(s));
            Log merged = mergeLog(sources, targets, Campaign.OUTCOMES, tmp, shared, inputsWith);
            // The rerun attempts (reruns-K.jsonl: the evidence that a platform is unstable) are merged attempt by
            // attempt
            // the same way: a campaign's reruns stay with its outcomes.
            int attempts = 0;
            for (Source s : sources) {
                int k = 0;
                while (Files.exists(s.dir().resolve(Campaign.rerunFile(k + 1)))) k++;
                attempts = Math.max(attempts, k);
            }
            for (int k = 1; k <= attempts; k++)
                mergeLog(sources, targets, Campaign.rerunFile(k), tmp, shared, inputsWith);
            long written = merged.written();
            long dups = merged.duplicates();
            Campaign.writeMeta(tmp, meta.withPrograms(store, new ProgramStore.Info(ProgramStore.FILE, store.size())));
            org.fparity.util.Leftovers.release(tmp);
            try {
                Files.move(tmp, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw movedInto(target, e);
            }
            done = true;
            return new Result(target, store.size(), platforms.size(), written, dups, partial);
        } catch (IOException e) {
            throw new FparityError(
                    "cannot merge into " + target + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        } finally {
            if (!done) {
                org.fparity.util.Leftovers.release(tmp);
                CampaignImport.deleteTree(tmp);
            }
        }
    }

    /**
     * The error of a finished campaign folder that could not be renamed onto {@code target}: another command made the
     * folder meanwhile (named when it still writes it), or the rename itself failed.
     */
    static FparityError movedInto(Path target, IOException e) {
        if (Files.exists(target)) {
            String holder = CampaignLock.holderOf(target);
            return new FparityError(
                    "cannot create " + target + ": another command created it meanwhile"
                            + (holder != null ? " and is still writing it (" + holder + ")" : "") + "; nothing written",
                    ExitCode.IO_FAILURE);
        }
        return new FparityError(
                "cannot create " + target + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
    }

    /** How many outcome lines a merged log got, and how many duplicates it left out. */
    private record Log(long written, long duplicates) {}

    /**
     * Merges the log {@code file} ({@code outcomes.jsonl}, {@code reruns-1.jsonl} …) of every source into {@code dir}, in
     * source order; a source without that file adds nothing. Duplicates of a run are written once, a conflict refused.
     */
    private static Log mergeLog(
            List<Source> sources,
            List<Map<String, MergedPrograms.Target>> landing,
            String file,
            Path dir,
            Set<Platform> shared,
            Map<Platform, Integer> inputsWith)
            throws IOException {
        beforeLog.accept(file);
        long written = 0;
        long dups = 0;
        // run key → status and result, only for runs of shared platforms (and unlisted ones)
        Map<String, String> seen = new HashMap<>();
        // written compact (the merged campaign's layout, Campaign.SCHEMA) as the lines are copied
        try (OutputStream out = new org.fparity.campaign.CompactingOutput(
                new BufferedOutputStream(Files.newOutputStream(dir.resolve(file)), 1 << 16))) {
            for (int at = 0; at < sources.size(); at++) {
                Source s = sources.get(at);
                // Where each of this input's programs lands: the merged id (and its bytes, when they can be written as
                // they are) and inputs.
                Map<String, MergedPrograms.Target> targets = landing.get(at);
                CanonicalOutcome canonical = new CanonicalOutcome();
                Map<Segment, Platform> keys = new HashMap<>();
                Segment probe = new Segment();
                try (OutcomeLines lines = OutcomeLines.open(s.dir().resolve(file))) {
                    while (lines.nextLine()) {
                        if (lines.blank()) continue;
                        byte[] b = lines.line();
                        int len = lines.length();
                        MergedPrograms.Target t;
                        if (canonical.match(b, 0, len)
                                && canonical.end == len
                                && (t = canonical.lookup(b, targets)) != null
                                && canonical.input < t.inputs().length
                                && (t.bytes() != null || t.same() && t.inputs()[canonical.input] == canonical.input)) {
                            // fparity's own spelling: checked and copied as bytes, with the program and input renamed
                            // in place
                            // where the merge renames them; what the writer would write for the renamed outcome, byte
                            // for byte.
                            int input = t.inputs()[canonical.input];
                            Platform pk = keys.get(probe.of(b, canonical.platformFrom, canonical.platformTo));
                            if (pk == null) {
                                pk = lines.outcome().platformKey();
                                keys.put(probe.copy(), pk);
                            }
                            if (remember(pk, shared, inputsWith)) {
                                if (seen(seen, t.id(), input, pk, canonical.result(b), s)) {
                                    dups++;
                                    continue;
                                }
                            }
                            if (t.same() && input == canonical.input) {
                                out.write(b, 0, len);
                            } else {
                                out.write(b, 0, canonical.programFrom);
                                out.write(t.bytes());
                                out.write(b, canonical.programTo, canonical.inputFrom - canonical.programTo);
                                out.write(Integer.toString(input).getBytes(StandardCharsets.US_ASCII));
                                out.write(b, canonical.inputTo, len - canonical.inputTo);
                            }
                        } else {
                            Outcome o = lines.outcome();
                            MergedPrograms.Target to = targets.get(o.program());
                            if (to == null || o.input() < 0 || o.input() >= to.inputs().length) {
                                throw new FparityError(lines.where() + ": outcome of program " + o.program() + " input "
                                        + o.input() + ", which the campaign does not list");
                            }
                            Outcome m = o.at(to.id(), to.inputs()[o.input()]);
                            Platform pk = o.platformKey();
                            if (remember(pk, shared, inputsWith)
                                    && seen(seen, m.program(), m.input(), pk, o.status() + " " + o.hex(), s)) {
                                dups++;
                                continue;
                            }
                            out.write(OutcomeLog.WRITER.writeValueAsBytes(m));
                        }
                        out.write('\n');
                        written++;
                    }
                }
            }
        }
        return new Log(written, dups);
    }

    /**
     * Runs of a platform that more than one input brings are where the same run can meet itself; so are runs of a
     * platform no input lists (nothing says they cannot meet). Only those runs are remembered.
     */
    private static boolean remember(Platform pk, Set<Platform> shared, Map<Platform, Integer> inputsWith) {
        return shared.contains(pk) || !inputsWith.containsKey(pk);
    }

    /** True when the run was seen before with the same result (a duplicate); a different result is a conflict. */
    private static boolean seen(
            Map<String, String> seen, String program, int input, Platform pk, String result, Source s) {
        String key = program + "/" + input + "/" + pk.key();
        String before = seen.putIfAbsent(key, result);
        if (before == null) return false;
        if (!before.equals(result)) {
            throw new FparityError("conflict: " + program + " input " + input + " on " + pk.key() + " is " + before
                    + " in an earlier campaign but " + result + " in " + s.name()
                    + "; not merged (rerun that platform or drop one side)");
        }
        return true;
    }

    /** A run of bytes as a map key: a probe pointing into a line for look-ups, a copy for keeping. */
    private static final class Segment {
        private byte[] b;
        private int from;
        private int to;
        private int hash;

        Segment of(byte[] b, int from, int to) {
            this.b = b;
            this.from = from;
            this.to = to;
            int h = 1;
            for (int i = from; i < to; i++) h = 31 * h + b[i];
            hash = h;
            return this;
        }

        Segment copy() {
            return new Segment().of(java.util.Arrays.copyOfRange(b, from, to), 0, to - from);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Segment x && java.util.Arrays.equals(b, from, to, x.b, x.from, x.to);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private static String difference(CampaignMeta.PlatformRecord a, CampaignMeta.PlatformRecord b) {
        if (!Objects.equals(a.version(), b.version())) return "version '" + a.version() + "' vs '" + b.version() + "'";
        if (!Objects.equals(a.compile(), b.compile())) return "compile " + a.compile() + " vs " + b.compile();
        if (!Objects.equals(a.run(), b.run())) return "run " + a.run() + " vs " + b.run();
        if (!Objects.equals(a.env(), b.env())) return "env " + a.env() + " vs " + b.env();
        if (!Objects.equals(a.host(), b.host())) return "host " + a.host() + " vs " + b.host();
        return a + " vs " + b;
    }
}
