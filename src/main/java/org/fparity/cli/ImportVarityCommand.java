package org.fparity.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.varity.RecordedPlatform;
import org.fparity.varity.VarityCampaign;
import org.fparity.varity.VarityImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity import-varity}: a Varity campaign (upstream, HIP fork, cuda_examples) as an fparity campaign. */
@Command(
        name = "import-varity",
        mixinStandardHelpOptions = true,
        description =
                "Import a Varity campaign (results.json + _tests, the HIP fork's, or cuda_examples) as a campaign of recorded platforms.")
public final class ImportVarityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "PATH",
            description =
                    "A Varity campaign folder, its results.json, a cuda_examples folder, or a folder holding several.")
    Path path;

    @Option(
            names = "--out",
            paramLabel = "CAMPAIGN",
            description = "Campaign folder to create (default: campaigns/varity-<name of PATH>).")
    Path out;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long t0 = System.nanoTime();
        VarityImport.Result r = VarityImport.read(path);
        for (String p : r.problems()) err.println("fparity: " + p);
        err.flush();
        if (r.programs().isEmpty()) {
            throw new FparityError(path + ": nothing importable (" + r.casesNamed() + " cases, "
                    + r.problems().size() + " problems above)");
        }
        Path name = path.toAbsolutePath().normalize().getFileName();
        Path dir = out != null
                ? out
                : Path.of(
                        "campaigns",
                        "varity-" + (name == null ? "import" : name.toString().replace(".json", "")));
        Path c = VarityCampaign.write(r, dir, Main.VERSION, path);
        double secs = (System.nanoTime() - t0) / 1e9;
        o.printf(
                "imported %s (%s) into %s in %.2f s%n",
                path, String.join(", ", new java.util.TreeSet<>(r.layouts().values())), c, secs);
        o.printf(
                "  cases:    %d named, %d imported, %d not imported%n",
                r.casesNamed(), r.casesNamed() - r.casesNotImported(), r.casesNotImported());
        o.printf(
                "  programs: %d (distinct IR programs)   inputs: %d%n",
                r.programs().size(), r.inputs());
        o.printf(
                "  results:  %d recorded, %d imported, %d not imported%n",
                r.resultsNamed(), r.outcomes().size(), r.resultsNotImported());
        Map<String, Integer> perPlatform = new TreeMap<>();
        for (VarityImport.ImportedOutcome x : r.outcomes()) perPlatform.merge(label(x.platform()), 1, Integer::sum);
        o.println("  recorded platforms (results fparity did not run):");
        for (RecordedPlatform p : r.platforms()) {
            o.printf(
                    "    %-50s %5d results  %s%s%n",
                    label(p),
                    perPlatform.getOrDefault(label(p), 0),
                    p.flags() == null ? "flags not documented" : String.join(" ", p.flags()),
                    p.node().isEmpty() ? "" : "  " + new TreeMap<>(p.node()));
        }
        if (!r.problems().isEmpty()) o.println("  " + r.problems().size() + " problems (listed on stderr)");
        o.println("next: fparity compare " + c + "   or add local toolchains: fparity run --campaign " + c
                + " --toolchains gcc");
        o.flush();
        return ExitCode.OK.code();
    }

    private static String label(RecordedPlatform p) {
        return VarityCampaign.key(p).key();
    }
}
