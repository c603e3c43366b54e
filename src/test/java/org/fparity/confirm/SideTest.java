package org.fparity.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fparity.FparityError;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Toolchain;
import org.junit.jupiter.api.Test;

/** A side keeps its site and is built with the flags its site recorded, not this machine's. */
class SideTest {
    @Test
    void aSideKeepsItsSite() {
        Side s = Side.parse("gcc@O2@lumi");
        assertEquals("lumi", s.site());
        assertEquals("gcc@O2@lumi", s.id());
        assertTrue(!s.here());
        Side here = Side.parse("gcc@O3_FM");
        assertNull(here.site());
        assertTrue(here.here());
        // a campaign made here records site "local": that is this machine
        assertTrue(new Side("gcc", "O2", "local", null).here());
        assertEquals(
                "platform 'gcc' is not toolchain@opt or toolchain@opt@site (e.g. gcc@O3_FM, gcc@O3_FM@lumi)",
                assertThrows(FparityError.class, () -> Side.parse("gcc")).getMessage());
    }

    @Test
    void aSideIsBuiltWithTheFlagsItsSiteRecorded() {
        Toolchain gcc = Fixtures.shipped().get("gcc");
        assertSame(gcc, new Side("gcc", "O2", "beta", null).descriptor(gcc));
        List<String> recorded = List.of("gcc", "-O2", "-ffast-math", "-o", "{bin}", "{src}", "-lm");
        Toolchain there = new Side("gcc", "O2", "beta", recorded).descriptor(gcc);
        assertEquals(List.of("-O2", "-ffast-math"), there.opt().get("O2"));
        assertEquals(recorded, there.compileArgv("O2", "{src}", "{bin}", "{class}"));
        // a build this machine's descriptor cannot express by opt flags is refused, not guessed
        FparityError e = assertThrows(
                FparityError.class, () -> new Side("gcc", "O2", "beta", List.of("cc", "-O2", "x.c")).descriptor(gcc));
        assertTrue(e.getMessage().startsWith("gcc@O2@beta was built with 'cc -O2 x.c'"), e.getMessage());
    }
}
