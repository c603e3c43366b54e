package org.fparity.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VarityPeerTest {
    @TempDir
    Path tmp;

    static final String DRIVER = """
            def compileCode(config):
                    libs = " -lm "
                    compilation_arguments = %s
                    cmd = " ".join(compilation_arguments)
            """;

    /** Varity's run phase runs under a CPU-time limit that the binaries it starts inherit, so one that spins is killed. */
    @Test
    void theRunPhaseRunsUnderACpuLimitItsChildrenInherit(@TempDir Path tmp) throws Exception {
        List<String> argv = new ArrayList<>(VarityPeer.limited(Path.of("/bin/sh")));
        argv.addAll(List.of("-c", "sh -c 'ulimit -t'"));
        Path out = tmp.resolve("out");
        Processes.Result r = Processes.run(argv, Map.of(), tmp, out, 60);
        assertEquals(0, r.exitCode());
        assertEquals(
                Integer.toString(VarityPeer.RUN_CPU_SECONDS),
                Files.readString(out).strip());
    }

    @Test
    void theLinkOrderPatchMovesLibmAfterTheSource() {
        String stock = DRIVER.formatted(VarityPeer.STOCK_ARGS);
        String patched = VarityPeer.patchLinkOrder(stock);
        assertTrue(patched.contains("extra_name+\".exe\", fileName, libs]"), patched);
        assertFalse(patched.contains("libs, \"-o\""), patched);
        assertEquals(patched, VarityPeer.patchLinkOrder(patched), "patching twice changes nothing");
    }

    @Test
    void aDriverItDoesNotKnowIsRefusedNotGuessed() {
        FparityError e = assertThrows(
                FparityError.class, () -> VarityPeer.patchLinkOrder(DRIVER.formatted("[compiler_path, fileName]")));
        assertEquals(ExitCode.BAD_INPUT, e.code());
        assertTrue(e.getMessage().contains("link-order patch"), e.getMessage());
    }

    @Test
    void theConfigurationOverridesVaritysOwnSettings() {
        String c = VarityPeer.configuration(new VarityPeer.Config(
                40,
                5,
                List.of(
                        new VarityPeer.Compiler("gcc", "/usr/bin/gcc"),
                        new VarityPeer.Compiler("clang_14", "/usr/bin/clang-14")),
                List.of("-O0", "-O3", "-Ofast")));
        assertTrue(c.contains("\nNUM_GROUPS = 1\n"), c);
        assertTrue(c.contains("\nTESTS_PER_GROUP = 40\n"), c);
        assertTrue(c.contains("\nINPUT_SAMPLES_PER_RUN = 5\n"), c);
        assertTrue(
                c.contains("\nCOMPILERS = [(\"gcc\", \"/usr/bin/gcc\"), (\"clang_14\", \"/usr/bin/clang-14\")]\n"), c);
        assertTrue(c.contains("\nOPT_LEVELS = [(\"-O0\", 0), (\"-O3\", 0), (\"-Ofast\", 0)]\n"), c);
        assertThrows(
                IllegalArgumentException.class,
                () -> new VarityPeer.Compiler("clang-14", "/usr/bin/clang-14"),
                "Varity splits exe names on '-'");
    }

    @Test
    void optLevelsMapToVaritysFlagsFastMathIsOfast() {
        assertEquals("-O0", VarityPeer.optFlag("O0"));
        assertEquals("-O3", VarityPeer.optFlag("O3"));
        assertEquals("-Ofast", VarityPeer.optFlag("O3_FM"));
        FparityError e = assertThrows(FparityError.class, () -> VarityPeer.optFlag("nofma"));
        assertEquals(ExitCode.BAD_INPUT, e.code());
    }

    @Test
    void preparesAScratchCopyAndLeavesTheOriginalAlone() throws Exception {
        Path peer = Files.createDirectories(tmp.resolve("peer/varity/common"));
        Files.writeString(peer.getParent().resolve("varity.py"), DRIVER.formatted(VarityPeer.STOCK_ARGS));
        Files.writeString(peer.getParent().resolve("cfg.py"), "NUM_GROUPS = 2\n");
        Files.writeString(peer.resolve("run.py"), "# run\n");
        Path copy = VarityPeer.prepare(
                tmp.resolve("peer"),
                tmp.resolve("scratch"),
                new VarityPeer.Config(3, 2, List.of(new VarityPeer.Compiler("gcc", "/usr/bin/gcc")), List.of("-O0")));
        assertEquals(tmp.resolve("scratch/varity"), copy);
        assertTrue(Files.readString(copy.resolve("varity.py")).contains("fileName, libs]"));
        assertTrue(Files.readString(copy.resolve("cfg.py")).startsWith("NUM_GROUPS = 2\n"));
        assertTrue(Files.readString(copy.resolve("cfg.py")).contains("TESTS_PER_GROUP = 3"));
        assertEquals("# run\n", Files.readString(copy.resolve("common/run.py")));
        assertEquals(
                DRIVER.formatted(VarityPeer.STOCK_ARGS),
                Files.readString(peer.getParent().resolve("varity.py")),
                "original untouched");
        assertEquals("NUM_GROUPS = 2\n", Files.readString(peer.getParent().resolve("cfg.py")));
    }

    @Test
    void aFolderWithoutVarityIsOneClearError() {
        FparityError e = assertThrows(FparityError.class, () -> VarityPeer.sourceDir(tmp));
        assertEquals(ExitCode.BAD_INPUT, e.code());
        assertTrue(e.getMessage().contains("no varity.py"), e.getMessage());
    }
}
