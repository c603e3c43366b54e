package org.fparity.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.NodeBundle;
import org.fparity.exec.Toolchains;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fparity node-bundle [--out DIR] [--with-z3]}: fparity with its own Java runtime, for a node with no JDK. */
@Command(
        name = "node-bundle",
        mixinStandardHelpOptions = true,
        description =
                "Write fparity-node-linux-x86_64.tar.gz: a jlink'd Java runtime of this JDK, fparity's jar and libraries, runners/, grammar/ and "
                        + "bin/fparity, which runs with no JDK (bin/node-bundle builds first, then calls this).")
public final class NodeBundleCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "target/node",
            description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--with-z3",
            description =
                    "Keep Z3 (its linux-x86_64 natives only, about 14 MB more); left out, flip says Z3 is missing there.")
    boolean withZ3;

    @Override
    public Integer call() {
        if (java.util.spi.ToolProvider.findFirst("jlink").isEmpty()) {
            throw new FparityError(
                    "cannot make the node bundle: this Java (" + System.getProperty("java.home")
                            + ") has no jlink; run fparity from a JDK",
                    ExitCode.MISSING_TOOL);
        }
        Path home = Toolchains.defaultDir().toAbsolutePath().getParent().getParent();
        try {
            Path archive = NodeBundle.make(home, out.toAbsolutePath(), withZ3);
            spec.commandLine().getOut().println(archive + " " + Files.size(archive) + " bytes");
        } catch (IOException e) {
            throw new FparityError(
                    "cannot make the node bundle in " + out + ": " + FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
