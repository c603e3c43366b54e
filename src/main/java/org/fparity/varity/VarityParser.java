package org.fparity.varity;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Index;
import org.fparity.ir.LValue;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.fparity.ir.Validator;
import org.fparity.varity.CLexer.Kind;
import org.fparity.varity.CLexer.Token;

/**
 * Recursive-descent parser of the C / CUDA / HIP files Varity generates (its {@code gen_program.py}, upstream and the
 * HIP fork): {@code compute} becomes an IR {@link Program}; {@code initPointer} gives the array length; {@code main}
 * gives which {@code argv} entry feeds which parameter. Anything outside that dialect is a {@link VarityFormatException}
 * naming the line and the construct, never a guess.
 */
public final class VarityParser {
    private static final Set<String> MAIN_CALLS_IGNORED =
            Set.of("cudaDeviceSynchronize", "hipDeviceSynchronize", "cudaFree", "hipFree", "free");

    private final List<Token> toks;
    private int pos;
    private Precision precision;
    private Program compute;
    private List<Param> computeParams;
    private Map<String, String> computeParamTypes;
    private Integer arrayLength;
    private boolean deviceArrays;
    private List<Integer> argvIndex;
    private String dialect = "C";

    // compute's scopes: C name → IR name (loop variables and temporaries Varity shadows get fresh names)
    private final Deque<Map<String, String>> scopes = new ArrayDeque<>();
    private final Set<String> declared = new HashSet<>();
    private final Set<String> allNames = new HashSet<>();
    private final Set<String> loopVars = new HashSet<>();

    private VarityParser(String text) {
        this.toks = CLexer.tokens(text);
        for (Token t : toks) if (t.kind() == Kind.NAME) allNames.add(t.text());
    }

    /** Parses one Varity test file; throws {@link VarityFormatException} with the line and reason. */
    public static VaritySource parse(String text) {
        return new VarityParser(text).unit();
    }

    private VaritySource unit() {
        Map<String, Integer> seen = new LinkedHashMap<>();
        while (peek().kind() != Kind.END) {
            if (peek().kind() == Kind.PREPROCESSOR) {
                Token t = next();
                if (!t.text().startsWith("#include"))
                    throw fail(t, "preprocessor directive '" + t.text() + "' is outside Varity's dialect");
                continue;
            }
            Token start = peek();
            String name = function();
            if (seen.put(name, start.line()) != null) throw fail(start, "function '" + name + "' defined twice");
        }
        if (compute == null) throw new VarityFormatException(0, "no compute kernel");
        if (argvIndex == null)
            throw new VarityFormatException(0, "no main: cannot tell which argv value feeds which parameter");
        boolean arrays = compute.params().stream().anyMatch(p -> p.kind() == Param.Kind.FP_ARRAY);
        if (arrays && arrayLength == null)
            throw new VarityFormatException(0, "array parameters but no initPointer giving their length");
        // Varity writes initPointer into every test, arrays or not: its size is the program's array length either way
        Program p = new Program(precision, arrayLength == null ? 0 : arrayLength, compute.params(), compute.body());
        try {
            Validator.validate(p);
        } catch (IllegalArgumentException e) {
            throw new VarityFormatException(0, "kernel breaks an IR rule: " + e.getMessage());
        }
        return new VaritySource(p, argvIndex, dialect, deviceArrays && arrays);
    }

    /** One function definition; returns its name. */
    private String function() {
        boolean global = accept("__global__");
        List<String> type = new ArrayList<>();
        while (peek().kind() == Kind.NAME && !peekAt(1).is("(")) type.add(next().text());
        while (accept("*")) type.add("*");
        Token nameTok = expectName();
        String name = nameTok.text();
        if (type.isEmpty()) throw fail(nameTok, "function '" + name + "' has no return type");
        switch (name) {
            case "compute" -> {
                if (!type.equals(List.of("void")))
                    throw fail(nameTok, "compute must return void, returns " + String.join(" ", type));
                if (global) dialect = "CUDA";
                computeFunction(nameTok);
            }
            case "initPointer" -> initPointer(nameTok);
            case "main" -> mainFunction();
            default ->
                throw fail(nameTok, "function '" + name + "' is outside Varity's dialect (compute, initPointer, main)");
        }
        return name;
    }

    // ---------------------------------------------------------------- compute

    private void computeFunction(Token nameTok) {
        expect("(");
        computeParams = new ArrayList<>();
        computeParamTypes = new HashMap<>();
        Map<String, String> top = new HashMap<>();
        while (!accept(")")) {
            if (!computeParams.isEmpty()) expect(",");
            Token typeTok = expectName();
            String t = typeTok.text();
            if (computeParams.isEmpty()) {
                if (!t.equals("double") && !t.equals("float"))
                    throw fail(typeTok, "the first parameter of compute must be double or float comp");
                precision = t.equals("float") ? Precision.FP32 : Precision.FP64;
            }
            boolean pointer = accept("*");
            Token n = expectName();
            Param.Kind kind;
            if (t.equals("int") && !pointer) kind = Param.Kind.INT;
            else if (t.equals(precision.cType())) kind = pointer ? Param.Kind.FP_ARRAY : Param.Kind.FP;
            else
                throw fail(
                        typeTok,
                        "parameter type '" + t + (pointer ? "*" : "") + "' in a " + precision.cType()
                                + " program is outside Varity's dialect");
            if (computeParams.isEmpty() && !n.text().equals(Param.COMP))
                throw fail(n, "the first parameter of compute must be comp");
            if (top.put(n.text(), n.text()) != null) throw fail(n, "parameter '" + n.text() + "' declared twice");
            declared.add(n.text());
            computeParams.add(new Param(kind, n.text()));
            computeParamTypes.put(n.text(), t + (pointer ? "*" : ""));
        }
        scopes.push(top);
        expect("{");
        List<Stmt> body = new ArrayList<>();
        boolean printed = false;
        while (!accept("}")) {
            if (peek().is("printf")) {
                printf();
                printed = true;
                continue;
            }
            if (printed) throw fail(peek(), "statement after the final printf");
            body.add(stmt());
        }
        scopes.pop();
        if (!printed) throw fail(nameTok, "compute does not print comp (no printf(\"%.17g\\n\", comp))");
        // the array length is filled in from initPointer once the whole file is read
        compute = new Program(precision, 0, computeParams, body);
    }

    private void printf() {
        Token t = next();
        expect("(");
        Token fmt = next();
        if (fmt.kind() != Kind.STRING || !fmt.text().equals("\"%.17g\\n\"")) {
            throw fail(fmt, "printf format " + fmt.text() + " is not Varity's \"%.17g\\n\"");
        }
        expect(",");
        Token v = expectName();
        if (!v.text().equals(Param.COMP)) throw fail(v, "printf prints '" + v.text() + "', not comp");
        expect(")");
        expect(";");
        if (scopes.size() != 1) throw fail(t, "printf inside a block");
    }

    private List<Stmt> block() {
        expect("{");
        scopes.push(new HashMap<>());
        List<Stmt> out = new ArrayList<>();
        while (!accept("}")) {
            if (peek().kind() == Kind.END) throw fail(peek(), "missing '}'");
            if (peek().is("printf")) throw fail(peek(), "printf inside a block");
            out.add(stmt());
        }
        scopes.pop();
        return out;
    }

    private Stmt stmt() {
        Token t = peek();
        if (t.kind() == Kind.NAME
                && (t.text().equals("double")
                        || t.text().equals("float")
                        || t.text().equals("int"))) {
            next();
            if (!t.text().equals(precision.cType()))
                throw fail(
                        t,
                        "a " + t.text() + " temporary in a " + precision.cType()
                                + " program is outside Varity's dialect");
            Token n = expectName();
            expect("=");
            Expr init = expr();
            expect(";");
            return new Stmt.Decl(declare(n), init);
        }
        if (accept("if")) {
            expect("(");
            Cond c = cond();
            expect(")");
            List<Stmt> then = block();
            List<Stmt> otherwise = accept("else") ? block() : List.of();
            return new Stmt.If(c, then, otherwise);
        }
        if (accept("for")) return forLoop(t);
        if (t.is("while")
                || t.is("do")
                || t.is("return")
                || t.is("break")
                || t.is("continue")
                || t.is("goto")
                || t.is("switch")) {
            throw fail(t, "'" + t.text() + "' is outside Varity's dialect");
        }
        LValue target = lvalue();
        Token op = next();
        Stmt.AssignOp aop = switch (op.text()) {
            case "=" -> Stmt.AssignOp.SET;
            case "+=" -> Stmt.AssignOp.ADD;
            case "-=" -> Stmt.AssignOp.SUB;
            case "*=" -> Stmt.AssignOp.MUL;
            case "/=" -> Stmt.AssignOp.DIV;
            default -> throw fail(op, "expected an assignment, found '" + op.text() + "'");
        };
        Expr value = expr();
        expect(";");
        return new Stmt.Assign(target, aop, value);
    }

    private Stmt forLoop(Token forTok) {
        expect("(");
        expect("int");
        Token v = expectName();
        expect("=");
        Token zero = next();
        if (!zero.is("0")) throw fail(zero, "loops must start at 0, this one starts at " + zero.text());
        expect(";");
        Token v2 = expectName();
        if (!v2.text().equals(v.text()))
            throw fail(v2, "loop condition tests '" + v2.text() + "', not the loop variable '" + v.text() + "'");
        expect("<");
        Token bound = expectName();
        String boundName = resolve(bound);
        if (!"int".equals(computeParamTypes.get(boundName)))
            throw fail(bound, "loop bound '" + bound.text() + "' is not an int parameter");
        expect(";");
        boolean pre = accept("++");
        Token v3 = expectName();
        if (!pre && !accept("++")) throw fail(v3, "loops must step by ++");
        if (!v3.text().equals(v.text()))
            throw fail(v3, "loop steps '" + v3.text() + "', not the loop variable '" + v.text() + "'");
        expect(")");
        scopes.push(new HashMap<>());
        String irName = declare(v);
        loopVars.add(irName);
        List<Stmt> body = block();
        scopes.pop();
        return new Stmt.For(irName, boundName, body);
    }

    /** Declares a C name in the innermost scope; a name C would shadow or reuse gets a fresh IR name (no shadowing in IR). */
    private String declare(Token n) {
        String name = n.text();
        if (scopes.peek().containsKey(name)) throw fail(n, "'" + name + "' declared twice in one block");
        String ir = name;
        if (declared.contains(ir)) {
            int k = 1;
            while (allNames.contains(name + "_" + k) || declared.contains(name + "_" + k)) k++;
            ir = name + "_" + k;
        }
        declared.add(ir);
        scopes.peek().put(name, ir);
        return ir;
    }

    private String resolve(Token n) {
        for (Map<String, String> s : scopes) {
            String ir = s.get(n.text());
            if (ir != null) return ir;
        }
        throw fail(n, "'" + n.text() + "' is not declared");
    }

    private LValue lvalue() {
        Token n = expectName();
        String ir = resolve(n);
        if (peek().is("[")) return elem(n, ir);
        return new Expr.Var(ir);
    }

    private Expr.Elem elem(Token arrayTok, String array) {
        if (!computeParamTypes.getOrDefault(array, "").endsWith("*"))
            throw fail(arrayTok, "'" + arrayTok.text() + "' is indexed but is not an array parameter");
        expect("[");
        Token i = next();
        Index idx;
        if (i.kind() == Kind.NUMBER) {
            try {
                idx = new Index.Const(Integer.parseInt(i.text()));
            } catch (NumberFormatException e) {
                throw fail(i, "array index '" + i.text() + "' is not an int constant");
            }
        } else if (i.kind() == Kind.NAME) {
            String v = resolve(i);
            if (!loopVars.contains(v)) throw fail(i, "array index '" + i.text() + "' is not a loop variable");
            idx = new Index.Loop(v);
        } else {
            throw fail(i, "array index '" + i.text() + "' is outside Varity's dialect");
        }
        expect("]");
        return new Expr.Elem(array, idx);
    }

    private Cond cond() {
        Expr l = expr();
        Token op = next();
        Cond.CmpOp cop = switch (op.text()) {
            case "==" -> Cond.CmpOp.EQ;
            case "!=" -> Cond.CmpOp.NE;
            case "<" -> Cond.CmpOp.LT;
            case "<=" -> Cond.CmpOp.LE;
            case ">" -> Cond.CmpOp.GT;
            case ">=" -> Cond.CmpOp.GE;
            default -> throw fail(op, "expected a comparison, found '" + op.text() + "'");
        };
        Expr r = expr();
        if (peek().is("&&") || peek().is("||"))
            throw fail(peek(), "'" + peek().text() + "' is outside Varity's dialect");
        return new Cond.Cmp(cop, l, r);
    }

    private Expr expr() {
        Expr e = term();
        while (peek().is("+") || peek().is("-")) {
            Expr.BinOp op = next().is("+") ? Expr.BinOp.ADD : Expr.BinOp.SUB;
            e = Expr.bin(op, e, term());
        }
        return e;
    }

    private Expr term() {
        Expr e = unary();
        while (peek().is("*") || peek().is("/")) {
            Expr.BinOp op = next().is("*") ? Expr.BinOp.MUL : Expr.BinOp.DIV;
            e = Expr.bin(op, e, unary());
        }
        return e;
    }

    private Expr unary() {
        if (peek().is("-") || peek().is("+")) {
            boolean minus = next().is("-");
            if (peek().kind() == Kind.NUMBER) {
                double v = literal(next());
                return new Expr.Lit(minus ? -v : v);
            }
            // unary plus on a value changes nothing in C; unary minus is a negation
            Expr operand = unary();
            return minus ? Expr.neg(operand) : operand;
        }
        return primary();
    }

    private Expr primary() {
        Token t = next();
        if (t.is("(")) {
            if (peek().kind() == Kind.NAME && (peek().is("double") || peek().is("float") || peek().is("int"))) {
                throw fail(peek(), "casts are outside Varity's dialect");
            }
            Expr e = expr();
            expect(")");
            return new Expr.Paren(e);
        }
        if (t.kind() == Kind.NUMBER) return new Expr.Lit(literal(t));
        if (t.kind() != Kind.NAME) throw fail(t, "expected an expression, found '" + t.text() + "'");
        if (peek().is("(")) return call(t);
        String ir = resolve(t);
        if (peek().is("[")) return elem(t, ir);
        String type = computeParamTypes.get(ir);
        if ("int".equals(type))
            throw fail(t, "int parameter '" + t.text() + "' used as a value is outside Varity's dialect");
        if (type != null && type.endsWith("*")) throw fail(t, "array '" + t.text() + "' used without an index");
        if (loopVars.contains(ir))
            throw fail(t, "loop variable '" + t.text() + "' used as a value is outside Varity's dialect");
        return new Expr.Var(ir);
    }

    private Expr call(Token nameTok) {
        String name = nameTok.text();
        Optional<MathFn> fn;
        if (precision == Precision.FP32) {
            // FP32 programs call the float variants (sinf); a double call would compute in double
            fn = name.endsWith("f") ? MathFn.byName(name.substring(0, name.length() - 1)) : Optional.empty();
            if (fn.isEmpty() && MathFn.byName(name).isPresent()) {
                throw fail(
                        nameTok,
                        name + " in a float program computes in double; Varity's FP32 programs call " + name + "f");
            }
        } else {
            fn = MathFn.byName(name);
            if (fn.isEmpty()
                    && name.endsWith("f")
                    && MathFn.byName(name.substring(0, name.length() - 1)).isPresent()) {
                throw fail(nameTok, name + " in a double program rounds to float; outside Varity's dialect");
            }
        }
        if (fn.isEmpty()
                || !fn.get().canonicalName().equals(fn.get().canonicalName().toLowerCase(Locale.ROOT))
                || !name.startsWith(fn.get().canonicalName())) {
            throw fail(
                    nameTok, "call of '" + name + "' is outside Varity's dialect (not a math function fparity knows)");
        }
        MathFn f = fn.get();
        expect("(");
        List<Expr> args = new ArrayList<>();
        for (int i = 0; i < f.arity(); i++) {
            if (i > 0) expect(",");
            if (f.args().get(i) == MathFn.Arg.INT) {
                boolean neg = accept("-");
                if (!neg) accept("+");
                Token n = next();
                try {
                    int v = Integer.parseInt(n.text());
                    args.add(new Expr.IntLit(neg ? -v : v));
                } catch (NumberFormatException e) {
                    throw fail(n, name + " argument " + (i + 1) + " must be an int constant, found '" + n.text() + "'");
                }
            } else {
                args.add(expr());
            }
        }
        if (peek().is(","))
            throw fail(peek(), name + " takes " + f.arity() + " argument" + (f.arity() == 1 ? "" : "s"));
        expect(")");
        return new Expr.Call(f, args);
    }

    /**
     * A literal's value as the C compiler gives it: an {@code f}-suffixed literal is rounded once to float, an unsuffixed
     * one to double. An unsuffixed literal in a float program would make its expression double, so it is refused.
     */
    private double literal(Token t) {
        String s = t.text();
        boolean f = s.endsWith("f") || s.endsWith("F");
        boolean hex = s.startsWith("0x") || s.startsWith("0X");
        String digits = f && !hex ? s.substring(0, s.length() - 1) : s;
        if (hex && f) digits = s.substring(0, s.length() - 1); // 0x1p3f: the f is a suffix only after a p exponent
        if (!digits.matches(
                hex ? "0[xX][0-9a-fA-F]*\\.?[0-9a-fA-F]*[pP][+-]?[0-9]+" : "[0-9]*\\.?[0-9]*([eE][+-]?[0-9]+)?")) {
            throw fail(t, "number '" + s + "' is outside Varity's dialect");
        }
        boolean integer = !hex && digits.matches("[0-9]+");
        if (integer)
            throw fail(t, "int literal '" + s + "' used as a " + precision.cType() + " is outside Varity's dialect");
        if (precision == Precision.FP32 && !f)
            throw fail(
                    t,
                    "literal " + s + " in a float program is a double in C (outside Varity's dialect: it writes " + s
                            + "f)");
        double v = HexFloat.parse(digits, f ? Precision.FP32 : Precision.FP64);
        if (Double.isInfinite(v)) throw fail(t, "literal " + s + " overflows " + (f ? "float" : "double"));
        return v;
    }

    // ---------------------------------------------------------------- initPointer

    /** {@code T* initPointer(T v)}: only the allocation size matters (Varity's ARRAY_SIZE); the rest is checked for shape. */
    private void initPointer(Token nameTok) {
        expect("(");
        while (!accept(")")) next();
        Token open = expect("{");
        int depth = 1;
        Integer size = null;
        while (depth > 0) {
            Token t = next();
            if (t.kind() == Kind.END) throw fail(open, "initPointer not closed");
            if (t.is("{")) depth++;
            else if (t.is("}")) depth--;
            else if (t.is("cudaMalloc") || t.is("hipMalloc")) deviceArrays = true;
            else if (t.is("sizeof") && peek().is("(")) {
                next();
                expectName();
                expect(")");
                if (accept("*")) {
                    Token n = next();
                    try {
                        int v = Integer.parseInt(n.text());
                        if (size == null) size = v;
                    } catch (NumberFormatException e) {
                        throw fail(n, "initPointer allocates '" + n.text() + "' elements, not a constant");
                    }
                }
            }
        }
        if (size == null) throw fail(nameTok, "initPointer allocates no sizeof(T)*N array");
        if (size < 1) throw fail(nameTok, "initPointer allocates " + size + " elements");
        arrayLength = size;
    }

    // ---------------------------------------------------------------- main

    /** What one {@code tmp_k} of main holds: which argv entry and how it was converted. */
    private record Arg(int argv, String conversion, String type) {}

    private void mainFunction() {
        expect("(");
        while (!accept(")")) next();
        expect("{");
        Map<String, Arg> args = new HashMap<>();
        List<Token> launch = null;
        while (!accept("}")) {
            Token t = peek();
            if (t.kind() == Kind.END) throw fail(t, "main not closed");
            if ((t.is("float") || t.is("double") || t.is("int"))
                    && (peekAt(1).kind() == Kind.NAME || peekAt(1).is("*"))) {
                next();
                boolean pointer = accept("*");
                Token n = expectName();
                expect("=");
                args.put(n.text(), argvRead(t.text() + (pointer ? "*" : ""), n));
                expect(";");
            } else if (t.is("compute")) {
                next();
                if (accept("<<<")) {
                    dialect = "CUDA";
                    skipUntil(">>>");
                }
                launch = callArgs();
                expect(";");
            } else if (t.is("hipLaunchKernelGGL")) {
                next();
                dialect = "HIP";
                List<Token> all = callArgs();
                expect(";");
                if (all.isEmpty() || !all.getFirst().is("compute"))
                    throw fail(t, "hipLaunchKernelGGL launches something other than compute");
                // kernel, grid, block, shared memory, stream, then the kernel's arguments
                if (all.size() < 5) throw fail(t, "hipLaunchKernelGGL with " + all.size() + " arguments");
                launch = all.subList(5, all.size());
            } else if (t.is("return")
                    || t.is("if")
                    || t.is("cudaError_t")
                    || t.is("hipError_t")
                    || MAIN_CALLS_IGNORED.contains(t.text())) {
                skipStatement();
            } else {
                throw fail(t, "statement starting with '" + t.text() + "' in main is outside Varity's dialect");
            }
        }
        if (launch == null) throw fail(peekAt(-1), "main never calls compute");
        if (computeParams == null) throw fail(peekAt(-1), "main before compute");
        if (launch.size() != computeParams.size()) {
            throw fail(
                    peekAt(-1), "main passes " + launch.size() + " arguments, compute takes " + computeParams.size());
        }
        argvIndex = new ArrayList<>();
        Set<Integer> used = new HashSet<>();
        for (int i = 0; i < launch.size(); i++) {
            Token a = launch.get(i);
            Arg arg = args.get(a.text());
            if (arg == null) throw fail(a, "compute argument '" + a.text() + "' is not read from argv");
            Param p = computeParams.get(i);
            String want = switch (p.kind()) {
                case FP -> precision.cType();
                case INT -> "int";
                case FP_ARRAY, FP_ELEMENTS -> precision.cType() + "*";
            };
            if (!arg.type().equals(want))
                throw fail(a, "'" + a.text() + "' is " + arg.type() + " but compute's " + p.name() + " is " + want);
            String wantConv = p.kind() == Param.Kind.INT ? "atoi" : p.kind() == Param.Kind.FP ? "atof" : "initPointer";
            if (!arg.conversion().equals(wantConv))
                throw fail(a, "'" + a.text() + "' is read with " + arg.conversion() + ", expected " + wantConv);
            if (!used.add(arg.argv())) throw fail(a, "argv[" + arg.argv() + "] feeds two parameters");
            argvIndex.add(arg.argv());
        }
    }

    /** {@code atof(argv[k])}, {@code atoi(argv[k])} or {@code initPointer( atof(argv[k]) )}. */
    private Arg argvRead(String type, Token name) {
        Token f = expectName();
        return switch (f.text()) {
            case "atof", "atoi" -> {
                expect("(");
                int k = argvRef();
                expect(")");
                yield new Arg(k, f.text(), type);
            }
            case "initPointer" -> {
                expect("(");
                Token inner = expectName();
                if (!inner.is("atof")) throw fail(inner, "initPointer of " + inner.text() + "(…), expected atof");
                expect("(");
                int k = argvRef();
                expect(")");
                expect(")");
                yield new Arg(k, "initPointer", type);
            }
            default ->
                throw fail(f, "'" + name.text() + "' is set from " + f.text() + "(…), not from argv with atof/atoi");
        };
    }

    private int argvRef() {
        expect("argv");
        expect("[");
        Token n = next();
        expect("]");
        try {
            int k = Integer.parseInt(n.text());
            if (k < 1) throw fail(n, "argv[" + k + "] is not an input");
            return k;
        } catch (NumberFormatException e) {
            throw fail(n, "argv index '" + n.text() + "' is not a constant");
        }
    }

    /** The comma-separated single-token arguments of a call (Varity passes only names and constants). */
    private List<Token> callArgs() {
        expect("(");
        List<Token> out = new ArrayList<>();
        int depth = 0;
        Token current = null;
        int parts = 0;
        while (true) {
            Token t = next();
            if (t.kind() == Kind.END) throw fail(t, "call not closed");
            if (depth == 0 && (t.is(",") || t.is(")"))) {
                if (current != null) out.add(parts == 1 ? current : new Token(Kind.OP, "(expression)", current.line()));
                current = null;
                parts = 0;
                if (t.is(")")) return out;
                continue;
            }
            if (t.is("(")) depth++;
            if (t.is(")")) depth--;
            if (current == null) current = t;
            parts++;
        }
    }

    private void skipUntil(String op) {
        while (!accept(op)) {
            if (peek().kind() == Kind.END) throw fail(peek(), "missing '" + op + "'");
            next();
        }
    }

    /** Skips one statement: up to its {@code ;}, or a braced block after a parenthesised head ({@code if (…) {…}}). */
    private void skipStatement() {
        int depth = 0;
        while (true) {
            Token t = next();
            if (t.kind() == Kind.END) throw fail(t, "statement not closed");
            if (t.is("(") || t.is("{")) depth++;
            if (t.is(")")) depth--;
            if (t.is("}")) {
                depth--;
                if (depth == 0) {
                    accept("else");
                    if (peek().is("{")) continue;
                    return;
                }
            }
            if (t.is(";") && depth == 0) return;
        }
    }

    // ---------------------------------------------------------------- tokens

    private Token peek() {
        return toks.get(Math.min(pos, toks.size() - 1));
    }

    private Token peekAt(int k) {
        return toks.get(Math.max(0, Math.min(pos + k, toks.size() - 1)));
    }

    private Token next() {
        Token t = peek();
        if (pos < toks.size() - 1) pos++;
        else if (t.kind() == Kind.END) throw fail(t, "unexpected end of file");
        return t;
    }

    private boolean accept(String s) {
        if (peek().is(s)) {
            pos++;
            return true;
        }
        return false;
    }

    private Token expect(String s) {
        Token t = peek();
        if (!accept(s)) throw fail(t, "expected '" + s + "', found '" + t.text() + "'");
        return t;
    }

    private Token expectName() {
        Token t = next();
        if (t.kind() != Kind.NAME) throw fail(t, "expected a name, found '" + t.text() + "'");
        return t;
    }

    private static VarityFormatException fail(Token t, String reason) {
        return new VarityFormatException(t.line(), reason);
    }
}
