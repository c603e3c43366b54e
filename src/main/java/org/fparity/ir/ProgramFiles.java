package org.fparity.ir;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.fparity.FparityError;

/**
 * Reads a program from a file in any of the forms fparity writes or keeps: the canonical text ({@code .fp}, inputs
 * as {@code // input:} comment lines), a program's JSON, or a program file {@code fparity generate} writes
 * ({@code programs/NNNN-<id>.json}: id, canonical text, program and inputs).
 */
public final class ProgramFiles {
    private ProgramFiles() {}

    /** A program and the inputs its file carries (none when it carries none). */
    public record ProgramFile(Program program, List<Input> inputs) {
        public ProgramFile {
            inputs = List.copyOf(inputs);
        }
    }

    /** Reads {@code file}; bad files are one-line {@link FparityError}s naming the file. */
    public static ProgramFile read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new FparityError(file + ": no such file");
        } catch (IOException e) {
            throw FparityError.io("cannot read " + file, e);
        }
        boolean json = file.toString().toLowerCase(Locale.ROOT).endsWith(".json")
                || text.stripLeading().startsWith("{");
        try {
            return json ? fromJson(text) : new ProgramFile(Program.parse(text), inputLines(text));
        } catch (IllegalArgumentException e) {
            throw new FparityError(file + ": " + String.valueOf(e.getMessage()).replace('\n', ' '));
        }
    }

    /** The {@code // input: tok tok …} lines of a canonical text, in order. */
    public static List<Input> inputLines(String text) {
        List<Input> ins = new ArrayList<>();
        for (String l : text.lines().toList()) {
            String s = l.strip();
            if (s.startsWith("// input:")) ins.add(tokens(s.substring("// input:".length())));
        }
        return ins;
    }

    /** An input given as text: tokens separated by blanks or commas. */
    public static Input tokens(String s) {
        String t = s.strip();
        if (t.isEmpty()) return new Input(List.of());
        return new Input(Arrays.asList(t.split("[\\s,]+")));
    }

    /**
     * An input as text for this program: tokens separated by blanks or commas, where an element-wise array's elements
     * are written one after the other ({@code 0x1p+0,0x1p+1,…}) and are grouped back into its one token here.
     */
    public static Input tokens(Program p, String s) {
        List<String> flat = tokens(s).args();
        int elementParams = (int) p.params().stream()
                .filter(x -> x.kind() == Param.Kind.FP_ELEMENTS)
                .count();
        if (elementParams == 0 || flat.size() != p.params().size() + elementParams * (p.arrayLength() - 1))
            return new Input(flat);
        List<String> grouped = new ArrayList<>();
        int k = 0;
        for (Param par : p.params()) {
            if (par.kind() == Param.Kind.FP_ELEMENTS) {
                grouped.add(String.join(",", flat.subList(k, k + p.arrayLength())));
                k += p.arrayLength();
            } else {
                grouped.add(flat.get(k++));
            }
        }
        return new Input(grouped);
    }

    private static ProgramFile fromJson(String text) {
        JsonNode tree;
        try {
            tree = ProgramJson.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(ProgramJson.oneLine(e), e);
        }
        if (tree == null || !tree.isObject())
            throw new IllegalArgumentException("not a program (a JSON object is expected)");
        // generate's program files wrap the program: {"id", "canonical", "program", "inputs"}
        if (tree.has("program") && tree.get("program").isObject()) {
            List<String> known = List.of("id", "canonical", "program", "inputs");
            for (Iterator<String> it = tree.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!known.contains(k))
                    throw new IllegalArgumentException(
                            "unknown key '" + k + "' in a program file; known keys: " + String.join(", ", known));
            }
            Program p = ProgramJson.program(tree.get("program").toString());
            if (tree.has("id") && !tree.get("id").asText().equals(p.id())) {
                throw new IllegalArgumentException("the file says id "
                        + tree.get("id").asText() + " but its program's id is " + p.id() + " (edited by hand?)");
            }
            List<Input> ins = new ArrayList<>();
            for (JsonNode in : tree.path("inputs")) {
                List<String> toks = new ArrayList<>();
                for (JsonNode t : in) toks.add(t.asText());
                ins.add(new Input(toks));
            }
            return new ProgramFile(p, ins);
        }
        return new ProgramFile(ProgramJson.program(text), List.of());
    }
}
