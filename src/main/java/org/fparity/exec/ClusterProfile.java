package org.fparity.exec;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a campaign can run, as data ({@code runners/clusters/NAME.json}, documented in that folder's README). Its name
 * is the site every outcome run there records.
 *
 * @param name         the site name (file stem)
 * @param description  for people
 * @param executor     {@code local}, {@code ssh} or {@code slurm}
 * @param host         ssh destination (honours ~/.ssh/config); for slurm the login node, or null to run Slurm's
 *                     commands on this machine
 * @param ssh          extra ssh options ({@code ["-F", "…/ssh_config"]})
 * @param workdir      remote work folder (jars, job files, outcome files, build cache); for slurm it must be visible
 *                     to the compute nodes
 * @param setup        shell lines run before remote commands ({@code module load cuda/12.4})
 * @param java         the JDK's java there (default {@code java} on the remote PATH); when it is not a JDK >= 25,
 *                     fparity stages its own runtime there ({@link Staging#nodeJava})
 * @param toolchains   toolchains to use there (default: the campaign's)
 * @param workers      parallel builds and runs per worker (default: the node's cores)
 * @param slurm        Slurm settings, for the slurm executor
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterProfile(
        String name,
        String description,
        String executor,
        String host,
        List<String> ssh,
        String workdir,
        List<String> setup,
        String java,
        List<String> toolchains,
        Integer workers,
        Slurm slurm) {

    /**
     * @param partition   {@code --partition}
     * @param account     {@code --account}
     * @param qos         {@code --qos}
     * @param gres        {@code --gres} ({@code gpu:a100:1})
     * @param time        {@code --time} per array task ({@code 0:30:00})
     * @param shards      how many shards (array tasks) a campaign is cut into at most
     * @param throttle    at most this many tasks at once ({@code %M})
     * @param sbatch      extra sbatch options, each one argv element
     * @param pollSeconds seconds between squeue polls (default 10)
     * @param resubmits   how many times lines a task did not deliver are resubmitted (default 2)
     * @param pendingMinutes a task pending longer than this is reported (default 60)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Slurm(
            String partition,
            String account,
            String qos,
            String gres,
            String time,
            Integer shards,
            Integer throttle,
            List<String> sbatch,
            Integer pollSeconds,
            Integer resubmits,
            Integer pendingMinutes) {
        public Slurm {
            sbatch = sbatch == null ? List.of() : List.copyOf(sbatch);
        }
    }

    public ClusterProfile {
        ssh = ssh == null ? List.of() : List.copyOf(ssh);
        setup = setup == null ? List.of() : List.copyOf(setup);
        toolchains = toolchains == null ? List.of() : List.copyOf(toolchains);
        java = java == null || java.isBlank() ? "java" : java;
    }

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");
    private static final Pattern VAR = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    /** Checks the profile; throws IllegalArgumentException with a one-line reason. */
    public ClusterProfile validate(String expectedName) {
        require(
                name != null && NAME.matcher(name).matches(),
                "\"name\" must be lower-case letters, digits, '.', '_' or '-'");
        require(
                expectedName == null || name.equals(expectedName),
                "\"name\" is '" + name + "' but the file is named '" + expectedName + ".json'");
        require(
                !Platform.LOCAL.equals(name) || "local".equals(executor),
                "the name 'local' is the site of runs on this machine");
        require(
                List.of("local", "ssh", "slurm").contains(executor),
                "\"executor\" must be local, ssh or slurm, got " + executor);
        require(!"ssh".equals(executor) || host != null, "an ssh profile needs \"host\"");
        require("local".equals(executor) || workdir != null, "\"workdir\" (the remote work folder) is needed");
        require(!"slurm".equals(executor) || slurm != null, "a slurm profile needs a \"slurm\" object");
        if (slurm != null) {
            require(slurm.shards() == null || slurm.shards() > 0, "\"slurm.shards\" must be positive");
            require(slurm.throttle() == null || slurm.throttle() > 0, "\"slurm.throttle\" must be positive");
            require(slurm.pollSeconds() == null || slurm.pollSeconds() > 0, "\"slurm.pollSeconds\" must be positive");
            require(slurm.resubmits() == null || slurm.resubmits() >= 0, "\"slurm.resubmits\" must be >= 0");
        }
        return this;
    }

    /** {@code ${VAR}} in host, ssh options, workdir, setup and java expanded from fparity's environment. */
    public ClusterProfile expand(Map<String, String> env) {
        return new ClusterProfile(
                name,
                description,
                executor,
                x(host, env),
                ssh.stream().map(s -> x(s, env)).toList(),
                x(workdir, env),
                setup.stream().map(s -> x(s, env)).toList(),
                x(java, env),
                toolchains,
                workers,
                slurm);
    }

    private String x(String s, Map<String, String> env) {
        if (s == null) return null;
        Matcher m = VAR.matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = env.get(m.group(1));
            if (v == null) throw new IllegalArgumentException("uses ${" + m.group(1) + "}, which is not set");
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        return m.appendTail(sb).toString();
    }

    public int pollSeconds() {
        return slurm == null || slurm.pollSeconds() == null ? 10 : slurm.pollSeconds();
    }

    public int resubmits() {
        return slurm == null || slurm.resubmits() == null ? 2 : slurm.resubmits();
    }

    private static void require(boolean ok, String problem) {
        if (!ok) throw new IllegalArgumentException(problem);
    }
}
