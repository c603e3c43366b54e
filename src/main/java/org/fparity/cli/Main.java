package org.fparity.cli;

import java.io.UncheckedIOException;
import java.util.Arrays;
import org.fparity.FparityError;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code fparity} command: parses arguments and hands them to the packages that do the work. */
@Command(
        name = "fparity",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Finds where the same numerical program gives different answers on different platforms.",
        subcommands = {
            CommandLine.HelpCommand.class,
            GenerateCommand.class,
            ShowCommand.class,
            RunCommand.class,
            ToolchainsCommand.class,
            BenchCommand.class,
            CompareCommand.class,
            ReportCommand.class,
            ExportCommand.class,
            ImportCommand.class,
            MergeCommand.class,
            WorkerCommand.class,
            FprevCommand.class,
            EvalCommand.class,
            TruthCommand.class,
            ExsumCommand.class,
            BoundsCommand.class,
        })
public final class Main {
    public static final String VERSION = "0.1.0";

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the CLI and returns the exit code; errors for people are one line on stderr ({@code --debug} for the stack). */
    public static int run(String... args) {
        // fparity --version answers before picocli builds its model of every subcommand (reflection over a dozen
        // classes and their options): the question a script asks most often costs one JVM start and nothing more.
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            System.out.println(new Version().getVersion()[0]);
            System.out.flush();
            return 0;
        }
        boolean debug = Arrays.asList(args).contains("--debug");
        String[] rest = Arrays.stream(args).filter(a -> !a.equals("--debug")).toArray(String[]::new);
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (debug) ex.printStackTrace();
            cmd.getErr().println("fparity: " + oneLine(ex));
            return ex instanceof FparityError fe ? fe.exitCode() : 1;
        });
        return cl.execute(rest);
    }

    static String oneLine(Throwable ex) {
        String msg = ex instanceof UncheckedIOException u && u.getMessage() != null ? u.getMessage() : ex.getMessage();
        if (msg == null || msg.isBlank()) msg = ex.getClass().getSimpleName();
        return msg.replace('\n', ' ').strip();
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"fparity " + VERSION + " (Java " + Runtime.version() + ")"};
        }
    }
}
