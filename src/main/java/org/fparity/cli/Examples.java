package org.fparity.cli;

import java.util.List;
import java.util.Map;

/** The examples every command's --help ends with (one place, so that a test can check that no command lacks them). */
final class Examples {
    private Examples() {}

    static final Map<String, List<String>> BY_COMMAND = Map.ofEntries(
            Map.entry(
                    "fparity",
                    List.of(
                            "fparity run            # 50 programs × 50 inputs on every local toolchain",
                            "fparity toolchains     # what can compile and run here",
                            "fparity help run       # one command's options")),
            Map.entry(
                    "fparity generate",
                    List.of(
                            "fparity generate --seed 7 --count 20 --out gen/seed7",
                            "fparity generate --count 5 --precision both --emit c,java --out gen/small")),
            Map.entry(
                    "fparity show",
                    List.of(
                            "fparity show gen/seed7/programs/0000-<id>.json --as c > p.c",
                            "fparity show corpora/fmod-nvcc-vs-hipcc/program.fp --as cuda",
                            "fparity show campaigns/c1 5a9ba8fb --input 2 > repro.c   # input built in")),
            Map.entry(
                    "fparity run",
                    List.of(
                            "fparity run --programs 20 --inputs 10 --toolchains gcc,clang-19 --opt O0,O3_FM",
                            "fparity run --seed 3 --precision both --out campaigns/s3 --no-report",
                            "fparity run --campaign campaigns/s3 --toolchains pocl   # same cases, more platforms",
                            "fparity run --corpus corpora --toolchains gcc,clang-19  # your own .fp programs and their input lines")),
            Map.entry(
                    "fparity toolchains",
                    List.of("fparity toolchains", "fparity toolchains --toolchain-dir my-toolchains")),
            Map.entry(
                    "fparity bench",
                    List.of("fparity bench --programs 50", "fparity bench --varity ../shared/peers/varity --repeat 3")),
            Map.entry(
                    "fparity bench scale",
                    List.of(
                            "fparity bench scale --runs 10000 --commands compare,report --out target/scale",
                            "fparity bench scale --runs 10000000 --java-opts=-Xmx512m --commands compare --out /tmp/scale-10m")),
            Map.entry("fparity bench reduce", List.of("fparity bench reduce campaigns/c1 --cases 10 --cvise 3")),
            Map.entry(
                    "fparity compare",
                    List.of(
                            "fparity compare campaigns/c1",
                            "fparity compare campaigns/c1 --pair gcc@O0:gcc@O3_FM",
                            "fparity compare campaigns/tonight --baseline campaigns/last-night",
                            "fparity compare campaigns/c1 --accept-ulps 4   # Number–Number gaps up to 4 ULPs do not make it red")),
            Map.entry(
                    "fparity report",
                    List.of(
                            "fparity report campaigns/c1",
                            "fparity report campaigns/tonight --baseline campaigns/last-night --out reports/tonight",
                            "fparity report campaigns/c1 --policy acceptance.json   # tolerances per pair, expected root causes")),
            Map.entry("fparity export", List.of("fparity export campaigns/c1 --out c1.json.gz")),
            Map.entry("fparity import", List.of("fparity import c1.json.gz --out campaigns/c1-copy")),
            Map.entry("fparity merge", List.of("fparity merge campaigns/site-a campaigns/site-b --out campaigns/both")),
            Map.entry("fparity migrate", List.of("fparity migrate campaigns/seed1-fp64-p50-i50")),
            Map.entry(
                    "fparity nightly",
                    List.of(
                            "fparity nightly --config runners/nightly/nightly.json",
                            "fparity nightly --config runners/nightly/nightly.json --date 2026-11-22")),
            Map.entry(
                    "fparity worker",
                    List.of(
                            "fparity worker jobs.jsonl --out outcomes.jsonl",
                            "fparity worker - < jobs.jsonl   # as a node runs it over ssh")),
            Map.entry("fparity clusters", List.of("fparity clusters", "fparity clusters local-ssh local-slurm")),
            Map.entry(
                    "fparity node-bundle",
                    List.of("fparity node-bundle --out target/node", "fparity node-bundle --with-z3")),
            Map.entry(
                    "fparity fprev",
                    List.of(
                            "fparity fprev --target numpy.dot --dtype float32 --n 64",
                            "fparity fprev --target java.seq --n 16 --format svg -o tree.svg",
                            "fparity fprev --compare numpy.dot lca.pairwise --n 128",
                            "fparity fprev --target numpy.sum --sweep 4..8192")),
            Map.entry(
                    "fparity eval",
                    List.of(
                            "fparity eval 'fmod(0x1.1p+961, 1.5793e-307)'",
                            "fparity eval 'sin(1e22)' --precision fp32 --rounding RZ")),
            Map.entry(
                    "fparity truth",
                    List.of(
                            "fparity truth corpora/fmod-nvcc-vs-hipcc/program.fp",
                            "fparity truth gen/seed7/programs/0000-<id>.json --json")),
            Map.entry(
                    "fparity triage",
                    List.of(
                            "fparity triage corpora/ftz-subnormal-product/program.fp --platforms gcc@O0,gcc@O3_FM",
                            "fparity triage my.fp --input '0x1p+0 0x1.8p+1' --platforms clang-19@O0,clang-19@O3_FM")),
            Map.entry(
                    "fparity exsum",
                    List.of(
                            "fparity exsum values.txt",
                            "fparity exsum a.txt --dot b.txt --parallel 2",
                            "fparity exsum part1.txt --save-acc p1.json && fparity exsum --merge p1.json p2.json")),
            Map.entry(
                    "fparity bounds",
                    List.of(
                            "fparity bounds --kernel dot --n 4096 --precision fp32",
                            "fparity bounds --experiment mac --samples 10000")),
            Map.entry(
                    "fparity flip",
                    List.of(
                            "fparity flip corpora/fmod-nvcc-vs-hipcc/program.fp --budget 30s",
                            "fparity flip p.fp --branch 1 --domain comp=-10:10 --verify gcc@O0,gcc@O3_FM")),
            Map.entry(
                    "fparity import-varity",
                    List.of("fparity import-varity ../shared/data/varity/vm_3801 --out campaigns/varity")),
            Map.entry(
                    "fparity reduce",
                    List.of(
                            "fparity reduce campaigns/c1 --top 3",
                            "fparity reduce campaigns/c1 --discrepancy <id from the report>",
                            "fparity reduce p.fp --input '0x1p+0 2' --platforms gcc@O0,gcc@O3_FM")));

    /** The help section of a command, or null when it has no examples. */
    static String section(String qualifiedName) {
        List<String> lines = BY_COMMAND.get(qualifiedName);
        if (lines == null) return null;
        StringBuilder b = new StringBuilder("%nExamples:%n");
        for (String l : lines) b.append("  ").append(l.replace("%", "%%")).append("%n");
        return b.toString();
    }
}
