package org.fparity.exec;

import java.util.Map;
import java.util.StringJoiner;
import org.fparity.FparityError;
import org.fparity.emit.Language;

/**
 * The identity of a platform: toolchain × opt level × site (a cluster profile's name, or {@code local}) × the node facts
 * that change results (GPU model, driver and runtime versions). This is the one key outcomes, resume, compare and merge
 * use; spelled {@code gcc@O2@local}, or {@code nvcc-sm80@O2@jureca#NVIDIA_A100-SXM4-40GB_535.104} when a node has
 * facts that change results.
 *
 * <p>A run (program, input, toolchain, opt, site) is planned before anyone knows which node will run it, so the
 * identity of a run ({@link Outcome#key()}) leaves the node out; compare keeps it, so results from two kinds of node
 * are two platforms side by side and never silently mixed.
 *
 * @param toolchain toolchain name
 * @param opt       opt level label
 * @param site      where it ran: {@code local}, or a cluster profile's name
 * @param node      result-changing node facts as one label ({@link #nodeLabel}), or null when the node has none
 */
public record Platform(String toolchain, String opt, String site, String node) implements Comparable<Platform> {
    /** The site of a run on the machine fparity was started on; also what a record without a site means. */
    public static final String LOCAL = "local";

    /**
     * Node facts that change results (filled in by {@link NodeFacts} on the node that runs a job). Hostname, CPU model
     * and OS are recorded too but do not make a separate platform: CPU toolchains here are built without -march=native.
     */
    public static final java.util.List<String> RESULT_FACTS = java.util.List.of("gpu", "gpu_driver", "gpu_runtime");

    public Platform {
        requireNames(toolchain, opt);
        site = site(site);
        node = node(node);
    }

    /** Refuses a platform without a toolchain or an opt level. */
    public static void requireNames(String toolchain, String opt) {
        if (toolchain == null || opt == null)
            throw new IllegalArgumentException("a platform needs a toolchain and an opt level");
    }

    /** The site as a key holds it: blank means {@link #LOCAL}. */
    public static String site(String site) {
        return site == null || site.isBlank() ? LOCAL : site;
    }

    /** The node as a key holds it: blank means none (null). */
    public static String node(String node) {
        return node == null || node.isBlank() ? null : node;
    }

    /** A platform on the local site with no result-changing node facts. */
    public Platform(String toolchain, String opt) {
        this(toolchain, opt, LOCAL, null);
    }

    /** A platform on the local site with no result-changing node facts. */
    public static Platform local(String toolchain, String opt) {
        return new Platform(toolchain, opt);
    }

    /** The platform an outcome ran on, node facts included. */
    public static Platform of(Outcome o) {
        return o.platformKey();
    }

    /** Standard levels in the paper's order, then a toolchain's extra levels (nofma …) by name. */
    public static final java.util.Comparator<String> OPT_ORDER = Toolchain.OPT_ORDER;

    /** The full spelling, always with the site: {@code gcc@O2@local}; the key outcomes and merges are filed under. */
    public String key() {
        String planned = key(toolchain, opt, site);
        return node == null ? planned : planned + "#" + node;
    }

    /** {@link #key()} of a platform as planned (no node facts) from its fields, with no record made on the way. */
    public static String key(String toolchain, String opt, String site) {
        return toolchain + "@" + opt + "@" + site;
    }

    /** The short spelling for people: {@code gcc@O2} on the local site without node facts, else {@link #key()}. */
    public String label() {
        return isPlain() ? toolchain + "@" + opt : key();
    }

    /**
     * The toolchain where it ran: {@code gcc} on the local site, {@code gcc@lumi} or {@code nvcc@jureca#A100…}
     * elsewhere. Comparison pairs lanes at each opt level, and each lane's opt levels against its lowest.
     */
    public String lane() {
        return isPlain() ? toolchain : toolchain + "@" + site + (node == null ? "" : "#" + node);
    }

    /** The same lane at another opt level. */
    public Platform at(String otherOpt) {
        return new Platform(toolchain, otherOpt, site, node);
    }

    /** The same platform without node facts: what a run was planned for. */
    public Platform planned() {
        return node == null ? this : new Platform(toolchain, opt, site, null);
    }

    /**
     * The record's own hash written out, the same value (31 × the hash so far + each component's, in order): the
     * generated one goes through method handles, which the launcher's C1-only JIT does not inline, and a report of 10^7
     * runs hashed a platform per run (1.6 of its CPU seconds).
     */
    @Override
    public int hashCode() {
        int h = toolchain.hashCode();
        h = 31 * h + opt.hashCode();
        h = 31 * h + site.hashCode();
        return 31 * h + (node == null ? 0 : node.hashCode());
    }

    /** The record's own equality written out (every component equal), for the same reason as {@link #hashCode}. */
    @Override
    public boolean equals(Object o) {
        return this == o
                || o instanceof Platform p
                        && toolchain.equals(p.toolchain)
                        && opt.equals(p.opt)
                        && site.equals(p.site)
                        && java.util.Objects.equals(node, p.node);
    }

    /** True on the local site without node facts (a campaign of one machine, as before sites existed). */
    public boolean isPlain() {
        return LOCAL.equals(site) && node == null;
    }

    /**
     * Reads {@code toolchain@opt}, {@code toolchain@opt@site} or {@code toolchain@opt@site#node}; null when the text has
     * none of those shapes.
     */
    public static Platform parse(String s) {
        String node = null;
        int hash = s.indexOf('#');
        if (hash >= 0) {
            node = s.substring(hash + 1);
            s = s.substring(0, hash);
        }
        String[] parts = s.split("@", -1);
        for (String p : parts) if (p.isBlank()) return null;
        return switch (parts.length) {
            case 2 -> node == null ? local(parts[0], parts[1]) : null;
            case 3 -> new Platform(parts[0], parts[1], parts[2], node);
            default -> null;
        };
    }

    /**
     * A platform as a person writes it on the command line ({@link #parse}'s forms, surrounding blanks ignored), or one
     * line (exit 2) saying which forms there are.
     */
    public static Platform read(String text) {
        Platform p = text == null ? null : parse(text.strip());
        if (p == null)
            throw new FparityError("platform '" + (text == null ? "" : text.strip())
                    + "' is not toolchain@opt, toolchain@opt@site or toolchain@opt@site#node"
                    + " (e.g. gcc@O3_FM, gcc@O3_FM@lumi)");
        return p;
    }

    /*
     * The label of a node's result-changing facts ({@link #RESULT_FACTS}, in that order, those present), characters
     * other than letters, digits, {@code . _ + -} replaced by {@code _}; null when the node has none (a CPU node).
     */
    /**
     * The node label of a platform of a toolchain writing {@code language}: the GPU facts are part of GPU platforms
     * only (CUDA, HIP, HIPIFY); a CPU toolchain on a GPU node is the same platform as on any other node.
     */
    public static String nodeLabel(Map<String, String> facts, Language language) {
        return language != null && language.gpu() ? nodeLabel(facts) : null;
    }

    public static String nodeLabel(Map<String, String> facts) {
        if (facts == null) return null;
        StringJoiner j = new StringJoiner("_");
        boolean any = false;
        for (String k : RESULT_FACTS) {
            String v = facts.get(k);
            if (v == null || v.isBlank()) continue;
            j.add(v.strip().replaceAll("[^A-Za-z0-9._+-]+", "_"));
            any = true;
        }
        return any ? j.toString() : null;
    }

    @Override
    public int compareTo(Platform o) {
        return compare(toolchain, opt, site, node, o.toolchain, o.opt, o.site, o.node);
    }

    /** {@link #compareTo} on the fields of two keys (as a key holds them), for callers that keep the fields without a key. */
    public static int compare(
            String toolchain,
            String opt,
            String site,
            String node,
            String oToolchain,
            String oOpt,
            String oSite,
            String oNode) {
        int c = toolchain.compareTo(oToolchain);
        if (c != 0) return c;
        c = Toolchain.OPT_ORDER.compare(opt, oOpt);
        if (c != 0) return c;
        c = siteOrder(site).compareTo(siteOrder(oSite));
        if (c != 0) return c;
        return node == null ? (oNode == null ? 0 : -1) : oNode == null ? 1 : node.compareTo(oNode);
    }

    /** The local site first, then the others by name. */
    private static String siteOrder(String s) {
        return LOCAL.equals(s) ? "" : s;
    }

    /** The one printed form, wherever a person reads a platform: {@link #label()}, which {@link #parse} reads back. */
    @Override
    public String toString() {
        return label();
    }
}
