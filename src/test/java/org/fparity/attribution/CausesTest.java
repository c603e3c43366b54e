package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CausesTest {
    private static RootCause reassoc(int cases) {
        return new RootCause(
                null,
                RootCause.Kind.FLAGS,
                "gcc O3_FM",
                List.of("-fno-signed-zeros", "-fassociative-math"),
                null,
                "reassociation",
                null,
                null,
                "reassociation under -fassociative-math",
                cases,
                List.of("d1", "d2"),
                "d1",
                "fparity reduce C --discrepancy d1");
    }

    @Test
    void theKeyIsBuiltFromTheAttributionAndNotFromCounts() {
        RootCause a = reassoc(3);
        RootCause b = reassoc(40);
        assertEquals("flags|gcc O3_FM|-fassociative-math -fno-signed-zeros||reassociation|", a.key());
        assertEquals(a.key(), b.key());
        assertEquals(List.of("-fassociative-math", "-fno-signed-zeros"), a.flags());
    }

    @Test
    void aKeyThatDoesNotMatchItsFieldsIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new RootCause(
                        "flags|java||||",
                        RootCause.Kind.FLAGS,
                        "gcc O3_FM",
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        "t",
                        1,
                        List.of(),
                        null,
                        null));
        assertTrue(e.getMessage().contains("does not match"), e.getMessage());
    }

    @Test
    void writesAndReadsTheSameCauses(@TempDir Path dir) {
        Causes c = new Causes(
                10,
                2,
                List.of(
                        reassoc(7),
                        new RootCause(
                                null,
                                RootCause.Kind.OPERATION,
                                "java",
                                List.of(),
                                null,
                                "math function",
                                "sin",
                                "Java StrictMath",
                                "sin differs",
                                1,
                                List.of("d9"),
                                "d9",
                                null)));
        c.write(dir);
        assertEquals(c, Causes.read(dir).orElseThrow());
        assertTrue(Causes.read(dir.resolve("none")).isEmpty());
    }

    @Test
    void aMalformedOrHostileFileIsOneLineExit2(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve(Causes.FILE),
                "{\"format\":\"fparity-causes/1\",\"triaged\":1,\"undecided\":5,\"causes\":[]}");
        FparityError e = assertThrows(FparityError.class, () -> Causes.read(dir));
        assertEquals(2, e.exitCode());
        assertTrue(
                e.getMessage().contains("do not fit together")
                        && !e.getMessage().contains("\n"),
                e.getMessage());
        Files.writeString(
                dir.resolve(Causes.FILE),
                "{\"format\":\"fparity-causes/1\",\"triaged\":9,\"undecided\":0,\"causes\":[], \"extra\":1}");
        assertEquals(2, assertThrows(FparityError.class, () -> Causes.read(dir)).exitCode());
    }

    @Test
    void causesMustBeRankedAndDistinct() {
        assertThrows(IllegalArgumentException.class, () -> new Causes(10, 0, List.of(reassoc(1), reassoc(2))));
        assertThrows(IllegalArgumentException.class, () -> new Causes(10, 0, List.of(reassoc(2), reassoc(2))));
    }
}
