package org.fparity.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Recursive-descent parser of the canonical text form, so programs can be written by hand (corpora, tests). */
final class ProgramParser {
    private final List<String> toks = new ArrayList<>();
    private final List<Integer> lines = new ArrayList<>();
    /** Each token's column (1-based), for errors that say where. */
    private final List<Integer> columns = new ArrayList<>();

    private int pos;
    /** How many blocks, conditions and expressions enclose the parser now: bounded, so the recursion is. */
    private int nest;

    private Precision precision = Precision.FP64;

    ProgramParser(String text) {
        tokenize(text);
    }

    private void tokenize(String s) {
        int line = 1;
        int lineStart = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = i + 1;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                while (i < s.length() && s.charAt(i) != '\n') i++;
                continue;
            }
            int start = i;
            if (Character.isLetter(c) || c == '_') {
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1)))) {
                boolean hex = c == '0' && i + 1 < s.length() && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X');
                i += hex ? 2 : 0;
                if (!hex) i++; // the first digit (or '.'): nothing before it belongs to the number
                while (i < s.length()) {
                    char d = s.charAt(i);
                    char prev = s.charAt(i - 1);
                    boolean expSign = (d == '+' || d == '-')
                            && (hex ? (prev == 'p' || prev == 'P') : (prev == 'e' || prev == 'E'));
                    if (Character.isLetterOrDigit(d) || d == '.' || expSign) i++;
                    else break;
                }
            } else {
                String two = i + 1 < s.length() ? s.substring(i, i + 2) : "";
                if (List.of("==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "++")
                        .contains(two)) i += 2;
                else i++;
            }
            toks.add(s.substring(start, i));
            lines.add(line);
            columns.add(start - lineStart + 1);
        }
    }

    Program program() {
        expect("program");
        String prec = next();
        try {
            precision = Precision.parseProgram(prec);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
        // "array N" is optional: without it, the arrays' own [N] say the length (none: 0)
        int arrayLength = accept("array") ? integer() : -1;
        expect("compute");
        expect("(");
        List<Param> params = new ArrayList<>();
        while (!peek(")")) {
            if (!params.isEmpty()) expect(",");
            String type = next();
            String name = name();
            if (type.equals("int")) {
                params.add(new Param(Param.Kind.INT, name));
            } else if (type.equals(precision.cType())) {
                if (accept("[")) {
                    int n = integer();
                    if (arrayLength < 0) arrayLength = n;
                    if (n != arrayLength)
                        throw errorAt(pos - 1, "array " + name + " has length " + n + ", program says " + arrayLength);
                    expect("]");
                    // "each": one input value per element; without it, one value fills the array (Varity)
                    params.add(new Param(accept("each") ? Param.Kind.FP_ELEMENTS : Param.Kind.FP_ARRAY, name));
                } else {
                    params.add(new Param(Param.Kind.FP, name));
                }
            } else {
                throw error("expected int or " + precision.cType() + ", found '" + type + "'");
            }
        }
        expect(")");
        List<Stmt> body = block();
        if (pos < toks.size()) throw error("unexpected '" + toks.get(pos) + "' after the program");
        Program p = new Program(precision, Math.max(0, arrayLength), params, body);
        Validator.validate(p);
        return p;
    }

    private List<Stmt> block() {
        return nested(this::blockBody);
    }

    /**
     * One level deeper; refused past {@link Program#MAX_DEPTH} (as JSON parsers limit nesting) so that a hostile
     * program (30,000 nested brackets) is one line of error, not a stack overflow here or in any later tree walk.
     */
    private <T> T nested(java.util.function.Supplier<T> level) {
        if (++nest > Program.MAX_DEPTH) {
            nest = 0;
            int line = lines.isEmpty() ? 1 : lines.get(Math.min(pos, lines.size() - 1));
            throw new TooDeep("line " + line + ": program nested too deeply: more than " + Program.MAX_DEPTH
                    + " levels of blocks, brackets or operators");
        }
        try {
            return level.get();
        } finally {
            nest--;
        }
    }

    private List<Stmt> blockBody() {
        expect("{");
        List<Stmt> out = new ArrayList<>();
        while (!accept("}")) {
            if (pos >= toks.size()) throw error("missing '}'");
            out.add(stmt());
        }
        return out;
    }

    private Stmt stmt() {
        if (accept(precision.cType())) {
            String name = name();
            expect("=");
            Expr init = expr();
            expect(";");
            return new Stmt.Decl(name, init);
        }
        if (accept("if")) {
            expect("(");
            Cond c = cond();
            expect(")");
            List<Stmt> then = block();
            List<Stmt> otherwise = accept("else") ? block() : List.of();
            return new Stmt.If(c, then, otherwise);
        }
        if (accept("for")) {
            expect("(");
            expect("int");
            String v = name();
            expect("=");
            expect("0");
            expect(";");
            expectName(v);
            expect("<");
            String bound = name();
            expect(";");
            expect("++");
            expectName(v);
            expect(")");
            return new Stmt.For(v, bound, block());
        }
        LValue target = lvalue();
        String op = next();
        Stmt.AssignOp aop;
        try {
            aop = Stmt.AssignOp.bySymbol(op);
        } catch (IllegalArgumentException e) {
            pos--;
            throw error("expected an assignment operator, found '" + op + "'");
        }
        Expr value = expr();
        expect(";");
        return new Stmt.Assign(target, aop, value);
    }

    private LValue lvalue() {
        String name = name();
        if (peek("[")) return elem(name);
        return new Expr.Var(name);
    }

    private Expr.Elem elem(String array) {
        expect("[");
        String t = next();
        Index idx;
        if (Character.isDigit(t.charAt(0))) {
            idx = new Index.Const(parseInt(t));
        } else {
            idx = new Index.Loop(t);
        }
        expect("]");
        return new Expr.Elem(array, idx);
    }

    private Cond cond() {
        return nested(this::condBody);
    }

    private Cond condBody() {
        Cond c = andCond();
        while (accept("||")) c = new Cond.Or(c, andCond());
        return c;
    }

    private Cond andCond() {
        Cond c = unaryCond();
        while (accept("&&")) c = new Cond.And(c, unaryCond());
        return c;
    }

    private Cond unaryCond() {
        if (accept("!")) {
            expect("(");
            Cond c = cond();
            expect(")");
            return new Cond.Not(c);
        }
        if (peek("(")) {
            int save = pos;
            try {
                pos++;
                Cond c = cond();
                expect(")");
                if (pos >= toks.size() || !isExprContinuation(toks.get(pos))) return c;
            } catch (IllegalArgumentException e) {
                // not a parenthesised condition: reparse as a comparison starting with a parenthesised expression
            }
            pos = save;
        }
        Expr l = expr();
        String op = next();
        Cond.CmpOp cop;
        try {
            cop = Cond.CmpOp.bySymbol(op);
        } catch (IllegalArgumentException e) {
            pos--;
            throw error("expected a comparison, found '" + op + "'");
        }
        return new Cond.Cmp(cop, l, expr());
    }

    private static boolean isExprContinuation(String t) {
        return List.of("==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/").contains(t);
    }

    private Expr expr() {
        return nested(this::exprBody);
    }

    private Expr exprBody() {
        Expr e = term();
        while (peek("+") || peek("-")) e = Expr.bin(Expr.BinOp.bySymbol(next()), e, term());
        return e;
    }

    private Expr term() {
        Expr e = unary();
        while (peek("*") || peek("/")) e = Expr.bin(Expr.BinOp.bySymbol(next()), e, unary());
        return e;
    }

    private Expr unary() {
        if (accept("-")) {
            if (pos < toks.size() && isNumber(toks.get(pos))) return new Expr.Lit(-number(next()));
            return nested(() -> Expr.neg(unary()));
        }
        return primary();
    }

    private Expr primary() {
        String t = next();
        if (t.equals("(")) {
            Expr e = expr();
            expect(")");
            return new Expr.Paren(e);
        }
        if (isNumber(t)) return new Expr.Lit(number(t));
        if (!isName(t)) {
            pos--;
            throw error("expected an expression, found '" + t + "'");
        }
        if (peek("[")) return elem(t);
        if (accept("(")) {
            MathFn fn = MathFn.byName(t).orElseThrow(() -> {
                pos -= 2;
                return error("unknown math function '" + t + "'");
            });
            List<Expr> args = new ArrayList<>();
            for (int i = 0; i < fn.arity(); i++) {
                if (i > 0) expect(",");
                if (fn.args().get(i) == MathFn.Arg.INT) {
                    boolean neg = accept("-");
                    int v = integer();
                    args.add(new Expr.IntLit(neg ? -v : v));
                } else {
                    args.add(expr());
                }
            }
            expect(")");
            return new Expr.Call(fn, args);
        }
        return new Expr.Var(t);
    }

    private double number(String t) {
        try {
            double v = HexFloat.parse(t);
            if (precision == Precision.FP32 && !t.toLowerCase(Locale.ROOT).endsWith("f")) {
                // an unsuffixed literal in an FP32 program is a double in C: refuse rather than guess
                throw error("literal " + t + " in an fp32 program needs the f suffix");
            }
            if (!precision.representable(v)) throw error("literal " + t + " is not exactly a " + precision.cType());
            return v;
        } catch (NumberFormatException e) {
            pos--;
            throw error("bad number '" + t + "'");
        }
    }

    private static boolean isNumber(String t) {
        return Character.isDigit(t.charAt(0)) || (t.charAt(0) == '.' && t.length() > 1);
    }

    private static boolean isName(String t) {
        return Character.isLetter(t.charAt(0)) || t.charAt(0) == '_';
    }

    private int integer() {
        return parseInt(next());
    }

    private int parseInt(String t) {
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            pos--;
            throw error("expected an integer, found '" + t + "'");
        }
    }

    private String name() {
        String t = next();
        if (!isName(t)) {
            pos--;
            throw error("expected a name, found '" + t + "'");
        }
        return t;
    }

    private void expectName(String v) {
        String t = next();
        if (!t.equals(v)) {
            pos--;
            throw error("loop must use its own variable '" + v + "', found '" + t + "'");
        }
    }

    private String next() {
        if (pos >= toks.size()) throw error("unexpected end of program");
        return toks.get(pos++);
    }

    private boolean peek(String t) {
        return pos < toks.size() && toks.get(pos).equals(t);
    }

    private boolean accept(String t) {
        if (peek(t)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String t) {
        if (!accept(t)) {
            String found = pos < toks.size() ? "'" + toks.get(pos) + "'" : "end of program";
            throw error("expected '" + t + "', found " + found);
        }
    }

    /** An error at the current token: {@code line 3, column 7: …} (at the end of the text: after its last token). */
    private IllegalArgumentException error(String msg) {
        return errorAt(pos, msg);
    }

    /** An error at token {@code at}. */
    private IllegalArgumentException errorAt(int at, String msg) {
        if (lines.isEmpty()) return new IllegalArgumentException("line 1, column 1: " + msg);
        int k = Math.min(at, lines.size() - 1);
        int column = columns.get(k) + (at >= toks.size() ? toks.get(k).length() : 0);
        return new IllegalArgumentException("line " + lines.get(k) + ", column " + column + ": " + msg);
    }
}
