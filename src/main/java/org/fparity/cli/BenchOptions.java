package org.fparity.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options {@code bench} and {@code bench scale} share: the seed of what they generate and the folder they work in. */
final class BenchOptions {
    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description =
                    "Seed of the generated programs (bench scale: and of its outcome model) (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Work folder, kept with the figures' JSON (default: a temporary folder, kept).")
    Path out;
}
