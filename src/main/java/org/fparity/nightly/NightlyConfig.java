package org.fparity.nightly;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.fparity.FparityError;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.Clusters;
import org.fparity.ir.Precision;
import org.fparity.ir.ProgramJson;
import org.fparity.report.AcceptancePolicy;
import org.fparity.run.Reruns;

/**
 * {@code nightly.json}: what to generate, where to run it, where history lives. Documented field by field in
 * {@code runners/nightly/README.md}; relative paths are relative to the config file's folder.
 *
 * @param seed       a fixed generator seed, or null for one derived from the date (yyyymmdd)
 * @param programs   programs per precision
 * @param inputs     inputs per program
 * @param precisions FP64 and/or FP32
 * @param opts       opt levels
 * @param toolchains toolchain names, or empty for every toolchain that compiles and runs at each site
 * @param toolchainDir folder of toolchain descriptors
 * @param clusters   cluster profiles to run on, in parallel (named ones read from the profiles folder, inline ones checked
 *                   the same way)
 * @param history    the history folder: one folder per night plus index.html
 * @param batch      programs per batch binary
 * @param jobs       parallel builds and runs per cluster
 * @param reruns     reruns of each disagreeing case at the cluster that ran it (0: none), so a platform whose answer
 *                   changes from run to run is reported unstable, not as a new discrepancy
 * @param policy     the acceptance policy ({@code "policy"}: a file, relative to the config), {@link AcceptancePolicy#NONE} without one
 * @param triage     whether the night's campaign is triaged into root causes, so the night is compared in causes
 *                   ({@code "triage"}, default true)
 */
public record NightlyConfig(
        Long seed,
        int programs,
        int inputs,
        List<Precision> precisions,
        List<String> opts,
        List<String> toolchains,
        Path toolchainDir,
        List<ClusterProfile> clusters,
        Path history,
        int batch,
        int jobs,
        int reruns,
        AcceptancePolicy policy,
        boolean triage) {

    static final Set<String> FIELDS = Set.of(
            "seed",
            "programs",
            "inputs",
            "precision",
            "opt",
            "toolchains",
            "toolchain_dir",
            "clusters",
            "clusters_dir",
            "history",
            "batch",
            "jobs",
            "reruns",
            "policy",
            "triage",
            "description");

    /** The same config with another history folder ({@code --history}: CI keeps history outside the clone). */
    public NightlyConfig withHistory(Path dir) {
        return new NightlyConfig(
                seed,
                programs,
                inputs,
                precisions,
                opts,
                toolchains,
                toolchainDir,
                clusters,
                dir,
                batch,
                jobs,
                reruns,
                policy,
                triage);
    }

    /** The seed of a night: the fixed one, or the date as yyyymmdd (the same night always gets the same programs). */
    public long seedFor(LocalDate night) {
        return seed != null ? seed : night.getYear() * 10000L + night.getMonthValue() * 100 + night.getDayOfMonth();
    }

    /** Reads and checks a config; every problem is one line naming the file and the field (exit 2). */
    public static NightlyConfig load(Path file) {
        JsonNode root = ProgramJson.readFile(file);
        if (root == null || !root.isObject()) throw new FparityError(file + ": expected a JSON object");
        Path base = file.toAbsolutePath().getParent();
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!FIELDS.contains(f))
                throw bad(file, f, "unknown field (known: " + String.join(", ", new java.util.TreeSet<>(FIELDS)) + ")");
        }
        Long seed = null;
        JsonNode s = root.path("seed");
        if (s.isIntegralNumber()) {
            seed = s.asLong();
        } else if (!s.isMissingNode() && !(s.isTextual() && s.asText().equals("date"))) {
            throw bad(file, "seed", "must be an integer or \"date\"");
        }
        int programs = positive(file, root, "programs", 20);
        int inputs = positive(file, root, "inputs", 3);
        List<Precision> precisions = new ArrayList<>();
        for (String p : strings(file, root, "precision", List.of("fp64"))) {
            if (p.equalsIgnoreCase("both")) {
                precisions.addAll(List.of(Precision.FP64, Precision.FP32));
                continue;
            }
            try {
                precisions.add(Precision.parse(p.toLowerCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw bad(file, "precision", e.getMessage());
            }
        }
        List<String> opts = strings(file, root, "opt", org.fparity.exec.Toolchain.STANDARD_OPTS);
        if (opts.isEmpty()) throw bad(file, "opt", "names no opt level");
        List<String> toolchains = strings(file, root, "toolchains", List.of());
        Path toolchainDir = root.has("toolchain_dir") ? base.resolve(text(file, root, "toolchain_dir")) : null;
        List<ClusterProfile> clusters = new ArrayList<>();
        JsonNode cs = root.path("clusters");
        if (cs.isMissingNode()) {
            clusters.add(LOCAL);
        } else if (!cs.isArray() || cs.isEmpty()) {
            throw bad(
                    file,
                    "clusters",
                    "must be a non-empty array of cluster profile names or inline profiles ({\"name\", \"executor\", …})");
        } else {
            Path dir =
                    root.has("clusters_dir") ? base.resolve(text(file, root, "clusters_dir")) : Clusters.defaultDir();
            Clusters profiles = null;
            Set<String> names = new HashSet<>();
            for (JsonNode c : cs) {
                ClusterProfile p;
                if (c.isTextual()) {
                    if (profiles == null) profiles = Clusters.load(dir, System.getenv());
                    p = named(file, profiles, c.asText());
                } else {
                    p = inline(file, c);
                }
                if (!names.add(p.name())) throw bad(file, "clusters", "'" + p.name() + "' is listed twice");
                clusters.add(p);
            }
        }
        Path history = base.resolve(root.has("history") ? text(file, root, "history") : "history");
        int batch = positive(file, root, "batch", 200);
        int jobs =
                positive(file, root, "jobs", Math.max(1, Runtime.getRuntime().availableProcessors() / clusters.size()));
        JsonNode rr = root.path("reruns");
        if (!rr.isMissingNode() && (!rr.isIntegralNumber() || rr.asLong() < 0 || rr.asLong() > 100)) {
            throw bad(file, "reruns", "must be an integer from 0 to 100, is " + rr);
        }
        int reruns = rr.isMissingNode() ? Reruns.DEFAULT_ATTEMPTS : rr.asInt();
        // a bad policy is the config's problem: said now, before anything runs
        AcceptancePolicy policy = AcceptancePolicy.NONE;
        if (root.has("policy")) {
            try {
                policy = AcceptancePolicy.load(base.resolve(text(file, root, "policy")));
            } catch (FparityError e) {
                throw bad(file, "policy", e.getMessage());
            }
        }
        JsonNode tr = root.path("triage");
        if (!tr.isMissingNode() && !tr.isBoolean()) throw bad(file, "triage", "must be true or false, is " + tr);
        return new NightlyConfig(
                seed,
                programs,
                inputs,
                List.copyOf(precisions),
                opts,
                toolchains,
                toolchainDir,
                List.copyOf(clusters),
                history,
                batch,
                jobs,
                reruns,
                policy,
                tr.asBoolean(true));
    }

    /** This machine under the site name {@code local}: the cluster of a config that names none. */
    static final ClusterProfile LOCAL =
            new ClusterProfile("local", "this machine", "local", null, null, null, null, null, null, null, null);

    /** A profile of the profiles folder ({@code runners/clusters/NAME.json}, or {@code clusters_dir}); {@code local} is built in. */
    private static ClusterProfile named(Path file, Clusters profiles, String name) {
        try {
            return profiles.get(name);
        } catch (FparityError e) {
            throw bad(file, "clusters", e.getMessage());
        }
    }

    /** A profile written into the config: the fields of a profile file, {@code executor} defaulting to local. */
    private static ClusterProfile inline(Path file, JsonNode c) {
        if (!c.isObject()) throw bad(file, "clusters", "each cluster is a profile name or an inline profile object");
        String name = c.path("name").asText("");
        ObjectNode o = ((ObjectNode) c).deepCopy();
        if (!o.has("executor")) o.put("executor", "local");
        try {
            return ProgramJson.MAPPER
                    .treeToValue(o, ClusterProfile.class)
                    .validate(null)
                    .expand(System.getenv());
        } catch (JsonProcessingException e) {
            throw bad(file, "clusters", "'" + name + "': " + ProgramJson.oneLine(e));
        } catch (IllegalArgumentException e) {
            throw bad(file, "clusters", "'" + name + "': " + e.getMessage());
        }
    }

    private static int positive(Path file, JsonNode root, String field, int dflt) {
        JsonNode n = root.path(field);
        if (n.isMissingNode()) return dflt;
        if (!n.isIntegralNumber() || n.asLong() < 1 || n.asLong() > 1_000_000)
            throw bad(file, field, "must be a positive integer, is " + n);
        return n.asInt();
    }

    private static String text(Path file, JsonNode root, String field) {
        JsonNode n = root.path(field);
        if (!n.isTextual() || n.asText().isBlank()) throw bad(file, field, "must be a non-empty string");
        return n.asText();
    }

    private static List<String> strings(Path file, JsonNode root, String field, List<String> dflt) {
        JsonNode n = root.path(field);
        if (n.isMissingNode()) return dflt;
        if (n.isTextual()) return List.of(n.asText());
        if (!n.isArray()) throw bad(file, field, "must be a string or an array of strings");
        List<String> out = new ArrayList<>();
        for (JsonNode x : n) {
            if (!x.isTextual() || x.asText().isBlank()) throw bad(file, field, "must hold only non-empty strings");
            out.add(x.asText());
        }
        return List.copyOf(out);
    }

    private static FparityError bad(Path file, String field, String why) {
        return new FparityError(file + ": " + field + ": " + why);
    }
}
