package org.fparity.reduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.emit.Language;
import org.fparity.emit.Reproducer;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.util.Processes;

/**
 * The user's own interestingness test, C-Vise's convention: a script run in a fresh folder holding the candidate as
 * {@code program.fp} (canonical text with its {@code // input:} line), {@code min.c} (the minimal C source) and
 * {@code input.txt}; exit 0 means still interesting. For criteria fparity does not know (a warning, a given value).
 */
public final class UserTest {
    private final Path script;
    private final Path work;
    private final long timeoutSeconds;
    private int n;

    public UserTest(Path script, Path work, long timeoutSeconds) {
        if (!Files.isRegularFile(script)) throw new FparityError(script + ": no such script");
        if (!Files.isExecutable(script)) throw new FparityError(script + " is not executable (chmod +x it)");
        this.script = script.toAbsolutePath();
        this.work = work;
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Whether the script says the candidate is still interesting (exit 0 within the timeout). */
    public boolean test(Program p, Input in) {
        Path dir = work.resolve("interesting-" + (n++));
        try {
            Files.createDirectories(dir);
            Files.writeString(
                    dir.resolve("program.fp"), p.canonical() + "// input: " + String.join(" ", in.args()) + "\n");
            Files.writeString(dir.resolve("input.txt"), String.join(" ", in.args()) + "\n");
            Files.writeString(
                    dir.resolve("min.c"),
                    Reproducer.minimal(Language.C, p, in, List.of("candidate of fparity reduce --interesting")));
            Processes.Result r = Processes.run(
                    List.of(script.toString(), dir.resolve("program.fp").toString()),
                    Map.of(),
                    dir,
                    dir.resolve(".out"),
                    timeoutSeconds);
            return r.ok();
        } catch (IOException e) {
            throw new FparityError("cannot run " + script + ": " + FparityError.reason(e), ExitCode.IO_FAILURE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            WorkFolder.delete(dir);
        }
    }
}
