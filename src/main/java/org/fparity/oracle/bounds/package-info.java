/**
 * Rounding-error bounds: {@link org.fparity.oracle.bounds.Bounds} (γ_n, Lemma 2.2's p_b, Higham–Mary, Lemmas
 * 3.1–3.6, Theorems 3.7–3.10 of Bhola &amp; Duraisamy) and {@link org.fparity.oracle.bounds.Experiments}, the paper's
 * Figs. 5 and 6 on the CPU, with {@link org.fparity.oracle.bounds.EdfPlot} for an SVG of the distributions.
 */
package org.fparity.oracle.bounds;
