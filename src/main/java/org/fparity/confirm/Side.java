package org.fparity.confirm;

import java.util.List;
import org.fparity.FparityError;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;

/**
 * One side of a discrepancy: a {@link Platform} (written {@code gcc@O3_FM} on this machine, {@code gcc@O3_FM@lumi} at
 * the cluster profile {@code lumi}, as {@link Platform#parse} reads and {@link Platform#label} prints), and, for a side
 * taken from a campaign, the compile command the campaign recorded for it: the flags as that site's descriptor defines
 * them, which may not be this machine's.
 *
 * @param platform the toolchain, opt level, site and node facts of the side
 * @param compile  the recorded compile argv ({@code {src}}, {@code {bin}}, {@code {class}} left as placeholders), or null
 */
public record Side(Platform platform, List<String> compile) {
    public Side {
        java.util.Objects.requireNonNull(platform, "platform");
        compile = compile == null ? null : List.copyOf(compile);
    }

    /** A side with this machine's descriptor of its toolchain. */
    public Side(Platform platform) {
        this(platform, null);
    }

    /** A side on this machine with this machine's descriptor. */
    public static Side local(String toolchain, String opt) {
        return new Side(Platform.local(toolchain, opt));
    }

    /** A side as a person writes it ({@link Platform#read}): one line, exit 2, when it is not a platform. */
    public static Side read(String text) {
        return new Side(Platform.read(text));
    }

    public String toolchain() {
        return platform.toolchain();
    }

    public String opt() {
        return platform.opt();
    }

    /** Whether it runs on this machine: the local site (a campaign made here records site {@code local}). */
    public boolean here() {
        return Platform.LOCAL.equals(platform.site());
    }

    /** The one printed form, {@link Platform#label}. */
    public String label() {
        return platform.label();
    }

    /**
     * {@code local}, this machine's descriptor of the toolchain, with this side's opt flags: those of the recorded
     * compile command where there is one (the site's descriptor may give the same level other flags, e.g.
     * {@code -ffast-math} at one cluster and {@code -ffp-contract=off} at another). A recorded command that differs
     * from {@code local}'s in more than the opt flags is refused: this machine could not say how to build it.
     */
    public Toolchain descriptor(Toolchain local) {
        String toolchain = toolchain(), opt = opt();
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
        throw new FparityError(label() + " was built with '" + String.join(" ", compile)
                + "', which differs from this machine's descriptor of " + toolchain + " ('" + String.join(" ", mine)
                + "') in more than its opt flags");
    }

    @Override
    public String toString() {
        return label();
    }
}
