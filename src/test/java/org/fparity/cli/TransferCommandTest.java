package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code fparity export} / {@code import}: the round trip is exact, and every damaged transfer is refused in one line. */
class TransferCommandTest {
    @TempDir
    static Path tmp;

    static Path campaign;
    static Path plain;
    static byte[] plainBytes;

    @BeforeAll
    static void exportOnce() throws IOException {
        campaign = CampaignBuilder.small(tmp.resolve("site-a/nightly-1"));
        // Two cases rerun twice on every platform: in the first, fake-cc@O3_FM gives another answer on the first rerun
        // (unstable there); in the second, every rerun repeats the first run.
        var ps = CampaignBuilder.programs(5, 12, 3);
        String unstable = ps.get(1).id() + "/2";
        String stable = ps.get(3).id() + "/1";
        CampaignBuilder.reruns(campaign, 2, (k, o) -> {
            String c = o.program() + "/" + o.input();
            if (!c.equals(unstable) && !c.equals(stable)) return null;
            boolean flips = k == 1
                    && c.equals(unstable)
                    && o.toolchain().equals("fake-cc")
                    && o.opt().equals("O3_FM");
            return flips ? CampaignBuilder.withHex(o, org.fparity.ir.HexFloat.format(Math.nextDown(o.value()))) : o;
        });
        plain = tmp.resolve("nightly-1.fparity.json");
        Cli.Run r = Cli.fparity("export", campaign.toString(), "--out", plain.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("exported 12 programs, 4 platforms, 144 outcomes to "), r.out());
        plainBytes = Files.readAllBytes(plain);
    }

    /** Every report file and the compare tables, rendered with one fixed time and session id. */
    private static List<byte[]> reports(Path dir, Path out) throws IOException {
        CampaignView loaded = CampaignFiles.load(dir);
        // where the campaign lives differs by design (an import is another folder): everything else must be the same
        java.util.Map<String, String> provenance = new java.util.TreeMap<>(loaded.provenance());
        provenance.remove("folder");
        CampaignView v = new CampaignView(
                loaded.name(),
                loaded.host(),
                loaded.versions(),
                loaded.programs(),
                loaded.outcomes(),
                loaded.reruns(),
                provenance);
        Report r = new Report(
                v,
                Comparer.compare(v),
                null,
                Instant.parse("2026-11-22T19:00:00Z"),
                "00000000-0000-0000-0000-000000000000");
        List<byte[]> all = new java.util.ArrayList<>();
        all.add(ReportWriter.text(r, true).getBytes(StandardCharsets.UTF_8));
        for (Path p : ReportWriter.write(r, out)) all.add(Files.readAllBytes(p));
        return all;
    }

    @ParameterizedTest
    @ValueSource(strings = {"x.fparity.json", "x.fparity.json.gz"})
    void exportThenImportGivesTheSameCampaignComparisonAndReportsBitForBit(String fileName) throws IOException {
        Path file = tmp.resolve("rt-" + fileName);
        assertEquals(
                0,
                Cli.fparity("export", campaign.toString(), "--out", file.toString())
                        .exit());
        if (fileName.endsWith(".gz")) {
            byte[] head = Files.readAllBytes(file);
            assertEquals(0x1f, head[0] & 0xff, "gzip by file name");
            assertEquals(0x8b, head[1] & 0xff);
        }
        Path copy = tmp.resolve("site-b-" + fileName + "/nightly-1"); // same folder name: the report names the campaign
        Cli.Run r = Cli.fparity("import", file.toString(), "--out", copy.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("imported 12 programs, 4 platforms, 144 outcomes into "), r.out());
        assertArrayEquals(
                Files.readAllBytes(campaign.resolve("campaign.json")),
                Files.readAllBytes(copy.resolve("campaign.json")));
        assertArrayEquals(
                Files.readAllBytes(campaign.resolve("outcomes.jsonl")),
                Files.readAllBytes(copy.resolve("outcomes.jsonl")));
        // the reruns, evidence of the unstable platform, travel with the outcomes
        for (String rerun : List.of("reruns-1.jsonl", "reruns-2.jsonl")) {
            assertTrue(Files.exists(copy.resolve(rerun)), rerun + " travels with the campaign");
            assertArrayEquals(
                    Files.readAllBytes(campaign.resolve(rerun)), Files.readAllBytes(copy.resolve(rerun)), rerun);
        }
        assertFalse(Files.exists(copy.resolve("reruns-3.jsonl")));
        List<byte[]> a = reports(campaign, tmp.resolve("ra-" + fileName));
        List<byte[]> b = reports(copy, tmp.resolve("rb-" + fileName));
        assertEquals(6, a.size());
        for (int i = 0; i < a.size(); i++) assertArrayEquals(a.get(i), b.get(i), "report file " + i);
        assertTrue(
                new String(a.getFirst(), StandardCharsets.UTF_8).contains("discrepancies"),
                "the campaign has findings to compare");
        assertTrue(
                new String(a.getFirst(), StandardCharsets.UTF_8).contains("1 case with an unstable platform"),
                new String(a.getFirst(), StandardCharsets.UTF_8));
        Cli.Run c1 = Cli.fparity("compare", campaign.toString(), "--detail");
        Cli.Run c2 = Cli.fparity("compare", copy.toString(), "--detail");
        assertEquals(c1.out(), c2.out());
        assertTrue(c1.out().contains("Number–Number") || c1.out().contains("Num"), c1.out());
    }

    @Test
    void theExportCarriesEverythingAndOneOutcomePerLine() {
        String s = new String(plainBytes, StandardCharsets.UTF_8);
        assertTrue(
                s.startsWith(
                        "{\"format\":\"fparity-campaign-export\",\"schema\":3,\"fparity\":\"0.1.0\",\"exported\":null\n,\"campaign\":"),
                s.substring(0, 120));
        assertTrue(s.contains("\"grammar_hash\":\""));
        assertTrue(s.contains("\"version\":\"gcc (fparity test) 1.0\""), "exact compiler version string");
        assertTrue(s.contains("\"compile\":[\"gcc\",\"-O0\",\"{src}\",\"-o\",\"{bin}\",\"-lm\"]"), "argv");
        assertTrue(s.contains("\"env\":{\"LC_ALL\":\"C\"}"), "environment");
        assertTrue(s.contains("\"inputs\":[[\"0x"), "inputs as hex floats");
        String outcomes = s.substring(s.indexOf("\"outcomes\":["), s.indexOf("\"reruns\":["));
        assertEquals(
                144,
                outcomes.lines()
                        .filter(l -> l.startsWith("{\"program\":") || l.startsWith(",{\"program\":"))
                        .count());
        String reruns = s.substring(s.indexOf("\"reruns\":["), s.indexOf("\"digest\":"));
        assertEquals(
                List.of("[", ",["),
                reruns.lines().filter(l -> l.equals("[") || l.equals(",[")).toList(),
                "two attempts: " + reruns);
        assertEquals(
                16,
                reruns.lines()
                        .filter(l -> l.startsWith("{\"program\":") || l.startsWith(",{\"program\":"))
                        .count(),
                reruns);
        assertTrue(s.strip().endsWith("\"}") && s.contains("\n,\"digest\":\"sha256:"), s.substring(s.length() - 100));
    }

    /** The import must fail with exit 2, one line naming the problem, and leave nothing behind. */
    private static void refused(Path file, String expected) throws IOException {
        Path target = tmp.resolve("refused/" + file.getFileName() + "/campaign");
        Cli.Run r = Cli.fparity("import", file.toString(), "--out", target.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("fparity: "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
        assertFalse(Files.exists(target), "nothing written");
        try (var s = Files.list(target.getParent())) {
            assertEquals(List.of(), s.toList(), "no half-written leftovers");
        }
        assertEquals("", r.out());
    }

    private static Path write(String name, byte[] content) throws IOException {
        Path p = tmp.resolve("bad/" + name);
        Files.createDirectories(p.getParent());
        Files.write(p, content);
        Files.createDirectories(tmp.resolve("refused/" + name));
        return p;
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bo)) {
            gz.write(b);
        }
        return bo.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.001, 0.01, 0.05, 0.2, 0.5, 0.8, 0.99, 0.997})
    void aTruncatedFileIsRefused(double fraction) throws IOException {
        int cut = Math.max(1, (int) (plainBytes.length * fraction));
        refused(write("cut" + cut + ".json", java.util.Arrays.copyOf(plainBytes, cut)), "truncated: the file ends in ");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.1, 0.5, 0.9, 0.99})
    void aTruncatedGzipFileIsRefused(double fraction) throws IOException {
        byte[] gz = gzip(plainBytes);
        int cut = Math.max(3, (int) (gz.length * fraction));
        refused(write("cut" + cut + ".json.gz", java.util.Arrays.copyOf(gz, cut)), "truncated: the file ends in ");
    }

    @Test
    void theDigestIsCheckedWhenTheFileEndsRightBeforeIt() throws IOException {
        String s = new String(plainBytes, StandardCharsets.UTF_8);
        int at = s.indexOf("\n,\"digest\"");
        refused(
                write("nodigest.json", (s.substring(0, at) + "}").getBytes(StandardCharsets.UTF_8)),
                "no \"digest\" where expected");
    }

    @Test
    void aFlippedBitInAProgramIsRefusedNamingTheProgram() throws IOException {
        byte[] b = plainBytes.clone();
        String s = new String(b, StandardCharsets.UTF_8);
        int src = s.indexOf("\"source\":\"program fp64");
        int idAt = s.lastIndexOf("\"id\":\"", src) + 6;
        String id = s.substring(idAt, idAt + 16);
        int at = s.indexOf("compute(", src) + 1; // the 'o' of compute
        b[at] ^= 0x01; // 'o' -> 'n'
        refused(write("flipped.json", b), "program " + id + ": text does not match its hash");
    }

    @Test
    void aHashThatDoesNotMatchIsRefused() throws IOException {
        String s = new String(plainBytes, StandardCharsets.UTF_8);
        int h = s.indexOf("{\"hash\":\"") + 9;
        String edited = s.substring(0, h) + (s.charAt(h) == '0' ? '1' : '0') + s.substring(h + 1);
        refused(write("badhash.json", edited.getBytes(StandardCharsets.UTF_8)), "text does not match its hash");
    }

    @Test
    void anEditedOutcomeIsCaughtByTheDigest() throws IOException {
        String s = new String(plainBytes, StandardCharsets.UTF_8);
        int o = s.indexOf("\"hex\":\"0x1", s.indexOf("\"outcomes\":[")) + 7;
        String edited = s.substring(0, o) + "-" + s.substring(o);
        refused(
                write("tampered.json", edited.getBytes(StandardCharsets.UTF_8)),
                "digest mismatch: the content was changed after export");
    }

    @Test
    void aNewerSchemaIsRefusedWithTheReason() throws IOException {
        String s = new String(plainBytes, StandardCharsets.UTF_8).replaceFirst("\"schema\":3,", "\"schema\":99,");
        refused(
                write("newer.json", s.getBytes(StandardCharsets.UTF_8)),
                "export schema 99 is newer than this fparity understands (3)");
    }

    /** The digest a writer would have put on this text (everything up to the digest line). */
    private static String redigest(String s) {
        int at = s.indexOf("\n,\"digest\":\"");
        String head = s.substring(0, at);
        try {
            String hex = java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                            .digest(head.getBytes(StandardCharsets.UTF_8)));
            return head + "\n,\"digest\":\"sha256:" + hex + "\"}\n";
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aSchema1ExportFromBeforeSitesIsMigratedToLocalPlatforms() throws IOException {
        // Schema 1 (fparity before sites): no site, node or facts on platforms, no site on outcomes.
        String now = new String(plainBytes, StandardCharsets.UTF_8);
        // schema 1 had no reruns either: the tail is the outcomes, then the digest
        now = now.substring(0, now.indexOf("\n,\"reruns\":[")) + now.substring(now.indexOf("\n,\"digest\":"));
        String v1 = now.replaceFirst("\"schema\":3,", "\"schema\":1,")
                .replace("\"site\":\"local\",", "")
                .replaceAll(",\"facts\":\\{[^}]*\\}", "");
        assertFalse(v1.contains("\"site\""));
        Path file = write("v1.json", redigest(v1).getBytes(StandardCharsets.UTF_8));
        Path out = tmp.resolve("v1/nightly-1");
        Cli.Run r = Cli.fparity("import", file.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("(schema 1, sha256:"), r.out());
        String meta = Files.readString(out.resolve("campaign.json"));
        assertEquals(4, meta.split("\"site\" : \"local\"").length - 1, meta);
        // the same as the campaign without its reruns (schema 1 carried none)
        Path unrerun = tmp.resolve("v1-expected/nightly-1");
        Files.createDirectories(unrerun);
        for (String f : List.of("campaign.json", "programs.jsonl", "outcomes.jsonl"))
            Files.copy(campaign.resolve(f), unrerun.resolve(f));
        assertEquals(
                Cli.fparity("compare", unrerun.toString(), "--detail").out(),
                Cli.fparity("compare", out.toString(), "--detail").out());
    }

    @Test
    void notJsonIsRefused() throws IOException {
        refused(
                write("notjson.json", "campaign,outcomes\nx,1\n".getBytes(StandardCharsets.UTF_8)),
                "not JSON, not an fparity export");
        refused(
                write("array.json", "[1,2]".getBytes(StandardCharsets.UTF_8)),
                "not an fparity export (a JSON array, not an object)");
        refused(
                write("other.json", "{\"format\":\"something-else\"}".getBytes(StandardCharsets.UTF_8)),
                "not an fparity export (format is 'something-else')");
    }

    @Test
    void anEmptyFileIsRefused() throws IOException {
        refused(write("empty.json", new byte[0]), "empty file, not an fparity export");
        refused(write("blank.json", "\n  \n".getBytes(StandardCharsets.UTF_8)), "empty file, not an fparity export");
    }

    @Test
    void aMissingFileIsOneLine() {
        Cli.Run r = Cli.fparity(
                "import",
                tmp.resolve("nope.json").toString(),
                "--out",
                tmp.resolve("nope").toString());
        assertEquals(2, r.exit());
        assertEquals("fparity: " + tmp.resolve("nope.json") + ": not found\n", r.err());
    }

    @Test
    void importRefusesToOverwriteACampaign() {
        Cli.Run r = Cli.fparity("import", plain.toString(), "--out", campaign.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("already exists"), r.err());
    }

    @Test
    void exportRefusesATornOutcomeLog() throws IOException {
        Path c = CampaignBuilder.small(tmp.resolve("torn/c"));
        Files.writeString(c.resolve("outcomes.jsonl"), "{\"program\":\"x", java.nio.file.StandardOpenOption.APPEND);
        Path out = tmp.resolve("torn/c.json");
        Cli.Run r = Cli.fparity("export", c.toString(), "--out", out.toString());
        assertEquals(2, r.exit());
        // 144 runs and the 4 platforms' declarations (a compact log), then the torn line
        assertTrue(r.err().contains("line 149: torn last line"), r.err());
        assertFalse(Files.exists(out));
        try (var s = Files.list(out.getParent())) {
            assertEquals(List.of("c"), s.map(p -> p.getFileName().toString()).toList(), "no temp file left");
        }
    }

    /** Forty bits across the whole file, from the header to the digest's last byte: each one is refused in one line. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("flipOffsets")
    void aFlippedBitAnywhereIsRefused(int offset) throws IOException {
        byte[] b = plainBytes.clone();
        b[offset] ^= (byte) (1 << (offset % 8));
        Path target = tmp.resolve("refused/flip" + offset + "/campaign");
        Files.createDirectories(target.getParent());
        Cli.Run r = Cli.fparity("import", write("flip" + offset + ".json", b).toString(), "--out", target.toString());
        assertEquals(2, r.exit(), "bit " + (offset % 8) + " of byte " + offset + ": " + r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("fparity: "), r.err());
        assertFalse(Files.exists(target), "nothing written");
    }

    static java.util.stream.IntStream flipOffsets() {
        return java.util.stream.IntStream.range(0, 40).map(k -> (int) ((long) (plainBytes.length - 1) * k / 39));
    }

    /** An outcome edited and the digest recomputed, as a writer of a broken export would: the outcome checks catch it. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(
            delimiter = '|',
            value = {
                "\"input\":0,|\"input\":\"0\",|outcome 1: input is not an integer",
                "\"input\":0,|\"input\":0.5,|outcome 1: input is not an integer",
                "\"input\":0,|\"input\":7,|outcome 1: program PROGRAM input 7, which has only 3 inputs",
                "\"micros\":|\"micro\":|outcome 1: unknown field 'micro'",
                "\"status\":\"OK\"|\"status\":\"FINE\"|outcome 1: status 'FINE' is not one of",
                "\"status\":\"OK\",|\"status\":\"OK\",\"x\":{},|outcome 1: unknown field 'x'",
                "\"opt\":\"O0\",|\"opt\":7,|outcome 1: opt is not a string",
                "\"program\":\"PROGRAM\"|\"program\":\"0000000000000000\"|outcome 1: program 0000000000000000 is not in the campaign",
            })
    void aMalformedOutcomeWithAValidDigestIsRefusedNamingIt(String from, String to, String expected)
            throws IOException {
        String s = new String(plainBytes, StandardCharsets.UTF_8);
        int first = s.indexOf("{\"program\":\"", s.indexOf("\"outcomes\":["));
        String program = s.substring(first + 12, first + 28);
        String f = from.replace("PROGRAM", program);
        int at = s.indexOf(f, first);
        String edited = s.substring(0, at) + to.replace("PROGRAM", program) + s.substring(at + f.length());
        refused(
                write(
                        "outcome-" + Math.abs(to.hashCode()) + ".json",
                        redigest(edited).getBytes(StandardCharsets.UTF_8)),
                expected.replace("PROGRAM", program));
    }

    @Test
    void aControlCharacterInAnOutcomeIsCorruptJson() throws IOException {
        String s = new String(plainBytes, StandardCharsets.UTF_8);
        int at = s.indexOf("\"hex\":\"", s.indexOf("\"outcomes\":[")) + 7;
        String edited = s.substring(0, at) + (char) 1 + s.substring(at);
        refused(
                write("control.json", redigest(edited).getBytes(StandardCharsets.UTF_8)),
                "corrupt JSON in outcomes at byte " + at + " (unexpected byte 0x01, expected a string's characters");
    }

    @Test
    void escapedFieldNamesAreStillTheSameFields() throws IOException {
        String s = new String(plainBytes, StandardCharsets.UTF_8);
        String edited = s.replaceFirst("\"status\":\"OK\"", "\"st\\\\u0061tus\":\"\\\\u004fK\"");
        assertTrue(
                edited.contains("\"st\\u0061tus\":\"\\u004fK\""),
                "edited: " + edited.substring(edited.indexOf("st\\u"), edited.indexOf("st\\u") + 30));
        Path out = tmp.resolve("escaped/nightly-1");
        Cli.Run r = Cli.fparity(
                "import",
                write("escaped.json", redigest(edited).getBytes(StandardCharsets.UTF_8))
                        .toString(),
                "--out",
                out.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(
                Cli.fparity("compare", campaign.toString(), "--detail").out(),
                Cli.fparity("compare", out.toString(), "--detail").out());
    }
}
