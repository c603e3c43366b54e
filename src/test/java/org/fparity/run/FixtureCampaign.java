package org.fparity.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchains;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;

/**
 * A campaign of the hand-written C fixture programs (a crash and a compile error among them) on gcc and a clang
 * ({@link Fixtures#aClang()}: the test skips, with the reason, when there is none) at three opt levels.
 */
public final class FixtureCampaign {
    static final List<String> PROGRAMS =
            List.of("add", "mul", "sqrt_sum", "fmod_ulp", "segv", "ceil_tiny", "bad", "log_nan");
    static final int INPUTS = 4;

    public static CampaignRunner.Spec spec() {
        Toolchains tcs = Fixtures.shipped();
        List<DetectedToolchain> dts = new ArrayList<>();
        for (String n : List.of("gcc", Fixtures.requireAClang()))
            dts.add(DetectedToolchain.detect(tcs.get(n).withTimeouts(null, 5, 5)));
        List<CampaignMeta.ProgramEntry> programs = new ArrayList<>();
        for (String id : PROGRAMS) {
            List<Input> ins = new ArrayList<>();
            for (int i = 0; i < INPUTS; i++) {
                // Input 0 of segv is negative: a SIGSEGV on that line only.
                double a = (i == 0 ? -1 : 1) * (i + 0.5) * 0x1p-3;
                ins.add(new Input(List.of(HexFloat.format(a), HexFloat.format(i * 3.0 + 1))));
            }
            programs.add(new CampaignMeta.ProgramEntry(id, id, null, Fixtures.resource("programs/" + id + ".c"), ins));
        }
        return new CampaignRunner.Spec(
                "test", 7L, null, java.util.Map.of("kind", "fixture"), programs, dts, List.of("O0", "O2", "O3_FM"), 4);
    }

    /** This machine as the site of a fixture campaign: its batches are the fixture C sources, which are not fparity programs. */
    public static LocalSite site(Path dir, int workers, java.util.function.Consumer<String> log) {
        return new LocalSite(Platform.LOCAL, new BinaryCache(dir.resolve("build")), workers, log, job -> Fixtures.C);
    }

    public static CampaignRunner.Result run(Path dir) throws InterruptedException {
        return CampaignRunner.run(
                dir,
                spec(),
                site(dir, 2, s -> {}),
                n -> new Progress(System.err, false, n),
                s -> System.err.println("fparity: " + s));
    }
}
