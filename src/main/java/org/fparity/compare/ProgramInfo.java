package org.fparity.compare;

import java.util.List;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;

/** What comparison and reports need to know about one program: its precision (for ULPs), its source, its inputs. */
public record ProgramInfo(String id, Precision precision, String source, List<Input> inputs) {
    public ProgramInfo {
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
    }
}
