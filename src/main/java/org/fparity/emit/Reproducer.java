package org.fparity.emit;

import java.util.List;
import java.util.Map;
import org.fparity.ir.Input;
import org.fparity.ir.Program;

/**
 * A self-contained C reproducer of one program on one input: the input is built in, so it runs with no arguments;
 * it prints its own result as the harness does ({@code HEX DEC}) and then what a campaign recorded for that input
 * ({@code recorded PLATFORM VALUE}), and compiles without warnings under {@code gcc -Wall -Wextra}.
 */
public final class Reproducer {
    private Reproducer() {}

    /**
     * @param recorded platform label and recorded value (hex, or a status such as {@code CRASH}), in the order to print
     * @param header   lines of the leading comment: where it comes from, how to build it
     */
    public static String c(Program program, Input input, List<Map.Entry<String, String>> recorded, List<String> header) {
        if (input.args().size() != program.params().size()) {
            throw new IllegalArgumentException("the program has " + program.params().size() + " parameters, the input gives " + input.args().size());
        }
        return new CEmitter().reproducer(program, input.args(), recorded, header);
    }
}
