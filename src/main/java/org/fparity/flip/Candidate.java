package org.fparity.flip;

import java.util.List;
import java.util.Map;

/**
 * An input that Phase II predicts unstable: the interval of the critical comparison over every evaluation model
 * holds both outcomes.
 *
 * @param id           its number in the search (deterministic)
 * @param inputs       the input tokens in parameter order (hex floats, ints in decimal): what every platform runs
 * @param values       each FP input by name
 * @param atom         the critical comparison (index into the condition's comparisons, pre-order)
 * @param left         bounds of the comparison's left side over all models
 * @param right        bounds of its right side
 * @param byModel      per named model: the branch it predicts and the value of {@code left - right} (the critical
 *                     expression) under it, as {@code [taken ? 1 : 0, left, right]}
 * @param pair         two named models that predict different branches, or empty when only the bounds straddle
 * @param calibrations calibration rounds it took (Alg. 2.3)
 * @param cell         the domain cell it came from
 * @param exactCheck   Z3's floating-point theory on the two predicting models: {@code agrees} when it computes the
 *                     same bits as the evaluator, else what differed or why it could not check
 */
public record Candidate(
        int id,
        List<String> inputs,
        Map<String, Double> values,
        int atom,
        Interval left,
        Interval right,
        Map<String, double[]> byModel,
        List<String> pair,
        int calibrations,
        String cell,
        String exactCheck) {}
