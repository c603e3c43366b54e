package org.fparity.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * A Java runtime for a node that has no JDK >= 25: {@code jlink} of the running JDK with only the modules fparity uses,
 * made once per JDK and kept in {@code ~/.cache/fparity/runtime}, named by the SHA-256 of its files (paths, executable
 * bits, bytes), and packed as a {@code .tar.gz} to stage like the jars. Only for the platform fparity runs on. Two
 * jlinks of one JDK need not give the same bytes (lib/modules differed here), so a new cache may stage a new runtime once.
 */
public final class NodeRuntime {
    /** java.base (FFM for MPFR and OpenCL), logging and management (CPU time of child processes), jdk.unsupported (JCuda, Jackson). */
    public static final List<String> MODULES =
            List.of("java.base", "java.logging", "java.management", "jdk.management", "jdk.unsupported");

    /** The image folder, its archive and the image's hash. */
    public record Image(Path dir, Path archive, String sha) {
        /** The folder name it gets on a node. */
        public String remoteName() {
            return sha.substring(0, 32);
        }
    }

    private static volatile Image image;

    private NodeRuntime() {}

    /** The platform this runtime runs on, as {@code uname -sm} prints it ({@code Linux x86_64}). */
    public static String platform() {
        String os = System.getProperty("os.name");
        String arch = switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> System.getProperty("os.arch");
        };
        return os + " " + arch;
    }

    /** The runtime for this JDK, made (or found in the cache) once per process. */
    public static Image image() throws IOException {
        Image i = image;
        if (i == null) {
            synchronized (NodeRuntime.class) {
                if (image == null)
                    image = cached(Path.of(System.getProperty("user.home"), ".cache", "fparity", "runtime"));
                i = image;
            }
        }
        return i;
    }

    /** The runtime in {@code cache}, made there when it is not (concurrent makers: the first rename wins). */
    static Image cached(Path cache) throws IOException {
        String key = org.fparity.util.Hashes.sha256Hex(System.getProperty("java.home") + "\n"
                        + System.getProperty("java.runtime.version") + "\n" + MODULES)
                .substring(0, 16);
        Path dir = cache.resolve(key);
        Path done = dir.resolve("sha256");
        if (!Files.isRegularFile(done)) {
            Files.createDirectories(cache);
            Path tmp = Files.createTempDirectory(cache, key + ".tmp");
            try {
                make(tmp.resolve("image"));
                String sha = treeSha(tmp.resolve("image"));
                pack(tmp.resolve("image"), tmp.resolve("runtime.tar.gz"));
                Files.writeString(tmp.resolve("sha256"), sha + "\n");
                try {
                    Files.move(tmp, dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    if (!Files.isRegularFile(done)) throw e; // someone else made it meanwhile: theirs is the same
                }
            } finally {
                org.fparity.util.Leftovers.deleteTree(tmp);
            }
        }
        return new Image(
                dir.resolve("image"),
                dir.resolve("runtime.tar.gz"),
                Files.readString(done).strip());
    }

    /** jlink of the running JDK into {@code out} (which must not exist). */
    public static void make(Path out) throws IOException {
        ToolProvider jlink = ToolProvider.findFirst("jlink")
                .orElseThrow(() -> new IOException("this Java (" + System.getProperty("java.home")
                        + ") has no jlink to make a runtime for nodes; run fparity from a JDK"));
        StringWriter msg = new StringWriter();
        PrintWriter pw = new PrintWriter(msg);
        int rc = jlink.run(
                pw,
                pw,
                "--add-modules",
                String.join(",", MODULES),
                "--strip-debug",
                "--no-header-files",
                "--no-man-pages",
                "--compress=zip-9",
                "--output",
                out.toString());
        pw.flush();
        if (rc != 0)
            throw new IOException("jlink failed (exit " + rc + "): "
                    + msg.toString().strip().lines().findFirst().orElse(""));
    }

    /** SHA-256 over the tree's files in name order: each one's relative path, whether it is executable, and its bytes. */
    static String treeSha(Path root) throws IOException {
        var md = org.fparity.util.Hashes.newSha256();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            md.update((root.relativize(f) + (Files.isExecutable(f) ? "\0x\0" : "\0-\0"))
                    .getBytes(StandardCharsets.UTF_8));
            try (InputStream in = Files.newInputStream(f)) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** {@code tar -czf archive -C dir .} with names sorted and no owners or times of this machine. */
    static void pack(Path dir, Path archive) throws IOException {
        tar(archive, dir, ".");
    }

    /** Packs {@code names} (relative to {@code dir}) into a gzipped tar, reproducibly. */
    static void tar(Path archive, Path dir, String... names) throws IOException {
        List<String> argv = new java.util.ArrayList<>(List.of(
                "tar",
                "--sort=name",
                "--mtime=@0",
                "--owner=0",
                "--group=0",
                "--numeric-owner",
                "-czf",
                archive.toString(),
                "-C",
                dir.toString()));
        argv.addAll(List.of(names));
        Shell.Result r;
        try {
            r = Commands.run(argv, null, 600);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while packing " + archive.getFileName());
        }
        if (!r.ok())
            throw new IOException("cannot pack " + archive.getFileName() + " with tar: " + Commands.firstLine(r));
    }
}
