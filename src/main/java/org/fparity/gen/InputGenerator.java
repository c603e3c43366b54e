package org.fparity.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Param;
import org.fparity.ir.Program;

/**
 * Draws inputs for a program from the grammar's input classes. A program's inputs depend only on the seed and the
 * program's id, never on which other programs were generated with it.
 */
public final class InputGenerator {
    private final Grammar g;
    private final long seed;

    public InputGenerator(Grammar grammar, long seed) {
        this.g = grammar;
        this.seed = seed;
    }

    public List<Input> inputs(Program p, int count) {
        return drawn(p, count).stream().map(Drawn::input).toList();
    }

    /** An input with the class each FP value was drawn from (null for int bounds). */
    public record Drawn(Input input, List<ValueClass> classes) {}

    public List<Drawn> drawn(Program p, int count) {
        SplittableRandom r =
                new SplittableRandom(Generator.mix64(Generator.mix64(seed) ^ Long.parseUnsignedLong(p.id(), 16)));
        List<Drawn> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            List<String> toks = new ArrayList<>(p.params().size());
            List<ValueClass> classes = new ArrayList<>(p.params().size());
            for (Param par : p.params()) {
                if (par.kind() == Param.Kind.INT) {
                    toks.add(Integer.toString(r.nextInt(g.boundMin(), g.boundMax() + 1)));
                    classes.add(null);
                } else if (par.kind() == Param.Kind.FP_ELEMENTS) {
                    // every element drawn from its own class; the first element's class stands for the array
                    StringBuilder each = new StringBuilder();
                    ValueClass first = null;
                    for (int e = 0; e < p.arrayLength(); e++) {
                        ValueClass c = g.inputClasses().pick(r);
                        if (first == null) first = c;
                        if (e > 0) each.append(',');
                        each.append(HexFloat.format(c.draw(r, p.precision())));
                    }
                    toks.add(each.toString());
                    classes.add(first);
                } else {
                    ValueClass c = g.inputClasses().pick(r);
                    toks.add(HexFloat.format(c.draw(r, p.precision())));
                    classes.add(c);
                }
            }
            out.add(new Drawn(new Input(toks), java.util.Collections.unmodifiableList(classes)));
        }
        return out;
    }
}
