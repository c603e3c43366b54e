package org.fparity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Exit codes come from {@link ExitCode} only: no command returns a bare number, no class keeps an int of its own. */
class ExitCodeTest {
    private static final Path MAIN = Path.of("src/main/java/org/fparity");

    /** A command's call() returning a number written out: {@code return 0;}, {@code return x ? 0 : 1;}. */
    private static final Pattern BARE_RETURN =
            Pattern.compile("\\breturn\\s+(?:[^;]*\\?\\s*)?\\d+\\s*(?::\\s*\\d+\\s*)?;");
    /** An int constant standing for an exit code beside the enum ({@code static final int EXIT = 1}). */
    private static final Pattern INT_CONSTANT =
            Pattern.compile("static\\s+final\\s+int\\s+(?:\\w*_)?(?:EXIT|BAD_INPUT|MISSING_TOOL|IO_FAILURE)\\w*\\s*=");
    /** The process ending with anything but the policy's run: {@code System.exit(2)}. */
    private static final Pattern BARE_EXIT = Pattern.compile("System\\.exit\\(\\s*\\d");

    @Test
    void noCommandReturnsABareNumberAndNoClassKeepsAnExitCodeOfItsOwn() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                boolean cli = f.startsWith(MAIN.resolve("cli"));
                List<String> lines = Files.readAllLines(f);
                boolean textBlock = false; // generated code (a harness's own exit statuses) is text, not ours
                for (int i = 0; i < lines.size(); i++) {
                    String raw = lines.get(i);
                    boolean opens = (raw.split("\"\"\"", -1).length - 1) % 2 == 1;
                    if (textBlock || opens) {
                        textBlock ^= opens;
                        continue;
                    }
                    String l = code(raw);
                    if ((cli && BARE_RETURN.matcher(l).find())
                            || INT_CONSTANT.matcher(l).find()
                            || BARE_EXIT.matcher(l).find()) found.add(f + ":" + (i + 1) + ": " + l.strip());
                }
            }
        }
        assertEquals(List.of(), found, "exit codes must come from org.fparity.ExitCode");
    }

    /** The patterns do catch what they are for (the scan above would pass vacuously otherwise). */
    @Test
    void thePatternsCatchTheFormsTheyForbid() {
        assertTrue(BARE_RETURN.matcher("        return 0;").find());
        assertTrue(
                BARE_RETURN.matcher("        return bundled.isEmpty() ? 0 : 1;").find());
        assertTrue(BARE_RETURN.matcher("        return 1; // a finding").find());
        assertFalse(BARE_RETURN.matcher("        return ExitCode.OK.code();").find());
        assertFalse(BARE_RETURN
                .matcher("        return ExitCode.found(bad > 0).code();")
                .find());
        assertTrue(INT_CONSTANT
                .matcher("    public static final int EXIT = ExitCode.FINDINGS.code();")
                .find());
        assertTrue(INT_CONSTANT
                .matcher("    public static final int MISSING_TOOL = 3;")
                .find());
        assertTrue(BARE_EXIT.matcher("System.exit(2);").find());
        assertFalse(BARE_EXIT.matcher("System.exit(run(args));").find());
    }

    @Test
    void finishedMeansNothingFoundOrFindingsOnly() {
        assertTrue(ExitCode.finished(0));
        assertTrue(ExitCode.finished(1));
        for (int c = 2; c <= 5; c++) assertFalse(ExitCode.finished(c), "exit " + c);
        assertFalse(ExitCode.finished(-1));
    }

    /** The line without a trailing comment or string contents (a message may say "exit 0"). */
    private static String code(String line) {
        String s = line.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"");
        int c = s.indexOf("//");
        return c >= 0 ? s.substring(0, c) : s;
    }
}
