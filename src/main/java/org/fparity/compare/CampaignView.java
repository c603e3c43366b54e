package org.fparity.compare;

import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.ir.Precision;

/**
 * The slice of a campaign that comparison and reports read: its name, where and with what it ran, its programs and
 * its outcomes. Kept separate from the on-disk campaign ({@link CampaignFiles#load} makes one from a folder) so
 * compare and report can be fed from anywhere: tests, a merge of two clusters' campaigns, a nightly's history.
 *
 * @param host     host facts (hostname, cpu, os …), shown in reports as given
 * @param versions tool versions (fparity, each toolchain's exact compiler version string …)
 * @param programs   by program id; a program without an entry is taken as FP64 with no source
 * @param reruns     repeated runs of disagreeing cases ({@code reruns-K.jsonl}: attempt K's outcomes), in attempt order;
 *                   a platform whose result changes between them is unstable for that case ({@link Cases})
 * @param provenance how to make the campaign again: command line, seed, grammar and its SHA-256, fparity version,
 *                   creation time, folder (keys as {@link CampaignFiles#load} spells them); empty when unknown
 * @param incomplete why planned runs have no outcome (how many, one of them, still running or interrupted), or null
 *                   when every planned run has one or nothing is known of a plan ({@link org.fparity.campaign.CampaignGaps})
 */
public record CampaignView(
        String name,
        Map<String, String> host,
        Map<String, String> versions,
        Map<String, ProgramInfo> programs,
        List<Outcome> outcomes,
        List<List<Outcome>> reruns,
        Map<String, String> provenance,
        String incomplete) {
    public CampaignView {
        host = Map.copyOf(host);
        versions = Map.copyOf(versions);
        // a campaign read from its folder: programs looked up in its store, outcomes sorted by case on disk, never held
        programs = programs instanceof ProgramTable ? programs : Map.copyOf(programs);
        outcomes = outcomes instanceof Sequential ? outcomes : List.copyOf(outcomes);
        reruns = reruns.stream()
                .map(r -> r instanceof Sequential ? r : List.copyOf(r))
                .toList();
        provenance = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(provenance));
    }

    /** A campaign whose plan is not known (tests, a view made elsewhere): nothing is said to be missing. */
    public CampaignView(
            String name,
            Map<String, String> host,
            Map<String, String> versions,
            Map<String, ProgramInfo> programs,
            List<Outcome> outcomes,
            List<List<Outcome>> reruns,
            Map<String, String> provenance) {
        this(name, host, versions, programs, outcomes, reruns, provenance, null);
    }

    /** A campaign without reruns or provenance (tests, imports). */
    public CampaignView(
            String name,
            Map<String, String> host,
            Map<String, String> versions,
            Map<String, ProgramInfo> programs,
            List<Outcome> outcomes) {
        this(name, host, versions, programs, outcomes, List.of(), Map.of());
    }

    /**
     * The same campaign seen through these platforms only: their outcomes and reruns. What {@code compare --pair}
     * looks at, so that its cases, health and ranking are the pair's, not the whole campaign's.
     */
    public CampaignView only(java.util.Set<Platform> keep) {
        if (outcomes instanceof CaseSpill.Outcomes s) {
            return new CampaignView(
                    name,
                    host,
                    versions,
                    programs,
                    s.only(keep),
                    reruns.stream()
                            .map(r -> r instanceof CaseSpill.Outcomes a ? (List<Outcome>) a.only(keep) : r)
                            .toList(),
                    provenance,
                    incomplete);
        }
        java.util.function.Predicate<Outcome> in = o -> keep.contains(Platform.of(o));
        return new CampaignView(
                name,
                host,
                versions,
                programs,
                outcomes.stream().filter(in).toList(),
                reruns.stream()
                        .map(attempt -> attempt.stream().filter(in).toList())
                        .toList(),
                provenance,
                incomplete);
    }

    public Precision precision(String programId) {
        if (programs instanceof ProgramTable t) return t.precision(programId);
        ProgramInfo p = programs.get(programId);
        return p == null || p.precision() == null ? Precision.FP64 : p.precision();
    }

    /** The program's source text, or null when the campaign does not have it. */
    public String source(String programId) {
        if (programs instanceof ProgramTable t) return t.source(programId);
        ProgramInfo p = programs.get(programId);
        return p == null ? null : p.source();
    }

    /** The values of one input of a program (hex-float tokens, as the harness reads them), or null when unknown. */
    public org.fparity.ir.Input input(String programId, int index) {
        if (programs instanceof ProgramTable t) return t.input(programId, index);
        ProgramInfo p = programs.get(programId);
        return p == null || index < 0 || index >= p.inputs().size()
                ? null
                : p.inputs().get(index);
    }
}
