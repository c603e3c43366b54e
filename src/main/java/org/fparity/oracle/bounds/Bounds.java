package org.fparity.oracle.bounds;

/**
 * Rounding-error bounds of Bhola & Duraisamy, "Deterministic and probabilistic rounding error analysis for
 * mixed-precision arithmetic on modern computing units" (arXiv:2411.18747): Lemma 2.1 (γ_n), Lemma 2.2 (the
 * variance-informed probability p_b), Lemmas 3.1–3.6 (FMA, mixed-precision FMA) and Theorems 3.7–3.10 (tensor
 * cores), plus Higham & Mary's probabilistic constant. Every constant is a relative forward-error coefficient:
 * the bound is {@code coefficient · (|a||b| + |c|)/|ab + c|} or {@code coefficient · (|A||B|)_ij/|AB|_ij}.
 *
 * <p>Lemma 2.2 as printed does not spell out γ̃_n(λ); we use Higham–Mary's γ̃_n(λ) = exp(λ√n·u + n·u²/(1−u)) − 1,
 * which the variance-informed analysis keeps while replacing the probability with p_b(λ, u, n).
 */
public final class Bounds {
    private Bounds() {}

    /** Unit roundoffs of the formats (round to nearest): 2^-p. */
    public static final double U_FP16 = org.fparity.ir.Precision.FP16.unitRoundoff();

    public static final double U_FP32 = org.fparity.ir.Precision.FP32.unitRoundoff();
    public static final double U_FP64 = org.fparity.ir.Precision.FP64.unitRoundoff();

    public static double unitRoundoff(String precision) {
        return org.fparity.ir.Precision.parse(precision).unitRoundoff();
    }

    /** Lemma 2.1: γ_n = nu/(1−nu); +Inf when nu ≥ 1 (the bound is void). */
    public static double gamma(double n, double u) {
        double nu = n * u;
        return nu < 1 ? nu / (1 - nu) : Double.POSITIVE_INFINITY;
    }

    /** Jeannerod–Rump: |ŝ − xᵀy| ≤ n·u·|x|ᵀ|y| for any n (dot products, recursive summation with n−1). */
    public static double jeannerodRump(double n, double u) {
        return n * u;
    }

    /** Higham–Mary's γ̃_n(λ) = exp(λ√n·u + n·u²/(1−u)) − 1 (also the γ̃ of Lemma 2.2). */
    public static double gammaTilde(double n, double u, double lambda) {
        return Math.expm1(lambda * Math.sqrt(n) * u + n * u * u / (1 - u));
    }

    /** Higham–Mary: P(λ) = 1 − 2·exp(−λ²(1−u)²/2), the probability that |θ_n| ≤ γ̃_n(λ). */
    public static double highamMaryProbability(double u, double lambda) {
        double a = lambda * (1 - u);
        return 1 - 2 * Math.exp(-a * a / 2);
    }

    /**
     * Lemma 2.2's σ² = n·(4u² + κ(log(1−u)² − 2log(1−u)log(1+u) + log(1+u)²))/(4u²), κ = u² − 1: n times the
     * variance of log(1+δ), δ ~ U[−u, u]. Evaluated as printed for u > 1/2; below, the printed form cancels
     * catastrophically in binary64 (1 − (1−u²)(atanh(u)/u)²), so we sum the same quantity's series without
     * cancellation: u²/3 + 7u⁴/45 + …
     */
    public static double sigma2(double n, double u) {
        if (!(u > 0 && u <= 1)) throw new IllegalArgumentException("u must be in (0, 1], got " + u);
        if (u > 0.5) {
            double lm = Math.log1p(-u), lp = Math.log1p(u);
            double kappa = u * u - 1;
            return n * (4 * u * u + kappa * (lm * lm - 2 * lm * lp + lp * lp)) / (4 * u * u);
        }
        // a = atanh(u)/u = Σ u^{2k}/(2k+1); with a1 = a − 1 and b = a1 − u²/3 (both without cancellation):
        // σ²/n = 1 − (1−u²)a² = u²/3 − 2b + 2u²·a1 + u²·a1² − a1²
        double u2 = u * u;
        double b = 0;
        double term = u2 * u2;
        for (int k = 2; k < 200 && term > 0; k++) {
            double t = term / (2 * k + 1);
            b += t;
            if (t < b * 1e-18) break;
            term *= u2;
        }
        double a1 = u2 / 3 + b;
        return n * (u2 / 3 - 2 * b + 2 * u2 * a1 + u2 * a1 * a1 - a1 * a1);
    }

    /** Lemma 2.2: p_b(λ, u, n) = 1 − 2·exp(−λ²nu² / (2(σ² + λ√n·u²/(3(1−u))))). */
    public static double pb(double lambda, double u, double n) {
        double s2 = sigma2(n, u);
        double denom = 2 * (s2 + lambda * Math.sqrt(n) * u * u / (3 * (1 - u)));
        return 1 - 2 * Math.exp(-lambda * lambda * n * u * u / denom);
    }

    // ---- multiply-accumulate d = a·b + c (Lemmas 3.1–3.6); {ab, c} = coefficients of |a||b| and |c| ----

    /** Coefficients of |a||b| and |c| in a MAC bound, and the probability it holds (1 for deterministic bounds). */
    public record Mac(double ab, double c, double probability) {
        /** The relative forward-error bound for one (a, b, c). */
        public double relative(double a, double b, double c) {
            return (ab * Math.abs(a) * Math.abs(b) + this.c * Math.abs(c)) / Math.abs(a * b + c);
        }
    }

    /** Lemma 3.1: FMA, inputs already in the FMA's format: u·(|a||b| + |c|). */
    public static Mac fma(double u) {
        return new Mac(u, u, 1);
    }

    /**
     * Lemma 3.2: FMA with representation error — a, b, c first rounded (unit roundoff uRep, two roundings folded
     * into b), then one FMA rounding u: (u + γ₂ + uγ₂)|a||b| + (uRep + u + uRep·u)|c| (= 2u + u² when uRep = u).
     */
    public static Mac fmaRepresentation(double u, double uRep) {
        double g2 = gamma(2, uRep);
        return new Mac(u + g2 + u * g2, uRep + u + uRep * u, 1);
    }

    /** Lemma 3.3: Lemma 3.2 with γ̃₂(λ), holding with probability p_b(λ, uRep, 2). */
    public static Mac fmaRepresentationProbabilistic(double u, double uRep, double lambda) {
        double g2 = gammaTilde(2, uRep, lambda);
        return new Mac(u + g2 + u * g2, uRep + u + uRep * u, pb(lambda, uRep, 2));
    }

    /** Lemma 3.4: mixed-precision FMA without representation error: ζ(|a||b| + |c|), ζ = ū + u_FMA + ū·u_FMA. */
    public static Mac mpfma(double uBar, double uFma) {
        double zeta = uBar + uFma + uBar * uFma;
        return new Mac(zeta, zeta, 1);
    }

    /** Lemma 3.5: MPFMA with representation error: [γ₂^{u_low} + ζ(1+γ₂^{u_low})]|a||b| + [u_high + ζ(1+u_high)]|c|. */
    public static Mac mpfmaRepresentation(double uLow, double uHigh, double uBar, double uFma) {
        double zeta = uBar + uFma + uBar * uFma;
        double g2 = gamma(2, uLow);
        return new Mac(g2 + zeta * (1 + g2), uHigh + zeta * (1 + uHigh), 1);
    }

    /** Lemma 3.6: Lemma 3.5 with γ̃₂^{u_low}(λ), probability p_b(λ, u_low, 2). */
    public static Mac mpfmaRepresentationProbabilistic(
            double uLow, double uHigh, double uBar, double uFma, double lambda) {
        double zeta = uBar + uFma + uBar * uFma;
        double g2 = gammaTilde(2, uLow, lambda);
        return new Mac(g2 + zeta * (1 + g2), uHigh + zeta * (1 + uHigh), pb(lambda, uLow, 2));
    }

    /**
     * MAC without FMA, fl(fl(a·b) + c) after rounding a, b, c to u (our derivation by Lemma 2.1; the paper plots it
     * but prints no lemma): |a||b| carries four roundings (a, b, ×, +), |c| two (c, +): γ₄|a||b| + γ₂|c|.
     */
    public static Mac macNoFma(double u) {
        return new Mac(gamma(4, u), gamma(2, u), 1);
    }

    /** The same with γ̃₄(λ), γ̃₂(λ); both hold with probability ≥ 1 − (1 − p_b(λ,u,4)) − (1 − p_b(λ,u,2)). */
    public static Mac macNoFmaProbabilistic(double u, double lambda) {
        return new Mac(gammaTilde(4, u, lambda), gammaTilde(2, u, lambda), pb(lambda, u, 4) + pb(lambda, u, 2) - 1);
    }

    // ---- tensor cores (Theorems 3.7–3.10): C = AB, inner dimension n = q·b ----

    /** Theorem 3.7: ζ = γ_{n−1}^{ū} + γ_q^{u_FMA} + γ_{n−1}^{ū}·γ_q^{u_FMA}, q = n/b. */
    public static double tensorCore(long n, int b, double uBar, double uFma) {
        long q = blocks(n, b);
        double g1 = gamma(n - 1, uBar), g2 = gamma(q, uFma);
        return g1 + g2 + g1 * g2;
    }

    /** Theorem 3.8: 2u_low + u_low² + ζ(1 + u_low)², ζ from Theorem 3.7. */
    public static double tensorCoreRepresentation(long n, int b, double uLow, double uBar, double uFma) {
        return 2 * uLow + uLow * uLow + tensorCore(n, b, uBar, uFma) * (1 + uLow) * (1 + uLow);
    }

    /** Theorem 3.9's constant: ζ with γ̃ in place of γ. */
    public static double tensorCoreProbabilistic(long n, int b, double uBar, double uFma, double lambda) {
        long q = blocks(n, b);
        double g1 = gammaTilde(n - 1, uBar, lambda), g2 = gammaTilde(q, uFma, lambda);
        return g1 + g2 + g1 * g2;
    }

    /** Theorem 3.10: 2u_low + u_low² + ζ̃(1 + u_low)². */
    public static double tensorCoreRepresentationProbabilistic(
            long n, int b, double uLow, double uBar, double uFma, double lambda) {
        return 2 * uLow + uLow * uLow + tensorCoreProbabilistic(n, b, uBar, uFma, lambda) * (1 + uLow) * (1 + uLow);
    }

    /**
     * Theorems 3.9/3.10's probability: 1 − m·t·Σ_{i=1..q} Σ_{j=(i−1)b+1..ib} (2 − p_b(λ, ū, c₁) − p_b(λ, u_FMA, c₂)),
     * c₁ = b − ((j−1) mod b) + b(q − max(2,i) + 1), c₂ = q − i + 1. Can be negative (a vacuous union bound).
     */
    public static double tensorCoreProbability(long m, long t, long n, int b, double uBar, double uFma, double lambda) {
        long q = blocks(n, b);
        double sum = 0;
        for (long i = 1; i <= q; i++) {
            double c2 = q - i + 1;
            double fail2 = 1 - pb(lambda, uFma, c2);
            for (long j = (i - 1) * b + 1; j <= i * b; j++) {
                double c1 = b - ((j - 1) % b) + (double) b * (q - Math.max(2, i) + 1);
                sum += (1 - pb(lambda, uBar, c1)) + fail2;
            }
        }
        return 1 - (double) m * t * sum;
    }

    private static long blocks(long n, int b) {
        if (b < 1 || n < 1 || n % b != 0)
            throw new IllegalArgumentException(
                    "the inner dimension n = " + n + " must be a positive multiple of the block b = " + b);
        return n / b;
    }
}
