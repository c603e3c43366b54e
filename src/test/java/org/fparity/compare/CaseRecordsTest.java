package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.OutcomeLog;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compact log read from its bytes into the case records ({@link CaseSpill}: results as bits, platforms as numbers, no
 * outcome per run) reads as the outcomes the log's own reader gives, line for line: the same problems in the same
 * words, the same texts, and the same comparison.
 */
class CaseRecordsTest {
    @TempDir
    Path tmp;

    private static final String LOG = String.join(
                    "\n",
                    "{\"p\":0,\"toolchain\":\"gcc\",\"opt\":\"O0\",\"site\":\"local\",\"platform\":\"gcc@O0-1\"}",
                    "{\"p\":1,\"toolchain\":\"gcc\",\"opt\":\"O3\",\"site\":\"local\",\"platform\":\"gcc@O3-1\"}",
                    "[\"a\",0,0,\"OK\",\"-0x0p+0\",5]",
                    "[\"a\",0,1,\"OK\",\"0x0p+0\",6]",
                    "[\"a\",1,0,\"OK\",\"nan\",5]",
                    "[\"a\",1,1,\"OK\",\"-nan\",5]",
                    "[\"a\",2,0,\"OK\",\"0x0.0000000000001p-1022\",5]",
                    "[\"a\",2,1,\"OK\",\"0x0.0000000000002p-1022\",5]",
                    "[\"b\",0,0,\"OK\",\"0x1.99999ap-4\",5]",
                    "[\"b\",0,1,\"OK\",\"0x1.99999a0000000p-4\",5]",
                    "[\"b\",1,0,\"CRASH\",null,7,\"signal \\\"11\\\"\"]",
                    "[\"b\",1,1,\"OK\",\"0x1p+0\",3]",
                    "[\"b\",2,7,\"OK\",\"0x1p+0\",3]",
                    "[\"b\",2,0,\"OK\",\"0x1p+0\",3]",
                    "[\"b\",2,1,\"OK\",\"0x1p")
            + "";

    private CaseSpill spill(Path log) {
        return new CaseSpill(new String[] {"a", "b"}, new int[] {3, 3}, List.of(log), null);
    }

    @Test
    void aTornLineAndAnUndeclaredPlatformAreTheLogReadersProblemsInItsWords() throws Exception {
        Path log = Files.writeString(tmp.resolve("outcomes.jsonl"), LOG);
        CaseSpill s = spill(log);
        List<String> problems = s.found().problems().getFirst();
        assertEquals(OutcomeLog.read(log).problems(), problems);
        assertEquals(
                List.of(
                        "outcomes.jsonl line 13: unreadable outcome skipped (platform 7 is not declared before this line)",
                        "outcomes.jsonl line 15: torn last line (19 bytes) dropped"),
                problems);
    }

    @Test
    void recordsKeepEachResultsBitsAndTextAndADetailWithEscapedQuotes() throws Exception {
        Path log = Files.writeString(tmp.resolve("outcomes.jsonl"), LOG + "+0\",3]\n");
        CaseSpill s = spill(log);
        List<String> seen = new ArrayList<>();
        s.forEach(x -> {
            for (int e = 0; e < x.n; e++) {
                int r = x.first[e];
                seen.add(x.program + "/" + x.input + "@" + x.platform[e] + " " + x.status(r) + " "
                        + (x.hex(r) == null ? "-" : x.hex(r) + "=" + Long.toHexString(x.bits[r])) + " "
                        + x.detail(r));
            }
        });
        assertEquals(
                List.of(
                        "a/0@0 OK -0x0p+0=8000000000000000 null",
                        "a/0@1 OK 0x0p+0=0 null",
                        "a/1@0 OK nan=7ff8000000000000 null",
                        "a/1@1 OK -nan=fff8000000000000 null",
                        "a/2@0 OK 0x0.0000000000001p-1022=1 null",
                        "a/2@1 OK 0x0.0000000000002p-1022=2 null",
                        "b/0@0 OK 0x1.99999ap-4=3fb99999a0000000 null",
                        "b/0@1 OK 0x1.99999a0000000p-4=3fb99999a0000000 null",
                        "b/1@0 CRASH - signal \"11\"",
                        "b/1@1 OK 0x1p+0=3ff0000000000000 null",
                        "b/2@0 OK 0x1p+0=3ff0000000000000 null",
                        "b/2@1 OK 0x1p+0=3ff0000000000000 null"),
                seen);
        // the outcomes made back from the records are the log reader's, in case order
        java.util.Comparator<Outcome> byCase = java.util.Comparator.comparing(Outcome::program)
                .thenComparingInt(Outcome::input)
                .thenComparing(org.fparity.exec.Platform::of);
        List<Outcome> read =
                OutcomeLog.read(log).outcomes().stream().sorted(byCase).toList();
        assertEquals(read, new ArrayList<>(s.outcomes(null)));
    }

    @Test
    void theComparisonOfRecordsIsTheComparisonOfTheOutcomes() throws Exception {
        Path log = Files.writeString(tmp.resolve("outcomes.jsonl"), LOG + "+0\",3]\n");
        CaseSpill s = spill(log);
        CampaignView onDisk = new CampaignView("t", Map.of(), Map.of(), Map.of(), s.outcomes(null));
        CampaignView held = new CampaignView(
                "t", Map.of(), Map.of(), Map.of(), OutcomeLog.read(log).outcomes());
        Findings d = Comparer.compare(onDisk);
        Findings h = Comparer.compare(held);
        // signed zeros, NaN signs and two spellings of one float agree; the subnormals one ULP apart do not
        assertEquals(1, d.discrepancies().size());
        Discrepancy one = d.discrepancies().getFirst();
        assertEquals(
                "a/2 0x0.0000000000001p-1022 0x0.0000000000002p-1022 1",
                one.program() + "/" + one.input() + " " + one.hexA() + " " + one.hexB() + " " + one.ulps());
        assertEquals(new ArrayList<>(h.discrepancies()), new ArrayList<>(d.discrepancies()));
        assertEquals(1, d.mismatches().size());
        assertEquals("signal \"11\"", d.mismatches().getFirst().detailA());
        assertEquals(new ArrayList<>(h.mismatches()), new ArrayList<>(d.mismatches()));
        assertEquals(h.runs(), d.runs());
        assertEquals(h.cases(), d.cases());
        assertTrue(Cases.of(onDisk).stream().noneMatch(c -> c.key().startsWith("a/0") && c.discrepant()));
        assertEquals(Cases.count(Cases.of(held)), Cases.count(Cases.of(onDisk)));
    }

    @Test
    void aResultInPrintfsSpellingOfANormalValueIsNotWrittenToTheSortedFileAndReadsBackTheSame() throws Exception {
        StringBuilder log = new StringBuilder(
                "{\"p\":0,\"toolchain\":\"gcc\",\"opt\":\"O0\",\"site\":\"local\",\"platform\":\"gcc@O0-1\"}\n");
        java.util.Random rnd = new java.util.Random(5);
        int printf = 0;
        long texts = 0;
        for (int i = 0; i < 300; i++) {
            double v = (rnd.nextDouble() - 0.5) * Math.pow(2, rnd.nextInt(100) - 50);
            String hex = org.fparity.ir.HexFloat.format(v);
            // every tenth in another spelling of its value, every 25th a subnormal: kept as text
            if (i % 10 == 3) hex = hex.toUpperCase(java.util.Locale.ROOT);
            else if (i % 25 == 7) hex = "0x0.0000000000003p-1022";
            else printf++;
            if (!hex.equals(org.fparity.ir.HexFloat.format(v)) || i % 25 == 7) texts += 4 + hex.length();
            log.append("[\"")
                    .append(i < 150 ? "a" : "b")
                    .append("\",")
                    .append(i % 150)
                    .append(",0,\"OK\",\"")
                    .append(hex)
                    .append("\",")
                    .append(i)
                    .append("]\n");
        }
        log.append("[\"b\",150,0,\"CRASH\",null,7,\"signal 11\"]\n");
        Path file = Files.writeString(tmp.resolve("outcomes.jsonl"), log);
        CaseSpill s = new CaseSpill(new String[] {"a", "b"}, new int[] {150, 151}, List.of(file), null);
        assertEquals(258, printf);
        // 25 bytes a record; a text kept as written and a detail add their lengths. Before: 53 for each printf text
        assertEquals(301 * 25 + texts + 4 + "signal 11".length(), s.sortedBytes());
        java.util.Comparator<Outcome> byCase = java.util.Comparator.comparing(Outcome::program)
                .thenComparingInt(Outcome::input)
                .thenComparing(org.fparity.exec.Platform::of);
        assertEquals(
                OutcomeLog.read(file).outcomes().stream().sorted(byCase).toList(), new ArrayList<>(s.outcomes(null)));
    }
}
