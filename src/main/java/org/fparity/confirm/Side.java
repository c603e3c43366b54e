package org.fparity.confirm;

import java.util.List;
import org.fparity.FparityError;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;

/**
 * One side of a discrepancy: a toolchain at an opt level at a site, spelled {@code gcc@O3_FM} (this machine) or
 * {@code gcc@O3_FM@lumi} (the cluster profile {@code lumi}), and, for a side taken from a campaign, the compile
 * command the campaign recorded for it: the flags as that site's descriptor defines them, which may not be this
 * machine's.
 *
 * @param site    a cluster profile's name, or null for this machine
 * @param compile the recorded compile argv ({@code {src}}, {@code {bin}}, {@code {class}} left as placeholders), or null
 */
public record Side(String toolchain, String opt, String site, List<String> compile) {
    public Side {
        site = site == null || site.equals(Platform.LOCAL) ? null : site;
        compile = compile == null ? null : List.copyOf(compile);
    }

    /** A side on this machine with this machine's descriptor. */
    public Side(String toolchain, String opt) {
        this(toolchain, opt, null, null);
    }

    public static Side parse(String s) {
        String[] f = s.split("@", -1);
        if (f.length < 2 || f.length > 3 || f[0].isEmpty() || f[1].isEmpty() || (f.length == 3 && f[2].isEmpty())) {
            throw new FparityError(
                    "platform '" + s + "' is not toolchain@opt or toolchain@opt@site (e.g. gcc@O3_FM, gcc@O3_FM@lumi)");
        }
        return new Side(f[0], f[1], f.length == 3 ? f[2] : null, null);
    }

    /** Whether it runs on this machine. */
    public boolean here() {
        return site == null;
    }

    public String id() {
        return toolchain + "@" + opt + (site == null ? "" : "@" + site);
    }

    /**
     * {@code local}, this machine's descriptor of the toolchain, with this side's opt flags: those of the recorded
     * compile command where there is one (the site's descriptor may give the same level other flags, e.g.
     * {@code -ffast-math} at one cluster and {@code -ffp-contract=off} at another). A recorded command that differs
     * from {@code local}'s in more than the opt flags is refused: this machine could not say how to build it.
     */
    public Toolchain descriptor(Toolchain local) {
        if (!local.opt().containsKey(opt))
            throw new FparityError("toolchain '" + toolchain + "' has no opt level " + opt);
        if (compile == null) return local;
        List<String> mine = local.compileArgv(opt, "{src}", "{bin}", "{class}");
        if (mine.equals(compile)) return local;
        int at = local.compile().indexOf("{opt}");
        int before = at, after = local.compile().size() - at - 1;
        int flags = local.opt().get(opt).size();
        if (at >= 0
                && compile.size() >= before + after
                && mine.subList(0, before).equals(compile.subList(0, before))
                && mine.subList(before + flags, mine.size())
                        .equals(compile.subList(compile.size() - after, compile.size()))) {
            return local.withLevel(opt, compile.subList(before, compile.size() - after));
        }
        throw new FparityError(id() + " was built with '" + String.join(" ", compile)
                + "', which differs from this machine's descriptor of " + toolchain + " ('" + String.join(" ", mine)
                + "') in more than its opt flags");
    }

    @Override
    public String toString() {
        return id();
    }
}
