package org.fparity.reduce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fparity.ir.HexFloat;
import org.fparity.ir.ProgramJson;

/**
 * The first operation where two platforms part ways (or where one platform leaves the correctly rounded result of
 * its own operands), with the evidence a vendor needs.
 *
 * @param path      the node's path in the reduced program
 * @param text      the node as written, e.g. {@code ceil(var_1)}
 * @param kind      {@code call} (a library function), {@code arithmetic} (+ - * / or a negation), or {@code control} (a
 *                  branch or loop went another way, so the node ran on one platform only)
 * @param operands  operand values (equal on both platforms), hex
 * @param a         platform A's result there, hex (null if A did not compute it)
 * @param b         platform B's result there, hex (null if B did not compute it, or B was not traced)
 * @param truth     the correctly rounded result of the operation on those operands (MPFR), hex, or null
 * @param wrong     which platform(s) disagree with the truth: a platform id, "both", or "" when unknown
 * @param how       how the trace was taken: "both traced", or why a fallback was used
 * @param sentence  the explanation for people
 * @param rootCause the key that merges discrepancies with the same cause: function or rewrite, and the platforms
 * @param offTruth  which side's printed result is off the correctly rounded one: a platform id, "both", "undecided", or
 *                  null when not judged (a run that ended differently)
 */
public record Divergence(
        String path,
        String text,
        String kind,
        List<String> operands,
        String a,
        String b,
        String truth,
        String wrong,
        String how,
        String sentence,
        String rootCause,
        String offTruth) {

    public Divergence(
            String path,
            String text,
            String kind,
            List<String> operands,
            String a,
            String b,
            String truth,
            String wrong,
            String how,
            String sentence,
            String rootCause) {
        this(path, text, kind, operands, a, b, truth, wrong, how, sentence, rootCause, null);
    }

    /** This divergence with the final results' judgement first in its sentence. */
    Divergence after(OffTruth off) {
        return new Divergence(
                path,
                text,
                kind,
                operands,
                a,
                b,
                truth,
                wrong,
                how,
                off.sentence() + " " + sentence,
                rootCause,
                off.key());
    }

    public ObjectNode toJson() {
        ObjectNode o = ProgramJson.MAPPER.createObjectNode();
        o.put("path", path);
        o.put("operation", text);
        o.put("kind", kind);
        o.putPOJO("operands", operands);
        o.put("a", a);
        o.put("b", b);
        o.put("correctlyRounded", truth);
        o.put("wrong", wrong);
        o.put("how", how);
        o.put("explanation", sentence);
        o.put("rootCause", rootCause);
        if (offTruth != null) o.put("offTruth", offTruth);
        return o;
    }

    static String hex(Double v) {
        return v == null ? null : HexFloat.format(v);
    }
}
