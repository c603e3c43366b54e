package org.fparity.ir;

/**
 * An addition or subtraction with one product operand, read as one fused multiply-add {@code fma(x, y, z)}:
 * {@code a*b + c} and {@code c + a*b} are {@code fma(a, b, c)}, {@code a*b - c} is {@code fma(a, b, -c)} and
 * {@code c - a*b} is {@code fma(-a, b, c)} (negation is exact, so the sign goes on an operand).
 *
 * @param x       the product's left factor
 * @param y       the product's right factor
 * @param z       the addend
 * @param negateX x enters negated
 * @param negateZ z enters negated
 */
public record FusedAdd(Expr x, Expr y, Expr z, boolean negateX, boolean negateZ) {
    /** {@code sum} (ADD or SUB) with its left ({@code leftProduct}) or right operand, a product, fused. */
    public static FusedAdd of(Expr.Bin sum, boolean leftProduct) {
        Expr p = leftProduct ? sum.left() : sum.right();
        while (p instanceof Expr.Paren pe) p = pe.inner();
        if (!(p instanceof Expr.Bin prod) || prod.op() != Expr.BinOp.MUL)
            throw new IllegalArgumentException("the fused operand is not a product: " + p);
        boolean sub = sum.op() == Expr.BinOp.SUB;
        return new FusedAdd(
                prod.left(),
                prod.right(),
                leftProduct ? sum.right() : sum.left(),
                sub && !leftProduct,
                sub && leftProduct);
    }
}
