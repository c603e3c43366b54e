package org.fparity.varity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.exec.Outcome;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Imports the sample Varity data in {@code ../shared/data/varity} and damaged copies of it. */
class VarityImportTest {
    static Path data;

    @TempDir
    Path tmp;

    @BeforeAll
    static void sample() {
        data = Path.of("..", "shared", "data", "varity").toAbsolutePath().normalize();
        Assumptions.assumeTrue(
                Files.isDirectory(data.resolve("cuda_examples")) && Files.isDirectory(data.resolve("vm_3801")),
                "the sample Varity data is not at " + data + " (it sits beside the clone in CI)");
    }

    /** Cases, inputs and results in outputs.txt, counted line by line (not with the importer's reader). */
    static int[] countOutputsTxt(Path f) throws IOException {
        int cases = 0;
        int results = 0;
        for (String l : Files.readAllLines(f)) {
            if (l.startsWith("Case:")) cases++;
            else if (l.matches("O[0-3]\\w*: .*")) results++;
        }
        return new int[] {cases, results};
    }

    @Test
    void cudaExamplesImportEveryCaseInputAndResult() throws IOException {
        int[] expected = countOutputsTxt(data.resolve("cuda_examples/outputs.txt"));
        VarityImport.Result r = VarityImport.read(data.resolve("cuda_examples"));
        assertEquals(List.of(), r.problems());
        assertEquals(30, expected[0]);
        assertEquals(expected[0], r.casesNamed());
        assertEquals(expected[0], r.programs().size());
        assertEquals(expected[0], r.inputs());
        assertEquals(expected[1], r.resultsNamed());
        assertEquals(expected[1], r.outcomes().size());
        assertEquals(7, r.platforms().size());
        for (RecordedPlatform p : r.platforms()) {
            assertEquals("nvcc-9.2", p.toolchain());
            assertEquals("varity-lassen", p.site());
            assertEquals("V100", p.node().get("gpu"));
        }
        assertTrue(r.programs().stream().allMatch(p -> p.program().precision() == Precision.FP32));

        // case 1: Input +1.5983E-42f 5 …, O3_nostrict 0, O0 1.5988815477946163e-42
        VarityImport.ImportedProgram case1 = r.programs().stream()
                .filter(p -> p.origins().contains("cuda_examples/case_1"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                HexFloat.format((float) 1.5983E-42),
                case1.inputs().getFirst().args().getFirst());
        assertEquals("5", case1.inputs().getFirst().args().get(1));
        assertEquals(HexFloat.format(1.5988815477946163e-42), hex(r, case1, "O0"));
        assertEquals("0x0p+0", hex(r, case1, "O3_nostrict"));
    }

    private static String hex(VarityImport.Result r, VarityImport.ImportedProgram p, String opt) {
        return r.outcomes().stream()
                .filter(o -> o.program().equals(p.program().id())
                        && o.platform().opt().equals(opt))
                .map(VarityImport.ImportedOutcome::hex)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void anUpstreamResultsJsonImportsWithAbsentCompilersPerTest() throws IOException {
        JsonNode json =
                new ObjectMapper().readTree(data.resolve("vm_3801/results.json").toFile());
        int inputs = 0;
        int results = 0;
        for (JsonNode test : json)
            for (JsonNode in : test) {
                inputs++;
                for (JsonNode comp : in) results += comp.size();
            }
        VarityImport.Result r = VarityImport.read(data.resolve("vm_3801"));
        assertEquals(List.of(), r.problems());
        assertEquals(json.size(), r.casesNamed());
        assertEquals(json.size(), r.programs().size());
        assertEquals(inputs, r.inputs());
        assertEquals(results, r.resultsNamed());
        assertEquals(results, r.outcomes().size());
        assertEquals(
                Set.of("gcc", "clang"),
                new HashSet<>(
                        r.platforms().stream().map(RecordedPlatform::toolchain).toList()));
        assertEquals("varity-vm_3801", r.platforms().getFirst().site());
    }

    @Test
    void theWrittenCampaignHoldsWhatWasImported() {
        VarityImport.Result r = VarityImport.read(data);
        Path out = tmp.resolve("imported");
        Campaign c = Campaign.load(VarityCampaign.write(r, out, "test", data));
        assertEquals(r.programs().size(), c.programEntries().size());
        assertEquals(r.outcomes().size(), c.outcomes().size());
        assertEquals(List.of(), c.problems());
        assertTrue(c.outcomes().stream().allMatch(o -> o.status() == Outcome.Status.OK));
        assertEquals(r.platforms().size(), c.platforms().size());
        // every program's canonical form reads back as the same program
        for (var e : c.programs().entrySet())
            assertEquals(e.getKey(), e.getValue().id());
        // this fparity's layout: the programs are in the program store, not inside campaign.json
        assertEquals(Campaign.SCHEMA, c.meta().schema());
        assertEquals(r.programs().size(), c.meta().programStore().count());
        assertTrue(Files.isRegularFile(out.resolve(org.fparity.campaign.ProgramStore.FILE)));
        // readable by colleagues like the rest of the folder, not 0600 as a temporary file is made
        for (String f : List.of(org.fparity.campaign.ProgramStore.FILE, Campaign.META, Campaign.OUTCOMES)) {
            assertEquals("rw-r--r--", posix(out.resolve(f)), f);
        }
        assertTrue(
                !readString(out.resolve(Campaign.META)).contains("\"programs\""), "no programs inside campaign.json");
        var again = assertThrows(FparityError.class, () -> VarityCampaign.write(r, out, "test", data));
        assertTrue(again.getMessage().contains("already exists"), again.getMessage());
    }

    private static String posix(Path p) {
        try {
            return java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String readString(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Path copy(Path from, String name) throws IOException {
        Path to = tmp.resolve(name);
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path q = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(q);
                else {
                    Files.copy(p, q);
                    // the shared sample is read-only and the copy keeps that mode: tests edit their copy, as any user
                    if (!q.toFile().setWritable(true, true)) throw new IOException("cannot make " + q + " writable");
                }
            }
        }
        return to;
    }

    @Test
    void aTruncatedResultsJsonImportsTheTestsBeforeTheCut() throws IOException {
        Path c = copy(data.resolve("vm_3801"), "vm_3801");
        Path results = c.resolve("results.json");
        String text = Files.readString(results);
        // cut in the middle of the fourth test
        int fourth = 0;
        for (int k = 0, at = 0; k < 4; k++) fourth = at = text.indexOf("\n  \"vm_3801/", at + 1);
        Files.writeString(results, text.substring(0, fourth + 200));
        VarityImport.Result r = VarityImport.read(c);
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertTrue(
                r.problems().getFirst().startsWith("results.json: truncated at line "),
                r.problems().getFirst());
        assertTrue(
                r.problems().getFirst().endsWith("the 3 complete tests before it are imported"),
                r.problems().getFirst());
        assertEquals(3, r.programs().size());
    }

    @Test
    void aKernelOutsideTheDialectIsReportedAndTheRestImported() throws IOException {
        Path c = copy(data.resolve("vm_3801"), "vm_3801");
        Path src = c.resolve("_tests/_group_1/_test_1.c");
        Files.writeString(
                src, Files.readString(src).replace("for (int i=0; i < var_1; ++i) {", "while (comp < var_2) {"));
        VarityImport.Result r = VarityImport.read(c);
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertTrue(
                r.problems()
                        .getFirst()
                        .matches(
                                "_tests/_group_1/_test_1\\.c: line \\d+: 'while' is outside Varity's dialect; not imported \\(\\d+ results\\)"),
                r.problems().getFirst());
        assertEquals(12, r.casesNamed());
        assertEquals(1, r.casesNotImported());
        assertEquals(11, r.programs().size());
        assertEquals(r.resultsNamed() - r.resultsNotImported(), r.outcomes().size());
    }

    @Test
    void anOutputsCaseWithoutSourceIsReportedAndTheRestImported() throws IOException {
        Path c = copy(data.resolve("cuda_examples"), "cuda_examples");
        Path case1 = c.resolve("src/case_1");
        try (Stream<Path> s = Files.list(case1)) {
            for (Path p : s.toList()) Files.delete(p);
        }
        Files.delete(case1);
        VarityImport.Result r = VarityImport.read(c);
        assertEquals(
                List.of("cuda_examples/case_1: no source file for it; its 7 results are not imported"), r.problems());
        assertEquals(30, r.casesNamed());
        assertEquals(29, r.programs().size());
        assertEquals(7, r.resultsNotImported());
        assertEquals(29 * 7, r.outcomes().size());
    }

    @Test
    void aHipForkValueWithoutTimeIsReportedAndTheRestImported() throws IOException {
        Path c = tmp.resolve("lassen_42");
        Path g = Files.createDirectories(c.resolve("_tests/_group_1"));
        Files.copy(data.resolve("vm_3801/_tests/_group_1/_test_1.c"), g.resolve("_test_1.c"));
        Files.copy(data.resolve("vm_3801/_tests/_group_1/_test_1.cu"), g.resolve("_test_1.cu"));
        Files.writeString(c.resolve("run_data.json"), """
                {"Number of groups": 1, "Tests per group": 1, "Compilers": {"my_nvcc": "nvcc", "my_hipcc": "hipcc"},
                 "Optimization": [["-O0", 0], ["-O3", 2]]}
                """);
        String in = "-1.9461E-312 5 -0.0 +1.6086E-322 +1.6933E-306 +1.5113E75 -1.3816E-307 -0.0 +1.3903E-306";
        Files.writeString(c.resolve("results.json"), """
                {
                  "lassen_42/_tests/_group_1/_test_1": {
                    "%s": {
                      "my_nvcc": {"O0": "-1.9460999999982352e-312 time:294996", "O3_fast": "-nan time:301200"},
                      "my_hipcc": {"O0": "-1.9460999999982352e-312", "O3_fast": "inf time:410000"}
                    }
                  }
                }
                """.formatted(in));
        VarityImport.Result r = VarityImport.read(c);
        assertEquals(
                List.of(
                        "results.json: test 'lassen_42/_tests/_group_1/_test_1' my_hipcc O0: value '-1.9460999999982352e-312' has no ' time:<µs>' "
                                + "(the HIP fork's format); not imported"),
                r.problems());
        assertEquals(Set.of("varity-hip-fork"), new HashSet<>(r.layouts().values()));
        assertEquals(1, r.programs().size());
        assertEquals(1, r.inputs());
        assertEquals(3, r.outcomes().size());
        VarityImport.ImportedOutcome nvccFast = r.outcomes().stream()
                .filter(o -> o.platform().toolchain().equals("my_nvcc")
                        && o.platform().opt().equals("O3_fast"))
                .findFirst()
                .orElseThrow();
        assertEquals("-nan", nvccFast.hex());
        assertEquals(301200, nvccFast.micros());
        assertEquals(List.of("-O3", "-use_fast_math"), nvccFast.platform().flags());
    }

    @Test
    void somethingThatIsNotAVarityCampaignIsOneLine() {
        var e = assertThrows(FparityError.class, () -> VarityImport.read(tmp));
        assertTrue(
                e.getMessage()
                        .endsWith(
                                "not a Varity campaign (no results.json, nor outputs.txt with src/, here or one folder down)"),
                e.getMessage());
    }
}
