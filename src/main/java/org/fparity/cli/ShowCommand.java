package org.fparity.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
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
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Prints one program (JSON or canonical .fp) as c, cuda, hip, hipify, opencl, java, canonical or json.")
public final class ShowCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "a program file: .json, or the canonical text form (.fp)")
    Path file;

    @Option(names = "--as", paramLabel = "FORMAT", defaultValue = "canonical",
            description = "c, cuda, hip, hipify, opencl, java, canonical or json (default: ${DEFAULT-VALUE})")
    String as;

    @Option(names = "--java-math", paramLabel = "LIB", defaultValue = "math", description = "for --as java: math or strict (StrictMath)")
    String javaMath;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String format = as.strip().toLowerCase(Locale.ROOT);
        Language language = null;
        if (!format.equals("canonical") && !format.equals("json")) {
            try {
                language = Language.parse(format);
            } catch (IllegalArgumentException e) {
                throw new FparityError("--as '" + as + "' is not one of c, cuda, hip, hipify, opencl, java, canonical, json");
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
        return 0;
    }
}
