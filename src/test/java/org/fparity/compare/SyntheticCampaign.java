package org.fparity.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;

/**
 * A campaign-sized, seeded mix of everything a real one holds (three toolchains, five opt levels, FP64 and FP32
 * programs, every class, crashes, a compile error), for exercising reports at realistic scale. Counts are not asserted
 * from it; {@link PlantedFaults} is the fixture with known answers.
 */
public final class SyntheticCampaign {
    private SyntheticCampaign() {}

    public static CampaignView of(String name, long seed, int programs) {
        Random rnd = new Random(seed);
        List<String> toolchains = List.of("gcc", "clang-19", "pocl");
        List<String> opts = List.of("O0", "O1", "O2", "O3", "O3_FM");
        Map<String, ProgramInfo> infos = new LinkedHashMap<>();
        List<Outcome> out = new ArrayList<>();
        for (int p = 0; p < programs; p++) {
            Precision prec = p % 3 == 2 ? Precision.FP32 : Precision.FP64;
            String id = String.format("%016x", new Random(seed * 7919 + p).nextLong());
            infos.put(
                    id,
                    new ProgramInfo(
                            id,
                            prec,
                            source(prec, p),
                            List.of(
                                    new Input(List.of("0x1p-3")),
                                    new Input(List.of("-0x1.8p+2")),
                                    new Input(List.of("0x1p+1000")))));
            for (int in = 0; in < 3; in++) {
                double truth = switch (rnd.nextInt(10)) {
                    case 0 -> Double.NaN;
                    case 1 -> rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                    case 2 -> 0.0;
                    default -> prec.round((rnd.nextDouble() - 0.5) * Math.pow(2, rnd.nextInt(200) - 100));
                };
                for (String tc : toolchains) {
                    for (String opt : opts) {
                        if (tc.equals("pocl") && p == 5) {
                            out.add(new Outcome(
                                    id,
                                    in,
                                    tc,
                                    opt,
                                    Status.COMPILE_ERROR,
                                    null,
                                    "error: use of undeclared identifier 'fmodf'",
                                    tc + "@h",
                                    0));
                            continue;
                        }
                        if (tc.equals("gcc") && opt.equals("O3") && p % 17 == 3 && in == 1) {
                            out.add(new Outcome(id, in, tc, opt, Status.CRASH, null, "SIGSEGV", tc + "@h", 0));
                            continue;
                        }
                        double v = perturb(rnd, truth, prec, tc, opt);
                        out.add(new Outcome(
                                id,
                                in,
                                tc,
                                opt,
                                Status.OK,
                                HexFloat.format(v),
                                null,
                                tc + "@h",
                                100 + rnd.nextInt(50)));
                    }
                }
            }
        }
        return new CampaignView(
                name,
                Map.of("hostname", "node17", "cpu", "x86_64 (2 cores)", "os", "Debian 13"),
                Map.of(
                        "gcc",
                        "gcc (Debian 14.2.0-19) 14.2.0",
                        "clang-19",
                        "Debian clang version 19.1.7",
                        "pocl",
                        "PoCL 6.0"),
                infos,
                out);
    }

    /**
     * The same campaign as it might have looked the night before: every program whose index is a multiple of
     * {@code every} agreed everywhere then (all its results replaced by gcc O0's), so those discrepancies are new.
     */
    public static CampaignView nightBefore(CampaignView v, String name, int every) {
        List<String> ids = List.copyOf(v.programs().keySet());
        java.util.Set<String> quiet = new java.util.HashSet<>();
        for (int i = 0; i < ids.size(); i += every) quiet.add(ids.get(i));
        Map<String, String> truth = new java.util.HashMap<>();
        for (Outcome o : v.outcomes())
            if (o.toolchain().equals("gcc") && o.opt().equals("O0")) truth.put(o.program() + "/" + o.input(), o.hex());
        List<Outcome> out = new ArrayList<>();
        for (Outcome o : v.outcomes()) {
            boolean replace = quiet.contains(o.program()) && o.status() == Status.OK;
            out.add(
                    replace
                            ? new Outcome(
                                    o.program(),
                                    o.input(),
                                    o.toolchain(),
                                    o.opt(),
                                    Status.OK,
                                    truth.get(o.program() + "/" + o.input()),
                                    null,
                                    o.platform(),
                                    o.micros())
                            : o);
        }
        return new CampaignView(name, v.host(), v.versions(), v.programs(), out);
    }

    private static double perturb(Random rnd, double truth, Precision prec, String tc, String opt) {
        boolean fm = opt.equals("O3_FM");
        double chance = (fm ? 0.25 : 0.04) * (prec == Precision.FP32 ? 2 : 1) * (tc.equals("gcc") ? 0.3 : 1);
        if (rnd.nextDouble() >= chance) return truth;
        if (Double.isNaN(truth)) return fm && rnd.nextBoolean() ? 0.0 : Double.NEGATIVE_INFINITY;
        if (Double.isInfinite(truth))
            return rnd.nextInt(3) == 0 ? -truth : rnd.nextBoolean() ? Double.NaN : Double.MAX_VALUE;
        if (truth == 0.0) return rnd.nextBoolean() ? -0.0 : 1e-310;
        if (rnd.nextInt(8) == 0) return 0.0;
        double v = truth;
        int ulps = 1 + rnd.nextInt(fm ? 4000 : 3);
        for (int i = 0; i < ulps && i < 64; i++) v = prec == Precision.FP32 ? Math.nextUp((float) v) : Math.nextUp(v);
        return v;
    }

    private static String source(Precision prec, int p) {
        String t = prec.cType();
        return "program " + prec.id() + " array 8\ncompute(" + t + " comp, " + t + " var_1, " + t + " var_2[8]) {\n"
                + "  comp = fmod" + (prec == Precision.FP32 ? "f" : "") + "(var_1, " + (1.5 + p)
                + ") + ceil(var_2[0] * 1.0e-300);\n"
                + "  for (int i = 0; i < 8; ++i) {\n    comp += var_2[i] / (var_1 - " + p + ".0);\n  }\n}\n";
    }
}
