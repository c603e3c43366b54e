package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.Outcome;
import org.fparity.util.Executables;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show CAMPAIGN PROGRAM_ID --input K}: a C reproducer that builds with -Werror and prints what the campaign recorded. */
@Tag("tools")
class ShowReproducerToolsTest {
    @TempDir
    Path tmp;

    @Test
    void everyCaseBuildsWithWerrorAndPrintsTheBitsGccRecordedAtThatOptLevel() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Path camp = tmp.resolve("camp");
        Cli.Run run = Cli.fparity(
                "run",
                "--programs",
                "3",
                "--inputs",
                "2",
                "--precision",
                "both",
                "--seed",
                "5",
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O3_FM",
                "--out",
                camp.toString(),
                "--no-report");
        assertEquals(0, run.exit(), run.err());
        Campaign c = Campaign.load(camp);
        assertEquals(6, c.programEntries().size());
        int checked = 0;
        for (CampaignMeta.ProgramEntry p : c.programEntries()) {
            for (int input = 0; input < p.inputs().size(); input++) {
                // a prefix of the id names the program when only one has it
                Cli.Run show = Cli.fparity(
                        "show", camp.toString(), p.id().substring(0, 10), "--input", Integer.toString(input));
                assertEquals(0, show.exit(), show.err());
                Path dir = Files.createDirectories(tmp.resolve(p.id() + "-" + input));
                Files.writeString(dir.resolve("repro.c"), show.out());
                for (CampaignMeta.PlatformRecord platform : c.platforms()) {
                    Outcome recorded = outcome(c, p.id(), input, platform.opt());
                    List<String> cc = new ArrayList<>();
                    for (String a : platform.compile())
                        cc.add(a.replace("{src}", "repro.c").replace("{bin}", "repro"));
                    cc.addAll(1, List.of("-Wall", "-Wextra", "-Werror"));
                    Processes.Captured b =
                            Processes.command(cc).dir(dir).timeoutSeconds(300).capture();
                    assertEquals(
                            0,
                            b.result().exitCode(),
                            "no warning under -Wall -Wextra -Werror: " + String.join(" ", cc) + "\n" + b.stderr());
                    Processes.Captured r = Processes.command(
                                    dir.resolve("repro").toString())
                            .dir(dir)
                            .timeoutSeconds(60)
                            .capture();
                    assertEquals(0, r.result().exitCode(), r.stderr());
                    List<String> lines = r.stdout().lines().toList();
                    assertEquals(
                            recorded.hex(),
                            lines.getFirst().split(" ")[0],
                            "the reproducer built as gcc@" + platform.opt()
                                    + " prints the bits the campaign recorded there (" + p.id() + " input " + input
                                    + ")");
                    assertTrue(lines.contains("recorded gcc@" + platform.opt() + " " + recorded.hex()), r.stdout());
                    checked++;
                }
            }
        }
        assertEquals(6 * 2 * 2, checked);

        Cli.Run one = Cli.fparity(
                "show", camp.toString(), c.programEntries().getFirst().id(), "--input", "1", "--platform", "gcc@O3_FM");
        assertEquals(0, one.exit(), one.err());
        assertTrue(
                one.out().contains("{\"gcc@O3_FM\", ") && !one.out().contains("{\"gcc@O0\", "),
                "only the platform asked for: " + one.out());
        Cli.Run noInput = Cli.fparity(
                "show", camp.toString(), c.programEntries().getFirst().id(), "--input", "7");
        assertEquals(2, noInput.exit());
        assertEquals(
                "fparity: --input 7: program " + c.programEntries().getFirst().id() + " has inputs 0..1\n",
                noInput.err());
        Cli.Run noProgram = Cli.fparity("show", camp.toString(), "zzzz");
        assertEquals(2, noProgram.exit());
        assertTrue(noProgram.err().startsWith("fparity: no program zzzz in campaign "), noProgram.err());
    }

    private static Outcome outcome(Campaign c, String program, int input, String opt) {
        for (Outcome o : c.outcomes()) {
            if (o.program().equals(program)
                    && o.input() == input
                    && o.opt().equals(opt)
                    && o.status() == Outcome.Status.OK) return o;
        }
        throw new AssertionError("no OK outcome of " + program + " input " + input + " at " + opt);
    }
}
