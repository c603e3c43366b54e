package org.fparity.exec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.fparity.emit.Language;

/**
 * A named way to build and run one language, read from {@code runners/toolchains/NAME.json}. Commands are argv lists;
 * whole elements {@code {src} {bin} {opt} {buildOpt} {class}} are placeholders ({@code {opt}} expands to the opt
 * level's flags from {@code opt}, {@code {buildOpt}} to those from {@code buildOpt}, for toolchains such as PoCL whose
 * opt level is partly a host build flag and partly a run-time kernel option) and {@code {java.home}} inside an element
 * is the JDK fparity runs on. Nothing ever goes through a shell.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Toolchain(
        String name,
        String description,
        String language,
        String extension,
        Map<String, String> emit,
        List<String> compile,
        Map<String, List<String>> opt,
        Map<String, List<String>> buildOpt,
        String optNote,
        List<String> run,
        Map<String, String> env,
        String envNote,
        List<List<String>> version,
        String versionPattern,
        RunsHereIf runsHereIf,
        Integer compileTimeoutSeconds,
        Integer runTimeoutSeconds,
        Integer startupTimeoutSeconds,
        DeviceOnly deviceOnly) {

    /** The standard opt levels, in order; a toolchain may add extra ones (nvcc's {@code nofma}). */
    public static final List<String> STANDARD_OPTS = List.of("O0", "O1", "O2", "O3", "O3_FM");
    /** The one opt-level order: standard levels in the paper's order, then a toolchain's extra levels (nofma …) by name. */
    public static final java.util.Comparator<String> OPT_ORDER = java.util.Comparator.<String>comparingInt(o -> {
                int i = STANDARD_OPTS.indexOf(o);
                return i < 0 ? STANDARD_OPTS.size() : i;
            })
            .thenComparing(java.util.Comparator.naturalOrder());

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");
    private static final Pattern OPT_NAME = Pattern.compile("[A-Za-z0-9_]+");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z.]+)}");
    private static final Set<String> PLACEHOLDERS = Set.of("src", "bin", "opt", "buildOpt", "class", "java.home");

    /**
     * A condition for running here; without it a toolchain is assumed to run where it compiles. {@code nvidiaArch}
     * ({@code sm_80}): the machine code is for that NVIDIA architecture only, so a node must have a GPU that runs it.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RunsHereIf(String path, List<String> command, String reason, String nvidiaArch) {}

    /**
     * How a GPU toolchain builds batches as device code only: {@code compile} (same placeholders as the executable
     * form's, and the same {@code {opt}} flags) writes a module per batch, and the host side is the {@code loader}
     * ({@code cuda} or {@code hip}: {@link org.fparity.emit.GpuLoader}), built once by {@code loaderCompile} (default
     * {@code cc -O2 -o {bin} {src} -ldl}) and cached, run as {@code loader MODULE}; or {@code jcuda}: no process at
     * all, the module (the one-input-per-thread form) is run in this JVM by {@link JCudaRunner}. The executable form ({@code compile},
     * {@code run}) stays for single-program reproducers.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DeviceOnly(List<String> compile, String loader, List<String> loaderCompile) {
        /** The loader's build command when the descriptor does not say. */
        public static final List<String> DEFAULT_LOADER_COMPILE = List.of("cc", "-O2", "-o", "{bin}", "{src}", "-ldl");

        public DeviceOnly {
            compile = compile == null ? null : List.copyOf(compile);
            loaderCompile = loaderCompile == null ? null : List.copyOf(loaderCompile);
        }

        /** Whether batches run in this JVM through JCuda rather than through a loader process. */
        @JsonIgnore
        public boolean inProcess() {
            return "jcuda".equals(loader);
        }

        @JsonIgnore
        public List<String> loaderArgv() {
            return loaderCompile == null ? DEFAULT_LOADER_COMPILE : loaderCompile;
        }
    }

    public Toolchain {
        emit = emit == null ? Map.of() : Map.copyOf(emit);
        env = env == null ? Map.of() : Map.copyOf(env);
        opt = opt == null ? null : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(opt));
        buildOpt = buildOpt == null ? null : Map.copyOf(buildOpt);
    }

    /** The language as the emitters know it ({@code language} is its name in the descriptor), or null for none. */
    @JsonIgnore
    public Language lang() {
        return Language.named(language);
    }

    /** Checks the descriptor; throws IllegalArgumentException with a one-line reason. */
    public Toolchain validate(String expectedName) {
        require(
                name != null && NAME.matcher(name).matches(),
                "\"name\" must be lower-case letters, digits, '.', '_' or '-'");
        require(
                expectedName == null || name.equals(expectedName),
                "\"name\" is '" + name + "' but the file is named '" + expectedName + ".json'");
        require(
                lang() != null,
                "\"language\" must be one of " + java.util.Arrays.toString(Language.values()) + ", got " + language);
        require(
                extension != null && extension.matches("[a-z]+"),
                "\"extension\" must be a file extension such as \"c\"");
        require(compile != null && !compile.isEmpty(), "\"compile\" must be a non-empty argv list");
        require(
                compile.contains("{src}") && compile.contains("{bin}"),
                "\"compile\" must contain the elements \"{src}\" and \"{bin}\"");
        require(run != null && !run.isEmpty(), "\"run\" must be a non-empty argv list");
        require(opt != null && !opt.isEmpty(), "\"opt\" must map opt levels to flag lists");
        require(compile.contains("{opt}") || run.contains("{opt}"), "\"{opt}\" must appear in \"compile\" or \"run\"");
        for (var e : opt.entrySet()) {
            require(
                    OPT_NAME.matcher(e.getKey()).matches(),
                    "opt level '" + e.getKey() + "' must be letters, digits or '_'");
            require(
                    e.getValue() != null && e.getValue().stream().allMatch(f -> f != null && !f.isEmpty()),
                    "opt level " + e.getKey() + " must be a list of non-empty flags");
        }
        if (buildOpt != null) {
            require(compile.contains("{buildOpt}"), "\"buildOpt\" needs the element \"{buildOpt}\" in \"compile\"");
            for (String k : buildOpt.keySet())
                require(opt.containsKey(k), "\"buildOpt\" has opt level " + k + " that \"opt\" lacks");
        }
        require(
                version != null && !version.isEmpty() && version.stream().allMatch(c -> c != null && !c.isEmpty()),
                "\"version\" must be a list of argv lists");
        checkPlaceholders("compile", compile);
        checkPlaceholders("run", run);
        for (List<String> v : version) checkPlaceholders("version", v);
        if (versionPattern != null) {
            try {
                Pattern.compile(versionPattern);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(
                        "\"versionPattern\" is not a regular expression: " + e.getDescription());
            }
        }
        if (runsHereIf != null) {
            require(
                    runsHereIf.path() != null || runsHereIf.command() != null,
                    "\"runsHereIf\" needs \"path\" or \"command\"");
            require(runsHereIf.reason() != null, "\"runsHereIf\" needs a \"reason\" to report when it fails");
            require(
                    runsHereIf.nvidiaArch() == null || runsHereIf.nvidiaArch().matches("sm_[0-9]{2,3}"),
                    "\"runsHereIf\".\"nvidiaArch\" must look like sm_80, is '" + runsHereIf.nvidiaArch() + "'");
        }
        if (deviceOnly != null) {
            require(lang().gpu(), "\"deviceOnly\" is for CUDA, HIP and HIPIFY toolchains");
            require(
                    deviceOnly.compile() != null
                            && deviceOnly.compile().contains("{src}")
                            && deviceOnly.compile().contains("{bin}"),
                    "\"deviceOnly.compile\" must be an argv list containing \"{src}\" and \"{bin}\"");
            require(
                    deviceOnly.compile().contains("{opt}") == compile.contains("{opt}"),
                    "\"deviceOnly.compile\" must take \"{opt}\" as \"compile\" does");
            require(
                    "cuda".equals(deviceOnly.loader())
                            || "hip".equals(deviceOnly.loader())
                            || "jcuda".equals(deviceOnly.loader()),
                    "\"deviceOnly.loader\" must be \"cuda\", \"hip\" or \"jcuda\"");
            require(
                    !"jcuda".equals(deviceOnly.loader()) || lang() == Language.CUDA,
                    "the \"jcuda\" loader runs CUDA only");
            require(
                    deviceOnly.loaderArgv().contains("{src}")
                            && deviceOnly.loaderArgv().contains("{bin}"),
                    "\"deviceOnly.loaderCompile\" must contain \"{src}\" and \"{bin}\"");
            checkPlaceholders("deviceOnly.compile", deviceOnly.compile());
            checkPlaceholders("deviceOnly.loaderCompile", deviceOnly.loaderArgv());
        }
        for (Integer t : new Integer[] {compileTimeoutSeconds, runTimeoutSeconds, startupTimeoutSeconds}) {
            require(t == null || t > 0, "timeouts must be positive seconds");
        }
        return this;
    }

    private static void checkPlaceholders(String field, List<String> argv) {
        for (String a : argv) {
            require(a != null, "\"" + field + "\" has a null element");
            var m = PLACEHOLDER.matcher(a);
            while (m.find()) {
                require(
                        PLACEHOLDERS.contains(m.group(1)),
                        "\"" + field + "\" uses unknown placeholder {" + m.group(1) + "}");
            }
        }
    }

    private static void require(boolean ok, String problem) {
        if (!ok) throw new IllegalArgumentException(problem);
    }

    /** The same toolchain with one more opt level (an experiment's flags, e.g. in attribution). */
    public Toolchain withLevel(String level, List<String> flags) {
        Map<String, List<String>> more = new java.util.LinkedHashMap<>(opt);
        more.put(level, List.copyOf(flags));
        return new Toolchain(
                name,
                description,
                language,
                extension,
                emit,
                compile,
                more,
                buildOpt,
                optNote,
                run,
                env,
                envNote,
                version,
                versionPattern,
                runsHereIf,
                compileTimeoutSeconds,
                runTimeoutSeconds,
                startupTimeoutSeconds,
                deviceOnly);
    }

    /** The same toolchain with other timeouts (seconds; null keeps the default). */
    public Toolchain withTimeouts(Integer compileSeconds, Integer runSeconds, Integer startupSeconds) {
        return new Toolchain(
                name,
                description,
                language,
                extension,
                emit,
                compile,
                opt,
                buildOpt,
                optNote,
                run,
                env,
                envNote,
                version,
                versionPattern,
                runsHereIf,
                compileSeconds,
                runSeconds,
                startupSeconds,
                deviceOnly);
    }

    /**
     * The toolchain that builds this one's device-only batches: the same one with {@code deviceOnly.compile} as its
     * compile command (so the cache keys it apart from the executable form) and no device-only form of its own.
     */
    public Toolchain deviceForm() {
        if (deviceOnly == null) throw new IllegalStateException("toolchain " + name + " has no device-only form");
        return new Toolchain(
                name,
                description,
                language,
                extension,
                emit,
                deviceOnly.compile(),
                opt,
                buildOpt,
                optNote,
                run,
                env,
                envNote,
                version,
                versionPattern,
                runsHereIf,
                compileTimeoutSeconds,
                runTimeoutSeconds,
                startupTimeoutSeconds,
                null);
    }

    /** The C build of this toolchain's GPU loader (one binary per toolchain; opt level {@code host}). */
    public Toolchain loaderForm() {
        if (deviceOnly == null) throw new IllegalStateException("toolchain " + name + " has no device-only form");
        return new Toolchain(
                name + "-loader",
                "host loader of " + name,
                "C",
                "c",
                Map.of(),
                deviceOnly.loaderArgv(),
                Map.of("host", List.of()),
                null,
                null,
                List.of("{bin}"),
                Map.of(),
                null,
                version,
                versionPattern,
                null,
                120,
                runTimeoutSeconds,
                startupTimeoutSeconds,
                null);
    }

    /** Opt levels this toolchain knows, standard ones first. */
    @JsonIgnore
    public List<String> optLevels() {
        return List.copyOf(opt.keySet());
    }

    @JsonIgnore
    public int compileTimeout() {
        return compileTimeoutSeconds == null ? 300 : compileTimeoutSeconds;
    }

    @JsonIgnore
    public int runTimeout() {
        return runTimeoutSeconds == null ? 10 : runTimeoutSeconds;
    }

    @JsonIgnore
    public int startupTimeout() {
        return startupTimeoutSeconds == null ? 20 : startupTimeoutSeconds;
    }

    /** True when the opt flags go to the compiler, so each opt level needs its own binary. */
    @JsonIgnore
    public boolean optAtCompile() {
        return compile.contains("{opt}") || compile.contains("{buildOpt}");
    }

    /** The compile argv for one opt level. */
    public List<String> compileArgv(String optLevel, String src, String bin, String className) {
        return expand(compile, optLevel, src, bin, className);
    }

    /** The run argv for one opt level. */
    public List<String> runArgv(String optLevel, String bin, String className) {
        return expand(run, optLevel, null, bin, className);
    }

    /** The version probe argvs. */
    public List<List<String>> versionArgvs() {
        List<List<String>> out = new ArrayList<>();
        for (List<String> v : version) out.add(expand(v, null, null, null, null));
        return out;
    }

    private List<String> expand(List<String> argv, String optLevel, String src, String bin, String className) {
        List<String> out = new ArrayList<>(argv.size() + 4);
        for (String a : argv) {
            switch (a) {
                case "{opt}" -> {
                    List<String> flags = opt.get(optLevel);
                    if (flags == null)
                        throw new IllegalArgumentException("toolchain " + name + " has no opt level " + optLevel);
                    out.addAll(flags);
                }
                case "{buildOpt}" -> {
                    if (!opt.containsKey(optLevel))
                        throw new IllegalArgumentException("toolchain " + name + " has no opt level " + optLevel);
                    if (buildOpt != null) out.addAll(buildOpt.getOrDefault(optLevel, List.of()));
                }
                case "{src}" -> out.add(src);
                case "{bin}" -> out.add(bin);
                case "{class}" -> out.add(className);
                default -> out.add(a.replace("{java.home}", System.getProperty("java.home")));
            }
        }
        return out;
    }
}
