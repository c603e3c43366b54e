package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Field;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@link FprevCommand#plain} sets up a plain reveal exactly as picocli would, and leaves everything else to picocli. */
class FprevPlainParseTest {
    /** Every @Option field of the command picocli sets up from {@code args} (without "fprev"), by name. */
    private static FprevCommand picocli(String... args) {
        FprevCommand c = new FprevCommand();
        new CommandLine(c).parseArgs(Arrays.copyOfRange(args, 1, args.length));
        return c;
    }

    private static void assertSameOptions(FprevCommand want, FprevCommand got, String what)
            throws IllegalAccessException {
        int options = 0;
        for (Field f : FprevCommand.class.getDeclaredFields()) {
            if (f.getAnnotation(CommandLine.Option.class) == null) continue;
            f.setAccessible(true);
            assertEquals(f.get(want), f.get(got), what + ": " + f.getName());
            options++;
        }
        assertEquals(18, options, "every option of fprev compared");
    }

    @Test
    void plainRevealsAreSetUpAsPicocliSetsThemUp() throws Exception {
        String[][] cases = {
            {"fprev", "--target", "numpy.dot", "--dtype", "float32", "--n", "8192"},
            {"fprev", "--target", "numpy.dot", "--n", "8192"},
            {"fprev", "--n", "6", "--target", "java.seq", "--dtype", "float64"},
            {"fprev", "--target=numpy.sum", "--n=1024", "--dtype=float64", "--algo=advanced", "--format=json"},
            {"fprev", "--target", "java.strided:4", "--n", "16", "--format", "json", "--check"},
            {"fprev", "--check", "--target", "numpy.matvec", "--threads", "2", "--n", "999999999"},
            {"fprev", "--target", "tc.hopper", "--dtype", "float16", "--n", "32", "-o", "/tmp/x y/tree.json"},
            {"fprev", "--target", "java.seq", "--n", "8", "--output=tree.txt", "--algo", "quantum", "--format", "pdf"},
            {"fprev", "--target", "process:./probe --flag x", "--n", "10"},
            {"fprev", "--target", "java.tree:(((0 1) 2) 3)", "--n", "4", "--dtype", "float8"},
        };
        for (String[] args : cases) {
            FprevCommand plain = FprevCommand.plain(args);
            assertNotNull(plain, String.join(" ", args));
            assertSameOptions(picocli(args), plain, String.join(" ", args));
        }
    }

    @Test
    void anythingElseIsLeftToPicocli() {
        String[][] cases = {
            {"fprev", "--help"},
            {"fprev", "--target", "numpy.dot", "--n", "8192", "--help"},
            {"fprev", "--target", "numpy.dot", "--n", "8192", "-h"},
            {"fprev", "--n", "8192"},
            {"fprev", "--target", "java.seq", "--sweep", "4..64"},
            {"fprev", "--target", "java.seq", "--n", "8", "--repeat", "2"},
            {"fprev", "--compare", "java.seq", "java.pairwise", "--n", "8"},
            {"fprev", "--bench", "numpy"},
            {"fprev", "--target", "java.seq", "--n", "8", "--mask", "0x1p127"},
            {"fprev", "--target", "java.seq", "--n", "8", "--force"},
            {"fprev", "--target", "c.gcc", "--n", "8", "--kernel", "k.c"},
            {"fprev", "--target", "java.seq", "--n", "8", "--n", "9"},
            {"fprev", "--target", "java.seq", "--target", "java.seq", "--n", "8"},
            {"fprev", "--target", "java.seq", "--n", "8", "-o", "a", "--output", "b"},
            {"fprev", "--target", "java.seq", "--n", "8", "--check", "--check"},
            {"fprev", "--target", "java.seq", "--n", "8", "--check=true"},
            {"fprev", "--target", "java.seq", "--n", "-8"},
            {"fprev", "--target", "java.seq", "--n", "08"},
            {"fprev", "--target", "java.seq", "--n", "0x10"},
            {"fprev", "--target", "java.seq", "--n", "+8"},
            {"fprev", "--target", "java.seq", "--n", "abc"},
            {"fprev", "--target", "java.seq", "--n", "1000000000"},
            {"fprev", "--target", "java.seq", "--n", ""},
            {"fprev", "--target", "java.seq", "--n=", "8"},
            {"fprev", "--target", "java.seq", "--n"},
            {"fprev", "--target", "--n", "8"},
            {"fprev", "--target", "@args.txt", "--n", "8"},
            {"fprev", "@args.txt"},
            {"fprev", "--target", "java.seq", "--n", "8", "--"},
            {"fprev", "--target", "java.seq", "--n", "8", "extra"},
            {"fprev", "--target", "java.seq", "--n", "8", "-o=file"},
            {"fprev", "--target", "java.seq", "--n", "8", "-ofile"},
            {"fprev", "--target", "java.seq", "--n", "8", "--threads", "0"},
            {"fprev", "--target", "java.seq", "--n", "8", "--Target", "x"},
            {"fprev", "--target", "java.seq", "--n", "8", "--tar", "x"},
            {"run", "--target", "java.seq", "--n", "8"},
            {"--target", "java.seq", "--n", "8"},
        };
        for (String[] args : cases) assertNull(FprevCommand.plain(args), String.join(" ", args));
    }

    @Test
    void plainErrorsReadAsPicocliCommandsErrors() {
        // the same failures through the plain path and through picocli (a --repeat forces picocli): same line, same
        // code
        String[][] cases = {
            {"--target", "java.seq", "--n", "1"},
            {"--target", "java.seq", "--n", "8", "--dtype", "float8"},
            {"--target", "nope.sum", "--n", "8"},
            {"--target", "java.seq", "--n", "12", "--algo", "naive"},
            {"--target", "java.kahan", "--dtype", "float64", "--n", "32"},
        };
        for (String[] c : cases) {
            String[] plain = new String[c.length + 1];
            plain[0] = "fprev";
            System.arraycopy(c, 0, plain, 1, c.length);
            if (FprevCommand.plain(plain) == null) fail("not a plain reveal: " + String.join(" ", c));
            String[] viaPicocli = Arrays.copyOf(plain, plain.length + 2);
            viaPicocli[plain.length] = "--repeat";
            viaPicocli[plain.length + 1] = "1";
            assertNull(FprevCommand.plain(viaPicocli));
            Cli.Run a = Cli.fparity(plain), b = Cli.fparity(viaPicocli);
            assertEquals(b.exit(), a.exit(), String.join(" ", c));
            assertEquals(b.err(), a.err(), String.join(" ", c));
            assertEquals(b.out(), a.out(), String.join(" ", c));
        }
    }
}
