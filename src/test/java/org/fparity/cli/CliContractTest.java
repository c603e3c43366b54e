package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fparity.ExitCode;
import org.fparity.compare.CampaignFixtures;
import org.fparity.compare.PlantedFaults;
import org.fparity.exec.Clusters;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** One CLI contract: exit codes, refusals with their cost, I/O reasons, JSON errors in words, help and README. */
class CliContractTest {
    @TempDir
    Path tmp;

    /** Every command and subcommand, by the arguments that name it ("bench reduce" → [bench, reduce]). */
    private static Map<String, List<String>> commands() {
        Map<String, List<String>> all = new TreeMap<>();
        walk(new CommandLine(new Main()), new ArrayList<>(), all);
        return all;
    }

    private static void walk(CommandLine cl, List<String> path, Map<String, List<String>> all) {
        all.put(cl.getCommandSpec().qualifiedName(), List.copyOf(path));
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) continue;
            if (!e.getValue().getCommandName().equals(e.getKey())) continue; // an alias
            List<String> p = new ArrayList<>(path);
            p.add(e.getKey());
            walk(e.getValue(), p, all);
        }
    }

    @Test
    void everyCommandsHelpListsTheExitCodesOfTheEnumExamplesDebugAndFparityHome() {
        Map<String, List<String>> all = commands();
        assertTrue(all.size() >= 23, "every command: " + all.keySet());
        for (Map.Entry<String, List<String>> c : all.entrySet()) {
            List<String> args = new ArrayList<>(c.getValue());
            args.add("--help");
            Cli.Run r = Cli.fparity(args.toArray(String[]::new));
            String help = r.out();
            assertEquals(0, r.exit(), c.getKey() + ": " + r.err());
            assertEquals(
                    1, help.split("Exit codes:", -1).length - 1, c.getKey() + " states its exit codes once: " + help);
            for (ExitCode e : ExitCode.values()) {
                assertTrue(
                        Pattern.compile("(?m)^ +" + e.code() + " +" + Pattern.quote(e.meaning()) + "$")
                                .matcher(help)
                                .find(),
                        c.getKey() + " --help lacks exit code " + e.code() + ": " + help);
            }
            Matcher ex = Pattern.compile("(?m)^Examples:\\n((?: +\\S.*\\n)+)").matcher(help);
            assertTrue(ex.find(), c.getKey() + " --help has no examples: " + help);
            for (String line : ex.group(1).lines().toList()) {
                assertTrue(
                        line.strip().startsWith(c.getKey()) || line.startsWith("     "),
                        c.getKey() + ": an example of another command: " + line);
            }
            assertTrue(
                    help.contains("--debug") && help.contains("FPARITY_HOME") && help.contains("FPARITY_JAVA_OPTS"),
                    c.getKey() + " documents --debug, FPARITY_HOME and FPARITY_JAVA_OPTS");
        }
    }

    @Test
    void everyDefaultIsShownInOneStyle() {
        List<String> bad = new ArrayList<>();
        Stream.Builder<CommandLine> b = Stream.builder();
        collect(new CommandLine(new Main()), b);
        b.build().forEach(cl -> {
            for (OptionSpec o : cl.getCommandSpec().options()) {
                if (o.usageHelp() || o.versionHelp()) continue;
                String d = String.join(" ", o.description());
                boolean ok = o.defaultValue() != null
                        ? d.contains("(default: " + o.defaultValue() + ")")
                        : !d.toLowerCase(java.util.Locale.ROOT).contains("default") || d.contains("(default: ");
                if (!ok) bad.add(cl.getCommandSpec().qualifiedName() + " " + o.longestName() + ": " + d);
            }
        });
        assertEquals(
                List.of(), bad, "defaults read '(default: X)', from ${DEFAULT-VALUE} where picocli knows the default");
    }

    private static void collect(CommandLine cl, Stream.Builder<CommandLine> b) {
        b.add(cl);
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help") && e.getValue().getCommandName().equals(e.getKey()))
                collect(e.getValue(), b);
        }
    }

    @Test
    void theReadmesRunRowsListEveryRunOptionAndItsExitCodesAreTheEnums() throws Exception {
        List<String> readme = Files.readAllLines(Path.of("README.md"));
        TreeSet<String> documented = new TreeSet<>();
        for (String line : readme) {
            if (!line.startsWith("| `fparity run")) continue;
            String cell = line.substring(2, line.indexOf("` |"));
            Matcher m = Pattern.compile("--[a-z][a-z-]*").matcher(cell);
            while (m.find()) documented.add(m.group());
        }
        TreeSet<String> options = new TreeSet<>();
        for (OptionSpec o : new CommandLine(new Main())
                .getSubcommands()
                .get("run")
                .getCommandSpec()
                .options()) {
            if (!o.usageHelp() && !o.versionHelp()) options.add(o.longestName());
        }
        assertEquals(options, documented, "README's run rows against picocli's options of run");

        Map<Integer, String> table = new TreeMap<>();
        for (String line : readme) {
            Matcher m = Pattern.compile("^\\| (\\d) \\| (.*) \\|$").matcher(line);
            if (m.find()) table.put(Integer.parseInt(m.group(1)), m.group(2));
        }
        assertEquals(ExitCode.values().length, table.size(), "README exit-code table: " + table);
        for (ExitCode e : ExitCode.values()) {
            assertTrue(
                    table.get(e.code()).startsWith(e.meaning()),
                    "README row " + e.code() + " starts with the enum's words '" + e.meaning() + "': "
                            + table.get(e.code()));
        }
        String text = String.join("\n", readme);
        assertTrue(text.contains("--debug") && text.contains("FPARITY_HOME"));
    }

    @Test
    void compareAndReportExitOneOnDiscrepanciesAndZeroWhenNothingIsNew() {
        Path campaign = CampaignFixtures.write(PlantedFaults.campaign("planted"), tmp.resolve("planted"));
        assertEquals(1, Cli.fparity("compare", campaign.toString()).exit());
        assertEquals(
                1,
                Cli.fparity(
                                "report",
                                campaign.toString(),
                                "--out",
                                tmp.resolve("r").toString())
                        .exit());
        assertEquals(
                0,
                Cli.fparity("compare", campaign.toString(), "--baseline", campaign.toString())
                        .exit(),
                "nothing is new against itself");
    }

    @Test
    void aHugeCampaignIsRefusedWithItsCostBeforeAnythingIsGenerated() {
        Path out = tmp.resolve("big");
        Cli.Run r = Cli.fparity("run", "--programs", "1000000000", "--out", out.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(
                r.err()
                        .startsWith(
                                "fparity: --programs 1000000000: 1,000,000,000 programs × 50 inputs = 50,000,000,000 cases"),
                r.err());
        assertTrue(
                r.err()
                                .contains(
                                        "the program store takes about 13.3 TB on disk, and its index about 100.0 GB in memory")
                        && r.err().contains("the limit is 100,000 programs, --force runs it anyway"),
                r.err());
        assertFalse(Files.exists(out));
        // both precisions count: 50,001 programs each is over the limit
        Cli.Run both = Cli.fparity("run", "--programs", "50001", "--precision", "both", "--out", out.toString());
        assertEquals(2, both.exit(), both.err());
        assertTrue(both.err().contains("100,002 programs"), both.err());
    }

    @Test
    void fprevAboveItsLimitSaysTheCostAndNeedsForce() {
        Cli.Run r = Cli.fparity("fprev", "--target", "java.seq", "--n", "100000000");
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(
                r.err().startsWith("fparity: --n 100000000: at least 99,999,999 probes of 100,000,000 summands each"),
                r.err());
        assertTrue(
                r.err().contains("GB of memory")
                        && r.err().endsWith("the limit is 65536 summands, --force runs it anyway\n"),
                r.err());
        Cli.Run sweep = Cli.fparity("fprev", "--target", "java.seq", "--sweep", "4..131072");
        assertEquals(2, sweep.exit(), sweep.err());
        assertTrue(sweep.err().startsWith("fparity: --sweep 4..131072: at least 131,071 probes"), sweep.err());
        Cli.Run help = Cli.fparity("fprev", "--help");
        String words = help.out().replaceAll("\\s+", " ");
        assertTrue(words.contains("not an ordinary summation") && words.contains("Findings (exit 1)"), help.out());
        assertFalse(
                words.contains("4 the function is not"), "fprev's own exit codes agree with the enum: " + help.out());
    }

    @Test
    void aToolchainAskedForThatDoesNotExistIsExitThreeInOneLine() {
        Path out = tmp.resolve("c");
        Cli.Run r = Cli.fparity(
                "run",
                "--toolchains",
                "gcc,nocc",
                "--programs",
                "2",
                "--inputs",
                "1",
                "--opt",
                "O0",
                "--out",
                out.toString(),
                "--no-report");
        assertEquals(3, r.exit(), r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.getFirst().startsWith("fparity: toolchain nocc: no such toolchain in "), lines.getFirst());
        assertFalse(Files.exists(out.resolve("outcomes.jsonl")), "nothing ran");
    }

    @Test
    void anIoFailureIsExitFourWithTheReason() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain-file"), "not a folder\n");
        if (!Files.isRegularFile(file))
            throw new AssertionError("could not create the regular file the test writes under");
        Path campaign = CampaignFixtures.write(PlantedFaults.campaign("planted"), tmp.resolve("planted"));
        Map<String, String[]> cases = new TreeMap<>();
        cases.put("generate", new String[] {
            "generate", "--count", "1", "--out", file.resolve("g").toString()
        });
        cases.put("report", new String[] {
            "report", campaign.toString(), "--out", file.resolve("r").toString()
        });
        cases.put("export", new String[] {
            "export", campaign.toString(), "--out", file.resolve("e.json").toString()
        });
        cases.put("merge", new String[] {
            "merge",
            campaign.toString(),
            campaign.toString(),
            "--out",
            file.resolve("m").toString()
        });
        cases.put("fprev", new String[] {
            "fprev",
            "--target",
            "java.seq",
            "--n",
            "4",
            "-o",
            file.resolve("o.txt").toString()
        });
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            Cli.Run r = Cli.fparity(c.getValue());
            assertEquals(4, r.exit(), c.getKey() + ": " + r.err());
            assertEquals(1, r.err().lines().count(), c.getKey() + ": " + r.err());
            assertTrue(r.err().contains(file + " is a file"), c.getKey() + " says what is in the way: " + r.err());
        }
    }

    @Test
    @org.junit.jupiter.api.Tag("tools")
    void runSaysWhyItCannotCreateTheCampaignFolder() throws Exception {
        Assumptions.assumeTrue(org.fparity.util.Executables.find("gcc") != null, "gcc is not installed");
        Path file = Files.writeString(tmp.resolve("plain-file"), "not a folder\n");
        if (!Files.isRegularFile(file))
            throw new AssertionError("could not create the regular file the test writes under");
        Path out = file.resolve("c");
        Cli.Run r = Cli.fparity(
                "run",
                "--programs",
                "2",
                "--inputs",
                "1",
                "--toolchains",
                "gcc",
                "--opt",
                "O0",
                "--out",
                out.toString(),
                "--no-report");
        assertEquals(4, r.exit(), r.err());
        String last = r.err().strip().lines().reduce((x, y) -> y).orElse("");
        assertEquals(
                "fparity: cannot create campaign folder " + out + ": " + file + " is a file, not a folder",
                last,
                r.err());
    }

    @Test
    void jsonErrorsAreInWords() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        Files.writeString(dir.resolve("gcc.json"), gcc.replaceFirst("\\{", "{\"colour\": \"red\","));
        Cli.Run r = Cli.fparity("toolchains", "--toolchain-dir", dir.toString());
        String line =
                r.err().lines().filter(l -> l.contains("colour")).findFirst().orElse(r.err());
        assertTrue(
                line.startsWith("fparity: unknown key 'colour' in toolchain file " + dir.resolve("gcc.json")
                        + "; known keys: "),
                line);
        assertTrue(
                line.contains("compile")
                        && line.contains("opt")
                        && !line.contains("Unrecognized")
                        && !line.contains("class org."),
                line);

        Path clusters = Files.createDirectories(tmp.resolve("clusters"));
        Files.writeString(clusters.resolve("c1.json"), "{\"name\": \"c1\", \"executor\": \"ssh\", \"colour\": 1}");
        String problem = Clusters.load(clusters, Map.of()).problems().get("c1");
        assertTrue(
                problem != null
                        && problem.startsWith("unknown key 'colour' in cluster profile " + clusters.resolve("c1.json")
                                + "; known keys: "),
                problem);

        String grammar = Files.readString(Path.of("grammar/varity.json"));
        Map<String, String> bad = new TreeMap<>();
        bad.put(
                "duplicate key 'maxNesting'",
                grammar.replace("\"maxNesting\": 3,", "\"maxNesting\": 3, \"maxNesting\": 2,"));
        bad.put("NaN is not a JSON number", grammar.replace("\"maxNesting\": 3,", "\"maxNesting\": NaN,"));
        bad.put("malformed number", grammar.replace("\"maxNesting\": 3,", "\"maxNesting\": 1e,"));
        bad.put(
                "program.maxNesting: must be an integer",
                grammar.replace("\"maxNesting\": 3,", "\"maxNesting\": \"3\","));
        for (Map.Entry<String, String> e : bad.entrySet()) {
            assertFalse(e.getValue().equals(grammar), "the grammar was changed for " + e.getKey());
            Path g = Files.writeString(tmp.resolve("g.json"), e.getValue());
            Cli.Run gr = Cli.fparity(
                    "generate",
                    "--grammar",
                    g.toString(),
                    "--count",
                    "1",
                    "--out",
                    tmp.resolve("never").toString());
            assertEquals(2, gr.exit(), gr.err());
            assertEquals(1, gr.err().lines().count(), gr.err());
            assertTrue(gr.err().startsWith("fparity: " + g + ": ") && gr.err().contains(e.getKey()), gr.err());
            assertFalse(
                    gr.err().contains("JsonReadFeature") || gr.err().contains("code 44"),
                    "not Jackson's words: " + gr.err());
        }
    }

    @Test
    void showAndTruthReadTheProgramFilesGenerateWrites() throws Exception {
        Path gen = tmp.resolve("gen");
        assertEquals(
                0,
                Cli.fparity("generate", "--seed", "3", "--count", "2", "--out", gen.toString())
                        .exit());
        List<Path> files;
        try (Stream<Path> s = Files.list(gen.resolve("programs"))) {
            files = s.sorted().toList();
        }
        assertEquals(2, files.size());
        for (Path f : files) {
            Cli.Run show = Cli.fparity("show", f.toString(), "--as", "c");
            assertEquals(0, show.exit(), show.err());
            assertTrue(show.out().contains("compute_0("), show.out());
        }
        Assumptions.assumeTrue(
                org.fparity.oracle.CorrectlyRounded.available(), "libmpfr is not installed: truth needs it");
        Cli.Run truth = Cli.fparity("truth", files.getFirst().toString());
        assertEquals(0, truth.exit(), truth.err());
        assertTrue(truth.out().contains("ideal IEEE platform"), truth.out());
    }
}
