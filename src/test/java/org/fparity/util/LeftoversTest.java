package org.fparity.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Temporaries of a killed command are removed by the next start of it; those of a live one never are. */
class LeftoversTest {
    @TempDir
    Path tmp;

    private static void age(Path p) throws Exception {
        Files.setLastModifiedTime(p, FileTime.fromMillis(System.currentTimeMillis() - 2 * Leftovers.GRACE_MILLIS));
    }

    @Test
    void whatADeadCommandLeftGoesAndWhatALiveOneHoldsStays() throws Exception {
        // a killed merge: its folder with a lock file nobody holds (the system dropped the lock with the process)
        Path dead = Files.createDirectories(tmp.resolve(".c.merge-dead"));
        Files.writeString(dead.resolve(Leftovers.LOCK), "");
        Files.write(dead.resolve("outcomes.jsonl"), new byte[4096]);
        // a live one, this process's
        Path live = Leftovers.tempDir(tmp, ".c.merge-");
        // one without a lock file: too young to tell, then old enough
        Path young = Files.createDirectories(tmp.resolve(".c.merge-young"));
        Path old = Files.createDirectories(tmp.resolve(".c.merge-old"));
        age(old);
        // not ours: another prefix, and the prefix alone
        Path other = Files.createDirectories(tmp.resolve(".d.merge-x"));
        Path bare = Files.createDirectories(tmp.resolve(".c.merge-"));
        age(other);
        age(bare);

        List<Path> removed = Leftovers.clean(tmp, ".c.merge-", "");
        assertEquals(Set.of(dead, old), Set.copyOf(removed));
        assertFalse(Files.exists(dead));
        assertFalse(Files.exists(old));
        for (Path p : List.of(live, young, other, bare)) assertTrue(Files.isDirectory(p), p.toString());
        Leftovers.release(live);
        assertFalse(
                Files.exists(live.resolve(Leftovers.LOCK)),
                "released: its lock file goes before it is renamed into place");
    }

    @Test
    @SuppressWarnings("try") // the resource is held, not used: holding it is what the test is about
    void aFileThatIsItsOwnLockGoesOnlyWhenFreeAndOld() throws Exception {
        Path writing = tmp.resolve(".x.json.111.tmp");
        try (var ch = Leftovers.lockedFile(writing)) {
            age(writing);
            assertEquals(List.of(), Leftovers.clean(tmp, ".x.json.", ".tmp"), "held by a live export");
        }
        Path fresh = tmp.resolve(".x.json.222.tmp");
        Files.writeString(fresh, "{");
        assertEquals(
                List.of(writing),
                Leftovers.clean(tmp, ".x.json.", ".tmp"),
                "free and old: a killed export's; free and new: maybe about to be renamed");
        assertTrue(Files.exists(fresh));
    }

    @Test
    void aTemporaryFolderHasTheUmasksModeNot700() throws Exception {
        Path d = Leftovers.tempDir(tmp, ".r.report-");
        Path plain = Files.createDirectory(tmp.resolve("plain"));
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(d);
        assertEquals(Files.getPosixFilePermissions(plain), mode);
        Leftovers.release(d);
    }
}
