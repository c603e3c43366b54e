package org.fparity.campaign;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.exec.CompactOutcome;
import org.fparity.util.AtomicFiles;

/**
 * Brings a campaign written by an older fparity to the current layout ({@link Campaign#SCHEMA}): campaign.json says
 * layout 3 (programs in the store, as layout 2 already had them), and each outcome log is rewritten compact
 * ({@link CompactOutcome}), lines in fparity's own spelling as runs, any other line as it was. What {@code fparity
 * migrate} does; reading an old campaign needs none of it (every reader reads both spellings).
 *
 * <p>Safe to kill: campaign.json first (a layout 3 campaign may hold JSON-object lines), then each log through a temp
 * file forced to disk and renamed over it; run again, it finishes what is left. Under the campaign's lock.
 */
public final class CompactLogs {
    private CompactLogs() {}

    /** What a migration did: the logs it rewrote, their bytes before and after, and the layout it found. */
    public record Result(int layoutBefore, List<String> files, long bytesBefore, long bytesAfter) {}

    @SuppressWarnings("try") // the lock is held, not used
    public static Result migrate(Path dir) {
        if (Campaign.readMeta(dir) == null)
            throw new FparityError(dir + ": not a campaign (no " + Campaign.META + ")", org.fparity.ExitCode.BAD_INPUT);
        try (CampaignLock lock = CampaignLock.acquire(dir)) {
            CampaignMeta meta = Campaign.readMeta(dir);
            int before = meta.schema();
            if (before < Campaign.SCHEMA) Campaign.writeMeta(dir, meta.withSchema(Campaign.SCHEMA));
            List<String> files = new ArrayList<>();
            long was = 0, now = 0;
            List<Path> logs = new ArrayList<>();
            logs.add(dir.resolve(Campaign.OUTCOMES));
            for (int k = 1; Files.exists(dir.resolve(Campaign.rerunFile(k))); k++)
                logs.add(dir.resolve(Campaign.rerunFile(k)));
            for (Path log : logs) {
                if (!Files.isRegularFile(log)) continue;
                long[] sizes = rewrite(log);
                files.add(log.getFileName().toString());
                was += sizes[0];
                now += sizes[1];
            }
            return new Result(before, files, was, now);
        }
    }

    /** Rewrites one log compact (temp beside it, forced, renamed over it); its size before and after. */
    private static long[] rewrite(Path log) {
        try {
            long before = Files.size(log);
            Path tmp = AtomicFiles.tempBeside(log);
            try (InputStream in = Files.newInputStream(log);
                    FileChannel ch =
                            FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                OutputStream out =
                        new CompactingOutput(new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 20));
                in.transferTo(out);
                out.flush();
                ch.force(true);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            Files.move(tmp, log, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return new long[] {before, Files.size(log)};
        } catch (IOException e) {
            throw FparityError.io("cannot rewrite " + log, e);
        }
    }
}
