package org.fparity.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FprevPeerTest {
    @TempDir
    Path tmp;

    @Test
    void theDriversTimingLineIsRead() {
        assertEquals(0.173456, FprevPeer.parseBest("warming\nbest 0.173456\n"));
        FparityError e = assertThrows(
                FparityError.class, () -> FprevPeer.parseBest("Traceback ...\nModuleNotFoundError: numpy\n"));
        assertTrue(e.getMessage().contains("ModuleNotFoundError: numpy"), e.getMessage());
        assertEquals(ExitCode.MISSING_TOOL, e.code());
    }

    @Test
    void theScratchFolderHoldsOurDriverAndAGraphvizStandIn() throws Exception {
        Path d = FprevPeer.prepare(tmp.resolve("s"));
        assertTrue(Files.readString(d).contains("from fprev import fprev"));
        assertTrue(Files.readString(tmp.resolve("s/graphviz.py")).contains("class Digraph"));
    }

    @Test
    void theOriginalsWholeProcessRunsWithTheInterpreterItIsGiven() throws Exception {
        // bench --fprev runs it twice: as typed (python3, a pyenv shim here) and with the interpreter fparity runs
        Path driver = FprevPeer.prepare(tmp.resolve("s"));
        Path seen = tmp.resolve("seen.txt");
        Path py = tmp.resolve("fake-python");
        Files.writeString(py, "#!/bin/sh\necho \"$0 $*\" > '" + seen + "'\n");
        Files.setPosixFilePermissions(py, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        long[] t = FprevPeer.originalWhole(driver, tmp, 64, py.toString());
        assertEquals(py + " " + driver + " 64 0 " + tmp, Files.readString(seen).strip());
        assertTrue(t[0] >= 0 && t[1] >= 0);
        Files.writeString(py, "#!/bin/sh\necho 'no numpy' >&2\nexit 1\n");
        FparityError e =
                assertThrows(FparityError.class, () -> FprevPeer.originalWhole(driver, tmp, 64, py.toString()));
        assertTrue(e.getMessage().contains("no numpy"), e.getMessage());
    }

    @Test
    void aFolderWithoutFprevIsABadInput() {
        FparityError e = assertThrows(FparityError.class, () -> FprevPeer.check(tmp));
        assertEquals(ExitCode.BAD_INPUT, e.code());
        assertTrue(e.getMessage().contains("peichenxie/FPRev"), e.getMessage());
    }
}
