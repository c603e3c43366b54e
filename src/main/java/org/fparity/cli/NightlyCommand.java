package org.fparity.cli;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.Callable;
import org.fparity.FparityError;
import org.fparity.nightly.Nightly;
import org.fparity.nightly.NightlyConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fparity nightly}: the acceptance test a CI schedule runs; its exit code is the verdict. */
@Command(
        name = "nightly",
        mixinStandardHelpOptions = true,
        description =
                "Generate tonight's programs, run them on every cluster, merge, compare with last night and across sites, report. "
                        + "Exit 0 nothing new, 1 new discrepancies, 2 configuration or tool error, 3 a cluster failed (partial results reported).")
public final class NightlyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--config",
            required = true,
            paramLabel = "FILE",
            description = "nightly.json (see runners/nightly/README.md).")
    Path config;

    @Option(
            names = "--date",
            paramLabel = "YYYY-MM-DD",
            description =
                    "The night to run (default: today, UTC); also the seed when the config says \"seed\": \"date\".")
    String date;

    @Option(
            names = "--history",
            paramLabel = "DIR",
            description = "History folder (default: the config's \"history\").")
    Path history;

    @Override
    public Integer call() throws Exception {
        NightlyConfig cfg = NightlyConfig.load(config);
        if (history != null) cfg = cfg.withHistory(history);
        LocalDate night;
        try {
            night = date == null ? LocalDate.now(ZoneOffset.UTC) : LocalDate.parse(date);
        } catch (java.time.format.DateTimeParseException e) {
            throw new FparityError("--date '" + date + "': expected YYYY-MM-DD");
        }
        Nightly.Result r = Nightly.run(cfg, night, Main.VERSION, s -> System.err.println("fparity: " + s));
        var o = spec.commandLine().getOut();
        // in cases, as the night's report says (its platform pairs are detail there)
        o.println("night " + night + ": " + r.headline() + (r.baseline() == null ? " (no earlier night)" : ""));
        if (r.causes() != null)
            o.println(org.fparity.util.Names.printableText(
                    "causes: " + org.fparity.report.Report.causesHeadline(r.causes())));
        r.failures().forEach((c, why) -> o.println("missing: cluster " + c + ": " + why));
        o.println("report: " + r.report().resolve("report.html") + "   history: "
                + cfg.history().resolve("index.html"));
        boolean inCauses = r.causes() != null && r.causes().compared();
        o.println(org.fparity.util.Names.printableText(
                switch (r.exitCode()) {
                    case 0 -> inCauses ? "verdict: only known causes (exit 0)" : "verdict: nothing new (exit 0)";
                    case 1 ->
                        inCauses
                                ? "verdict: " + newCauses(r.causes()) + " (exit 1)"
                                : r.baseline() == null
                                        ? "verdict: findings (exit 1)"
                                        : "verdict: new findings (exit 1)";
                    default -> "verdict: infrastructure failure, partial results (exit 3)";
                }));
        o.flush();
        return r.exitCode();
    }

    /** {@code new root cause: TITLE [KEY]; …}, or else new cases no decided cause explains. */
    private static String newCauses(org.fparity.report.CauseVerdict cv) {
        java.util.List<String> named = new java.util.ArrayList<>();
        for (org.fparity.report.CauseVerdict.Row row : cv.red())
            named.add(row.cause().title() + " [" + row.cause().key() + "]");
        if (!named.isEmpty())
            return (named.size() == 1 ? "new root cause: " : "new root causes: ") + String.join("; ", named);
        return "new findings: cases no decided cause explains, or unstable results (see the report)";
    }
}
