package org.fparity.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.fparity.ExitCode;

/**
 * fparity's own code as files another node can run: the jar and the jars its manifest names, content-addressed by
 * SHA-256 ({@code <workdir>/jars/<sha>.jar}), so a node receives each once however many campaigns use it. Run from a
 * classes folder (tests, an IDE), the folder is packed into a jar first (entries sorted, fixed times: the same classes
 * give the same hash).
 */
public final class Staging {
    /** A local file and its hash. */
    public record Artifact(Path file, String sha) {
        public String remoteName() {
            return sha.substring(0, 32) + ".jar";
        }
    }

    private static volatile List<Artifact> artifacts;

    private Staging() {}

    /** fparity's runtime classpath as content-addressed files (computed once per process). */
    public static List<Artifact> artifacts() throws IOException {
        List<Artifact> a = artifacts;
        if (a == null) {
            synchronized (Staging.class) {
                if (artifacts == null) artifacts = compute();
                a = artifacts;
            }
        }
        return a;
    }

    private static List<Artifact> compute() throws IOException {
        Path code;
        try {
            code = Path.of(Staging.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IOException("cannot tell where fparity's classes are: " + e);
        }
        Set<Path> files = new LinkedHashSet<>();
        if (Files.isDirectory(code)) {
            files.add(pack(code));
            // The dependencies: every jar on the class path, through a manifest-only launcher jar if there is one.
            for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                addJar(Path.of(e), files);
        } else {
            addJar(code, files);
        }
        List<Artifact> out = new ArrayList<>();
        for (Path f : files) out.add(new Artifact(f, sha256(f)));
        return List.copyOf(out);
    }

    private static void addJar(Path jar, Set<Path> files) throws IOException {
        if (!jar.toString().endsWith(".jar")
                || !Files.isRegularFile(jar)
                || !files.add(jar.toAbsolutePath().normalize())) return;
        try (JarFile jf = new JarFile(jar.toFile())) {
            var mf = jf.getManifest();
            String cp = mf == null ? null : mf.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (cp == null) return;
            for (String e : cp.trim().split("\\s+")) {
                if (e.isEmpty()) continue;
                Path p;
                try {
                    p = e.startsWith("file:")
                            ? Path.of(java.net.URI.create(e))
                            : jar.toAbsolutePath().getParent().resolve(e);
                } catch (IllegalArgumentException ex) {
                    continue;
                }
                if (Files.isDirectory(p)) continue; // classes folders: test classes and the like are not needed there
                addJar(p, files);
            }
        }
    }

    /** Packs a classes folder into a reproducible jar in the temp folder. */
    private static Path pack(Path dir) throws IOException {
        Path jar = Files.createTempFile("fparity-classes", ".jar");
        jar.toFile().deleteOnExit();
        List<Path> entries;
        try (Stream<Path> s = Files.walk(dir)) {
            entries = s.filter(Files::isRegularFile).sorted().toList();
        }
        try (OutputStream fo = Files.newOutputStream(jar);
                JarOutputStream jo = new JarOutputStream(fo)) {
            for (Path p : entries) {
                ZipEntry z = new ZipEntry(dir.relativize(p).toString().replace('\\', '/'));
                z.setTime(0);
                jo.putNextEntry(z);
                Files.copy(p, jo);
                jo.closeEntry();
            }
        }
        return jar;
    }

    static String sha256(Path f) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(f), org.fparity.util.Hashes.newSha256())) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of()
                    .formatHex(((DigestInputStream) in).getMessageDigest().digest());
        }
    }

    /**
     * Copies what {@code workdir/jars} lacks (one listing, then one copy per missing file, all over the shell's
     * connection) and returns the remote classpath.
     */
    public static List<String> stage(Shell shell, String workdir, java.util.function.Consumer<String> log)
            throws IOException, InterruptedException {
        String jars = workdir + "/jars";
        Shell.Result ls =
                shell.run(List.of("sh", "-c", "mkdir -p \"$1\" && ls -1 \"$1\"", "fparity-ls", jars), null, 60);
        if (!ls.ok())
            throw new IOException("cannot list " + jars + " on " + shell.describe() + ": " + Commands.firstLine(ls));
        Set<String> there =
                new java.util.HashSet<>(ls.out().lines().map(String::strip).toList());
        List<String> cp = new ArrayList<>();
        int sent = 0;
        for (Artifact a : artifacts()) {
            String remote = jars + "/" + a.remoteName();
            if (!there.contains(a.remoteName())) {
                shell.put(a.file(), remote, 600);
                sent++;
            }
            cp.add(remote);
        }
        if (sent > 0) log.accept("staged " + sent + " of " + cp.size() + " jars on " + shell.describe());
        return cp;
    }

    /** The argv that runs {@code fparity worker} there. */
    public static List<String> workerArgv(String java, List<String> classpath, List<String> workerArgs) {
        List<String> a = new ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-Xss8m",
                "-cp",
                String.join(":", classpath),
                "org.fparity.cli.Main",
                "worker"));
        a.addAll(workerArgs);
        return a;
    }

    /** The java a node's workers run with, and how {@code fparity clusters} tells it. */
    public record NodeJava(String command, String description) {}

    /**
     * The java for workers there: the profile's {@code java} when it is a JDK >= 25; otherwise fparity's own runtime
     * ({@link NodeRuntime}), staged once per version by hash under {@code workdir/runtime/}. Exit 3 with one line when
     * the node cannot be reached, or needs the runtime and cannot take it (another platform, no tar there).
     */
    public static NodeJava nodeJava(
            Shell shell, String site, String javaCmd, String workdir, java.util.function.Consumer<String> log)
            throws InterruptedException {
        String where = shell.describe();
        Shell.Result r = runThere(
                shell,
                site,
                List.of(
                        "sh",
                        "-c",
                        "\"$1\" -XshowSettings:properties -version 2>&1; echo \"fparity-java-exit $?\"; echo \"fparity-uname $(uname -sm)\"",
                        "fparity-java",
                        javaCmd));
        String out = r.out();
        var v = java.util.regex.Pattern.compile("version \"(\\d+)").matcher(out);
        var home =
                java.util.regex.Pattern.compile("(?m)^\\s*java\\.home = (.*)$").matcher(out);
        boolean ran = out.contains("fparity-java-exit 0");
        String found;
        if (ran && v.find()) {
            int feature = Integer.parseInt(v.group(1));
            if (feature >= 25)
                return new NodeJava(
                        javaCmd,
                        "JDK " + feature + " at " + (home.find() ? home.group(1).strip() : javaCmd));
            found = "'" + javaCmd + "' is Java " + feature;
        } else {
            found = "no JDK at '" + javaCmd + "'";
        }
        var uname = java.util.regex.Pattern.compile("(?m)^fparity-uname (.*)$").matcher(out);
        String platform = uname.find() ? uname.group(1).strip() : "?";
        if (!platform.equals(NodeRuntime.platform())) {
            throw new org.fparity.FparityError(
                    "cluster " + site + ": " + found + " on " + where + ", and fparity's own runtime is for "
                            + NodeRuntime.platform() + " but that node is " + platform
                            + ": install a JDK >= 25 there and set \"java\" in its profile",
                    ExitCode.MISSING_TOOL);
        }
        NodeRuntime.Image img;
        try {
            img = NodeRuntime.image();
        } catch (IOException e) {
            throw new org.fparity.FparityError(
                    "cluster " + site + ": " + found + " on " + where + ", and fparity cannot make its own runtime: "
                            + e.getMessage(),
                    ExitCode.MISSING_TOOL);
        }
        String dir = workdir + "/runtime/" + img.remoteName();
        String runtimeJava = dir + "/bin/java";
        // Unpacked beside, then renamed: a node never sees half a runtime, and two campaigns staging at once keep one.
        String unpack =
                "d=$1; a=$2; test -x \"$d/bin/java\" && exit 0; [ -f \"$a\" ] || exit 10; t=\"$d.tmp.$$\"; rm -rf \"$t\"; mkdir -p \"$t\""
                        + " && tar -xzf \"$a\" -C \"$t\" && rm -f \"$a\" && { mv -T \"$t\" \"$d\" 2>/dev/null || true; }; rm -rf \"$t\"; test -x \"$d/bin/java\"";
        String archive = workdir + "/runtime/" + img.remoteName() + ".tar.gz";
        r = runThere(shell, site, List.of("sh", "-c", unpack, "fparity-runtime", dir, archive));
        if (r.exit() == 10) {
            try {
                shell.put(img.archive(), archive, 1200);
            } catch (IOException e) {
                throw new org.fparity.FparityError("cluster " + site + ": " + e.getMessage(), ExitCode.MISSING_TOOL);
            }
            r = runThere(shell, site, List.of("sh", "-c", unpack, "fparity-runtime", dir, archive));
            if (r.ok())
                log.accept("staged fparity's runtime (sha " + img.sha().substring(0, 12) + ") on " + where + ": "
                        + found + " there");
        }
        if (!r.ok()) {
            throw new org.fparity.FparityError(
                    "cluster " + site + ": " + found + " on " + where + ", and fparity's runtime cannot be unpacked in "
                            + dir + ": " + Commands.firstLine(r),
                    ExitCode.MISSING_TOOL);
        }
        Shell.Result check = runThere(shell, site, List.of(runtimeJava, "-version"));
        if (!check.ok()) {
            throw new org.fparity.FparityError(
                    "cluster " + site + ": " + found + " on " + where + ", and fparity's runtime does not run there ("
                            + runtimeJava + "): " + Commands.firstLine(check),
                    ExitCode.MISSING_TOOL);
        }
        return new NodeJava(
                runtimeJava,
                "fparity's runtime (staged, sha " + img.sha().substring(0, 12) + ", Java "
                        + Runtime.version().feature() + ")");
    }

    /** One command there; exit 3 with one line when ssh itself fails or the connection is lost. */
    private static Shell.Result runThere(Shell shell, String site, List<String> argv) throws InterruptedException {
        Shell.Result r;
        try {
            r = shell.run(argv, null, 600);
        } catch (IOException e) {
            throw new org.fparity.FparityError(
                    "cluster " + site + ": cannot run ssh: " + e.getMessage(), ExitCode.MISSING_TOOL);
        }
        if (shell.connectionLost(r)) {
            throw new org.fparity.FparityError(
                    "cluster " + site + ": cannot reach it (" + shell.describe() + "): " + Commands.firstLine(r),
                    ExitCode.MISSING_TOOL);
        }
        return r;
    }
}
