package org.fparity.flip;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;

/**
 * How a platform evaluates the volatile expressions of a program (the paper's "expression evaluation model"), as
 * data: the association order of every sum chain, which products fuse into which additions, and the fast-math
 * rewrites it does predictably.
 *
 * @param name            the model's name ({@code gcc@O0}, {@code strided4} …)
 * @param order           association order of each chain of {@code +}/{@code -}
 * @param lanes           number of lanes for {@link Order#STRIDED} (k-lane strided reduction), else 0
 * @param contraction     which products fuse into an adjacent addition
 * @param crossStatements whether chains and contraction reach through values stored in variables (gcc works on
 *                        SSA form and does; clang's {@code -ffp-contract=on} and OpenCL's FP_CONTRACT stay inside one
 *                        expression)
 * @param reciprocal      division by a literal becomes multiplication by its rounded reciprocal (gcc/clang
 *                        {@code -freciprocal-math}, part of {@code -ffast-math})
 * @param description     what real toolchain behaviour it stands for
 */
public record EvaluationModel(
        String name,
        Order order,
        int lanes,
        Contraction contraction,
        boolean crossStatements,
        boolean reciprocal,
        String description) {

    /** Association order of one sum chain {@code t1 ± t2 ± … ± tn}. */
    public enum Order {
        /** As the source tree says (C's left-to-right for an unparenthesised chain). */
        WRITTEN,
        /** ((t1 + t2) + t3) + … regardless of the source's parentheses. */
        LEFT,
        /** t1 + (t2 + (… + tn)). */
        RIGHT,
        /** Recursive halves: (t1 + t2) + (t3 + t4) … */
        PAIRWISE,
        /** k lanes, lane j sums t_j, t_{j+k}, … left to right; the lanes are then added pairwise (a vectorised reduction). */
        STRIDED
    }

    /** Which product of {@code a*b ± c*d} fuses when both could. */
    public enum Contraction {
        /** No fused multiply-add. */
        NONE,
        /** The left operand's product fuses when it is a product, else the right's (gcc's and LLVM's habit). */
        LEFT_FIRST,
        /** The right operand's product fuses when it is a product, else the left's. */
        RIGHT_FIRST
    }

    /** The named models: fparity's toolchains as far as their evaluation order is predictable, plus the paper's variants. */
    public static final Map<String, EvaluationModel> NAMED = named();

    private static Map<String, EvaluationModel> named() {
        Map<String, EvaluationModel> m = new LinkedHashMap<>();
        add(
                m,
                new EvaluationModel(
                        "ieee",
                        Order.WRITTEN,
                        0,
                        Contraction.NONE,
                        false,
                        false,
                        "the source's order, every operation rounded: gcc@O0..O3 on x86-64 without FMA, clang, java"));
        add(
                m,
                new EvaluationModel(
                        "gcc-fma",
                        Order.WRITTEN,
                        0,
                        Contraction.LEFT_FIRST,
                        true,
                        false,
                        "gcc -march=native -ffp-contract=fast at O1+: any product feeding an addition fuses, across statements"));
        add(
                m,
                new EvaluationModel(
                        "gcc-fma-right",
                        Order.WRITTEN,
                        0,
                        Contraction.RIGHT_FIRST,
                        true,
                        false,
                        "as gcc-fma, the other product of a*b - c*d fused"));
        add(
                m,
                new EvaluationModel(
                        "clang-contract",
                        Order.WRITTEN,
                        0,
                        Contraction.LEFT_FIRST,
                        false,
                        false,
                        "clang / PoCL / nvcc --fmad=true: contraction inside one expression only"));
        add(
                m,
                new EvaluationModel(
                        "clang-contract-right",
                        Order.WRITTEN,
                        0,
                        Contraction.RIGHT_FIRST,
                        false,
                        false,
                        "contraction inside one expression, right product first"));
        add(
                m,
                new EvaluationModel(
                        "right-to-left",
                        Order.RIGHT,
                        0,
                        Contraction.NONE,
                        true,
                        false,
                        "every chain summed right to left"));
        add(
                m,
                new EvaluationModel(
                        "pairwise", Order.PAIRWISE, 0, Contraction.NONE, true, false, "every chain summed pairwise"));
        add(
                m,
                new EvaluationModel(
                        "strided4",
                        Order.STRIDED,
                        4,
                        Contraction.NONE,
                        true,
                        true,
                        "gcc -O3 -ffast-math with 4-lane vectors: 4 partial sums, reciprocal of constants"));
        add(
                m,
                new EvaluationModel(
                        "strided8",
                        Order.STRIDED,
                        8,
                        Contraction.NONE,
                        true,
                        true,
                        "8 partial sums (AVX-512 / 8-lane reductions)"));
        add(
                m,
                new EvaluationModel(
                        "strided4-fma",
                        Order.STRIDED,
                        4,
                        Contraction.LEFT_FIRST,
                        true,
                        true,
                        "4 lanes with contraction: gcc-fma -O3 -ffast-math"));
        add(
                m,
                new EvaluationModel(
                        "pairwise-fma",
                        Order.PAIRWISE,
                        0,
                        Contraction.LEFT_FIRST,
                        true,
                        false,
                        "pairwise with contraction: a GPU reduction tree with --fmad=true"));
        return java.util.Collections.unmodifiableMap(m);
    }

    private static void add(Map<String, EvaluationModel> m, EvaluationModel e) {
        m.put(e.name(), e);
    }

    /** Models by name, comma-separated; {@code all} for every named model. */
    public static List<EvaluationModel> parse(String spec) {
        if (spec == null || spec.isBlank() || spec.equals("all")) return List.copyOf(NAMED.values());
        List<EvaluationModel> out = new java.util.ArrayList<>();
        for (String n : spec.split(",")) {
            EvaluationModel m = NAMED.get(n.strip());
            if (m == null)
                throw new FparityError("unknown evaluation model '" + n.strip() + "' (known: "
                        + String.join(", ", NAMED.keySet()) + ")");
            out.add(m);
        }
        return out;
    }

    /** The model that stands for a real platform {@code toolchain@opt}, as far as fparity can predict it. */
    public static EvaluationModel forPlatform(String toolchain, String opt) {
        boolean fast = opt.equals("O3_FM");
        if (toolchain.startsWith("gcc-fma"))
            return NAMED.get(opt.equals("O0") ? "ieee" : fast ? "strided4-fma" : "gcc-fma");
        if (toolchain.startsWith("pocl")) return NAMED.get("clang-contract");
        if (toolchain.startsWith("nvcc") || toolchain.startsWith("hip")) return NAMED.get("clang-contract");
        return NAMED.get(fast ? "strided4" : "ieee");
    }
}
