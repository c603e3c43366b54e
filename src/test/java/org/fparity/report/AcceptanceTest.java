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
            assertEquals(expected, a.cases());
            assertEquals(List.copyOf(expected.keySet()), List.copyOf(a.cases().keySet()));
            assertEquals(expected.size(), a.byTolerance());
            assertEquals(0, a.byCause());
        } finally {
            if (was == null) System.clearProperty("fparity.spill.held");
            else System.setProperty("fparity.spill.held", was);
        }
    }
}
