package org.fparity.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Commands on a host through the system {@code ssh} (so {@code ~/.ssh/config}, ProxyJump, agents and Kerberos work as
 * the user set them up), all over one multiplexed master connection ({@code ControlMaster}/{@code ControlPersist}) so a
 * campaign pays for one login. The profile's {@code setup} lines run before each command in the remote login shell.
 */
public final class SshShell implements Shell {
    private final String host;
    private final List<String> options;
    private final List<String> setup;
    private final Path controlDir;

    /**
     * @param host    an ssh destination ({@code user@host} or a {@code Host} of ssh_config)
     * @param options extra ssh options ({@code -F file}, {@code -p 2222} …)
     * @param setup   shell lines run before every command (a profile's {@code module load …})
     */
    public SshShell(String host, List<String> options, List<String> setup) throws IOException {
        this.host = host;
        this.options = List.copyOf(options);
        this.setup = List.copyOf(setup);
        // A short folder of our own: unix socket paths are limited to ~104 bytes and %C is 40 of them.
        this.controlDir = Files.createTempDirectory(Path.of("/tmp"), "fpssh");
    }

    /** The ssh argv that runs {@code remote} (already a shell command line) on the host. */
    List<String> sshArgv(String remote, boolean master) {
        List<String> a = new ArrayList<>();
        a.add("ssh");
        a.addAll(options);
        a.addAll(List.of(
                "-o",
                "BatchMode=yes",
                "-o",
                "ConnectTimeout=10",
                "-o",
                "ServerAliveInterval=5",
                "-o",
                "ServerAliveCountMax=3",
                "-o",
                "ControlPath=" + controlDir.resolve("%C"),
                "-o",
                "ControlMaster=" + (master ? "auto" : "no"),
                "-o",
                "ControlPersist=300"));
        a.add(host);
        a.add("--");
        a.add(remote);
        return a;
    }

    /** The remote command line: setup lines, then {@code exec} of the quoted argv. */
    String remoteCommand(List<String> argv) {
        StringBuilder sb = new StringBuilder();
        for (String s : setup) sb.append(s).append(" && ");
        return sb.append("exec ").append(Shell.commandLine(argv)).toString();
    }

    @Override
    public Result run(List<String> argv, byte[] stdin, long timeoutSeconds) throws IOException, InterruptedException {
        return Commands.run(sshArgv(remoteCommand(argv), true), stdin, timeoutSeconds);
    }

    @Override
    public org.fparity.util.Processes.Running start(List<String> argv, Path err) throws IOException {
        return org.fparity.util.Processes.command(sshArgv(remoteCommand(argv), true))
                .stderr(err)
                .timeoutSeconds(7 * 24 * 3600)
                .start();
    }

    @Override
    public void put(Path local, String remotePath, long timeoutSeconds) throws IOException, InterruptedException {
        // The file goes over the same master connection as everything else; sh gets the paths as arguments, not text.
        List<String> argv = List.of(
                "sh",
                "-c",
                "mkdir -p \"$(dirname \"$1\")\" && cat > \"$1.part.$$\" && mv -f \"$1.part.$$\" \"$1\"",
                "fparity-put",
                remotePath);
        Result r = Commands.run(sshArgv(remoteCommand(argv), true), Files.readAllBytes(local), timeoutSeconds);
        if (!r.ok())
            throw new IOException("cannot copy " + local.getFileName() + " to " + host + ":" + remotePath + ": "
                    + Commands.firstLine(r));
    }

    @Override
    public boolean connectionLost(Result r) {
        return r.exit() == 255;
    }

    @Override
    public String describe() {
        return "ssh " + host;
    }

    /** Ends the master connection (the next command opens a new one). */
    public void dropMaster() {
        try {
            List<String> a = new ArrayList<>(List.of("ssh"));
            a.addAll(options);
            a.addAll(List.of("-o", "ControlPath=" + controlDir.resolve("%C"), "-O", "exit", host));
            Commands.run(a, null, 15);
        } catch (IOException e) {
            // no master to end
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The master process's pid, or -1: for tests that kill it to see a campaign survive. */
    public long masterPid() {
        try {
            List<String> a = new ArrayList<>(List.of("ssh"));
            a.addAll(options);
            a.addAll(List.of("-o", "ControlPath=" + controlDir.resolve("%C"), "-O", "check", host));
            Result r = Commands.run(a, null, 15);
            var m = java.util.regex.Pattern.compile("pid=(\\d+)").matcher(r.err() + r.out());
            return m.find() ? Long.parseLong(m.group(1)) : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Override
    public void close() {
        dropMaster();
        try (var s = Files.list(controlDir)) {
            for (Path p : s.toList()) Files.deleteIfExists(p);
            Files.deleteIfExists(controlDir);
        } catch (IOException ignored) {
            // a stale socket folder in /tmp is harmless
        }
    }
}
