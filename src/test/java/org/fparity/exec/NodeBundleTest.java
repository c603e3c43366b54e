package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The node bundle: small enough, and it runs where there is no Java at all. */
@Tag("slow")
class NodeBundleTest {
    /**
     * Built from what Staging lists in this test's JVM (the classes packed into a jar and the test class path: a little
     * more than target/lib's runtime jars, so the bound holds for bin/node-bundle's archive too).
     */
    @Test
    void theArchiveIsAtMost40MbAndItsLauncherRunsWithNoJavaOnThePathAndNoJavaHome(@TempDir Path tmp) throws Exception {
        Path archive = NodeBundle.make(Path.of("").toAbsolutePath(), tmp.resolve("out"), false);
        assertEquals(NodeBundle.ARCHIVE, archive.getFileName().toString());
        long size = Files.size(archive);
        assertTrue(size <= 40L * 1000 * 1000, "the bundle is " + size + " bytes");
        assertTrue(size > 10L * 1000 * 1000, "the bundle is " + size + " bytes: it must hold a runtime");
        // Unpacked elsewhere (what a node gets), the launcher runs with a PATH of bash and readlink alone.
        Path node = tmp.resolve("node");
        Files.createDirectories(node);
        assertEquals(
                0,
                Processes.command(List.of("tar", "-xzf", archive.toString(), "-C", node.toString()))
                        .timeoutSeconds(120)
                        .run()
                        .exitCode());
        assertFalse(
                Files.exists(node.resolve("fparity-node/lib").resolve("z3-turnkey-4.14.1.jar")),
                "Z3 is left out by default");
        assertFalse(Files.exists(node.resolve("fparity-node/runtime/bin/javac")), "a runtime, not a JDK");
        assertTrue(
                Files.isRegularFile(node.resolve("fparity-node/runners/knobs/nvcc.json")),
                "triage on a node needs the knob files beside the toolchains");
        Path bin = tmp.resolve("bin");
        Files.createDirectories(bin);
        for (String t : List.of("bash", "readlink"))
            Files.createSymbolicLink(bin.resolve(t), org.fparity.util.Executables.find(t));
        Path launcher = node.resolve("fparity-node/bin/fparity");
        assertNull(org.fparity.util.Executables.find("java", bin.toString()), "no java on that PATH");
        var r = Processes.command(List.of("/usr/bin/env", "-i", "PATH=" + bin, launcher.toString(), "--version"))
                .timeoutSeconds(120)
                .capture();
        assertEquals(0, r.result().exitCode(), r.stdout() + r.stderr());
        assertEquals(
                "fparity " + org.fparity.cli.Main.VERSION + " (Java " + Runtime.version() + ")",
                r.stdout().strip());
    }

    /**
     * The runtime is named by its content and made once per JDK and cache: a second ask makes nothing, so a node
     * receives it once. Not asserted: that two separate jlinks give the same bytes. They need not (lib/modules of a
     * jlink made at 03:02 and of one made at 04:33 on this machine, same JDK and flags, differed), which is why the
     * cache, not the JDK, names what a node gets.
     */
    @Test
    void theRuntimeIsNamedByItsContentAndMadeOncePerCache(@TempDir Path tmp) throws Exception {
        NodeRuntime.Image a = NodeRuntime.cached(tmp.resolve("a"));
        assertEquals(a.sha(), NodeRuntime.treeSha(a.dir()));
        // A second ask of the same cache makes nothing: the folder is the one made first.
        long made = Files.getLastModifiedTime(a.archive()).toMillis();
        assertEquals(
                made,
                Files.getLastModifiedTime(NodeRuntime.cached(tmp.resolve("a")).archive())
                        .toMillis());
    }
}
