package org.fparity.reduce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.emit.Emitter;
import org.fparity.emit.Language;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.util.Executables;
import org.fparity.util.Processes;

/**
 * The final guard of a reduction (YARPGen's habit): the reduced program's single-program C form built with
 * {@code -fsanitize=undefined,address} and no recovery, run on the reduced input. Candidates are valid by construction
 * (the validator); this checks that claim on the one program a vendor will read.
 */
public final class Sanitizer {
    private Sanitizer() {}

    /** What the sanitised run said: clean, or the first report line. */
    public record Check(boolean clean, String detail) {}

    /** Null when gcc is missing (the check cannot run here). */
    public static Check check(Program p, Input in, Path work) throws InterruptedException {
        if (Executables.find("gcc") == null) return null;
        try {
            Path dir = Files.createDirectories(work.resolve("sanitize"));
            Path src = dir.resolve("test.c");
            Files.writeString(src, Emitter.of(Language.C).single(p), StandardCharsets.UTF_8);
            Path log = dir.resolve("build.log");
            Processes.Result b = Processes.run(
                    List.of(
                            "gcc",
                            "-O0",
                            "-g",
                            "-fsanitize=undefined,address",
                            "-fno-sanitize-recover=all",
                            "-o",
                            "test",
                            "test.c",
                            "-lm"),
                    Map.of(),
                    dir,
                    log,
                    120);
            if (!b.ok()) return new Check(false, "sanitised build failed: " + firstLine(Files.readString(log)));
            // absolute: the process starts in dir, where a relative path (reduce's default --out is relative) would not
            // resolve
            List<String> argv =
                    new ArrayList<>(List.of(dir.toAbsolutePath().resolve("test").toString()));
            argv.addAll(in.args());
            Path out = dir.resolve("run.log");
            Processes.Result r = Processes.run(
                    argv,
                    Map.of("ASAN_OPTIONS", "detect_leaks=1", "UBSAN_OPTIONS", "print_stacktrace=1"),
                    dir,
                    out,
                    60);
            String text = Files.readString(out);
            boolean reported = text.contains("runtime error")
                    || text.contains("AddressSanitizer")
                    || text.contains("LeakSanitizer");
            if (r.ok() && !reported) return new Check(true, "clean");
            return new Check(false, reported ? firstReport(text) : "exit " + r.exitCode());
        } catch (IOException e) {
            return new Check(false, "cannot run the sanitised build: " + e.getMessage());
        }
    }

    private static String firstLine(String s) {
        return s.strip().isEmpty() ? "" : s.strip().split("\n")[0];
    }

    private static String firstReport(String s) {
        for (String l : s.split("\n")) if (l.contains("runtime error") || l.contains("Sanitizer")) return l.strip();
        return firstLine(s);
    }
}
