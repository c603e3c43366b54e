package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One writer per campaign folder: another thread or process is refused naming the holder; a dead holder's lock is taken over. */
class CampaignLockTest {
    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("try") // the resource is held, not used: holding it is what the test is about
    void anotherThreadIsRefusedNamingTheHolderWhileTheHoldingThreadMayTakeItAgain() throws Exception {
        Path dir = tmp.resolve("c");
        CampaignLock.command("fparity run --out c");
        try (CampaignLock first = CampaignLock.acquire(dir)) {
            String text = Files.readString(dir.resolve(CampaignLock.FILE));
            assertTrue(text.startsWith("pid " + ProcessHandle.current().pid() + " on host "), text);
            assertTrue(text.contains(", 'fparity run --out c', since 20"), text);
            try (CampaignLock again = CampaignLock.acquire(dir)) {
                // the run, then its reruns: the same thread
            }
            FparityError e = CompletableFuture.supplyAsync(
                            () -> assertThrows(FparityError.class, () -> CampaignLock.acquire(dir)))
                    .get();
            assertEquals(4, e.exitCode());
            assertEquals(
                    dir + " is being written by another fparity (" + text.strip()
                            + "); wait for it to finish, or stop it, then run this again",
                    e.getMessage());
            assertEquals(
                    text.strip(),
                    CompletableFuture.supplyAsync(() -> CampaignLock.holderOf(dir))
                            .get(),
                    "another thread sees the holder");
            assertNull(CampaignLock.holderOf(dir), "the holder itself is not another writer");
        } finally {
            CampaignLock.command(null);
        }
        assertNull(CampaignLock.holderOf(dir), "released when the last hold is given back");
        CompletableFuture.runAsync(() -> CampaignLock.acquire(dir).close()).get();
    }

    @Test
    @SuppressWarnings("try") // the resource is held, not used: holding it is what the test is about
    void theLockFileOfAProcessThatDiedIsTakenOver() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("c"));
        // what a killed run leaves: its line in the file, but no lock (the operating system released it with the
        // process)
        Files.writeString(
                dir.resolve(CampaignLock.FILE),
                "pid 999999 on host elsewhere, 'fparity run', since 2026-01-01T00:00:00Z\n");
        assertNull(CampaignLock.holderOf(dir));
        try (CampaignLock l = CampaignLock.acquire(dir)) {
            assertTrue(Files.readString(dir.resolve(CampaignLock.FILE))
                    .startsWith("pid " + ProcessHandle.current().pid() + " "));
        }
    }

    @Test
    void aFolderWithoutALockFileHasNoHolder() {
        assertNull(CampaignLock.holderOf(tmp));
    }
}
