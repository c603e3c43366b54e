package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.confirm.Side;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that ended differently ships its minimal source only when that source, built and run, ends as recorded.
 * Planted crashes (gcc whose {@code sqrt} of a number above 2^1000 raises SIGSEGV): {@code crash-gcc} crashes in every
 * form of the program, so its bundle is the minimal {@code min.c}; {@code harness-crash-gcc} only where fparity's
 * harness is, so its minimal source prints a value and the bundle ships the harness form and says what the minimal one did.
 */
@Tag("tools")
class PlantedCrashTest {
    @TempDir
    static Path tmp;

    static Toolchains tcs;

    static final Program P = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_1) {
              comp = sqrt(var_1) + comp;
            }
            """);
    static final Input IN = new Input(List.of("0x1p+0", "0x1.8p+1020"));

    @BeforeAll
    static void plantedToolchains() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Path fake = Files.createDirectories(tmp.resolve("fake"));
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        Files.writeString(dir.resolve("gcc.json"), gcc);
        Files.writeString(fake.resolve("planted-crash.h"), resource("planted-crash.h"));
        for (String name : List.of("crash-gcc", "harness-crash-gcc")) {
            Path script = fake.resolve(name);
            Files.writeString(script, resource(name));
            assertTrue(script.toFile().setExecutable(true));
            Files.writeString(
                    dir.resolve(name + ".json"),
                    gcc.replace("\"name\": \"gcc\"", "\"name\": \"" + name + "\"")
                            .replace("[\"gcc\", \"{opt}\"", "[\"" + script + "\", \"{opt}\""));
        }
        tcs = Toolchains.load(dir);
    }

    private static String resource(String name) throws Exception {
        try (InputStream in = PlantedCrashTest.class.getResourceAsStream("/reduce/planted-crash/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static ReduceSession.Report reduce(String crashing, Path out) throws Exception {
        ReduceSession s = new ReduceSession(tcs, tmp.resolve("work-" + crashing), out, m -> {});
        ReduceSession.Report r = s.run(new ReduceSession.Request(
                null, P, IN, Side.read("gcc@O0"), Side.read(crashing + "@O0"), null, 1, false, 50, null));
        assertEquals(ReduceSession.Kind.REDUCED, r.kind());
        assertEquals(Outcome.Status.CRASH, r.standaloneB().status(), Reducer.describe(r.standaloneB()));
        return r;
    }

    /** What gcc@O0 printed for the reduced program (expected.json): the square root of a number above 2^1000. */
    private static String printed(Path bundle) throws Exception {
        JsonNode ex = ProgramJson.MAPPER.readTree(Files.readString(bundle.resolve("expected.json")));
        String hex = ex.get("platforms").get("gcc@O0").get("result").asText();
        assertTrue(org.fparity.ir.HexFloat.parse(hex) > 0x1p+500, hex);
        return hex;
    }

    /** build.sh run in a fresh copy of the bundle with nothing but /usr/bin and /bin on PATH. */
    private static String buildSh(Path bundle, Path fresh) throws Exception {
        Files.createDirectories(fresh);
        try (var files = Files.list(bundle)) {
            for (Path f : files.toList()) if (Files.isRegularFile(f)) Files.copy(f, fresh.resolve(f.getFileName()));
        }
        ProcessBuilder pb = new ProcessBuilder("sh", "build.sh").directory(fresh.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process proc = pb.start();
        String printed = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, proc.waitFor(), printed);
        return printed;
    }

    @Test
    void aCrashTheMinimalSourceAlsoEndsInShipsTheMinimalSource() throws Exception {
        ReduceSession.Report r = reduce("crash-gcc", tmp.resolve("out-every"));
        Path b = r.bundle();
        assertTrue(Files.isRegularFile(b.resolve("min.c")), "the minimal source");
        assertFalse(Files.exists(b.resolve("test.c")), "no harness form beside it");
        String min = Files.readString(b.resolve("min.c"));
        assertTrue(min.contains("fp_compute(") && !min.contains("fp_ran"), min);
        String readme = Files.readString(b.resolve("README.md"));
        assertTrue(
                readme.contains("Built and run here, the minimal source (`min.c`, no harness) ends as recorded:"
                        + " gcc@O0 prints `" + printed(b) + "`; crash-gcc@O0 exit 139 (SIGSEGV), no result."),
                readme);
        JsonNode ex = ProgramJson.MAPPER.readTree(Files.readString(b.resolve("expected.json")));
        assertTrue(ex.get("minimalSource").get("endsAsRecorded").asBoolean(), ex.toString());
        assertEquals("gcc@O0 " + printed(b) + "\ncrash-gcc@O0 no-result\n", buildSh(b, tmp.resolve("fresh-every")));
    }

    @Test
    void aCrashOnlyTheHarnessFormEndsInShipsTheHarnessFormAndSaysWhatTheMinimalSourceDid() throws Exception {
        ReduceSession.Report r = reduce("harness-crash-gcc", tmp.resolve("out-harness"));
        Path b = r.bundle();
        assertTrue(Files.isRegularFile(b.resolve("test.c")), "the harness form the crash was confirmed in");
        assertFalse(Files.exists(b.resolve("min.c")), "no minimal source that prints a value");
        String readme = Files.readString(b.resolve("README.md"));
        assertTrue(
                readme.contains("The minimal source (min.c, no harness) did not end as recorded when built and run"
                        + " here: harness-crash-gcc@O0 prints `" + printed(b)
                        + "` where the recorded run ended with exit 139"
                        + " (SIGSEGV), no result."),
                readme);
        JsonNode ex = ProgramJson.MAPPER.readTree(Files.readString(b.resolve("expected.json")));
        assertFalse(ex.get("minimalSource").get("endsAsRecorded").asBoolean(), ex.toString());
        assertEquals(
                "gcc@O0 " + printed(b) + "\nharness-crash-gcc@O0 no-result\n",
                buildSh(b, tmp.resolve("fresh-harness")));
    }
}
