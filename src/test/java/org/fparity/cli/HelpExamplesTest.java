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
