package org.fparity.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.emit.Emitter;
import org.fparity.emit.JavaEmitter;
import org.fparity.emit.Language;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramFiles;
import org.fparity.ir.ProgramJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity show}: one program in one language (the single-program form), its canonical text or its JSON. */
@Command(
        name = "show",
        mixinStandardHelpOptions = true,
        description = {
            "Prints one program (JSON or canonical .fp) as c, cuda, hip, hipify, opencl, java, canonical or json;",
            "or, given a campaign and a program id, a self-contained C reproducer of one recorded case: the input built in,",
            "runs with no arguments, prints its result and then what every platform of the campaign recorded for that input."
        })
public final class ShowCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "PROGRAM|CAMPAIGN",
            description =
                    "a program file (.json as generate writes it, or the canonical text form .fp), or a campaign folder")
    Path file;

    @Parameters(
            index = "1",
            arity = "0..1",
            paramLabel = "PROGRAM_ID",
            description = "with a campaign: the program (its id, or a prefix of it that only one program has)")
    String programId;

    @Option(
            names = "--input",
            paramLabel = "K",
            defaultValue = "0",
            description = "with a campaign: which of the program's inputs, counted from 0 (default: ${DEFAULT-VALUE})")
    int input;

    @Option(
            names = "--platform",
            paramLabel = "P",
            description =
                    "with a campaign: print only this platform's recorded result, e.g. gcc@O3_FM (default: every platform's)")
    String platform;

    @Option(
            names = "--as",
            paramLabel = "FORMAT",
            defaultValue = "canonical",
            description = "c, cuda, hip, hipify, opencl, java, canonical or json (default: ${DEFAULT-VALUE})")
    String as;

    @Option(
            names = "--java-math",
            paramLabel = "LIB",
            defaultValue = "math",
            description = "for --as java: math or strict (StrictMath) (default: ${DEFAULT-VALUE})")
    String javaMath;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (java.nio.file.Files.isDirectory(file)) return reproducer();
        if (programId != null)
            throw new FparityError(
                    file + " is not a campaign folder; a PROGRAM_ID goes with a campaign (show CAMPAIGN PROGRAM_ID)");
        String format = as.strip().toLowerCase(Locale.ROOT);
        Language language = null;
        if (!format.equals("canonical") && !format.equals("json")) {
            try {
                language = Language.parse(format);
            } catch (IllegalArgumentException e) {
                throw new FparityError(
                        "--as '" + as + "' is not one of c, cuda, hip, hipify, opencl, java, canonical, json");
            }
        }
        JavaEmitter.MathLib lib = switch (javaMath.strip().toLowerCase(Locale.ROOT)) {
            case "math" -> JavaEmitter.MathLib.MATH;
            case "strict", "strictmath" -> JavaEmitter.MathLib.STRICT_MATH;
            default -> throw new FparityError("--java-math '" + javaMath + "' is not math or strict");
        };
        Program p = ProgramFiles.read(file).program();
        String text;
        if (language == null) {
            text = format.equals("json") ? ProgramJson.toJson(p) + "\n" : p.canonical();
        } else {
            Emitter e = language == Language.JAVA ? new JavaEmitter(lib) : Emitter.of(language);
            text = e.single(p);
        }
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }

    private int reproducer() {
        if (!java.nio.file.Files.isRegularFile(file.resolve(org.fparity.campaign.Campaign.META))) {
            throw new FparityError(
                    file + " is a folder but not a campaign (no " + org.fparity.campaign.Campaign.META + ")");
        }
        if (programId == null)
            throw new FparityError(
                    "show " + file + ": which program? give its id (show CAMPAIGN PROGRAM_ID [--input K])");
        if (spec.commandLine().getParseResult().hasMatchedOption("--as")
                && !as.strip().equalsIgnoreCase("c")) {
            throw new FparityError(
                    "a campaign case is shown as a C reproducer; --as " + as + " works on a program file");
        }
        String text =
                org.fparity.run.CaseReproducer.c(org.fparity.campaign.Campaign.load(file), programId, input, platform);
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
