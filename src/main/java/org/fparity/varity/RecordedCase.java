package org.fparity.varity;

import java.nio.file.Path;
import java.util.List;

/**
 * One Varity test as a campaign layout holds it, before parsing: where its source is and what was recorded for it.
 *
 * @param name    how Varity names it ({@code case_1}, {@code vm_3801/_tests/_group_1/_test_1.c})
 * @param sources the source files to parse, first the one to import (further ones, e.g. the {@code .cu} beside a
 *                {@code .c}, must give the same program); empty when the layout names a case without a source
 * @param runs    the recorded results, one per (input, compiler, opt label)
 */
record RecordedCase(String name, List<Path> sources, List<Run> runs) {
    RecordedCase {
        sources = List.copyOf(sources);
        runs = List.copyOf(runs);
    }

    /**
     * One recorded result.
     *
     * @param input    Varity's input strings, in argv order (argv[1] first)
     * @param compiler the compiler name Varity recorded ({@code gcc}, {@code my_nvcc}, {@code nvcc-9.2}); null for an input
     *                 that has a source but no recorded result
     * @param opt      its opt label ({@code O0_nofma}, {@code O3_nostrict} …)
     * @param text     the printed result ({@code %.17g})
     * @param micros   the HIP fork's {@code time:} (wall time of the whole process), 0 when not recorded
     */
    record Run(List<String> input, String compiler, String opt, String text, long micros) {
        Run {
            input = List.copyOf(input);
        }
    }
}
