package org.fparity.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.emit.Language;
import org.fparity.emit.Reproducer;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.util.ShellWords;

/**
 * One recorded case of a campaign (program × input) as a self-contained C reproducer ({@code fparity show CAMPAIGN
 * PROGRAM_ID --input K}): the input is built in, the build lines are the campaign's own C platforms' commands, and the
 * program prints what every platform recorded beside its own result.
 */
public final class CaseReproducer {
    private CaseReproducer() {}

    /** The reproducer's source; {@code platform} (a label such as {@code gcc@O3_FM}) limits the recorded lines to one platform. */
    public static String c(Campaign campaign, String programId, int input, String platform) {
        String id = resolve(campaign, programId);
        CampaignMeta.ProgramEntry entry = campaign.entry(id);
        Program program = Program.parse(entry.source());
        List<Input> inputs = entry.inputs();
        if (input < 0 || input >= inputs.size()) {
            throw new FparityError("--input " + input + ": program " + id + " has inputs 0.." + (inputs.size() - 1));
        }
        Map<String, String> recorded = new TreeMap<>();
        for (Outcome o : campaign.outcomes()) {
            if (!o.program().equals(id) || o.input() != input) continue;
            String label = new Platform(o.toolchain(), o.opt(), o.site(), o.node()).label();
            recorded.put(
                    label,
                    o.status() == Outcome.Status.OK ? o.hex() : o.status().name());
        }
        if (platform != null) {
            String want = platform.strip();
            if (!recorded.containsKey(want)) {
                throw new FparityError(
                        "--platform " + want + ": no result recorded for program " + id + " input " + input
                                + (recorded.isEmpty()
                                        ? " on any platform"
                                        : " (recorded: " + String.join(", ", recorded.keySet()) + ")"));
            }
            recorded.keySet().retainAll(List.of(want));
        }
        List<String> header = new ArrayList<>();
        header.add("fparity reproducer: program " + id + " ("
                + program.precision().id() + "), input " + input + " of campaign " + campaign.dir());
        header.add("input: " + String.join(" ", inputs.get(input).args()));
        header.add("");
        header.add("Build and run it as the campaign's C platforms did (any C99 compiler works; link -lm):");
        boolean any = false;
        for (CampaignMeta.PlatformRecord p : campaign.platforms()) {
            if (p.compile() == null || !Language.C.name().equalsIgnoreCase(p.language())) continue;
            String label = new Platform(p.toolchain(), p.opt(), p.site(), p.node()).label();
            List<String> argv = p.compile().stream()
                    .map(a -> a.replace("{src}", "repro.c").replace("{bin}", "repro"))
                    .toList();
            // shell-quoted: the argv came from a campaign file, perhaps another cluster's export
            header.add("  " + label + ": " + ShellWords.join(argv) + " && ./repro");
            any = true;
        }
        if (!any) header.add("  gcc -O2 -o repro repro.c -lm && ./repro");
        header.add("");
        header.add("It prints its own result (%a and %."
                + (program.precision().id().equals("fp32") ? 9 : 17) + "g), then one line per platform:");
        header.add(
                "'recorded PLATFORM VALUE', what the campaign recorded for this input (a status where the run did not finish).");
        List<Map.Entry<String, String>> lines = new ArrayList<>(recorded.entrySet());
        return Reproducer.c(program, inputs.get(input), lines, header);
    }

    /** The program id: exact, or a prefix only one program of the campaign has. */
    static String resolve(Campaign campaign, String programId) {
        String want = programId.strip();
        if (campaign.entry(want) != null) return want;
        List<String> matches = new ArrayList<>();
        for (CampaignMeta.ProgramEntry e : campaign.programEntries()) if (e.id().startsWith(want)) matches.add(e.id());
        int programs = campaign.programEntries().size();
        if (matches.size() == 1) return matches.getFirst();
        if (matches.isEmpty()) {
            throw new FparityError("no program " + want + " in campaign " + campaign.dir() + " (it has " + programs
                    + " programs; 'fparity report' lists them)");
        }
        throw new FparityError("program id " + want + " is ambiguous in campaign " + campaign.dir() + ": "
                + String.join(", ", matches.subList(0, Math.min(5, matches.size())))
                + (matches.size() > 5 ? ", …" : ""));
    }
}
