package org.fparity.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Commands on this machine, for a cluster whose login node is this machine (a Slurm profile without a host). Setup
 * lines run in {@code bash -c} before the command; the command's argv is passed as arguments, never as text.
 */
public final class LocalShell implements Shell {
    private final List<String> setup;

    public LocalShell(List<String> setup) {
        this.setup = List.copyOf(setup);
    }

    List<String> argv(List<String> argv) {
        if (setup.isEmpty()) return argv;
        List<String> a =
                new ArrayList<>(List.of("bash", "-c", String.join(" && ", setup) + " && exec \"$@\"", "fparity"));
        a.addAll(argv);
        return a;
    }

    /** This machine: the same file system. */
    @Override
    public boolean sharesFileSystem() {
        return true;
    }

    @Override
    public Result run(List<String> argv, byte[] stdin, long timeoutSeconds) throws IOException, InterruptedException {
        return Commands.run(argv(argv), stdin, timeoutSeconds);
    }

    @Override
    public org.fparity.util.Processes.Running start(List<String> argv, Path err) throws IOException {
        return org.fparity.util.Processes.command(argv(argv))
                .stderr(err)
                .timeoutSeconds(7 * 24 * 3600)
                .start();
    }

    @Override
    public void put(Path local, String remotePath, long timeoutSeconds) throws IOException {
        Path to = Path.of(remotePath);
        Files.createDirectories(to.getParent());
        Path tmp = to.resolveSibling(
                to.getFileName() + ".part." + ProcessHandle.current().pid());
        Files.copy(local, tmp, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    public String describe() {
        return "this machine";
    }
}
