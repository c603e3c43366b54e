package org.fparity.attribution;

import java.util.List;
import org.fparity.ir.Input;
import org.fparity.ir.Program;

/**
 * One attribution experiment, as any site could run it: a program on one input, built by a toolchain (by name) with
 * these flags instead of an opt level's. Flags are the knob files' words ({@code crtfastmath.o} stays a name; the site
 * that runs it finds the object with its own probe, {@link FlagModel#argv}).
 */
public record Experiment(Program program, Input input, String toolchain, List<String> flags) {
    public Experiment {
        flags = List.copyOf(flags);
    }

    /** What identifies the experiment's result: program, input, toolchain and flags (two equal keys give one result). */
    public Key key() {
        return new Key(program.id(), input.args(), toolchain, flags);
    }

    public record Key(String program, List<String> input, String toolchain, List<String> flags) {}
}
