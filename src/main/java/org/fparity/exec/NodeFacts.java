package org.fparity.exec;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fparity.util.Processes;

/**
 * Facts about the node that runs a job, collected on that node (by {@code fparity worker} there, not on the login node)
 * and recorded with every platform (FLiT #88: a result without its host is not reproducible). The facts named in
 * {@link PlatformKey#RESULT_FACTS} (GPU model, driver, runtime) are part of the platform's identity.
 */
public final class NodeFacts {
    private NodeFacts() {}

    public static Map<String, String> collect() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("hostname", hostname());
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put("arch", System.getProperty("os.arch"));
        m.put("cpu", cpuModel());
        m.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("java", Runtime.version().toString());
        String distro = distro();
        if (distro != null) m.put("distro", distro);
        String libc = libc();
        if (libc != null) m.put("libc", libc);
        return m;
    }

    static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            String h = System.getenv("HOSTNAME");
            return h == null ? "unknown" : h;
        }
    }

    private static String cpuModel() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) return l.substring(l.indexOf(':') + 1).strip();
            }
        } catch (IOException ignored) {
            // not Linux: the arch alone has to do
        }
        return "unknown";
    }

    private static String distro() {
        try {
            for (String l : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (l.startsWith("PRETTY_NAME=")) return l.substring(12).replace("\"", "");
            }
        } catch (IOException ignored) {
            // no os-release: leave it out
        }
        return null;
    }

    /** glibc's version line ({@code ldd (Debian GLIBC 2.36-9+deb12u10) 2.36}): libm is part of what a C result depends on. */
    private static String libc() {
        String out = Processes.probe(java.util.List.of("ldd", "--version"), Map.of(), 10);
        if (out == null) return null;
        return out.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(null);
    }
}
