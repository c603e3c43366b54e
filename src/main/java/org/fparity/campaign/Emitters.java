package org.fparity.campaign;

import java.util.Map;
import org.fparity.FparityError;
import org.fparity.exec.BatchEmitter;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Program;

/** The seam between {@code emit} and {@code exec}: the batch emitter for a toolchain's language and options. */
public final class Emitters {
    private Emitters() {}

    /** A batch emitter writing {@code programs} (by id) for {@code tc}. */
    public static BatchEmitter forToolchain(Toolchain tc, Map<String, Program> programs) {
        throw new FparityError("no emitter for language " + tc.language() + " in this build (the emit package has not been merged yet)",
                FparityError.MISSING_TOOL);
    }
}
