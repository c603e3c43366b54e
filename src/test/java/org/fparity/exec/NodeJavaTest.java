package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.FparityError;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which java a site's workers run with: the profile's when it is a JDK >= 25, else fparity's runtime, staged once in
 * the work folder (checked through a {@link LocalShell}: the same commands an ssh node gets).
 */
@Tag("slow") // the first use makes the runtime with jlink (about 30 s), later ones find it in ~/.cache/fparity/runtime
class NodeJavaTest {
    static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");

    @Test
    void aJdk25ThereIsUsedAsItIsAndNothingIsStaged(@TempDir Path work) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> log = new ArrayList<>();
        Staging.NodeJava j = Staging.nodeJava(new LocalShell(List.of()), "s", java, work.toString(), log::add);
        assertEquals(
                new Staging.NodeJava(
                        java, "JDK " + Runtime.version().feature() + " at " + System.getProperty("java.home")),
                j);
        assertEquals(List.of(), log);
        assertFalse(Files.exists(work.resolve("runtime")));
    }

    @Test
    void anOlderJavaOrNoneGetsFparitysRuntimeStagedOnceByHash(@TempDir Path work) throws Exception {
        assumeTrue(Files.isExecutable(JDK17), "needs a Java 17 at " + JDK17);
        NodeRuntime.Image img = NodeRuntime.image();
        String staged = work + "/runtime/" + img.sha().substring(0, 32) + "/bin/java";
        String described = "fparity's runtime (staged, sha " + img.sha().substring(0, 12) + ", Java "
                + Runtime.version().feature() + ")";
        List<String> log = new ArrayList<>();
        Staging.NodeJava j =
                Staging.nodeJava(new LocalShell(List.of()), "s", JDK17.toString(), work.toString(), log::add);
        assertEquals(new Staging.NodeJava(staged, described), j);
        assertEquals(
                List.of("staged fparity's runtime (sha " + img.sha().substring(0, 12) + ") on this machine: '" + JDK17
                        + "' is Java 17 there"),
                log);
        assertEquals(
                img.sha(),
                NodeRuntime.treeSha(Path.of(staged).getParent().getParent()),
                "the staged runtime is the image, file for file");
        // No java at all: the same runtime, already there, so nothing is sent again; no archive or half folder is left.
        Staging.NodeJava none = Staging.nodeJava(
                new LocalShell(List.of()), "s", work.resolve("no-such-java").toString(), work.toString(), log::add);
        assertEquals(new Staging.NodeJava(staged, described), none);
        assertEquals(1, log.size(), log.toString());
        try (var s = Files.list(work.resolve("runtime"))) {
            assertEquals(
                    List.of(img.sha().substring(0, 32)),
                    s.map(p -> p.getFileName().toString()).toList());
        }
    }

    /** An archive that does not unpack (a disk that filled up): one line, exit 3, and no half-unpacked folder left. */
    @Test
    void aRuntimeThatCannotBeUnpackedIsOneLineAndLeavesNothingHalfDone(@TempDir Path work) throws Exception {
        String name = NodeRuntime.image().remoteName();
        Path runtime = Files.createDirectories(work.resolve("runtime"));
        Files.writeString(runtime.resolve(name + ".tar.gz"), "not a tar.gz");
        FparityError e = assertThrows(
                FparityError.class,
                () -> Staging.nodeJava(new LocalShell(List.of()), "s", "no-such-java", work.toString(), s -> {}));
        assertEquals(3, e.exitCode());
        assertTrue(
                e.getMessage()
                        .startsWith(
                                "cluster s: no JDK at 'no-such-java' on this machine, and fparity's runtime cannot be unpacked in "
                                        + runtime.resolve(name) + ": "),
                e.getMessage());
        try (var s = Files.list(runtime)) {
            assertEquals(
                    List.of(name + ".tar.gz"),
                    s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aNodeOfAnotherPlatformWithoutAJdkIsOneLineAndExit3(@TempDir Path work) throws Exception {
        Path bin = Files.createDirectories(work.resolve("bin"));
        Files.writeString(bin.resolve("uname"), "#!/bin/sh\necho Linux aarch64\n");
        assertTrue(bin.resolve("uname").toFile().setExecutable(true));
        LocalShell shell = new LocalShell(List.of("export PATH=" + bin + ":$PATH"));
        FparityError e = assertThrows(
                FparityError.class,
                () -> Staging.nodeJava(
                        shell, "arm", "no-such-java", work.resolve("w").toString(), s -> {}));
        assertEquals(3, e.exitCode());
        assertEquals(
                "cluster arm: no JDK at 'no-such-java' on this machine, and fparity's own runtime is for Linux x86_64 but that node is Linux aarch64: "
                        + "install a JDK >= 25 there and set \"java\" in its profile",
                e.getMessage());
        assertFalse(Files.exists(work.resolve("w")), "nothing staged");
    }
}
