package org.fparity.varity;

import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What one Varity campaign folder holds, read but not yet parsed: its cases and how its (compiler, opt label) pairs
 * become recorded platforms.
 *
 * @param kind      {@code varity-results} (upstream), {@code varity-hip-fork} or {@code varity-cuda-examples}
 * @param root      the folder
 * @param cases     every case the folder names, including those that will fail to parse
 * @param platforms (compiler, opt label) → the recorded platform
 */
record Layout(
        String kind, Path root, List<RecordedCase> cases, BiFunction<String, String, RecordedPlatform> platforms) {
    Layout {
        cases = List.copyOf(cases);
    }
}
