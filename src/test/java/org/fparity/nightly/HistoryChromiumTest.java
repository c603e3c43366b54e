package org.fparity.nightly;

import static org.fparity.cli.Cli.fparity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.cli.Cli.Run;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Executables;
import org.fparity.util.Processes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code history/index.html} as a person sees it, in headless Chromium: three real nights (the fake toolchain starts
 * misbehaving on the third), every night listed with its verdict, the third night's new discrepancy shown, no console
 * message. Leaves a screenshot in target/history-index.png for a person to look at.
 */
@Tag("tools")
class HistoryChromiumTest {
    private static final Path CHROMIUM =
            Executables.find("chromium") != null ? Executables.find("chromium") : Executables.find("chromium-browser");
    private static final Pattern CONSOLE = Pattern.compile(":CONSOLE[:(\\d]");

    @TempDir
    static Path tmp;

    static Path history;

    @BeforeAll
    static void threeNights() throws IOException {
        assumeTrue(CHROMIUM != null, "chromium (or chromium-browser) is not on PATH");
        Path tc = NightlyTest.toolchains(tmp, tmp.resolve("tonight"));
        Path cfg = tmp.resolve("nightly.json");
        Files.writeString(cfg, """
                {"seed": 42, "programs": 3, "inputs": 2, "precision": "fp64", "opt": ["O0"], "toolchains": ["gcc", "fake-cc"],
                 "toolchain_dir": "%s", "clusters": [{"name": "site-a"}, {"name": "site-b"}], "history": "history", "jobs": 1}
                """.formatted(tc));
        for (String night : List.of("2026-11-20", "2026-11-21", "2026-11-22")) {
            if (night.equals("2026-11-22")) Files.writeString(tmp.resolve("tonight"), "");
            Run r = fparity("nightly", "--config", cfg.toString(), "--date", night);
            assertTrue(r.exit() == 0 || r.exit() == 1, night + ": " + r.out() + r.err());
        }
        history = tmp.resolve("history");
    }

    @Test
    void theHistoryPageShowsEveryNightAndTheNewDiscrepancyOfThePlantedNight() throws Exception {
        Result r = chromium(List.of("--enable-logging=stderr", "--v=0", "--dump-dom"));
        assertEquals(0, r.exit(), r.stderr());
        List<String> console = new ArrayList<>();
        for (String line : r.stderr().split("\n")) if (CONSOLE.matcher(line).find()) console.add(line);
        assertEquals(List.of(), console);
        String dom = r.stdout();
        // The nights' rows, newest first, each with its verdict (as night.json, written by another writer, says).
        Matcher rows = Pattern.compile(
                        "<tr><td class=\"l\">(\\d{4}-\\d{2}-\\d{2})</td><td><span class=\"(ok|bad)\">([a-z ]+)</span>")
                .matcher(dom);
        List<String> seen = new ArrayList<>();
        while (rows.find()) seen.add(rows.group(1) + " " + rows.group(3));
        List<String> expected = new ArrayList<>();
        for (String night : List.of("2026-11-22", "2026-11-21", "2026-11-20")) {
            int exit = ProgramJson.MAPPER
                    .readTree(history.resolve(night).resolve("night.json").toFile())
                    .path("exit")
                    .asInt(-1);
            expected.add(night + " " + (exit == 0 ? "nothing new" : "new discrepancies"));
        }
        assertEquals(expected, seen);
        assertEquals(
                List.of("2026-11-22 new discrepancies", "2026-11-21 nothing new", "2026-11-20 new discrepancies"),
                seen);
        // The planted night's new cases, as its summary lists them, are on the page, in its open section.
        var cases = ProgramJson.MAPPER
                .readTree(history.resolve("2026-11-22/night.json").toFile())
                .path("newCases");
        assertTrue(cases.size() >= 1, cases.toString());
        int open = dom.indexOf("<details open=\"\"><summary>2026-11-22: " + cases.size()
                + " new against nightly-2026-11-21</summary>");
        assertTrue(open >= 0, dom);
        String section = dom.substring(open, dom.indexOf("</details>", open));
        for (var c : cases) {
            assertTrue(section.contains("<code>" + c.asText() + "</code>"), c.asText() + " not in " + section);
            assertTrue(c.asText().contains("fake-cc@O0@site-"), c.asText());
        }
        assertTrue(dom.contains("<svg id=\"classes\"") && dom.contains("<svg id=\"pairs\""), "both plots");
        assertTrue(dom.contains("<a href=\"2026-11-22/report/report.html\">report</a>"), "link to the night's report");
    }

    @Test
    void screenshot() throws Exception {
        Path png = Path.of("target/history-index.png").toAbsolutePath();
        Files.createDirectories(png.getParent());
        Files.deleteIfExists(png);
        Result r = chromium(List.of("--screenshot=" + png, "--window-size=1200,1400", "--hide-scrollbars"));
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(Files.size(png) > 20_000, "screenshot is nearly empty");
    }

    record Result(int exit, String stdout, String stderr) {}

    /** One headless Chromium run on index.html with a fresh profile; the whole process tree is killed if it hangs. */
    private static Result chromium(List<String> extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(tmp, "profile");
        List<String> cmd = new ArrayList<>(List.of(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile));
        cmd.addAll(extra);
        cmd.add(history.resolve("index.html").toUri().toString());
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Processes.Result r = Processes.command(cmd)
                .stdout(out)
                .stderr(err)
                .timeoutSeconds(90)
                .run();
        if (r.timedOut()) throw new AssertionError("chromium did not finish in 90 s (process tree killed)");
        return new Result(
                r.exitCode(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
