package org.fparity.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fparity.ExitCode;
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
            MigrateCommand.class,
            NightlyCommand.class,
            WorkerCommand.class,
            ClustersCommand.class,
            NodeBundleCommand.class,
            FprevCommand.class,
            EvalCommand.class,
            TruthCommand.class,
            TriageCommand.class,
            ExsumCommand.class,
            BoundsCommand.class,
            FlipCommand.class,
            ImportVarityCommand.class,
            ReduceCommand.class,
        })
public final class Main {
    public static final String VERSION = org.fparity.Release.VERSION;

    /** Shown under every command's --help: the switches and variables that work everywhere. */
    static final String ENVIRONMENT = """
            %nEverywhere:
              --debug        anywhere on the command line: errors with their stack trace
              FPARITY_HOME   the fparity folder holding runners/ (toolchains, FPRev
                             runners); default: found from where fparity runs
              FPARITY_JAVA_OPTS  options for the JVM bin/fparity starts (e.g.
                             -Xmx8g when a command says it ran out of memory)
            """;

    private static volatile String invocation = "fparity";

    /** The command line of the invocation running now, shell-quoted, for campaign.json and reports to record. */
    static String invocation() {
        return invocation;
    }

    static String quote(String a) {
        return org.fparity.util.ShellWords.quote(a);
    }

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
            return ExitCode.OK.code();
        }
        boolean debug = Arrays.asList(args).contains("--debug");
        invocation =
                "fparity" + Arrays.stream(args).map(a -> " " + quote(a)).collect(java.util.stream.Collectors.joining());
        org.fparity.campaign.CampaignLock.command(invocation);
        String[] rest = Arrays.stream(args).filter(a -> !a.equals("--debug")).toArray(String[]::new);
        FprevCommand.startEarly(rest);
        FprevCommand plain = FprevCommand.plain(rest);
        if (plain != null) return direct(plain, debug);
        CommandLine cl = only(rest);
        if (cl == null) cl = new CommandLine(new Main());
        document(cl);
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> failed(ex, debug, cmd.getErr()));
        // A usage mistake is one line and a hint, not the whole usage text (which --help prints on request).
        cl.setParameterExceptionHandler((ex, params) -> {
            CommandLine cmd = ex.getCommandLine();
            if (debug) ex.printStackTrace();
            cmd.getErr().println("fparity: " + usageMistake(ex));
            String name = cmd.getCommandSpec().qualifiedName();
            cmd.getErr().println("try '" + name + " --help'");
            return ExitCode.BAD_INPUT.code();
        });
        cl.setExitCodeExceptionMapper(ex -> exitCode(ex).code());
        try {
            return cl.execute(rest);
        } catch (OutOfMemoryError e) {
            return outOfMemory(e, debug);
        } catch (StackOverflowError e) {
            return tooDeep(
                    e,
                    debug,
                    new java.io.PrintWriter(new java.io.OutputStreamWriter(System.err, System.err.charset()), true));
        }
    }

    /** Runs a command set up without picocli ({@link FprevCommand#plain}): its exceptions end as picocli's would. */
    private static int direct(java.util.concurrent.Callable<Integer> command, boolean debug) {
        try {
            return command.call();
        } catch (OutOfMemoryError e) {
            return outOfMemory(e, debug);
        } catch (StackOverflowError e) {
            return tooDeep(
                    e,
                    debug,
                    new java.io.PrintWriter(new java.io.OutputStreamWriter(System.err, System.err.charset()), true));
        } catch (Exception ex) {
            // picocli's stderr writer: System.err in its charset, flushed on println
            return failed(
                    ex,
                    debug,
                    new java.io.PrintWriter(new java.io.OutputStreamWriter(System.err, System.err.charset()), true));
        }
    }

    /** A command that failed: one line on stderr ({@code --debug}: the stack trace too), and its exit code. */
    static int failed(Exception ex, boolean debug, java.io.PrintWriter err) {
        for (Throwable c = ex; c != null; c = c.getCause()) {
            if (c instanceof StackOverflowError so) return tooDeep(so, debug, err); // from a worker thread, wrapped
        }
        if (debug) ex.printStackTrace();
        ExitCode code = exitCode(ex);
        String line = oneLine(ex);
        if (!(ex instanceof FparityError)
                && !(ex instanceof IOException)
                && !(ex instanceof UncheckedIOException)
                && !(ex instanceof org.fparity.ir.TooDeep)) {
            line = "internal error: " + line
                    + (debug ? "" : " (run again with --debug for the trace, and please report it)");
        }
        err.println("fparity: " + line);
        return ex instanceof FparityError fe ? fe.exitCode() : code.code();
    }

    private static int outOfMemory(OutOfMemoryError e, boolean debug) {
        // picocli hands only Exceptions to the handler above; an Error would end the JVM with a stack trace and
        // exit 1, which a nightly script reads as "discrepancies found". The heap is free again once unwound.
        if (debug) e.printStackTrace();
        System.err.println("fparity: " + outOfMemory(Runtime.getRuntime().maxMemory()));
        return ExitCode.IO_FAILURE.code();
    }

    /**
     * A stack overflow that escaped the depth limits of the program readers (Program.MAX_DEPTH): one line and exit 2,
     * since it comes from an input too deeply nested, not a 1,000-line trace and exit 1 (which reads as findings).
     */
    private static int tooDeep(StackOverflowError e, boolean debug, java.io.PrintWriter err) {
        if (debug) e.printStackTrace();
        err.println("fparity: " + TOO_DEEP);
        return ExitCode.BAD_INPUT.code();
    }

    static final String TOO_DEEP = "program too deep: its nesting overflowed the stack (programs may be at most "
            + org.fparity.ir.Program.MAX_DEPTH + " levels deep)";

    /** The one line for a command that ran out of heap: what the limit was and how to raise it. */
    static String outOfMemory(long maxHeapBytes) {
        return "out of memory: the JVM's heap limit (" + (maxHeapBytes >> 20)
                + " MiB) is full; give it more with FPARITY_JAVA_OPTS=-Xmx<size> (e.g. -Xmx8g), or ask for less";
    }

    /**
     * When the first argument names a subcommand, the {@code fparity} command with that subcommand alone: picocli builds
     * its model by reflection over every subcommand's options, about 0.3 CPU-s at each start that one command does not
     * need (usage, errors and help of the subcommand read the same: its qualified name is still {@code fparity NAME}).
     * Null for anything else (no argument, an option first, {@code help}, an unknown name), which gets the whole model.
     */
    static CommandLine only(String[] args) {
        if (args.length == 0) return null;
        for (Class<?> c : Main.class.getAnnotation(Command.class).subcommands()) {
            Command sub = c.getAnnotation(Command.class);
            if (sub == null || c == CommandLine.HelpCommand.class) continue;
            if (!sub.name().equals(args[0]) && !Arrays.asList(sub.aliases()).contains(args[0])) continue;
            CommandLine.Model.CommandSpec top =
                    CommandLine.Model.CommandSpec.create().name("fparity");
            top.mixinStandardHelpOptions(true);
            top.versionProvider(new Version());
            CommandLine cl = new CommandLine(top);
            cl.addSubcommand(sub.name(), new CommandLine(c), sub.aliases());
            return cl;
        }
        return null;
    }

    /** Exit code of an exception the command did not turn into an {@link FparityError}. */
    static ExitCode exitCode(Throwable ex) {
        if (ex instanceof FparityError fe) {
            ExitCode c = ExitCode.of(fe.exitCode());
            return c == null ? ExitCode.FINDINGS : c;
        }
        if (ex instanceof IOException || ex instanceof UncheckedIOException) return ExitCode.IO_FAILURE;
        if (ex instanceof CommandLine.ParameterException || ex instanceof org.fparity.ir.TooDeep)
            return ExitCode.BAD_INPUT;
        return ExitCode.INTERNAL_ERROR;
    }

    /** Every command's --help ends with the exit codes and the switches that work everywhere. */
    private static void document(CommandLine cl) {
        Map<String, String> codes = new LinkedHashMap<>();
        for (ExitCode e : ExitCode.values()) codes.put(Integer.toString(e.code()), e.meaning());
        apply(cl, codes);
    }

    private static void apply(CommandLine cl, Map<String, String> codes) {
        var usage = cl.getCommandSpec().usageMessage();
        usage.exitCodeListHeading("%nExit codes:%n");
        usage.exitCodeList(codes);
        String[] footer = usage.footer();
        String examples = Examples.section(cl.getCommandSpec().qualifiedName());
        String[] withEnv = Arrays.copyOf(footer, footer.length + (examples == null ? 1 : 2));
        if (examples != null) withEnv[footer.length] = examples;
        withEnv[withEnv.length - 1] = ENVIRONMENT;
        usage.footer(withEnv);
        for (CommandLine sub : cl.getSubcommands().values()) apply(sub, codes);
    }

    /**
     * A usage mistake in words a person reads: {@code unknown command 'bogus' (commands: …)}, {@code unexpected
     * argument 'b'}, {@code missing CAMPAIGN} rather than picocli's "Unmatched argument at index 0".
     */
    static String usageMistake(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u
                && !u.getUnmatched().isEmpty()
                && !u.getUnmatched().getFirst().startsWith("-")) {
            String arg = org.fparity.util.Names.printable(u.getUnmatched().getFirst());
            CommandLine cmd = u.getCommandLine();
            if (!cmd.getSubcommands().isEmpty()
                    && cmd.getCommandSpec().positionalParameters().isEmpty()) {
                return "unknown command '" + arg + "' (commands: "
                        + String.join(
                                ", ",
                                new java.util.TreeSet<>(cmd.getSubcommands().keySet())) + ")";
            }
            return "unexpected argument '" + arg + "'"
                    + (u.getUnmatched().size() > 1
                            ? " (and " + (u.getUnmatched().size() - 1) + " more)"
                            : "");
        }
        if (ex instanceof CommandLine.MissingParameterException m
                && m.getMessage() != null
                && m.getMessage().startsWith("Missing required parameter")) {
            java.util.List<String> names = new java.util.ArrayList<>();
            for (CommandLine.Model.ArgSpec a : m.getMissing()) {
                if (a instanceof CommandLine.Model.OptionSpec o)
                    return "option " + o.longestName() + " needs a value (" + o.paramLabel() + ")";
                names.add(a.paramLabel());
            }
            return "missing " + String.join(" and ", names);
        }
        return oneLine(ex);
    }

    static String oneLine(Throwable ex) {
        String msg = ex.getMessage();
        if (ex instanceof UncheckedIOException u && u.getCause() != null) msg = FparityError.reason(u.getCause());
        else if (ex instanceof IOException io) msg = FparityError.reason(io);
        if (msg == null || msg.isBlank()) msg = ex.getClass().getSimpleName();
        // a message may quote what came from a file: control characters (ANSI escapes) are shown, never sent raw
        return org.fparity.util.Names.printable(msg.replace('\n', ' ').strip());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"fparity " + VERSION + " (Java " + Runtime.version() + ")"};
        }
    }
}
