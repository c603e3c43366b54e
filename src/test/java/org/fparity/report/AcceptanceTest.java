package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.bench.ScaleCampaign;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Cases;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.Verdict;
import org.fparity.transfer.CampaignMerge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a policy accepts, judged case by case from the comparison's lists as they lie on disk (issue 31: the old
 * judging grouped every discrepancy of the campaign by case in memory): the same cases as grouping them all gives.
 */
class AcceptanceTest {
    @Test
    void acceptedCasesFromFindingsOnDiskAreTheCasesEveryOfWhosePairsIsWithinTolerance(@TempDir Path tmp)
            throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 40, 10, 5);
        Path merged = tmp.resolve("merged");
        CampaignMerge.merge(w.sites(), merged);
        AcceptancePolicy policy = new AcceptancePolicy(
                "test", List.of(new AcceptancePolicy.Tolerance("*", BigInteger.valueOf(4), null)), List.of());
        String was = System.getProperty("fparity.spill.held");
        try {
            // every list of the comparison (discrepancies, cases) on disk after 2 elements
            System.setProperty("fparity.spill.held", "2");
            CampaignView view = CampaignFiles.load(merged);
            Findings f = Comparer.compare(view);
            List<Cases.Case> cases = Verdict.of(view, f, null).cases();
            Acceptance a = Acceptance.of(policy, f, cases, Map.of());

            Map<String, List<Discrepancy>> byCase = new LinkedHashMap<>();
            for (Discrepancy d : f.discrepancies())
                byCase.computeIfAbsent(d.program() + "/" + d.input(), k -> new ArrayList<>())
                        .add(d);
            Map<String, String> expected = new LinkedHashMap<>();
            int discrepant = 0;
            for (Cases.Case c : cases) {
                if (!c.discrepant()) continue;
                discrepant++;
                List<Discrepancy> mine = byCase.get(c.key());
                if (mine != null && mine.stream().allMatch(d -> policy.tolerance(d) != null))
                    expected.put(
                            c.key(),
                            "within tolerance: "
                                    + policy.tolerance(mine.getFirst()).describe());
            }
            assertTrue(expected.size() > 5 && expected.size() < discrepant, expected.size() + " of " + discrepant);
            assertEquals(expected, a.cases().asMap());
            assertEquals(
                    List.copyOf(expected.keySet()),
                    List.copyOf(a.cases().asMap().keySet()));
            assertEquals(expected.size(), a.byTolerance());
            assertEquals(0, a.byCause());
        } finally {
            if (was == null) System.clearProperty("fparity.spill.held");
            else System.setProperty("fparity.spill.held", was);
        }
    }

    /** Heap in use after full collections. */
    private static long used() {
        java.lang.management.MemoryMXBean m = java.lang.management.ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 4; i++) System.gc();
        return m.getHeapMemoryUsage().getUsed();
    }

    @Test
    void acceptedCasesHoldNoKeyPerCaseYetAreLookedUpByKey() {
        // 1,000 programs x 200 inputs, every case discrepant on one pair: 2 ULPs apart (accepted), every 7th 9 ULPs
        int programs = 1000, inputs = 200, n = programs * inputs;
        org.fparity.exec.Platform pa = new org.fparity.exec.Platform("gcc", "O0"),
                pb = new org.fparity.exec.Platform("gcc", "O3");
        org.fparity.compare.Pair pair = new org.fparity.compare.Pair(pa, pb);
        List<Cases.Answer> two = List.of(
                new Cases.Answer("0x1p+0", 1.0, List.of(pa)),
                new Cases.Answer("0x1.0000000000002p+0", 1.0, List.of(pb)));
        java.util.function.IntFunction<String> program = i -> String.format("p%05d", i / inputs);
        List<Cases.Case> cases = new java.util.AbstractList<>() {
            @Override
            public Cases.Case get(int i) {
                return new Cases.Case(
                        program.apply(i),
                        i % inputs,
                        org.fparity.ir.Precision.FP64,
                        Map.of(),
                        Map.of(),
                        List.of(),
                        two,
                        null,
                        List.of(),
                        0);
            }

            @Override
            public int size() {
                return n;
            }
        };
        List<Discrepancy> ds = new java.util.AbstractList<>() {
            @Override
            public Discrepancy get(int i) {
                return new Discrepancy(
                        program.apply(i),
                        i % inputs,
                        pair,
                        org.fparity.exec.DiscrepancyClass.NUMBER_NUMBER,
                        org.fparity.exec.OutcomeClass.NUMBER,
                        org.fparity.exec.OutcomeClass.NUMBER,
                        "0x1p+0",
                        "0x1.0000000000002p+0",
                        BigInteger.valueOf(i % 7 == 0 ? 9 : 2),
                        4e-16);
            }

            @Override
            public int size() {
                return n;
            }
        };
        Findings f = new Findings(List.of(), ds, List.of(), Map.of(), n);
        AcceptancePolicy policy = new AcceptancePolicy(
                "test", List.of(new AcceptancePolicy.Tolerance("*", BigInteger.valueOf(4), null)), List.of());
        long before = used();
        Acceptance a = Acceptance.of(policy, f, cases, Map.of());
        long held = used() - before;
        int accepted = n - (n + 6) / 7;
        assertEquals(accepted, a.cases().size());
        assertEquals("within tolerance: every pair ≤ 4 ULPs", a.cases().get("p00002/15"));
        assertTrue(a.cases().containsKey("p00999/199"));
        assertTrue(!a.cases().containsKey("p00000/0") && !a.cases().containsKey("p00001/3"), "9 ULPs apart");
        assertTrue(!a.cases().containsKey("p01000/1") && !a.cases().containsKey("p00002/200"), "no such case");
        // a key string and a map entry per accepted case held about 100 bytes each: 17 MB here
        assertTrue(held < 3_000_000, "held " + held + " bytes for " + accepted + " accepted cases");
    }
}
