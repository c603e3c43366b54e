package org.fparity.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.attribution.Causes;
import org.fparity.attribution.RootCause;
import org.fparity.compare.CampaignFixtures;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.ProgramInfo;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;

/**
 * Nights whose programs differ (date seeds) but whose discrepancies have the same few causes: each program is planted
 * with one behaviour on gcc {@code O3_FM} (or clang-19), and {@link #triage} attributes its real discrepancy ids to that
 * behaviour's cause, as {@code fparity triage} would write causes.json.
 */
final class CauseNights {
    private CauseNights() {}

    /** What a planted program does. */
    enum Plant {
        /** gcc O3_FM three ULPs above the others: a reassociated sum. */
        REASSOCIATION(
                RootCause.Kind.FLAGS,
                "gcc O3_FM",
                List.of("-fassociative-math", "-fno-signed-zeros", "-fno-trapping-math"),
                "reassociation",
                "gcc -O3 -ffast-math reassociates a sum (-fassociative-math with -fno-signed-zeros -fno-trapping-math)"),
        /** gcc O3_FM NaN where the others print a number: an isnan() folded away. */
        FINITE_MATH(
                RootCause.Kind.FLAGS,
                "gcc O3_FM",
                List.of("-ffinite-math-only"),
                "finite-math folding",
                "gcc -ffinite-math-only folds a NaN test away"),
        /** clang-19 one ULP off everywhere: a contracted a*b+c. */
        CONTRACTION(
                RootCause.Kind.FLAGS,
                "clang-19 O0",
                List.of("-ffp-contract=on"),
                "contraction",
                "clang-19 contracts a*b+c into an FMA");

        final RootCause.Kind kind;
        final String family;
        final List<String> flags;
        final String operation;
        final String title;

        Plant(RootCause.Kind kind, String family, List<String> flags, String operation, String title) {
            this.kind = kind;
            this.family = family;
            this.flags = flags;
            this.operation = operation;
            this.title = title;
        }

        String key() {
            return RootCause.keyOf(kind, family, flags, null, operation, null);
        }
    }

    /** A night: one program per plant (named {@code night-i}), two inputs each, gcc and clang-19 at O0 and O3_FM. */
    static CampaignView night(String name, List<Plant> plants) {
        Map<String, ProgramInfo> infos = new LinkedHashMap<>();
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < plants.size(); i++) {
            String id = String.format("%s-%02d", name.replaceAll("[^0-9]", ""), i);
            infos.put(
                    id,
                    new ProgramInfo(
                            id,
                            Precision.FP64,
                            null,
                            List.of(new Input(List.of("0x1p+0")), new Input(List.of("0x1p+1")))));
            for (int in = 0; in < 2; in++) {
                double truth = 1.0 + i + in / 4.0;
                for (String tc : List.of("gcc", "clang-19")) {
                    for (String opt : List.of("O0", "O3_FM")) {
                        double v = truth;
                        Plant p = plants.get(i);
                        if (p == Plant.REASSOCIATION && tc.equals("gcc") && opt.equals("O3_FM"))
                            v = Math.nextUp(Math.nextUp(Math.nextUp(truth)));
                        if (p == Plant.FINITE_MATH && tc.equals("gcc") && opt.equals("O3_FM")) v = Double.NaN;
                        if (p == Plant.CONTRACTION && tc.equals("clang-19")) v = Math.nextUp(truth);
                        out.add(new Outcome(
                                id, in, tc, opt, Status.OK, org.fparity.ir.HexFloat.format(v), null, tc + "@h", 10));
                    }
                }
            }
        }
        return new CampaignView(
                name, Map.of("hostname", "h"), Map.of("gcc", "gcc 12", "clang-19", "clang 19"), infos, out);
    }

    /** The night written as a campaign folder under {@code root}, triaged (causes.json) when {@code triaged}. */
    static Path write(Path root, String name, List<Plant> plants, boolean triaged) {
        CampaignView v = night(name, plants);
        Path dir = CampaignFixtures.write(v, root.resolve(name));
        if (triaged) triage(v, plants).write(dir);
        return dir;
    }

    /** causes.json for a night: each planted program's discrepancy ids under its plant's cause, ranked by cases. */
    static Causes triage(CampaignView v, List<Plant> plants) {
        Findings f = Comparer.compare(v);
        Map<Plant, List<String>> ids = new LinkedHashMap<>();
        Map<Plant, java.util.Set<String>> cases = new LinkedHashMap<>();
        int triaged = 0;
        for (Discrepancy d : f.discrepancies()) {
            Plant p = plants.get(
                    Integer.parseInt(d.program().substring(d.program().lastIndexOf('-') + 1)));
            ids.computeIfAbsent(p, k -> new ArrayList<>()).add(CauseVerdict.idOf(d));
            cases.computeIfAbsent(p, k -> new java.util.TreeSet<>()).add(d.program() + "/" + d.input());
            triaged++;
        }
        List<RootCause> causes = new ArrayList<>();
        ids.forEach((p, list) -> causes.add(new RootCause(
                null,
                p.kind,
                p.family,
                p.flags,
                null,
                p.operation,
                null,
                null,
                p.title,
                cases.get(p).size(),
                list,
                list.getFirst(),
                null)));
        causes.sort(
                java.util.Comparator.comparingInt(RootCause::cases).reversed().thenComparing(RootCause::key));
        return new Causes(triaged, 0, causes);
    }
}
