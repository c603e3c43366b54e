package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.fparity.util.Hashes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs nested past Program.MAX_DEPTH (30,000 brackets, a 20,000-term sum) are refused in one line with exit 2 by
 * every command that reads them, from a file, a JSON document or a campaign's store, never a stack overflow's trace;
 * one just inside the limit still works.
 */
class DeepProgramTest {
    @TempDir
    Path tmp;

    static String program(String expr) {
        return "program fp64 array 1\ncompute(double comp, double a) {\n  comp = " + expr + ";\n}\n";
    }

    static String sum(int terms) {
        return String.join(" + ", Collections.nCopies(terms, "a"));
    }

    /** A left-deep sum of {@code terms} terms as program JSON, built as text (the writer would refuse it). */
    static String sumJson(int terms) {
        StringBuilder e = new StringBuilder("{\"k\":\"var\",\"name\":\"a\"}");
        for (int i = 1; i < terms; i++) {
            e.insert(0, "{\"k\":\"bin\",\"op\":\"ADD\",\"left\":").append(",\"right\":{\"k\":\"var\",\"name\":\"a\"}}");
        }
        return "{\"precision\":\"fp64\",\"arrayLength\":1,\"params\":[{\"kind\":\"FP\",\"name\":\"comp\"},{\"kind\":\"FP\",\"name\":\"a\"}],"
                + "\"body\":[{\"k\":\"assign\",\"target\":{\"k\":\"var\",\"name\":\"comp\"},\"op\":\"SET\",\"value\":"
                + e + "}]}";
    }

    static void oneLine(Cli.Run r, String what, String expected) {
        assertEquals(2, r.exit(), what + ": " + r.err());
        assertEquals(1, r.err().lines().count(), what + ": " + r.err());
        assertTrue(r.err().startsWith("fparity: ") && r.err().contains(expected), what + ": " + r.err());
        assertTrue(!r.err().contains("internal error"), what + ": " + r.err());
    }

    @Test
    void deepProgramFilesAreOneLineAndExit2InEveryCommand() throws Exception {
        Path parens =
                Files.writeString(tmp.resolve("parens.fp"), program("(".repeat(30_000) + "a" + ")".repeat(30_000)));
        Path negs = Files.writeString(tmp.resolve("negs.fp"), program("-".repeat(30_000) + "a"));
        Path sum = Files.writeString(tmp.resolve("sum.fp"), program(sum(20_000)));
        Path json = Files.writeString(tmp.resolve("sum.json"), sumJson(20_000));
        Path json900 = Files.writeString(tmp.resolve("sum900.json"), sumJson(900));
        String deep = "program nested too deeply: more than 400 levels";
        for (Path p : List.of(parens, negs, sum, json900)) {
            oneLine(Cli.fparity("show", p.toString(), "--as", "c"), "show " + p, deep);
            oneLine(Cli.fparity("truth", p.toString()), "truth " + p, deep);
        }
        oneLine(
                Cli.fparity("show", json.toString()),
                "show sum.json",
                "nested too deeply (more than 1000 levels of JSON)");
        oneLine(
                Cli.fparity("truth", json.toString()),
                "truth sum.json",
                "nested too deeply (more than 1000 levels of JSON)");
        oneLine(Cli.fparity("flip", sum.toString(), "--out", tmp.resolve("flip").toString()), "flip", deep);
        oneLine(
                Cli.fparity(
                        "reduce",
                        parens.toString(),
                        "--input",
                        "0 1",
                        "--platforms",
                        "gcc@O0,gcc@O3",
                        "--out",
                        tmp.resolve("red").toString()),
                "reduce",
                deep);
        assertTrue(!Files.exists(tmp.resolve("flip")), "flip wrote nothing");
    }

    @Test
    void aProgramJustInsideTheLimitStillWorks() throws Exception {
        Path sum = Files.writeString(tmp.resolve("sum.fp"), program(sum(390)));
        Cli.Run r = Cli.fparity("truth", sum.toString(), "--input", "0 1");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("ideal IEEE platform   comp = 0x1.86p+8"), r.out()); // 390
        assertEquals(0, Cli.fparity("show", sum.toString(), "--as", "java").exit());
    }

    /** A deep program in a campaign's store (as a re-signed import could bring): run --campaign and show refuse it in one line. */
    @Test
    void aDeepProgramInACampaignIsOneLine() throws Exception {
        Path dir = tmp.resolve("c");
        assertEquals(0, Cli.fparity(ProgramStoreCampaignTest.run(dir, 1, "one")).exit());
        Path store = dir.resolve("programs.jsonl");
        var mapper = org.fparity.ir.ProgramJson.MAPPER;
        var line = (com.fasterxml.jackson.databind.node.ObjectNode)
                mapper.readTree(Files.readString(store).lines().findFirst().orElseThrow());
        String oldId = line.get("id").asText();
        String src = line.get("source").asText();
        int end = src.stripTrailing().lastIndexOf('}');
        String deep = src.substring(0, end) + "  comp += " + String.join(" + ", Collections.nCopies(20_000, "comp"))
                + ";\n}\n";
        String sha = Hashes.sha256Hex(deep);
        String id = sha.substring(0, 16);
        line.put("source", deep).put("sha256", sha).put("id", id);
        Files.writeString(
                store,
                mapper.writer()
                                .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                                .writeValueAsString(line)
                        + "\n");
        for (String f : List.of("campaign.json", "outcomes.jsonl")) {
            Path p = dir.resolve(f);
            Files.writeString(p, Files.readString(p).replace(oldId, id));
        }
        String[] again = {
            "run",
            "--campaign",
            dir.toString(),
            "--toolchains",
            "one",
            "--toolchain-dir",
            ProgramStoreCampaignTest.TOOLCHAINS.toString(),
            "--opt",
            "O0",
            "--no-report"
        };
        oneLine(Cli.fparity(again), "run --campaign", "program nested too deeply");
        oneLine(Cli.fparity("show", dir.toString(), id), "show CAMPAIGN ID", "program nested too deeply");
    }

    /** A stack overflow that still escapes (from a worker thread, wrapped) is one line and exit 2, not a trace. */
    @Test
    void anEscapedStackOverflowIsOneLine() {
        StringWriter err = new StringWriter();
        int code = Main.failed(
                new java.util.concurrent.ExecutionException(new StackOverflowError()),
                false,
                new PrintWriter(err, true));
        assertEquals(2, code);
        assertEquals(
                "fparity: program too deep: its nesting overflowed the stack (programs may be at most 400 levels deep)\n",
                err.toString());
    }
}
