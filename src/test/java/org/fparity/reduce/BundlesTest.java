package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundlesTest {
    @TempDir
    Path tmp;

    @Test
    void aReportFindsABundleByItsDiscrepancyId() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("0123456789ab"));
        Files.writeString(dir.resolve("expected.json"), """
                {"id": "0123456789ab", "reference": "0x1p+0", "firstDivergence": {"explanation": "fake-gcc@O0 is wrong"}}
                """);
        Bundles.Link l = Bundles.find(tmp, "0123456789ab");
        assertEquals(dir, l.dir());
        assertEquals("fake-gcc@O0 is wrong", l.firstDivergence());
        assertEquals("0x1p+0", l.truth());
        assertNull(Bundles.find(tmp, "ffffffffffff"), "no bundle: no link");
        Files.writeString(dir.resolve("expected.json"), "{ torn");
        assertNull(Bundles.find(tmp, "0123456789ab"), "an unreadable bundle is not linked");
    }
}
