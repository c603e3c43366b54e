package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * nvcc's levels taken apart in runners/knobs/nvcc.json are what nvcc itself does: for every level, the commands
 * {@code nvcc --dryrun} would run (cicc, ptxas, fatbinary, the host compiler) with the descriptor's flags and with
 * the model's parts are the same words, and dropping any one part of -use_fast_math changes them. nvcc compiles here
 * without a GPU, so this runs on any machine that has nvcc.
 */
@Tag("tools")
class NvccKnobsToolsTest {
    @TempDir
    Path tmp;

    /** The words of nvcc's planned commands, temporary names made alike, sorted (nvcc orders cicc's options by source). */
    private List<String> plan(Toolchain tc, List<String> flags) throws Exception {
        Path src = tmp.resolve("k.cu");
        Files.writeString(
                src,
                "__global__ void k(float* x, double* y) { x[0] = sinf(x[1]) / x[2] + sqrtf(x[3]) * x[4]; y[0] = sin(y[1]) / y[2]; }\n"
                        + "int main() { return 0; }\n");
        List<String> argv = new ArrayList<>(tc.withLevel("probe", flags)
                .compileArgv("probe", src.toString(), tmp.resolve("k").toString(), "test"));
        argv.add(1, "--dryrun");
        String out = Processes.probe(argv, Map.of(), 120);
        assertNotNull(out, "nvcc --dryrun failed: " + argv);
        List<String> words = new ArrayList<>();
        for (String line : out.lines().filter(l -> l.startsWith("#$ ")).toList()) {
            for (String w : line.replaceAll("tmpxft_[0-9a-f_]+-[0-9]+_", "TMP").split("\\s+"))
                if (!w.isEmpty()) words.add(w);
        }
        words.sort(null);
        return words;
    }

    @Test
    void everyNvccLevelTakenApartIsWhatNvccDoes() throws Exception {
        assumeTrue(Processes.which("nvcc") != null, "no nvcc on PATH");
        Toolchains all = Toolchains.load(Path.of("runners", "toolchains"));
        int checked = 0;
        for (String name : List.of("nvcc-sm75", "nvcc-sm80", "nvcc-sm90", "jcuda-sm80")) {
            Toolchain tc = all.get(name);
            FlagModel model = FlagModel.forToolchain(Path.of("runners", "knobs"), name);
            assertEquals(Path.of("runners", "knobs", "nvcc.json").toString(), model.file());
            for (String level : tc.optLevels()) {
                assertEquals(
                        plan(tc, tc.opt().get(level)),
                        plan(tc, model.argv(model.parts(tc, level))),
                        name + "@" + level);
                checked++;
            }
        }
        assertEquals(4 * 6, checked);
    }

    @Test
    void everyPartOfFastMathChangesWhatNvccDoes() throws Exception {
        assumeTrue(Processes.which("nvcc") != null, "no nvcc on PATH");
        Toolchain tc = Toolchains.load(Path.of("runners", "toolchains")).get("nvcc-sm90");
        FlagModel model = FlagModel.forToolchain(Path.of("runners", "knobs"), "nvcc-sm90");
        List<String> fm = model.parts(tc, "O3_FM");
        List<String> whole = plan(tc, fm);
        for (String part : fm) {
            if (part.equals("--fmad=true"))
                continue; // the default: dropping it changes nothing, which is why it is a knob's "implicit"
            List<String> less = new ArrayList<>(fm);
            less.remove(part);
            assertNotEquals(whole, plan(tc, less), "dropping " + part + " from O3_FM");
        }
        List<String> noDefault = new ArrayList<>(fm);
        noDefault.remove("--fmad=true");
        assertEquals(whole, plan(tc, noDefault), "--fmad=true is nvcc's default");
    }
}
