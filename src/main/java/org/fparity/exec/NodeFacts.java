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
 * {@link Platform#RESULT_FACTS} (GPU model, driver, runtime) are part of the platform's identity.
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
        m.putAll(gpu());
        return m;
    }

    /**
     * The node's GPU, from {@code nvidia-smi} or {@code rocm-smi} when either is installed and answers (nothing on a node
     * without them): {@code gpu} (model of device 0, the one the harnesses use), {@code gpu_cc} (compute capability, or
     * the gfx target on AMD), {@code gpu_driver}, {@code gpu_runtime} (the CUDA version the driver supports, or HIP's),
     * {@code gpu_count}. Model, driver and runtime make GPU platforms ({@link Platform#RESULT_FACTS}), so two GPU
     * generations or drivers are two platforms.
     */
    static Map<String, String> gpu() {
        if (Processes.which("nvidia-smi") != null) {
            String q = Processes.probe(
                    java.util.List.of(
                            "nvidia-smi", "--query-gpu=name,compute_cap,driver_version", "--format=csv,noheader"),
                    Map.of(),
                    30);
            String banner = Processes.probe(java.util.List.of("nvidia-smi"), Map.of(), 30);
            Map<String, String> m = nvidia(q, banner);
            if (!m.isEmpty()) return m;
        }
        if (Processes.which("rocm-smi") != null) {
            String smi = Processes.probe(
                    java.util.List.of("rocm-smi", "--showproductname", "--showdriverversion"), Map.of(), 30);
            String info = Processes.which("rocminfo") == null
                    ? null
                    : Processes.probe(java.util.List.of("rocminfo"), Map.of(), 30);
            String hip = Processes.which("hipconfig") == null
                    ? null
                    : Processes.probe(java.util.List.of("hipconfig", "--version"), Map.of(), 30);
            return amd(smi, info, hip);
        }
        return Map.of();
    }

    /** Facts from {@code nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader} and its banner. */
    static Map<String, String> nvidia(String query, String banner) {
        Map<String, String> m = new LinkedHashMap<>();
        if (query == null) return m;
        java.util.List<String> rows = query.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && l.contains(","))
                .toList();
        if (rows.isEmpty()) return m;
        String[] f = rows.getFirst().split("\\s*,\\s*");
        m.put("gpu", f[0]);
        if (f.length > 1 && !f[1].isEmpty() && !f[1].startsWith("[")) m.put("gpu_cc", f[1]);
        if (f.length > 2 && !f[2].isEmpty()) m.put("gpu_driver", f[2]);
        if (banner != null) {
            java.util.regex.Matcher v = java.util.regex.Pattern.compile("CUDA Version:\\s*([0-9.]+)")
                    .matcher(banner);
            if (v.find()) m.put("gpu_runtime", "CUDA " + v.group(1));
        }
        m.put("gpu_count", Integer.toString(rows.size()));
        return m;
    }

    /** Facts from {@code rocm-smi --showproductname --showdriverversion}, {@code rocminfo} and {@code hipconfig --version}. */
    static Map<String, String> amd(String smi, String rocminfo, String hipconfig) {
        Map<String, String> m = new LinkedHashMap<>();
        if (smi == null) return m;
        java.util.regex.Matcher card = java.util.regex.Pattern.compile(
                        "GPU\\[0\\][^\\n]*?(?:Card series|Card SKU|Marketing Name):\\s*([^\\n]+)")
                .matcher(smi);
        if (card.find()) m.put("gpu", card.group(1).strip());
        java.util.regex.Matcher drv =
                java.util.regex.Pattern.compile("Driver version:\\s*(\\S+)").matcher(smi);
        if (drv.find()) m.put("gpu_driver", drv.group(1));
        if (m.isEmpty()) return m;
        if (rocminfo != null) {
            java.util.regex.Matcher gfx =
                    java.util.regex.Pattern.compile("Name:\\s*(gfx[0-9a-f]+)").matcher(rocminfo);
            if (gfx.find()) m.put("gpu_cc", gfx.group(1));
        }
        if (hipconfig != null) {
            String v = hipconfig.strip().lines().findFirst().orElse("").strip();
            if (!v.isEmpty()) m.put("gpu_runtime", "HIP " + v);
        }
        m.put(
                "gpu_count",
                Long.toString(smi.lines()
                        .filter(l -> l.matches("(?s).*GPU\\[\\d+\\].*(Card series|Card SKU|Marketing Name).*"))
                        .count()));
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
                if (l.startsWith("model name"))
                    return l.substring(l.indexOf(':') + 1).strip();
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
        return out.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .findFirst()
                .orElse(null);
    }
}
