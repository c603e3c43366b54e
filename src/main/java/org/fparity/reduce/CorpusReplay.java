package org.fparity.reduce;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.fparity.oracle.ReferenceEvaluator;

/**
 * Findings as regression tests (Jazzer's habit): every {@code corpora/<name>/finding.json} names a program, one of
 * its inputs, the correctly rounded truth and the expected outcome per platform; replaying runs the single-program
 * form on each platform present here and reports every outcome that changed.
 */
public final class CorpusReplay {
    private CorpusReplay() {}

    /**
     * The machine-readable finding.
     *
     * @param program   the program file in the same folder
     * @param input     which {@code // input:} line of it (0-based)
     * @param truth     the ideal IEEE platform's result (every operation and call correctly rounded), hex
     * @param expected  outcome per platform id ({@code gcc@O0}) on a CPU host, hex, or {@code CRASH} for a run that
     *                  must end abnormally — what the replay checks
     * @param elsewhere outcomes recorded on platforms that cannot run here (the paper's GPUs), for people
     * @param note      where it comes from and what it shows
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"schema", "program", "input", "truth", "expected", "elsewhere", "note"})
    public record Finding(
            int schema,
            String program,
            int input,
            String truth,
            Map<String, String> expected,
            Map<String, String> elsewhere,
            String note) {}

    /** A loaded corpus entry. */
    public record Entry(String name, Path dir, Finding finding, Program program, Input in) {
        @Override
        public String toString() {
            return name;
        }
    }

    public static List<Entry> load(Path corpora) {
        List<Entry> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(corpora)) {
            for (Path dir : s.sorted().toList()) {
                Path f = dir.resolve("finding.json");
                if (Files.isRegularFile(f)) out.add(entry(dir, f));
            }
        } catch (IOException e) {
            throw new FparityError("cannot read " + corpora + ": " + e.getMessage(), ExitCode.IO_FAILURE);
        }
        return out;
    }

    private static Entry entry(Path dir, Path f) throws IOException {
        Finding fi = ProgramJson.MAPPER.readValue(Files.readString(f), Finding.class);
        String text = Files.readString(dir.resolve(fi.program()));
        List<String> inputs =
                text.lines().filter(l -> l.startsWith("// input:")).toList();
        if (fi.input() < 0 || fi.input() >= inputs.size())
            throw new FparityError(
                    f + ": input " + fi.input() + " but the program has " + inputs.size() + " input lines");
        Input in = new Input(
                Arrays.asList(inputs.get(fi.input()).substring(9).strip().split("\\s+")));
        return new Entry(dir.getFileName().toString(), dir, fi, Program.parse(text), in);
    }

    /**
     * What one platform printed now, against what the finding expects: a result in hex, or a status name (an
     * expectation of {@code CRASH} holds when the run ends abnormally again, whatever the signal or exit code: where a
     * crash lands is the binary's layout, not the finding).
     */
    public record Replay(String platform, String expected, String got) {
        public boolean same() {
            if (got == null) return false;
            if (isStatus(expected)) return got.equals(expected) || got.startsWith(expected + " ");
            if (isStatus(got.split(" ", 2)[0])) return false;
            double e = HexFloat.parse(expected);
            double g = HexFloat.parse(got);
            return Double.isNaN(e) ? Double.isNaN(g) : Double.doubleToRawLongBits(e) == Double.doubleToRawLongBits(g);
        }
    }

    /** Whether an expectation names how a run ended ({@code CRASH}, {@code TIMEOUT} …) rather than a result. */
    static boolean isStatus(String s) {
        for (Outcome.Status st : Outcome.Status.values())
            if (st != Outcome.Status.OK && st.name().equals(s)) return true;
        return false;
    }

    /** Runs the entry on one platform; null when its toolchain is not installed or cannot run here. */
    public static Replay replay(Entry e, String platform, Toolchains tcs, Path work) throws InterruptedException {
        Platform s = Platform.read(platform);
        Toolchain tc = tcs.get(s.toolchain());
        if (tc == null) return null;
        DetectedToolchain dt = DetectedToolchain.detect(tc);
        if (!dt.canCompile() || !dt.canRun()) return null;
        Outcome o = new Standalone(work).run(dt, s.opt(), e.program(), e.in());
        return new Replay(
                platform,
                e.finding().expected().get(platform),
                o.status() == Outcome.Status.OK ? o.hex() : o.status() + " " + o.detail());
    }

    /** The ideal platform's result now, hex: must equal {@link Finding#truth()}. */
    public static String truth(Entry e) {
        return HexFloat.format(ReferenceEvaluator.ideal(e.program(), e.in()).comp());
    }

    /** A finding with one platform's expectation changed (what a regression looks like to the replay). */
    public static Entry withExpected(Entry e, String platform, String hex) {
        Map<String, String> ex = new LinkedHashMap<>(e.finding().expected());
        ex.put(platform, hex);
        Finding f = e.finding();
        return new Entry(
                e.name(),
                e.dir(),
                new Finding(f.schema(), f.program(), f.input(), f.truth(), ex, f.elsewhere(), f.note()),
                e.program(),
                e.in());
    }
}
