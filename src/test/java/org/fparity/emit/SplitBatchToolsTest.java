package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.fparity.gen.Grammar;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two-part C batch (a harness compiled once, the programs compiled per flag set and linked with it) prints what
 * the one-file batch prints, line for line, under the flags that change results most: generated programs with every
 * math function, arrays and both precisions.
 */
@Tag("tools")
class SplitBatchToolsTest {
    @TempDir
    Path dir;

    @Test
    void theTwoPartBatchPrintsWhatTheOneFileBatchPrints() {
        Generated.Batch b = Generated.batch(Grammar.defaults(), 20261127L, 30, 4);
        Emitter c = Emitter.of(Language.C);
        Path one = Tools.write(dir, "one.c", c.batch(b.programs()));
        Path harness = Tools.write(dir, "harness.c", c.batchHarness());
        Path programs = Tools.write(dir, "programs.c", c.batchPrograms(b.programs()));
        for (String cc : List.of("gcc", "clang-14")) {
            assumeTrue(Tools.onPath(cc), cc + " is not on PATH");
            String obj = dir.resolve("harness-" + cc + ".o").toString();
            Tools.compile(dir, cc, "-O1", "-c", "-o", obj, harness.toString());
            for (List<String> flags : List.of(List.of("-O0"), List.of("-O3", "-ffast-math"))) {
                String tag = cc + String.join("", flags);
                String[] whole = command(cc, flags, dir.resolve("one-" + tag).toString(), one.toString());
                String[] split = command(cc, flags, dir.resolve("two-" + tag).toString(), obj, programs.toString());
                Tools.compile(dir, whole);
                Tools.compile(dir, split);
                Tools.Result r1 =
                        Tools.run(dir, b.stdin(), dir.resolve("one-" + tag).toString());
                Tools.Result r2 =
                        Tools.run(dir, b.stdin(), dir.resolve("two-" + tag).toString());
                assertEquals(0, r2.exit(), tag + ": " + r2.err());
                assertEquals(b.lines().size(), r1.lines().size(), tag);
                assertEquals(r1.lines(), r2.lines(), tag);
                assertFalse(r1.lines().stream().allMatch(l -> l.contains("error")), tag + ": no results");
            }
        }
    }

    private static String[] command(String cc, List<String> flags, String bin, String... sources) {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(cc);
        cmd.addAll(flags);
        cmd.add("-o");
        cmd.add(bin);
        cmd.addAll(List.of(sources));
        cmd.add("-lm");
        return cmd.toArray(String[]::new);
    }
}
