package org.fparity.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.HexFloat;

/** Hand-written C harness programs (src/test/resources/exec) and helpers to build jobs from them. */
public final class Fixtures {
    private Fixtures() {}

    public static String resource(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/exec/" + name)) {
            if (in == null) throw new IllegalArgumentException("no test resource exec/" + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Emits a batch of fixture programs (ids are file stems under exec/programs) into the C harness. */
    public static final BatchEmitter C = (className, ids) -> {
        StringBuilder progs = new StringBuilder();
        StringBuilder table = new StringBuilder();
        for (String id : ids) {
            progs.append("static double p_")
                    .append(id)
                    .append("(const double *x) {\n")
                    .append(resource("programs/" + id + ".c"))
                    .append("}\n\n");
            table.append("    p_").append(id).append(",\n");
        }
        return "/* batch " + className + " */\n"
                + resource("harness.c").replace("/*PROGRAMS*/", progs).replace("/*TABLE*/", table);
    };

    /** The shipped descriptors (runners/toolchains of this checkout). */
    public static Toolchains shipped() {
        return Toolchains.load(Path.of("runners", "toolchains"));
    }

    /** A line with two FP arguments as hex floats. */
    public static Job.Line line(String program, int input, double a, double b) {
        return new Job.Line(program, input, List.of(HexFloat.format(a), HexFloat.format(b)));
    }

    /** One job over the given lines, its batch being the programs in first-seen order. */
    public static Job job(String name, DetectedToolchain dt, String opt, List<Job.Line> lines) {
        List<String> ids = new ArrayList<>();
        for (Job.Line l : lines) if (!ids.contains(l.program())) ids.add(l.program());
        return new Job(name, ids, C, dt, opt, dt.name() + "-" + opt, lines);
    }

    /**
     * FLiT's fake toolchain: a folder of descriptors with the shipped {@code gcc} and {@code fake-gcc}, real gcc with the
     * planted libm faults of {@code fake/planted.h} force-included (ceil of a tiny positive is 0, fmod 1 ulp off, log's
     * NaN becomes -Inf). Returns the descriptor folder.
     */
    public static Path fakeGccToolchains(Path tmp) throws IOException {
        Path fake = Files.createDirectories(tmp.resolve("fake"));
        copy("fake/planted.h", fake, false);
        Path script = copy("fake/fake-gcc", fake, true);
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        Files.copy(Path.of("runners/toolchains/gcc.json"), dir.resolve("gcc.json"));
        Files.writeString(
                dir.resolve("fake-gcc.json"),
                Files.readString(Path.of("runners/toolchains/gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"fake-gcc\"")
                        .replace("[\"gcc\", \"{opt}\"", "[\"" + script + "\", \"{opt}\""));
        return dir;
    }

    /** Copies a resource to {@code dir}, executable when asked (Maven does not keep file modes). */
    public static Path copy(String name, Path dir, boolean executable) throws IOException {
        Path out = dir.resolve(Path.of(name).getFileName().toString());
        Files.writeString(out, resource(name));
        if (executable && !out.toFile().setExecutable(true)) throw new IOException("cannot chmod " + out);
        return out;
    }

    /**
     * The clang to pair with gcc in campaign tests: the first of clang-14, clang-16, clang-19 on PATH; null if none.
     * {@code -Dfparity.test.clang=clang-19} picks one, as on a machine where it is the only clang.
     */
    public static String aClang() {
        String chosen = System.getProperty("fparity.test.clang");
        if (chosen != null && !chosen.isBlank())
            return org.fparity.util.Executables.find(chosen) != null ? chosen : null;
        for (String c : java.util.List.of("clang-14", "clang-16", "clang-19"))
            if (org.fparity.util.Executables.find(c) != null) return c;
        return null;
    }

    /**
     * Platforms ({@code clang-19@O3_FM}) that a finding in {@code corpora/} documents to crash on some program
     * ({@code "CRASH"} in its finding.json): a test may hold every other platform to "generated programs do not crash".
     */
    public static java.util.Set<String> documentedCrashes() throws IOException {
        java.util.Set<String> out = new java.util.TreeSet<>();
        try (var dirs = Files.list(Path.of("corpora"))) {
            for (Path d : dirs.toList()) {
                Path f = d.resolve("finding.json");
                if (!Files.isRegularFile(f)) continue;
                org.fparity.ir.ProgramJson.MAPPER
                        .readTree(f.toFile())
                        .path("expected")
                        .properties()
                        .forEach(e -> {
                            if (e.getValue().asText().equals("CRASH")) out.add(e.getKey());
                        });
            }
        }
        return out;
    }

    /** Skips (with the reason) a test that needs a second C compiler beside gcc. */
    public static String requireAClang() {
        String c = aClang();
        org.junit.jupiter.api.Assumptions.assumeTrue(c != null, "no clang-14, clang-16 or clang-19 on PATH");
        return c;
    }
}
