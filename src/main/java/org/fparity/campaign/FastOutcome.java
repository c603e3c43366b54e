package org.fparity.campaign;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.fparity.FparityError;

/**
 * The shape {@link OutcomeLog} writes every line in ({@code {"program":"<id>","input":<n>,…}}, fields in record order),
 * recognised without parsing the line, so that export can check a line's program and input and copy it as it is:
 * parsing and re-writing a million outcomes would cost more than everything else an export does.
 */
final class FastOutcome {
    private FastOutcome() {}

    private static final byte[] PROGRAM = "{\"program\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INPUT = "\",\"input\":".getBytes(StandardCharsets.US_ASCII);

    /**
     * True when the line has fparity's shape and names a program of the campaign and one of its inputs; false when it
     * has another shape (the caller parses it in full). A line of the right shape naming an unknown program or input
     * is an error.
     */
    static boolean check(byte[] b, int len, Map<String, Integer> inputsOf, String where) {
        if (len < PROGRAM.length + INPUT.length + 3 || b[len - 1] != '}' || !startsWith(b, 0, PROGRAM)) return false;
        int idStart = PROGRAM.length;
        int q = idStart;
        while (q < len && b[q] != '"' && b[q] != '\\') q++;
        if (q >= len || b[q] != '"' || !startsWith(b, q, INPUT)) return false;
        int d = q + INPUT.length;
        int input = 0;
        int digits = 0;
        while (d < len && b[d] >= '0' && b[d] <= '9' && digits < 9) {
            input = input * 10 + (b[d++] - '0');
            digits++;
        }
        if (digits == 0 || d >= len || b[d] != ',') return false;
        String program = new String(b, idStart, q - idStart, StandardCharsets.UTF_8);
        Integer inputs = inputsOf.get(program);
        if (inputs == null) throw new FparityError(where + ": outcome of program " + program + ", which the campaign does not list");
        if (input >= inputs) throw new FparityError(where + ": outcome of program " + program + " input " + input + ", which has only " + inputs + " inputs");
        return true;
    }

    private static boolean startsWith(byte[] b, int at, byte[] prefix) {
        if (at + prefix.length > b.length) return false;
        for (int i = 0; i < prefix.length; i++) if (b[at + i] != prefix[i]) return false;
        return true;
    }
}
