package org.fparity.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * fparity for a node with no JDK, as one archive ({@code fparity-node-linux-x86_64.tar.gz}) holding one folder
 * {@code fparity-node/}: the {@link NodeRuntime}, {@code fparity.jar} and {@code lib/} (fparity's classpath as
 * {@link Staging} lists it; Z3 only with {@code withZ3} and then only its linux-x86_64 natives; JCuda without its unused
 * in-process PTX compiler), {@code runners/} (toolchains, knobs, GPU, FPRev, Slurm), {@code grammar/} and {@code bin/fparity}.
 */
public final class NodeBundle {
    /** The archive's name. */
    public static final String ARCHIVE = "fparity-node-linux-x86_64.tar.gz";

    private static final List<String> RUNNERS = List.of("toolchains", "knobs", "gpu", "fprev", "slurm");

    private static final String LAUNCHER = """
            #!/usr/bin/env bash
            # fparity from a node bundle: its own Java runtime, no JDK or Maven needed.
            self=$(readlink -f "${BASH_SOURCE[0]}")
            root=${self%/bin/*}
            export FPARITY_HOME="${FPARITY_HOME:-$root}"
            exec "$root/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Xss8m \\
              ${FPARITY_JAVA_OPTS:-} -cp "$root/fparity.jar:$root/lib/*" org.fparity.cli.Main "$@"
            """;

    private NodeBundle() {}

    /**
     * Makes {@code out/fparity-node/} and {@code out/ARCHIVE} from fparity's folder {@code home} (its runners/ and
     * grammar/) and returns the archive.
     */
    public static Path make(Path home, Path out, boolean withZ3) throws IOException {
        if (!NodeRuntime.platform().equals("Linux x86_64"))
            throw new IOException("the node bundle is for Linux x86_64; this is " + NodeRuntime.platform());
        for (String d : List.of("runners/toolchains", "grammar")) {
            if (!Files.isDirectory(home.resolve(d)))
                throw new IOException(home.resolve(d) + " not found (set FPARITY_HOME to fparity's folder)");
        }
        Files.createDirectories(out);
        Path stage = out.resolve("fparity-node");
        org.fparity.util.Leftovers.deleteTree(stage);
        Files.createDirectories(stage.resolve("lib"));
        copyTree(NodeRuntime.image().dir(), stage.resolve("runtime"));
        List<Staging.Artifact> jars = Staging.artifacts();
        Files.copy(jars.getFirst().file(), stage.resolve("fparity.jar"));
        for (Staging.Artifact a : jars.subList(1, jars.size())) {
            String name = a.file().getFileName().toString();
            Path to = stage.resolve("lib").resolve(name);
            if (name.startsWith("z3-turnkey-")) {
                if (withZ3)
                    copyJarWithout(
                            a.file(),
                            to,
                            "com/microsoft/z3/osx/",
                            "com/microsoft/z3/windows/",
                            "com/microsoft/z3/linux/aarch64/");
            } else if (name.startsWith("jcuda-natives-")) {
                copyJarWithout(a.file(), to, "lib/libJNvPTXCompiler");
            } else {
                Files.copy(a.file(), to);
            }
        }
        for (String d : RUNNERS) {
            if (Files.isDirectory(home.resolve("runners").resolve(d)))
                copyTree(
                        home.resolve("runners").resolve(d),
                        stage.resolve("runners").resolve(d));
        }
        org.fparity.util.Leftovers.deleteTree(stage.resolve("runners/gpu/results"));
        copyTree(home.resolve("grammar"), stage.resolve("grammar"));
        Path launcher = stage.resolve("bin/fparity");
        Files.createDirectories(launcher.getParent());
        Files.writeString(launcher, LAUNCHER);
        launcher.toFile().setExecutable(true, false);
        Files.writeString(
                stage.resolve("VERSION"),
                "fparity " + org.fparity.Release.VERSION + "\nruntime-sha256 "
                        + NodeRuntime.image().sha() + "\n");
        Path archive = out.resolve(ARCHIVE);
        Path tmp = out.resolve(ARCHIVE + ".tmp");
        NodeRuntime.tar(tmp, out, "fparity-node");
        Files.move(tmp, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return archive;
    }

    /** Copies a jar leaving out the entries whose names start with one of {@code drop}. */
    static void copyJarWithout(Path from, Path to, String... drop) throws IOException {
        try (InputStream fi = Files.newInputStream(from);
                ZipInputStream zi = new ZipInputStream(fi);
                OutputStream fo = Files.newOutputStream(to);
                JarOutputStream zo = new JarOutputStream(fo)) {
            next:
            for (ZipEntry e; (e = zi.getNextEntry()) != null; ) {
                for (String d : drop) if (e.getName().startsWith(d)) continue next;
                ZipEntry c = new ZipEntry(e.getName());
                c.setTime(e.getTime());
                zo.putNextEntry(c);
                zi.transferTo(zo);
                zo.closeEntry();
            }
        }
    }

    /** Copies a folder's files and subfolders, keeping executable bits. */
    static void copyTree(Path from, Path to) throws IOException {
        List<Path> all;
        try (Stream<Path> s = Files.walk(from)) {
            all = s.sorted().toList();
        }
        for (Path p : all) {
            Path q = to.resolve(from.relativize(p).toString());
            if (Files.isDirectory(p)) {
                Files.createDirectories(q);
            } else if (Files.isRegularFile(p)) {
                Files.copy(p, q, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }
}
