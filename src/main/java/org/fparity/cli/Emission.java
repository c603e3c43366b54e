package org.fparity.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fparity.FparityError;
import org.fparity.emit.Emitter;
import org.fparity.emit.JavaEmitter;
import org.fparity.emit.Language;
import org.fparity.gen.SampleWriter;
import org.fparity.ir.Program;

/** The emit step of {@code fparity generate}: batch files per language, {@code LANG/batch-NNN.EXT}. */
final class Emission {
    private final Set<Language> languages = new LinkedHashSet<>();
    private final int batch;
    private int files;

    Emission(List<String> names, int batch) {
        this.batch = batch;
        if (names == null || names.isEmpty()) {
            languages.addAll(List.of(Language.values()));
        } else {
            for (String n : names) {
                try {
                    languages.add(Language.parse(n));
                } catch (IllegalArgumentException e) {
                    throw new FparityError("--emit: " + e.getMessage());
                }
            }
        }
    }

    void write(Path dir, List<SampleWriter.Entry> entries) {
        List<Program> programs = new ArrayList<>(entries.size());
        for (SampleWriter.Entry e : entries) programs.add(e.program());
        try {
            for (Language l : languages) {
                Emitter em = Emitter.of(l);
                for (int from = 0, k = 0; from < programs.size(); from += batch, k++) {
                    String src = em.batch(programs.subList(from, Math.min(programs.size(), from + batch)));
                    String name = String.format("batch-%03d", k);
                    // a Java file must be named after its class, so each Java batch gets its own folder
                    Path file = l == Language.JAVA
                            ? dir.resolve(l.id()).resolve(name).resolve(JavaEmitter.CLASS_NAME + ".java")
                            : dir.resolve(l.id()).resolve(name + "." + l.extension());
                    Files.createDirectories(file.getParent());
                    Files.writeString(file, src);
                    files++;
                }
            }
            Files.writeString(dir.resolve("batches.txt"), batchIndex(programs));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // which program sits at which position of which batch: what a harness line's index refers to
    private String batchIndex(List<Program> programs) {
        StringBuilder sb = new StringBuilder("# batch index program-id precision\n");
        for (int i = 0; i < programs.size(); i++) {
            sb.append(String.format(
                    "batch-%03d %d %s %s\n",
                    i / batch,
                    i % batch,
                    programs.get(i).id(),
                    programs.get(i).precision().id()));
        }
        return sb.toString();
    }

    String summary() {
        return files == 0
                ? ""
                : " (" + files + " source files: "
                        + String.join(", ", languages.stream().map(Language::id).toList()) + ")";
    }
}
