package org.fparity.varity;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.OutcomeLog;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.util.Hashes;

/**
 * Writes an import as an ordinary campaign folder ({@code campaign.json}, the program store and {@code outcomes.jsonl}), so compare, report
 * and {@code run --campaign} treat it like any other. Recorded platforms say so ({@code recorded}: the file their
 * results came from), carry their site and node facts, and have no run command: fparity never claims to have run them.
 */
public final class VarityCampaign {
    private VarityCampaign() {}

    /**
     * Writes {@code r} to {@code out}, which must not exist yet; built beside it and renamed, so it is never half-written.
     * Returns the folder; it does not read the campaign back (a second copy of every outcome in memory).
     */
    public static Path write(VarityImport.Result r, Path out, String fparityVersion, Path source) {
        if (Files.exists(out)) throw new FparityError(out + " already exists; choose another --out or delete it");
        Path abs = out.toAbsolutePath().normalize();
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".importing-"
                + ProcessHandle.current().pid());
        try {
            Files.createDirectories(tmp);
            Map<String, String> settings = new TreeMap<>();
            settings.put("imported-from", source.toAbsolutePath().normalize().toString());
            settings.put(
                    "layouts",
                    String.join(",", new java.util.TreeSet<>(r.layouts().values())));
            settings.put("cases", Integer.toString(r.casesNamed()));
            settings.put("cases-not-imported", Integer.toString(r.casesNotImported()));
            settings.put("results", Integer.toString(r.resultsNamed()));
            settings.put("results-not-imported", Integer.toString(r.resultsNotImported()));
            Map<String, String> host = new LinkedHashMap<>();
            host.put("hostname", "(recorded by Varity elsewhere; see each platform's site)");

            Map<RecordedPlatform, String> ids = new LinkedHashMap<>();
            List<CampaignMeta.PlatformRecord> platforms = new ArrayList<>();
            for (RecordedPlatform p : r.platforms()) {
                CampaignMeta.PlatformRecord mp = platform(p);
                ids.put(p, mp.id());
                platforms.add(mp);
            }
            List<CampaignMeta.ProgramEntry> programs = new ArrayList<>();
            for (VarityImport.ImportedProgram ip : r.programs()) {
                String canonical = ip.program().canonical();
                programs.add(new CampaignMeta.ProgramEntry(
                        ip.program().id(),
                        Hashes.sha256Hex(canonical),
                        ip.program().precision(),
                        canonical,
                        ip.inputs()));
            }
            CampaignMeta meta = new CampaignMeta(
                    Campaign.SCHEMA,
                    fparityVersion,
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                    null,
                    null,
                    settings,
                    host,
                    platforms,
                    programs);
            try (OutcomeLog log =
                    OutcomeLog.open(tmp.resolve(Campaign.OUTCOMES), w -> {}, OutcomeLog.Form.of(meta.schema()))) {
                for (VarityImport.ImportedOutcome o : r.outcomes()) log.append(outcome(o, ids.get(o.platform())));
            }
            Campaign.writeMeta(tmp, meta); // this fparity's layout: the programs in the program store
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs);
            }
        } catch (IOException e) {
            deleteTree(tmp);
            throw new FparityError(
                    "cannot write " + out + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        } catch (RuntimeException e) {
            deleteTree(tmp);
            throw e;
        }
        return out;
    }

    static CampaignMeta.PlatformRecord platform(RecordedPlatform p) {
        List<String> compile = new ArrayList<>();
        compile.add(p.toolchain());
        if (p.flags() != null) compile.addAll(p.flags());
        else compile.add("(flags of '" + p.opt() + "' not documented by Varity)");
        Platform key = key(p);
        Map<String, String> facts = new TreeMap<>(p.node());
        return new CampaignMeta.PlatformRecord(
                key.key(),
                p.toolchain(),
                p.opt(),
                key.site(),
                key.node(),
                null,
                p.version(),
                compile,
                null,
                null,
                null,
                facts,
                p.source(),
                null,
                null);
    }

    static Outcome outcome(VarityImport.ImportedOutcome o, String platformId) {
        Platform k = key(o.platform());
        return new Outcome(
                o.program(),
                o.input(),
                k.toolchain(),
                k.opt(),
                k.site(),
                k.node(),
                Outcome.Status.OK,
                o.hex(),
                null,
                platformId,
                o.micros());
    }

    /** The platform's identity: its site, and its GPU and runtime as node facts, so a V100 and an A100 are two platforms. */
    public static Platform key(RecordedPlatform p) {
        return new Platform(p.toolchain(), p.opt(), p.site(), Platform.nodeLabel(p.node()));
    }

    private static void deleteTree(Path p) {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
        } catch (IOException ignored) {
            // a leftover temporary folder is named after this process and harmless
        }
    }
}
