package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.fparity.confirm.Side;
import org.fparity.exec.DiscrepancyClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verdicts.json in the campaign: each reduce adds its discrepancy's verdict and keeps the others'. */
class ReducedVerdictsTest {
    @TempDir
    Path tmp;

    private static ReduceSession.Report report(String id, FindingVerdict v) {
        return new ReduceSession.Report(
                ReduceSession.Kind.REDUCED,
                id,
                DiscrepancyClass.NAN_NUMBER,
                true,
                null,
                null,
                null,
                true,
                null,
                null,
                Path.of("reproducers", id),
                null,
                null,
                Side.read("clang-14@O0"),
                Side.read("clang-14@O3_FM"),
                null,
                v);
    }

    @Test
    void eachReduceAddsItsVerdictAndKeepsTheOthers() {
        ReducedVerdicts.record(
                tmp,
                report(
                        "edb7d410441b",
                        new FindingVerdict(
                                FindingVerdict.Kind.OUTSIDE_CONTRACT,
                                "clang-14@O3_FM",
                                "a subnormal under flush to zero")));
        ReducedVerdicts.record(
                tmp, report("1c6315339985", new FindingVerdict(FindingVerdict.Kind.VENDOR_BUG, "gcc@O3", "x")));
        var all = ReducedVerdicts.read(tmp);
        assertEquals(2, all.size());
        assertEquals("outside_contract", all.get("edb7d410441b").path("verdict").asText());
        assertEquals(
                "clang-14@O0 vs clang-14@O3_FM",
                all.get("edb7d410441b").path("pair").asText());
        assertEquals("vendor_bug", all.get("1c6315339985").path("verdict").asText());
        assertEquals(0, ReducedVerdicts.read(tmp.resolve("none")).size());
    }
}
