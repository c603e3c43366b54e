package org.fparity.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.ir.Input;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;

/** The grammar knob for element-wise array inputs: deterministic, off by default, and programs that round-trip. */
class ElementwiseArraysGenTest {
    /** The default grammar with {@code program.elementwiseArrayProbability} set (null: the key left out). */
    public static Grammar withKnob(String probability) {
        String text;
        try (InputStream in = Grammar.class.getResourceAsStream(Grammar.DEFAULT_RESOURCE)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (probability != null) {
            String at = "\"maxParams\": 40";
            assertTrue(text.contains(at), "varity.json changed: no " + at);
            text = text.replace(at, at + ", \"elementwiseArrayProbability\": " + probability);
        }
        return Grammar.parse("test.json", text);
    }

    static long count(List<Program> ps, Param.Kind kind) {
        return ps.stream()
                .flatMap(p -> p.params().stream())
                .filter(p -> p.kind() == kind)
                .count();
    }

    @Test
    void sameSeedSameProgramsAndInputsAndBothKindsOfArrays() {
        Grammar g = withKnob("0.5");
        for (Precision prec : Precision.PROGRAMS) {
            List<Program> a = new Generator(g, 21).generate(prec, 150);
            List<Program> b = new Generator(withKnob("0.5"), 21).generate(prec, 150);
            assertEquals(
                    a.stream().map(Program::canonical).toList(),
                    b.stream().map(Program::canonical).toList());
            assertTrue(
                    count(a, Param.Kind.FP_ELEMENTS) > 10,
                    "few element-wise arrays: " + count(a, Param.Kind.FP_ELEMENTS));
            assertTrue(count(a, Param.Kind.FP_ARRAY) > 10, "few fill-value arrays: " + count(a, Param.Kind.FP_ARRAY));
            for (Program p : a) {
                assertEquals(p, Program.parse(p.canonical()), p.canonical());
                assertEquals(p, ProgramJson.program(ProgramJson.toJson(p)));
                List<Input> in = new InputGenerator(g, 5).inputs(p, 3);
                assertEquals(in, new InputGenerator(g, 5).inputs(p, 3));
                for (Input x : in) {
                    for (int i = 0; i < p.params().size(); i++) {
                        Param par = p.params().get(i);
                        if (par.kind() == Param.Kind.INT) continue;
                        double[] e = x.elements(i);
                        assertEquals(
                                par.kind() == Param.Kind.FP_ELEMENTS ? p.arrayLength() : 1, e.length, par + " in " + x);
                        for (double v : e) assertEquals(v, prec.round(v), "not a value of " + prec);
                    }
                }
            }
        }
    }

    /** At 0, or without the key, nothing is drawn for it: the default grammar's programs stay what they were. */
    @Test
    void offByDefaultAndOffGivesTheSamePrograms() {
        List<String> def = new Generator(Grammar.defaults(), 4)
                .generate(Precision.FP64, 100).stream().map(Program::canonical).toList();
        List<Program> zero = new Generator(withKnob("0"), 4).generate(Precision.FP64, 100);
        assertEquals(def, zero.stream().map(Program::canonical).toList());
        assertEquals(0, count(zero, Param.Kind.FP_ELEMENTS));
        assertEquals(
                def,
                new Generator(withKnob(null), 4)
                        .generate(Precision.FP64, 100).stream()
                                .map(Program::canonical)
                                .toList());
    }

    @Test
    void aProbabilityOutsideZeroToOneIsRefusedNamingTheKey() {
        FparityError e = assertThrows(FparityError.class, () -> withKnob("1.5"));
        assertTrue(e.getMessage().startsWith("test.json: program.elementwiseArrayProbability"), e.getMessage());
    }

    @Test
    void anElementWiseArrayHasItsOwnCanonicalSpellingAndId() {
        Program fill = Program.parse("program fp64 array 3\ncompute(double comp, double a[3]) {\n  comp += a[1];\n}\n");
        Program each =
                Program.parse("program fp64 array 3\ncompute(double comp, double a[3] each) {\n  comp += a[1];\n}\n");
        assertEquals(Param.Kind.FP_ARRAY, fill.params().get(1).kind());
        assertEquals(Param.Kind.FP_ELEMENTS, each.params().get(1).kind());
        assertTrue(each.canonical().contains("double a[3] each)"), each.canonical());
        assertTrue(!fill.id().equals(each.id()));
        Input in = new Input(List.of("0x0p+0", Input.elementsToken(Precision.FP64, 1, 2.5, -3)));
        assertEquals("0 0x0p+0 0x1p+0,0x1.4p+1,-0x1.8p+1", in.line(0));
        assertEquals(2.5, in.elements(1)[1]);
    }
}
