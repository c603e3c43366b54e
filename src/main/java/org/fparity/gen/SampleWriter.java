package org.fparity.gen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.fparity.FparityError;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;

/**
 * Writes a generated sample as a folder: {@code manifest.json}, one JSON file per program (program, canonical text,
 * inputs) and whatever the {@code extra} step adds (emitted sources). The folder is built under a temporary name
 * and renamed at the end, so a failure leaves nothing behind.
 */
public final class SampleWriter {
    /** One generated program with its inputs. */
    public record Entry(Program program, List<Input> inputs) {}

    private SampleWriter() {}

    public static List<Entry> draw(Grammar grammar, long seed, Precision precision, int count, int inputs) {
        List<Program> programs = new Generator(grammar, seed).generate(precision, count);
        InputGenerator ig = new InputGenerator(grammar, seed);
        List<Entry> out = new ArrayList<>(programs.size());
        for (Program p : programs) out.add(new Entry(p, ig.inputs(p, inputs)));
        return out;
    }

    /** Writes the sample to {@code out}; {@code extra} may write more files into the (temporary) folder. */
    public static void write(
            Path out,
            Grammar grammar,
            long seed,
            List<Entry> entries,
            String version,
            BiConsumer<Path, List<Entry>> extra) {
        Path target = out.toAbsolutePath().normalize();
        if (Files.exists(target)) {
            try (Stream<Path> s = Files.list(target)) {
                if (s.findAny().isPresent()) throw new FparityError(out + ": output folder exists and is not empty");
            } catch (IOException e) {
                throw FparityError.cannotRead(out, e);
            }
        }
        Path parent = target.getParent();
        Path tmp;
        try {
            Files.createDirectories(parent);
            tmp = Files.createTempDirectory(parent, "." + target.getFileName() + ".");
        } catch (IOException e) {
            throw new FparityError(
                    out + ": cannot create output folder (" + reason(e) + ")", org.fparity.ExitCode.IO_FAILURE, e);
        }
        try {
            Map<String, Object> manifest = new LinkedHashMap<>();
            manifest.put("schema", 1);
            manifest.put("fparity", version);
            manifest.put("seed", seed);
            manifest.put("generator", Generator.STREAM);
            manifest.put("grammar", Map.of("source", grammar.source(), "sha256", grammar.sha256()));
            List<Map<String, Object>> list = new ArrayList<>();
            Files.createDirectories(tmp.resolve("programs"));
            for (int i = 0; i < entries.size(); i++) {
                Entry e = entries.get(i);
                String id = e.program().id();
                String file = String.format("programs/%04d-%s.json", i, id);
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("id", id);
                doc.put("canonical", e.program().canonical());
                doc.put("program", e.program());
                doc.put("inputs", e.inputs());
                Files.writeString(tmp.resolve(file), ProgramJson.toJson(doc) + "\n");
                list.add(Map.of("id", id, "precision", e.program().precision().id(), "file", file));
            }
            manifest.put("programs", list);
            Files.writeString(tmp.resolve("manifest.json"), ProgramJson.toJson(manifest) + "\n");
            extra.accept(tmp, entries);
            if (Files.exists(target)) Files.delete(target); // empty, checked above
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | UncheckedIOException | FparityError e) {
            deleteTree(tmp);
            if (e instanceof FparityError fe) throw fe;
            throw new FparityError(out + ": cannot write (" + reason(e) + ")", org.fparity.ExitCode.IO_FAILURE, e);
        } catch (RuntimeException e) {
            deleteTree(tmp);
            throw e;
        }
    }

    private static String reason(Exception e) {
        Throwable c = e instanceof UncheckedIOException u ? u.getCause() : e;
        if (c instanceof IOException io) return FparityError.reason(io);
        String kind = c.getClass().getSimpleName().replace("Exception", "");
        return c.getMessage() == null ? kind : kind + ": " + c.getMessage();
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException ignored) {
                    // best effort: a leftover temp folder is named .NAME.* and harmless
                }
            });
        } catch (IOException ignored) {
            // same
        }
    }
}
