package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Size;
import org.junit.jupiter.api.Test;

/** A bundle's contents set by name, and copied with one change ({@link Bundle.Contents#toBuilder}). No compiler. */
class BundleContentsTest {
    /** Every component set, none null, so that a component the copy dropped or mixed up shows. */
    static Bundle.Contents full() {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain gcc = new DetectedToolchain(tcs.get("gcc"), "gcc 12.2.0", true, null, true, null);
        DetectedToolchain clang = new DetectedToolchain(tcs.get("clang-14"), "clang 14", true, null, true, null);
        return Bundle.Contents.of(
                        "165ad8b267fd",
                        LibraryCallToolsTest.P,
                        new Input(List.of("0x0p+0")),
                        DiscrepancyClass.NUMBER_NUMBER)
                .a(clang, "O0", LibraryCallVerdictTest.ok("clang-14", "0x1.686650b8c2016p-1"))
                .b(gcc, "O1", LibraryCallVerdictTest.ok("gcc", "0x1.686650b8c2015p-1"))
                .sites("local", "site-b")
                .reference(0x1.686650b8c2015p-1)
                .divergence(LibraryCallVerdictTest.TANH)
                .sanitizer(new Sanitizer.Check(true, "clean"))
                .original(Size.of(LibraryCallToolsTest.P))
                .host(Map.of("cpu", "x86_64"))
                .pairNote("a pair note")
                .verdict(LibraryCallVerdictTest.WITHIN)
                .recorded(new Input(List.of("0x1p+0")))
                .crashForm(new CrashForm.Result(false, "did not end as recorded"))
                .build();
    }

    @Test
    void eachComponentIsTheOneSetByItsName() {
        Bundle.Contents c = full();
        assertEquals("clang-14", c.a().name());
        assertEquals("O0", c.optA());
        assertEquals("0x1.686650b8c2016p-1", c.outA().hex());
        assertEquals("gcc", c.b().name());
        assertEquals("O1", c.optB());
        assertEquals("0x1.686650b8c2015p-1", c.outB().hex());
        assertEquals("local", c.siteA());
        assertEquals("site-b", c.siteB());
        assertEquals(List.of("0x1p+0"), c.recorded().args());
        assertEquals("a pair note", c.pairNote());
    }

    @Test
    void aCopyWithOneChangeKeepsEveryOtherComponent() {
        Bundle.Contents c = full();
        assertEquals(c, c.toBuilder().build());
        CrashForm.Result f = new CrashForm.Result(true, "ends as recorded");
        Bundle.Contents copy = c.withCrashForm(f);
        assertNotEquals(c, copy);
        assertEquals(f, copy.crashForm());
        assertEquals(c, copy.toBuilder().crashForm(c.crashForm()).build());
    }
}
