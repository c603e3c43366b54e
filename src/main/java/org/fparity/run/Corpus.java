package org.fparity.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.FparityError;
import org.fparity.campaign.CampaignMeta;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramFiles;

/**
 * A folder of a user's own programs ({@code .fp} canonical text, in it or below it) as the plan of a campaign
 * ({@code fparity run --corpus DIR}): each program runs on the {@code // input:} lines of its file, so a campaign of a
 * user's kernels is compared, reported and triaged as a generated one is. No seed and no grammar: the files are the
 * campaign.
 */
public final class Corpus {
    private Corpus() {}

    /** The setting that marks a corpus campaign (its folder, absolute). */
    public static final String SETTING = "corpus";

    /** The plan of the corpus in {@code dir}, programs in path order; anything wrong with a file is one line naming it (exit 2). */
    public static CampaignPlan plan(Path dir, int batch) {
        if (batch < 1) throw new FparityError("--batch must be at least 1");
        if (!Files.isDirectory(dir))
            throw new FparityError(
                    "--corpus " + dir + ": no such folder (expected a folder of .fp programs with '// input:' lines)");
        List<Path> files;
        try (var s = Files.walk(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".fp") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw FparityError.io("cannot list " + dir, e);
        }
        if (files.isEmpty()) throw new FparityError("--corpus " + dir + ": no .fp program in it");
        List<CampaignMeta.ProgramEntry> entries = new ArrayList<>();
        Map<String, Path> seen = new HashMap<>();
        int inputs = 0;
        for (Path f : files) {
            ProgramFiles.ProgramFile pf = ProgramFiles.read(f);
            Program p = pf.program();
            if (pf.inputs().isEmpty())
                throw new FparityError(f + ": no '// input:' line: a corpus program runs on the inputs its file lists");
            Path before = seen.putIfAbsent(p.id(), f);
            if (before != null)
                throw new FparityError(
                        f + ": the same program as " + before + " (id " + p.id() + "); keep one of them");
            List<Input> ins = new ArrayList<>();
            int k = 0;
            for (Input raw : pf.inputs()) {
                k++;
                Input in = ProgramFiles.tokens(p, String.join(" ", raw.args()));
                if (in.args().size() != p.params().size()) {
                    throw new FparityError(
                            f + ": input line " + k + " gives " + in.args().size() + " values; the program has "
                                    + p.params().size() + " parameters");
                }
                ins.add(in);
            }
            inputs += ins.size();
            String canonical = p.canonical();
            entries.add(new CampaignMeta.ProgramEntry(
                    p.id(), CampaignPlan.sha256(canonical), p.precision(), canonical, ins));
        }
        Map<String, String> settings = new TreeMap<>();
        settings.put(SETTING, dir.toAbsolutePath().normalize().toString());
        settings.put("programs", Integer.toString(entries.size()));
        settings.put("inputs", Integer.toString(inputs));
        settings.put("batch", Integer.toString(batch));
        return new CampaignPlan(0, null, settings, List.copyOf(entries), batch);
    }
}
