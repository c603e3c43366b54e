package org.fparity.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;

/**
 * FLiT's habit: a truthful toolchain ({@code gcc}) and a fake one ({@code planted}) that gets chosen runs wrong in known
 * ways, so every count and matrix cell a comparison produces is known in advance. Both ran O0 and O3_FM.
 */
public final class PlantedFaults {
    private PlantedFaults() {}

    /** One planted run: program, its precision, what gcc printed, what planted printed at O0 and at O3_FM. */
    record Plant(String program, Precision precision, String truth, String plantedO0, String plantedO3fm) {}

    static final List<Plant> PLANTS = List.of(
            // ceil of a tiny positive returning 0: Zero–Number
            new Plant("ceil_tiny", Precision.FP64, "0x1p+0", "0x0p+0", "0x1p+0"),
            // fmod off by one ulp: Number–Number, 1 ULP
            new Plant("fmod_ulp", Precision.FP64, "0x1.8p+1", HexFloat.format(Math.nextUp(3.0)), "0x1.8p+1"),
            // -Inf where the truth is NaN: NaN–Inf
            new Plant("nan_as_ninf", Precision.FP64, "nan", "-inf", "nan"),
            // +Inf vs -Inf: a sign discrepancy, never hidden
            new Plant("inf_sign", Precision.FP64, "inf", "-inf", "inf"),
            // signs of NaN and zero are not discrepancies
            new Plant("nan_sign", Precision.FP64, "nan", "-nan", "-nan"),
            new Plant("zero_sign", Precision.FP64, "0x0p+0", "-0x0p+0", "-0x0p+0"),
            // FP32 program off by one float ulp (2^-23 at 1.0): 1 ULP in FP32, not 2^29 FP64 ULPs
            new Plant("f32_ulp", Precision.FP32, "0x1p+0", "0x1.000002p+0", "0x1p+0"),
            // agrees everywhere
            new Plant("same", Precision.FP64, "0x1.921fb54442d18p+1", "0x1.921fb54442d18p+1", "0x1.921fb54442d18p+1"),
            // O3_FM only: fast math turns a NaN into a number
            new Plant("fm_nan", Precision.FP64, "nan", "nan", "0x1p-1"));

    /** The planted toolchain crashed on this run at O3_FM where gcc ran. */
    static final String CRASHER = "crash_o3fm";

    public static CampaignView campaign(String name) {
        List<Outcome> out = new ArrayList<>();
        Map<String, ProgramInfo> programs = new LinkedHashMap<>();
        for (Plant p : PLANTS) {
            programs.put(
                    p.program(),
                    new ProgramInfo(
                            p.program(),
                            p.precision(),
                            "compute(" + p.program() + ") { comp = f(comp); }\n",
                            List.of(new Input(List.of("0x1p-1000")))));
            for (String opt : List.of("O0", "O3_FM")) {
                out.add(ok(p.program(), "gcc", opt, p.truth()));
                out.add(ok(p.program(), "planted", opt, opt.equals("O0") ? p.plantedO0() : p.plantedO3fm()));
            }
        }
        programs.put(
                CRASHER,
                new ProgramInfo(
                        CRASHER, Precision.FP64, "compute(crash) { }\n", List.of(new Input(List.of("0x1p-1000")))));
        for (String opt : List.of("O0", "O3_FM")) {
            out.add(ok(CRASHER, "gcc", opt, "0x1p+2"));
            out.add(
                    opt.equals("O0")
                            ? ok(CRASHER, "planted", opt, "0x1p+2")
                            : new Outcome(
                                    CRASHER, 0, "planted", opt, Status.CRASH, null, "SIGSEGV", "planted@host", 0));
        }
        return new CampaignView(
                name,
                Map.of("hostname", "testhost"),
                Map.of("gcc", "gcc (Debian 14.2.0) 14.2.0", "planted", "planted 1.0"),
                programs,
                out);
    }

    static Outcome ok(String program, String toolchain, String opt, String hex) {
        return new Outcome(program, 0, toolchain, opt, Status.OK, hex, null, toolchain + "@host", 12);
    }
}
