package org.fparity.reduce;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.util.ShellWords;

/**
 * The {@code STRICT} interestingness guard for a reducer that edits C text (C-Vise): the lines of a shell script that
 * reject a candidate {@code test.c} whose result depends on something other than the recorded input, what ASan and
 * UBSan do not see and C-Vise otherwise keeps:
 *
 * <ul>
 *   <li>gcc's warnings for such undefined behaviour made errors: a {@code printf} format its arguments do not match
 *       ({@code -Wformat=2}), a call without a declaration, implicit int, an uninitialised read gcc can see, the value
 *       of a function that returns none;
 *   <li>a read of memory nothing wrote: the candidate is built twice at {@code -O0}, once with automatic variables
 *       filled with a pattern ({@code -ftrivial-auto-var-init=pattern}), {@code malloc}'d memory with {@code 0x41}
 *       bytes (its calls wrapped: glibc's {@code MALLOC_PERTURB_} leaves a fresh heap's first blocks zero) and every floating-point variable C zero-initialises by default (file scope or
 *       {@code static}, no initialiser) given the value -3; once with all of these zero. Both must print the same and
 *       exit alike. An uninitialised local, heap or out-of-bounds read, or a zero global used as a new input value,
 *       changes the output between the two.
 * </ul>
 *
 * fparity's own reducer needs none of this: it edits the IR and emits its fixed harness, whose variables are all
 * assigned from the recorded input before use and whose one {@code printf} is fixed.
 */
public final class StrictGuard {
    private StrictGuard() {}

    /** gcc's warnings for undefined behaviour ASan/UBSan do not catch at run time, made errors. */
    public static final String WARNINGS = "-Wformat=2 -Werror=format -Werror=format-nonliteral -Werror=format-security"
            + " -Werror=implicit-function-declaration -Werror=implicit-int -Werror=uninitialized -Werror=maybe-uninitialized"
            + " -Werror=return-type -Werror=int-conversion -Werror=incompatible-pointer-types";

    /** The rewriting script and the malloc wrapper {@link #writeFiles} puts in a folder. */
    static final List<String> FILES = List.of("strict-guard.py", "strict-fill.c");

    /** Writes the guard's two helper files into {@code dir}; returns the folder, absolute. */
    public static Path writeFiles(Path dir) {
        try {
            for (String name : FILES) {
                try (InputStream in = StrictGuard.class.getResourceAsStream(name)) {
                    if (in == null) throw new IllegalStateException(name + " is missing from the jar");
                    Files.writeString(dir.resolve(name), new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
            return dir.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The guard's lines for a candidate {@code test.c} in the current folder, run with {@code args}; each exits 1 on
     * rejection. {@code files} is where {@link #writeFiles} put the helpers (absolute: C-Vise runs the test in a
     * folder of its own).
     */
    public static String lines(Path files, String args) {
        String py = ShellWords.join(List.of(files.resolve(FILES.get(0)).toString()));
        String fill = ShellWords.join(List.of(files.resolve(FILES.get(1)).toString()));
        return "gcc -O1 " + WARNINGS + " -c -o strict.o test.c >/dev/null 2>&1 || exit 1\n"
                + "python3 " + py + " test.c strict-pattern.c || exit 1\n"
                + "gcc -O0 -w -ftrivial-auto-var-init=pattern -DSTRICT_FILL=0x41 -Wl,--wrap=malloc -o strict-pattern strict-pattern.c "
                + fill + " -lm >/dev/null 2>&1 || exit 1\n"
                + "gcc -O0 -w -ftrivial-auto-var-init=zero -DSTRICT_FILL=0 -Wl,--wrap=malloc -o strict-zero test.c "
                + fill
                + " -lm >/dev/null 2>&1 || exit 1\n"
                + "sp=$(timeout 10 ./strict-pattern " + args + " 2>/dev/null; echo \"exit $?\")\n"
                + "sz=$(timeout 10 ./strict-zero " + args + " 2>/dev/null; echo \"exit $?\")\n"
                + "[ \"$sp\" = \"$sz\" ] || exit 1\n";
    }
}
