package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An outcome's key is its planned platform's id after program and input, whatever the site and node. */
class OutcomeKeyTest {
    @Test
    void theKeyIsProgramInputAndThePlannedPlatformsId() {
        List<Outcome> os = List.of(
                new Outcome("6b7d807a15fd8ca7", 0, "gcc", "O2", Outcome.Status.OK, "0x1p+0", null, "gcc@O2", 0),
                new Outcome(
                        "p", 49, "clang-14", "O3_FM", "lumi", "MI250X_gfx90a", Outcome.Status.OK, "nan", null, "x", 1),
                new Outcome("p", 3, "nvcc-sm80", "nofma", " ", "A100", Outcome.Status.CRASH, null, "SIGSEGV", "x", 1),
                new Outcome("p", 7, "gcc", "O0", null, "", Outcome.Status.TIMEOUT, null, "t", "x", 1));
        for (Outcome o : os) {
            assertEquals(
                    o.program() + "/" + o.input() + "/"
                            + o.platformKey().planned().key(),
                    o.key());
            assertEquals(o.key(), Outcome.key(o.program(), o.input(), o.platformKey()));
            assertEquals(
                    o.key(), Outcome.key(o.program(), o.input(), o.platformKey().planned()));
        }
        assertEquals("p/49/clang-14@O3_FM@lumi", os.get(1).key());
        assertEquals("p/3/nvcc-sm80@nofma@local", os.get(2).key());
        assertThrows(
                IllegalArgumentException.class,
                () -> new Outcome("p", 0, null, "O0", Outcome.Status.OK, "0x0p+0", null, "x", 0).key());
    }
}
