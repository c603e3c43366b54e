package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples every --help ends with work (issue 30: show, flip and truth named a corpus file that did not exist,
 * import-varity a folder that did not). Every file or folder an example reads from the checkout ({@code corpora/},
 * {@code runners/}, {@code grammar/}, {@code ../shared/}) must exist; the examples that need no compiler, device or
 * earlier example's output are run (writing into a temporary folder) and must exit 0 or 1 (findings).
 */
@org.junit.jupiter.api.Tag("slow")
class HelpExamplesTest {
    @TempDir
    Path tmp;

    /** Folders of the checkout an example may read from. */
    private static final List<String> READ_FROM = List.of("corpora/", "runners/", "grammar/", "../shared/");

    /** Commands whose examples need only this checkout and a JVM: run each (its --out / -o redirected to a temporary folder). */
    private static final Set<String> RUN = Set.of(
            "fparity show",
            "fparity truth",
            "fparity eval",
            "fparity toolchains",
            "fparity import-varity",
            "fparity generate",
            "fparity bounds");

    @Test
    void everyHelpExampleNamesFilesThatExistAndTheSelfContainedOnesRun() {
        List<String> missing = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        int checked = 0, ran = 0;
        boolean shared = Files.isDirectory(Path.of("../shared"));
        for (Map.Entry<String, List<String>> e : new java.util.TreeMap<>(Examples.BY_COMMAND).entrySet()) {
            for (String example : e.getValue()) {
                checked++;
                List<String> words = words(example);
                for (String w : words) {
                    if (READ_FROM.stream().noneMatch(w::startsWith) || w.startsWith("../shared/") && !shared) continue;
                    if (!Files.exists(Path.of(w)))
                        missing.add(e.getKey() + ": " + example + "  (" + w + " does not exist)");
                }
                // placeholders for the user's own files (my.fp, my-toolchains) and outputs of other examples are not
                // run
                if (!RUN.contains(e.getKey())
                        || words.stream()
                                .anyMatch(w -> w.contains("<")
                                        || w.startsWith("my")
                                        || w.startsWith("gen/")
                                        || w.startsWith("campaigns/c1"))) continue;
                if (words.stream().anyMatch(w -> w.startsWith("../shared/")) && !shared) continue;
                List<String> args = new ArrayList<>(words.subList(1, words.size()));
                for (int i = 0; i + 1 < args.size(); i++) {
                    if (args.get(i).equals("--out") || args.get(i).equals("-o"))
                        args.set(
                                i + 1,
                                tmp.resolve("ex" + ran).resolve(args.get(i + 1)).toString());
                }
                Cli.Run r = Cli.fparity(args.toArray(String[]::new));
                ran++;
                if (r.exit() != 0 && r.exit() != 1)
                    failed.add(example + " → exit " + r.exit() + ": " + r.err().strip());
            }
        }
        assertEquals(List.of(), missing, "help examples that name files not in the checkout");
        assertEquals(List.of(), failed, "help examples that do not work");
        System.out.println("help examples: " + checked + " checked, " + ran + " run");
        assertTrue(ran >= 8, "ran " + ran + " of " + checked);
    }

    /** A command line of README.md: a line of a sh code block or a `…` span that starts with fparity or bin/fparity. */
    static List<String> readmeCommandLines() throws java.io.IOException {
        String text = Files.readString(Path.of("README.md"));
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        java.util.regex.Matcher blocks = java.util.regex.Pattern.compile(
                        "```(?:sh|bash)?\\n(.*?)```", java.util.regex.Pattern.DOTALL)
                .matcher(text);
        while (blocks.find())
            for (String line : blocks.group(1).split("\\n"))
                if (line.strip().startsWith("bin/fparity ") || line.strip().startsWith("fparity "))
                    out.add(line.strip());
        java.util.regex.Matcher spans =
                java.util.regex.Pattern.compile("`([^`\\n]+)`").matcher(text);
        while (spans.find()) {
            String span = spans.group(1).replace("\\|", "|");
            if (span.startsWith("bin/fparity ") || span.startsWith("fparity ")) out.add(span);
        }
        return List.copyOf(out);
    }

    /** The options among {@code words} (a synopsis's {@code [--x N]} too) that {@code cmd} does not have, one line each. */
    static List<String> unknownOptions(String line, picocli.CommandLine cmd, List<String> words) {
        List<String> out = new ArrayList<>();
        for (String w : words) {
            String bare = w.replaceAll("^\\[+|\\]+$", "");
            if (!bare.startsWith("--") && !bare.matches("-[a-zA-Z]")) continue;
            String name = bare.contains("=") ? bare.substring(0, bare.indexOf('=')) : bare;
            if (cmd.getCommandSpec().findOption(name) == null)
                out.add(line + "  (" + cmd.getCommandSpec().qualifiedName() + " has no option " + name + ")");
        }
        return out;
    }

    /** The check above catches a synopsis naming an option the command lacks (and passes one naming real ones). */
    @Test
    void aReadmeSynopsisWithAnOptionTheCommandLacksIsCaught() {
        picocli.CommandLine compare =
                new picocli.CommandLine(new Main()).getSubcommands().get("compare");
        String bad = "fparity compare CAMPAIGN [--pair A:B] [--brief]";
        assertEquals(
                List.of(bad + "  (fparity compare has no option --brief)"),
                unknownOptions(bad, compare, words(bad).subList(2, words(bad).size())));
        String good = "fparity compare CAMPAIGN [--pair A:B] [--detail]";
        assertEquals(
                List.of(),
                unknownOptions(good, compare, words(good).subList(2, words(good).size())));
    }

    /** A word that stands for the reader's own value in a README synopsis: CAMPAIGN, PROGRAM.fp, DIR, ID, A:B. */
    private static boolean placeholder(String w) {
        return w.matches("[A-Z][A-Z0-9_]*([.:][A-Za-z0-9]+)*…?|[A-Z]|[A-Z]:[A-Z]")
                || w.contains("…")
                || w.contains("<");
    }

    /**
     * The README's command lines work (issue 30): every subcommand and option a line names exists (a synopsis such as
     * {@code fparity compare CAMPAIGN [--pair A:B] [--detail]} included), and the lines that need no placeholder, no
     * cluster and no earlier output are run with small sizes ({@code run}: 2 programs × 2 inputs on gcc at O0 and
     * O3_FM, into a temporary folder) and must exit 0 or 1 (findings).
     */
    @Test
    @org.junit.jupiter.api.Tag("tools")
    void theReadmeCommandLinesNameRealOptionsAndTheConcreteOnesRun() throws Exception {
        picocli.CommandLine top = new picocli.CommandLine(new Main());
        List<String> wrong = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> lines = readmeCommandLines();
        int ran = 0;
        for (String line : lines) {
            List<String> words = words(line);
            if (words.size() < 2) continue; // bare `bin/fparity`: the launcher itself
            picocli.CommandLine cmd = top;
            int i = 1;
            while (i < words.size() && cmd.getSubcommands().containsKey(words.get(i)))
                cmd = cmd.getSubcommands().get(words.get(i++));
            if (cmd == top) {
                wrong.add(line + "  (no such command: " + words.get(1) + ")");
                continue;
            }
            wrong.addAll(unknownOptions(line, cmd, words.subList(i, words.size())));
            boolean synopsis = words.subList(i, words.size()).stream()
                    .anyMatch(w -> w.startsWith("[")
                            || w.endsWith("]")
                            || w.contains("|")
                            || placeholder(w.replaceAll("^\\[+|\\]+$", "")));
            String name = cmd.getCommandSpec().qualifiedName();
            // `fparity export` in a sentence names the command; it is not a line to run
            boolean mention = i == words.size()
                    && (cmd.getCommandSpec().positionalParameters().stream().anyMatch(p -> p.required())
                            || cmd.getCommandSpec().options().stream().anyMatch(o -> o.required()));
            // concrete lines run; a cluster, a night, a bench or a folder of an earlier command are not this test's
            if (synopsis
                    || mention
                    || line.contains("--cluster")
                    || name.equals("fparity clusters")
                    || name.startsWith("fparity bench")
                    || name.equals("fparity nightly")
                    || name.equals("fparity node-bundle")
                    || words.stream().anyMatch(w -> w.startsWith("campaigns/") || w.startsWith("reports/"))) continue;
            List<String> args = new ArrayList<>(words.subList(1, words.size()));
            if (name.equals("fparity run")) {
                for (String[] small : List.of(
                        new String[] {"--programs", "2"},
                        new String[] {"--inputs", "2"},
                        new String[] {"--toolchains", "gcc"},
                        new String[] {"--opt", "O0,O3_FM"},
                        new String[] {
                            "--out",
                            tmp.resolve("readme" + ran).resolve("campaign").toString()
                        },
                        new String[] {
                            "--report",
                            tmp.resolve("readme" + ran).resolve("report").toString()
                        })) if (!args.contains(small[0])) args.addAll(List.of(small));
            }
            Cli.Run r = Cli.fparity(args.toArray(String[]::new));
            ran++;
            if (r.exit() != 0 && r.exit() != 1)
                failed.add(line + " → exit " + r.exit() + ": " + r.err().strip());
        }
        assertEquals(List.of(), wrong, "README command lines that name a command or option fparity does not have");
        assertEquals(List.of(), failed, "README command lines that do not work");
        System.out.println("README command lines: " + lines.size() + " checked, " + ran + " run");
        assertTrue(lines.size() >= 40, lines.toString());
        assertTrue(ran >= 3, "ran " + ran + " of " + lines.size());
    }

    /** An example's words, as a shell would split them: quotes kept together, a comment and what follows a redirect dropped. */
    static List<String> words(String example) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (int i = 0; i < example.length(); i++) {
            char c = example.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                else w.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any || !w.isEmpty()) out.add(w.toString());
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
            }
        }
        if (any || !w.isEmpty()) out.add(w.toString());
        List<String> kept = new ArrayList<>();
        for (String s : out) {
            if (s.startsWith("#") || s.equals(">") || s.equals("<") || s.equals("&&") || s.equals("|")) break;
            kept.add(s);
        }
        return kept;
    }
}
