package org.fparity.varity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Param;
import org.fparity.ir.Program;

/**
 * Reads Varity campaigns (upstream {@code results.json}, the HIP fork's, {@code cuda_examples}) into programs, inputs
 * and recorded outcomes. Every case the files name is either imported or reported with its reason and counted; the
 * counts add up to what the files hold.
 */
public final class VarityImport {
    private VarityImport() {}

    /** One imported program: the IR, where it came from, and its inputs as fparity tokens (index = input number). */
    public record ImportedProgram(Program program, List<String> origins, List<Input> inputs) {}

    /**
     * One recorded result.
     *
     * @param program  the program's id
     * @param input    index into that program's inputs
     * @param platform where Varity ran it
     * @param hex      the result, bit-exact ({@link HexFloat})
     * @param micros   the HIP fork's process time, 0 when not recorded
     */
    public record ImportedOutcome(String program, int input, RecordedPlatform platform, String hex, long micros) {}

    /**
     * What an import found.
     *
     * @param layouts          each folder read and its kind
     * @param casesNamed       cases the files name (sources, results.json tests, outputs.txt cases)
     * @param casesNotImported cases without a source or whose source is outside the dialect
     * @param resultsNamed     recorded results the files hold (a value per input × compiler × opt label)
     * @param resultsNotImported results left out (their case was not imported, or the value was unreadable)
     * @param problems         one line each, in the order found
     */
    public record Result(
            Map<Path, String> layouts,
            List<ImportedProgram> programs,
            List<ImportedOutcome> outcomes,
            List<RecordedPlatform> platforms,
            int casesNamed,
            int casesNotImported,
            int resultsNamed,
            int resultsNotImported,
            List<String> problems) {

        public int inputs() {
            return programs.stream().mapToInt(p -> p.inputs().size()).sum();
        }
    }

    /** Imports every Varity campaign at {@code path}: a campaign folder, its {@code results.json}, or a folder of them. */
    public static Result read(Path path) {
        if (!Files.exists(path)) throw new FparityError(path + ": not found");
        Path dir = Files.isRegularFile(path) ? path.toAbsolutePath().getParent() : path;
        List<Path> roots = new ArrayList<>();
        if (isCampaign(dir)) {
            roots.add(dir);
        } else {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(Files::isDirectory)
                        .filter(VarityImport::isCampaign)
                        .sorted()
                        .forEach(roots::add);
            } catch (IOException e) {
                throw new UncheckedIOException(dir + ": cannot list (" + e.getMessage() + ")", e);
            }
        }
        if (roots.isEmpty()) {
            throw new FparityError(path
                    + ": not a Varity campaign (no results.json, nor outputs.txt with src/, here or one folder down)");
        }
        Builder b = new Builder();
        for (Path r : roots) {
            try {
                Layout l = CudaExamplesLayout.looksLike(r)
                        ? CudaExamplesLayout.read(r, b.problems::add)
                        : ResultsJsonLayout.read(r, b.problems::add);
                b.layouts.put(r, l.kind());
                b.add(l);
            } catch (IOException e) {
                throw new FparityError(
                        r + ": cannot read (" + org.fparity.FparityError.reason(e) + ")", ExitCode.IO_FAILURE);
            }
        }
        return b.result();
    }

    private static boolean isCampaign(Path dir) {
        return CudaExamplesLayout.looksLike(dir) || ResultsJsonLayout.looksLike(dir);
    }

    /** Collects programs (one per distinct IR program), inputs (one per distinct token list) and outcomes. */
    private static final class Builder {
        final Map<Path, String> layouts = new LinkedHashMap<>();
        final List<String> problems = new ArrayList<>();
        final Map<String, Program> programs = new LinkedHashMap<>();
        final Map<String, List<String>> origins = new HashMap<>();
        final Map<String, List<Input>> inputs = new HashMap<>();
        final List<ImportedOutcome> outcomes = new ArrayList<>();
        final Map<String, RecordedPlatform> platforms = new LinkedHashMap<>();
        final Map<String, Boolean> seenRun = new HashMap<>();
        final Map<Path, VaritySource> parsed = new HashMap<>();
        int casesNamed;
        int casesNotImported;
        int resultsNamed;
        int resultsNotImported;

        void add(Layout l) {
            for (RecordedCase c : l.cases()) {
                casesNamed++;
                int results = (int)
                        c.runs().stream().filter(r -> r.compiler() != null).count();
                resultsNamed += results;
                String where = l.root().getFileName() + "/" + c.name();
                if (c.sources().isEmpty()) {
                    problems.add(where + ": no source file for it; its " + results + " results are not imported");
                    casesNotImported++;
                    resultsNotImported += results;
                    continue;
                }
                VaritySource src;
                try {
                    src = parse(c.sources().getFirst());
                } catch (VarityFormatException e) {
                    problems.add(l.root().relativize(c.sources().getFirst()) + ": " + e.getMessage()
                            + "; not imported (" + results + " results)");
                    casesNotImported++;
                    resultsNotImported += results;
                    continue;
                }
                for (Path other : c.sources().subList(1, c.sources().size())) {
                    try {
                        VaritySource o = parse(other);
                        if (!o.program().canonical().equals(src.program().canonical())) {
                            problems.add(l.root().relativize(other) + ": a different program from "
                                    + c.sources().getFirst().getFileName() + " ("
                                    + o.program().id() + " vs " + src.program().id() + "); the latter is imported");
                        }
                    } catch (VarityFormatException e) {
                        problems.add(l.root().relativize(other) + ": " + e.getMessage() + " (its sibling "
                                + c.sources().getFirst().getFileName() + " is imported)");
                    }
                }
                Program p = src.program();
                String id = p.id();
                programs.putIfAbsent(id, p);
                origins.computeIfAbsent(id, k -> new ArrayList<>()).add(where);
                List<Input> ins = inputs.computeIfAbsent(id, k -> new ArrayList<>());
                if (src.deviceArrays()) {
                    problems.add(
                            where
                                    + ": initPointer copies an uninitialised buffer to the device (Varity HIP-fork bug), so recorded results of "
                                    + "this program with arrays do not follow its source; imported, but compare them with care");
                }
                for (RecordedCase.Run r : c.runs()) {
                    Input in;
                    try {
                        in = input(src, r.input());
                    } catch (IllegalArgumentException e) {
                        if (r.compiler() != null) {
                            problems.add(where + " input '" + String.join(" ", r.input()) + "': " + e.getMessage()
                                    + "; " + r.compiler() + " " + r.opt() + " not imported");
                            resultsNotImported++;
                        } else {
                            problems.add(where + " input '" + String.join(" ", r.input()) + "': " + e.getMessage());
                        }
                        continue;
                    }
                    int idx = ins.indexOf(in);
                    if (idx < 0) {
                        ins.add(in);
                        idx = ins.size() - 1;
                    }
                    if (r.compiler() == null) continue;
                    RecordedPlatform plat = l.platforms().apply(r.compiler(), r.opt());
                    String pk = Platform.key(plat.toolchain(), plat.opt(), plat.site());
                    platforms.putIfAbsent(pk, plat);
                    double v;
                    try {
                        v = CText.printed(r.text());
                    } catch (IllegalArgumentException e) {
                        problems.add(
                                where + " " + r.compiler() + " " + r.opt() + ": " + e.getMessage() + "; not imported");
                        resultsNotImported++;
                        continue;
                    }
                    if (!p.precision().representable(v)) {
                        problems.add(where + " " + r.compiler() + " " + r.opt() + ": result " + r.text()
                                + " is not a float, yet the program is FP32; not imported");
                        resultsNotImported++;
                        continue;
                    }
                    String runKey = id + "/" + idx + "/" + pk;
                    if (seenRun.putIfAbsent(runKey, Boolean.TRUE) != null) {
                        problems.add(where + " " + r.compiler() + " " + r.opt()
                                + ": the same program, input and platform were already imported (from "
                                + String.join(", ", origins.get(id)) + "); the first result counts");
                        resultsNotImported++;
                        continue;
                    }
                    outcomes.add(new ImportedOutcome(id, idx, platforms.get(pk), HexFloat.format(v), r.micros()));
                }
            }
        }

        private VaritySource parse(Path f) {
            VaritySource s = parsed.get(f);
            if (s != null) return s;
            String text;
            try {
                text = Files.readString(f);
            } catch (IOException e) {
                throw new VarityFormatException(0, "cannot read (" + e.getMessage() + ")");
            }
            s = VarityParser.parse(text);
            parsed.put(f, s);
            return s;
        }

        Result result() {
            List<ImportedProgram> ps = new ArrayList<>();
            for (var e : programs.entrySet())
                ps.add(new ImportedProgram(e.getValue(), origins.get(e.getKey()), inputs.get(e.getKey())));
            return new Result(
                    layouts,
                    ps,
                    outcomes,
                    List.copyOf(platforms.values()),
                    casesNamed,
                    casesNotImported,
                    resultsNamed,
                    resultsNotImported,
                    problems);
        }
    }

    /**
     * Varity's argv strings as the program's input: each parameter gets {@code argv[k]} converted the way {@code main}
     * converts it ({@code atof} then the program's precision, {@code atoi}); an array gets its one fill value.
     */
    static Input input(VaritySource src, List<String> argv) {
        Program p = src.program();
        if (argv.size() != src.argc()) {
            throw new IllegalArgumentException(argv.size() + " values, but main reads " + src.argc());
        }
        List<String> toks = new ArrayList<>(p.params().size());
        for (int k = 0; k < p.params().size(); k++) {
            Param par = p.params().get(k);
            String s = argv.get(src.argvIndex().get(k) - 1);
            if (par.kind() == Param.Kind.INT) {
                int v = CText.atoi(s);
                if (v < 0 || v > p.arrayLength() && p.arrayLength() > 0) {
                    throw new IllegalArgumentException(
                            "loop bound " + par.name() + " = " + v + " is outside 0.." + p.arrayLength());
                }
                toks.add(Integer.toString(v));
            } else {
                toks.add(HexFloat.format(CText.atof(s, p.precision())));
            }
        }
        return new Input(toks);
    }
}
