package org.fparity.reduce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.confirm.Interestingness;
import org.fparity.confirm.Standalone;
import org.fparity.emit.Language;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.OutcomeClass;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.fparity.ir.Size;
import org.fparity.util.AtomicFiles;

/**
 * A reproducer for vendors, {@code reproducers/<id>/}: the single-program source of every language involved,
 * {@code input.txt}, {@code build.sh} (the exact build and run commands; runs as is), {@code expected.json} (each
 * platform's outcome bits, the reference), {@code program.fp} and a {@code README.md} that says what differs and why.
 */
public final class Bundle {
    private Bundle() {}

    /**
     * Everything a bundle records. {@code divergence} and {@code sanitizer} may be null (not available here);
     * {@code recorded} is the input the discrepancy was recorded with (null: {@code input} is that input);
     * {@code crashForm}, for a run that ended differently, is what its minimal source did when built and run here
     * ({@link CrashForm}; null: not checked): the minimal source ships only when it ended as recorded.
     */
    public record Contents(
            String id,
            Program program,
            Input input,
            DiscrepancyClass cls,
            DetectedToolchain a,
            String optA,
            Outcome outA,
            DetectedToolchain b,
            String optB,
            Outcome outB,
            Double reference,
            Divergence divergence,
            Sanitizer.Check sanitizer,
            Size original,
            Map<String, String> host,
            String pairNote,
            FindingVerdict verdict,
            String siteA,
            String siteB,
            Input recorded,
            CrashForm.Result crashForm) {
        /**
         * Contents being made: the finding ({@code id}, its program and input, its class: null for a run that ended
         * differently), then its two sides and whatever else is known, set by name; anything not set is null.
         */
        public static Builder of(String id, Program program, Input input, DiscrepancyClass cls) {
            Builder b = new Builder();
            b.id = id;
            b.program = program;
            b.input = input;
            b.cls = cls;
            return b;
        }

        /** These contents as a builder, so that a copy with one change is one line: {@code toBuilder().verdict(v).build()}. */
        public Builder toBuilder() {
            return of(id, program, input, cls)
                    .a(a, optA, outA)
                    .b(b, optB, outB)
                    .sites(siteA, siteB)
                    .reference(reference)
                    .divergence(divergence)
                    .sanitizer(sanitizer)
                    .original(original)
                    .host(host)
                    .pairNote(pairNote)
                    .verdict(verdict)
                    .recorded(recorded)
                    .crashForm(crashForm);
        }

        /** These contents with what the minimal source of a run that ended differently did here. */
        Contents withCrashForm(CrashForm.Result f) {
            return toBuilder().crashForm(f).build();
        }

        /** Whether this is a run that ended differently whose minimal source ended as recorded here. */
        boolean minimalEndsAsRecorded() {
            return crashForm != null && crashForm.asRecorded();
        }

        /** Whether reduce moved the input away from the one the discrepancy was recorded with. */
        boolean inputMoved() {
            return recorded != null && !recorded.args().equals(input.args());
        }

        /** A side's platform as the bundle names it: {@code gcc@O2}, or {@code gcc@O2@lumi} for a side that ran at a site ({@code siteA}, {@code siteB}; null or {@code local}: here). */
        String label(int side) {
            return platform(side).label();
        }

        /** A side's platform: its toolchain and opt level at its site. */
        Platform platform(int side) {
            return new Platform((side == 0 ? a : b).name(), side == 0 ? optA : optB, side == 0 ? siteA : siteB, null);
        }
    }

    /** {@link Contents} set by name ({@link Contents#of}, {@link Contents#toBuilder}). */
    public static final class Builder {
        private String id;
        private Program program;
        private Input input;
        private DiscrepancyClass cls;
        private DetectedToolchain a;
        private String optA;
        private Outcome outA;
        private DetectedToolchain b;
        private String optB;
        private Outcome outB;
        private Double reference;
        private Divergence divergence;
        private Sanitizer.Check sanitizer;
        private Size original;
        private Map<String, String> host;
        private String pairNote;
        private FindingVerdict verdict;
        private String siteA;
        private String siteB;
        private Input recorded;
        private CrashForm.Result crashForm;

        private Builder() {}

        /** Side A: its toolchain as detected here, its opt level, its outcome. */
        public Builder a(DetectedToolchain dt, String opt, Outcome out) {
            a = dt;
            optA = opt;
            outA = out;
            return this;
        }

        /** Side B: its toolchain as detected here, its opt level, its outcome. */
        public Builder b(DetectedToolchain dt, String opt, Outcome out) {
            b = dt;
            optB = opt;
            outB = out;
            return this;
        }

        /** The sites the two sides ran at (null or {@code local}: here). */
        public Builder sites(String a, String b) {
            siteA = a;
            siteB = b;
            return this;
        }

        public Builder reference(Double v) {
            reference = v;
            return this;
        }

        public Builder divergence(Divergence d) {
            divergence = d;
            return this;
        }

        public Builder sanitizer(Sanitizer.Check c) {
            sanitizer = c;
            return this;
        }

        /** The size of the program before it was reduced. */
        public Builder original(Size s) {
            original = s;
            return this;
        }

        public Builder host(Map<String, String> facts) {
            host = facts;
            return this;
        }

        public Builder pairNote(String note) {
            pairNote = note;
            return this;
        }

        public Builder verdict(FindingVerdict v) {
            verdict = v;
            return this;
        }

        /** The input the discrepancy was recorded with, where reduce moved it. */
        public Builder recorded(Input in) {
            recorded = in;
            return this;
        }

        public Builder crashForm(CrashForm.Result f) {
            crashForm = f;
            return this;
        }

        public Contents build() {
            return new Contents(
                    id,
                    program,
                    input,
                    cls,
                    a,
                    optA,
                    outA,
                    b,
                    optB,
                    outB,
                    reference,
                    divergence,
                    sanitizer,
                    original,
                    host,
                    pairNote,
                    verdict,
                    siteA,
                    siteB,
                    recorded,
                    crashForm);
        }
    }

    /** Writes the bundle folder (each file temp-then-rename) and returns it. */
    public static Path write(Path root, Contents c) {
        Path dir = root.resolve(c.id());
        Map<String, String> sources = new LinkedHashMap<>();
        StringBuilder sh = new StringBuilder("""
                #!/bin/sh
                # Builds and runs this reproducer on both platforms with the tools on PATH; prints one line per platform:
                # <platform> <result %a> (no-result: the run ended abnormally; TIMEOUT: it ran past the limit it was recorded with).
                # Exits 1 when the two agree (the discrepancy is gone),
                # 2 when a build fails, 3 when the two agree but a tool on PATH is not the version the finding was recorded with.
                cd "$(dirname "$0")" || exit 2
                args=$(cat input.txt)
                other=
                """);
        Sources src = sources(c, "");
        if (src.files().get(0).equals(src.files().get(1))
                && !src.texts().get(0).equals(src.texts().get(1))) {
            // one language, two sources (java's Math against java-strict's StrictMath): each side in a folder of its
            // toolchain's name, since Java's public class fixes the file's name
            src = sources(c, "/");
        }
        for (int side = 0; side < 2; side++) {
            DetectedToolchain dt = side == 0 ? c.a() : c.b();
            String opt = side == 0 ? c.optA() : c.optB();
            boolean minimal = src.minimal().get(side);
            String file = src.files().get(side);
            String cls = Standalone.className(dt);
            sources.putIfAbsent(file, src.texts().get(side));
            String tag = c.label(side).replace('@', '_');
            String bin = "build/" + tag + "/bin";
            String env = envPrefix(dt);
            if (side == 0 || !c.b().name().equals(c.a().name())) sh.append(versionNote(dt));
            sh.append("mkdir -p build/").append(tag).append(" || exit 2\n");
            sh.append(env)
                    .append(org.fparity.util.ShellWords.join(
                            portable(dt.toolchain().compileArgv(opt, file, bin, cls))))
                    .append(" || exit 2\n");
            String argv =
                    org.fparity.util.ShellWords.join(portable(dt.toolchain().runArgv(opt, bin, cls)))
                            + (minimal ? "" : " $args");
            Outcome recorded = side == 0 ? c.outA() : c.outB();
            if (recorded.status() == Outcome.Status.TIMEOUT)
                sh.append(bounded(c.label(side), side, tag, env, argv, limit(recorded, dt)));
            else
                sh.append("r")
                        .append(side)
                        .append("=$(")
                        .append(env)
                        .append(argv)
                        .append(" | tail -n 1 | cut -d' ' -f1) || exit 2\n");
            // a run that ended differently has a side that prints nothing: that is the finding, not a failure of
            // build.sh
            sh.append("[ -n \"$r")
                    .append(side)
                    .append("\" ] || ")
                    .append(c.cls() == null ? "r" + side + "=no-result" : "exit 2")
                    .append("\n");
            sh.append("echo '")
                    .append(c.label(side))
                    .append(" '\"$r")
                    .append(side)
                    .append("\"\n");
        }
        sh.append("""
                case "$r0" in *nan*) r0=nan ;; esac
                case "$r1" in *nan*) r1=nan ;; esac
                if [ "$r0" = "$r1" ] && [ -n "$other" ]; then
                  echo "the two platforms agree here, but$other on PATH is not the version the finding was recorded with (note above): this does not show that the discrepancy is gone"
                  exit 3
                fi
                if [ "$r0" = "$r1" ]; then echo "the two platforms agree: the discrepancy is gone"; exit 1; fi
                exit 0
                """);
        try {
            Files.createDirectories(dir);
            for (var e : sources.entrySet()) {
                Files.createDirectories(dir.resolve(e.getKey()).getParent());
                AtomicFiles.write(dir.resolve(e.getKey()), e.getValue());
            }
            AtomicFiles.write(
                    dir.resolve("input.txt"), String.join(" ", c.input().args()) + "\n");
            AtomicFiles.write(
                    dir.resolve("program.fp"),
                    c.program().canonical() + "// input: "
                            + String.join(" ", c.input().args()) + "\n");
            AtomicFiles.write(dir.resolve("build.sh"), sh.toString());
            dir.resolve("build.sh").toFile().setExecutable(true);
            AtomicFiles.write(dir.resolve("expected.json"), ProgramJson.toJson(expected(c)) + "\n");
            AtomicFiles.write(dir.resolve("README.md"), readme(c, sources.keySet()));
        } catch (java.io.IOException e) {
            throw new org.fparity.FparityError("cannot write " + dir + ": " + e.getMessage(), ExitCode.IO_FAILURE);
        }
        return dir;
    }

    /** The minimal source's file for a language: one file per language, shared by both sides when they speak the same one. */
    static String minimalName(Language lang) {
        return switch (lang) {
            case CUDA -> "min.cu";
            case HIP, HIPIFY -> "min.hip";
            case OPENCL -> "min_opencl.c";
            case JAVA -> org.fparity.emit.JavaEmitter.CLASS_NAME + ".java";
            case C -> "min.c";
        };
    }

    /** Each side's file, its text, and whether it is the language's minimal source (else the single-program form). */
    private record Sources(List<String> files, List<String> texts, List<Boolean> minimal) {}

    /**
     * Each side's source: its language's minimal source where there is one, else the single-program form; with
     * {@code folder} "/", each file in a folder of its toolchain's name.
     */
    private static Sources sources(Contents c, String folder) {
        String[] files = new String[2];
        for (int side = 0; side < 2; side++) {
            DetectedToolchain dt = side == 0 ? c.a() : c.b();
            files[side] = (folder.isEmpty() ? "" : dt.name() + folder)
                    + minimalName(dt.toolchain().lang());
        }
        List<String> names = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<Boolean> minimal = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
            DetectedToolchain dt = side == 0 ? c.a() : c.b();
            String text = c.cls() != null || c.minimalEndsAsRecorded()
                    ? minimal(dt, dt.toolchain().lang(), c, files, files[side])
                    : null;
            minimal.add(text != null);
            names.add(text != null ? files[side] : (folder.isEmpty() ? "" : dt.name() + folder) + fileName(dt));
            texts.add(text != null ? text : Standalone.source(dt, c.program()));
        }
        return new Sources(names, texts, minimal);
    }

    /**
     * The minimal source of a side as the bundle would ship it (null: its language has none), whether or not it ships
     * it: {@link CrashForm} builds and runs it first for a run that ended differently.
     */
    static String minimalSource(Contents c, int side) {
        String[] files = new String[2];
        for (int s = 0; s < 2; s++)
            files[s] = minimalName((s == 0 ? c.a() : c.b()).toolchain().lang());
        DetectedToolchain dt = side == 0 ? c.a() : c.b();
        return minimal(dt, dt.toolchain().lang(), c, files, files[side]);
    }

    /**
     * A side's minimal source: Java's from its own emitter (its math library), the others' from {@link
     * org.fparity.emit.Reproducer}. A run that ended differently was reduced and confirmed in the single-program form,
     * and its crash depends on the whole binary (code after a deleted branch runs on into whatever follows): its C
     * source calls the function through a volatile pointer as the harness does, and ships only when {@link CrashForm}
     * saw it end as recorded (seen without the pointer: clang-19 -O3 -ffast-math printed -0x1p-14 where the reduced
     * program crashed).
     */
    private static String minimal(DetectedToolchain dt, Language lang, Contents c, String[] files, String file) {
        if (lang == Language.JAVA
                && org.fparity.run.Emitters.of(dt.toolchain()) instanceof org.fparity.emit.JavaEmitter j)
            return j.minimal(c.program(), c.input(), header(c, files, file));
        return org.fparity.emit.Reproducer.minimal(
                lang, c.program(), c.input(), header(c, files, file), c.cls() == null);
    }

    /** The minimal source's leading comment: where it comes from and the exact build line of each side built from {@code file}. */
    private static List<String> header(Contents c, String[] files, String file) {
        List<String> h = new ArrayList<>();
        h.add("fparity reduce " + c.id() + ": " + Interestingness.label(c.cls()) + " between " + c.label(0) + " and "
                + c.label(1));
        for (int side = 0; side < 2; side++) {
            DetectedToolchain dt = side == 0 ? c.a() : c.b();
            String opt = side == 0 ? c.optA() : c.optB();
            if (!files[side].equals(file)) continue;
            h.add("build (" + c.label(side) + "): " + envPrefix(dt)
                    + org.fparity.util.ShellWords.join(portable(dt.toolchain().compileArgv(opt, file, "bin", "test"))));
        }
        h.add(
                "prints the result in hex (%a); expected.json has each platform's recorded bits and the correctly rounded value");
        return h;
    }

    /** {@code K=V } for each variable the toolchain's descriptor sets (hipcc's HIP_PLATFORM), sorted. */
    static String envPrefix(DetectedToolchain dt) {
        StringBuilder b = new StringBuilder();
        for (var e : new java.util.TreeMap<>(dt.toolchain().env()).entrySet())
            b.append(e.getKey())
                    .append('=')
                    .append(org.fparity.util.ShellWords.join(List.of(e.getValue())))
                    .append(' ');
        return b.toString();
    }

    private static final java.util.regex.Pattern WITHIN = java.util.regex.Pattern.compile("within (\\d+) s");

    /** The limit a run that timed out was recorded under: its outcome's "no answer within N s", else its toolchain's. */
    static int limit(Outcome recorded, DetectedToolchain dt) {
        java.util.regex.Matcher m = WITHIN.matcher(recorded.detail() == null ? "" : recorded.detail());
        return m.find() ? Integer.parseInt(m.group(1)) : dt.toolchain().runTimeout();
    }

    /** Seconds after the recorded limit's SIGTERM that build.sh's {@code timeout} sends SIGKILL (a run deaf to TERM). */
    static final int KILL_AFTER = 5;

    /**
     * build.sh's run of a side whose recorded run timed out: bounded by coreutils' {@code timeout} at the recorded
     * limit where PATH has it (else said on stderr, and run unbounded), killed {@link #KILL_AFTER} s later if TERM
     * did not end it, its result {@code TIMEOUT} (as {@code expected.json} names the recorded status) when the limit
     * ended it (timeout's 124, or 137 after its KILL).
     */
    private static String bounded(String label, int side, String tag, String env, String argv, int limit) {
        String r = "r" + side;
        String out = "build/" + tag + "/out";
        return "t=; if command -v timeout >/dev/null 2>&1; then t='timeout -k " + KILL_AFTER + " " + limit
                + "'; else echo 'note: timeout"
                + " (coreutils) is not on PATH: " + label + ", recorded as TIMEOUT after " + limit
                + " s, runs unbounded' >&2; fi\n"
                + "s=0; " + env + "$t " + argv + " > " + out + " || s=$?\n"
                + r + "=$(tail -n 1 " + out + " | cut -d' ' -f1)\n"
                + "if [ -n \"$t\" ] && { [ \"$s\" = 124 ] || [ \"$s\" = 137 ]; }; then " + r + "=TIMEOUT; fi\n";
    }

    /**
     * A command line that finds its tools on PATH: an absolute program path becomes its file name (kept only for a tool
     * that PATH does not know by that name here, such as a test's fake compiler).
     */
    static List<String> portable(List<String> argv) {
        List<String> out = new ArrayList<>(argv);
        if (out.isEmpty() || !out.getFirst().startsWith("/")) return out;
        String name = Path.of(out.getFirst()).getFileName().toString();
        if (org.fparity.util.Executables.find(name) != null) out.set(0, name);
        return out;
    }

    /**
     * A build.sh line that says so (on stderr) when the tool on PATH is not the version the finding was recorded with:
     * the first line of its version probe must be part of the recorded version (a Java 17 {@code java} first on PATH
     * gives another {@code tanh} than the Java 25 a campaign ran). Nothing for a toolchain whose version is picked by a
     * pattern or not known.
     */
    static String versionNote(DetectedToolchain dt) {
        List<List<String>> probes = dt.toolchain().versionArgvs();
        if (dt.version() == null || probes.isEmpty() || dt.toolchain().versionPattern() != null) return "";
        String probe = org.fparity.util.ShellWords.join(portable(probes.getFirst()));
        String recorded = org.fparity.util.ShellWords.join(List.of(dt.version()));
        return "v=$(" + envPrefix(dt) + probe + " 2>&1 | head -n 1)\n"
                + "case " + recorded
                + " in *\"$v\"*) ;; *) other=\"$other\"" + org.fparity.util.ShellWords.join(List.of(" " + dt.name()))
                + "; printf 'note: %s says %s; recorded with %s (put that toolchain first"
                + " on PATH)\\n' " + org.fparity.util.ShellWords.join(List.of(probe)) + " \"$v\" " + recorded
                + " >&2 ;; esac\n";
    }

    /** The file a toolchain's single-program source goes to (Java's public class fixes its name). */
    static String fileName(DetectedToolchain dt) {
        return switch (dt.toolchain().lang()) {
            case C -> "test.c";
            case CUDA -> "test.cu";
            case HIP, HIPIFY -> "test.hip";
            case OPENCL -> "test_opencl.c";
            case JAVA -> org.fparity.emit.JavaEmitter.CLASS_NAME + ".java";
        };
    }

    static ObjectNode expected(Contents c) {
        ObjectNode o = ProgramJson.MAPPER.createObjectNode();
        o.put("id", c.id());
        o.put("program", c.program().id());
        o.put("class", Interestingness.id(c.cls()));
        o.putPOJO("input", c.input().args());
        if (c.inputMoved()) o.putPOJO("recordedInput", c.recorded().args());
        ObjectNode ps = o.putObject("platforms");
        for (int side = 0; side < 2; side++) {
            DetectedToolchain dt = side == 0 ? c.a() : c.b();
            Outcome out = side == 0 ? c.outA() : c.outB();
            String opt = side == 0 ? c.optA() : c.optB();
            ObjectNode p = ps.putObject(c.label(side));
            if (out.status() == Outcome.Status.OK) {
                p.put("result", out.hex());
                p.put("class", OutcomeClass.of(out.value()).name().toLowerCase(java.util.Locale.ROOT));
            } else {
                p.put("status", out.status().name());
                if (out.detail() != null) p.put("detail", out.detail());
            }
            p.put("version", dt.version());
            p.putPOJO("compile", dt.toolchain().compileArgv(opt, fileName(dt), "bin", Standalone.className(dt)));
        }
        if (c.reference() != null) o.put("reference", HexFloat.format(c.reference()));
        if (c.pairNote() != null) o.put("pairNote", c.pairNote());
        if (c.verdict() != null) o.set("verdict", c.verdict().toJson());
        if (c.divergence() != null) o.set("firstDivergence", c.divergence().toJson());
        if (c.crashForm() != null) {
            ObjectNode f = o.putObject("minimalSource");
            f.put("endsAsRecorded", c.crashForm().asRecorded());
            f.put("detail", c.crashForm().sentence());
        }
        return o;
    }

    static String readme(Contents c, Iterable<String> files) {
        String pa = c.label(0);
        String pb = c.label(1);
        StringBuilder r = new StringBuilder();
        boolean ended = c.cls() == null;
        r.append("# ")
                .append(Interestingness.label(c.cls()))
                .append(" discrepancy ")
                .append(c.id())
                .append("\n\n");
        r.append(
                        ended
                                ? "The same program and input end differently on `"
                                : "The same program and input give different results on `")
                .append(pa)
                .append("` and `")
                .append(pb)
                .append(ended ? "`: one ends abnormally, the other prints a result:\n\n" : "`:\n\n");
        r.append("| platform | result | compiler |\n| --- | --- | --- |\n");
        r.append("| `")
                .append(pa)
                .append("` | `")
                .append(Reducer.describe(c.outA()))
                .append("` | ")
                .append(c.a().version())
                .append(" |\n");
        r.append("| `")
                .append(pb)
                .append("` | `")
                .append(Reducer.describe(c.outB()))
                .append("` | ")
                .append(c.b().version())
                .append(" |\n");
        if (c.reference() != null && ended) {
            r.append("| correctly rounded reference (every operation and call rounded once, MPFR) | `")
                    .append(HexFloat.format(c.reference()))
                    .append("` | |\n");
        } else if (c.reference() != null) {
            String ref = HexFloat.format(c.reference());
            String agrees = DiscrepancyClass.classify(c.outA().value(), c.reference()) == null
                    ? pa
                    : DiscrepancyClass.classify(c.outB().value(), c.reference()) == null ? pb : "neither platform";
            r.append("| correctly rounded reference (every operation and call rounded once, MPFR) | `")
                    .append(ref)
                    .append("` | agrees with ")
                    .append(agrees)
                    .append(" |\n");
        }
        if (c.pairNote() != null) r.append("\n").append(c.pairNote()).append('\n');
        r.append("\n## The program\n\n```c\n")
                .append(c.program().canonical())
                .append("```\n\nInput: `")
                .append(String.join(" ", c.input().args()))
                .append("`\n\n");
        if (c.inputMoved())
            r.append("Recorded input: `")
                    .append(String.join(" ", c.recorded().args()))
                    .append("`. Reduce moved it to the simpler input above, keeping the same side off the correctly")
                    .append(" rounded result; the program above was reduced on the simpler input.\n\n");
        if (c.original().equals(Size.of(c.program())))
            r.append("Not reduced: the program as recorded, ")
                    .append(c.original())
                    .append(".\n\n");
        else
            r.append("Reduced by `fparity reduce` from a program of ")
                    .append(c.original())
                    .append(" to ")
                    .append(Size.of(c.program()))
                    .append(".\n\n");
        if (c.divergence() != null)
            r.append(ended ? "## Why it ends there\n\n" : "## First diverging operation\n\n")
                    .append(c.divergence().sentence())
                    .append("\n\n");
        if (c.verdict() != null)
            r.append("## Verdict: ")
                    .append(c.verdict().kind().label)
                    .append("\n\n")
                    .append(c.verdict().sentence())
                    .append("\n\n");
        if (c.sanitizer() != null)
            r.append("Undefined behaviour check (gcc -fsanitize=undefined,address): ")
                    .append(c.sanitizer().clean() ? "clean" : c.sanitizer().detail())
                    .append(".\n\n");
        r.append("## Build and run\n\n`sh build.sh` builds each platform's binary from the files here (");
        boolean first = true;
        for (String f : files) {
            r.append(first ? "" : ", ").append('`').append(f).append('`');
            first = false;
        }
        r.append(") and prints one line per platform; `expected.json` holds the recorded bits.\n\n");
        if (ended && c.crashForm() != null) r.append(c.crashForm().sentence()).append("\n\n");
        else if (ended)
            r.append("The source is the single-program form the reduction checked, with fparity's harness: a run")
                    .append(" that ends abnormally depends on the whole binary, and a form without the harness is")
                    .append(" another binary, which may print a value instead (it was not built here to check).\n\n");
        r.append("Host: ")
                .append(c.host().getOrDefault("hostname", "?"))
                .append(", ")
                .append(c.host().getOrDefault("cpu", ""))
                .append(", ")
                .append(c.host().getOrDefault("os", ""))
                .append(".\n");
        return r.toString();
    }
}
