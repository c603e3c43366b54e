package org.fparity.ir;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks the rules that keep every emitted program free of undefined behaviour and legal in every language:
 * names declared before use and never shadowed, indices in range, ints only as loop bounds, arities and literal types.
 */
public final class Validator {
    private final Program p;
    private final Map<String, Param.Kind> params = new HashMap<>();
    private final Set<String> everDeclared = new HashSet<>();
    private final Deque<Set<String>> temps = new ArrayDeque<>();
    private final Deque<String> loops = new ArrayDeque<>();

    private Validator(Program p) {
        this.p = p;
    }

    /** Throws IllegalArgumentException with a one-line reason if the program breaks a rule. */
    public static void validate(Program p) {
        new Validator(p).run();
    }

    private void run() {
        if (p.precision() == null) fail("no precision");
        if (p.body() != null && Nodes.depth(Nodes.root(p), Program.MAX_DEPTH) > Program.MAX_DEPTH) {
            throw new TooDeep("program nested too deeply: more than " + Program.MAX_DEPTH
                    + " levels of blocks, brackets or operators (a sum of n terms is n levels)");
        }
        if (p.params().isEmpty()
                || p.params().getFirst().kind() != Param.Kind.FP
                || !p.params().getFirst().name().equals(Param.COMP)) {
            fail("the first parameter must be '" + p.precision().cType() + " comp'");
        }
        boolean arrays = false;
        for (Param par : p.params()) {
            checkName(par.name());
            if (params.put(par.name(), par.kind()) != null) fail("parameter '" + par.name() + "' declared twice");
            arrays |= par.kind().array();
        }
        if (arrays && p.arrayLength() < 1) fail("array length must be at least 1, is " + p.arrayLength());
        if (p.arrayLength() < 0 || p.arrayLength() > 1_000_000) fail("array length out of range: " + p.arrayLength());
        everDeclared.addAll(params.keySet());
        block(p.body());
    }

    private void block(List<Stmt> body) {
        temps.push(new HashSet<>());
        for (Stmt s : body) stmt(s);
        temps.pop();
    }

    private void stmt(Stmt s) {
        switch (s) {
            case Stmt.Decl d -> {
                expr(d.init());
                checkName(d.name());
                if (!everDeclared.add(d.name())) fail("'" + d.name() + "' is declared twice (no shadowing)");
                temps.peek().add(d.name());
            }
            case Stmt.Assign a -> {
                switch (a.target()) {
                    case Expr.Var v -> {
                        if (!v.name().equals(Param.COMP) && !tempInScope(v.name())) {
                            fail("assignment to '" + v.name()
                                    + "': only comp, temporaries and array elements can be assigned");
                        }
                    }
                    case Expr.Elem e -> elem(e);
                }
                expr(a.value());
            }
            case Stmt.If i -> {
                cond(i.cond());
                block(i.then());
                block(i.otherwise());
            }
            case Stmt.For f -> {
                if (params.get(f.bound()) != Param.Kind.INT)
                    fail("loop bound '" + f.bound() + "' is not an int parameter");
                checkName(f.var());
                if (!everDeclared.add(f.var()))
                    fail("loop variable '" + f.var() + "' is declared twice (no shadowing)");
                loops.push(f.var());
                block(f.body());
                loops.pop();
            }
        }
    }

    private boolean tempInScope(String name) {
        for (Set<String> scope : temps) if (scope.contains(name)) return true;
        return false;
    }

    private void cond(Cond c) {
        // comparisons and connectives carry no rule of their own: only their operands are checked
        for (Node k : Nodes.children(c)) {
            if (k instanceof Cond sub) cond(sub);
            else expr((Expr) k);
        }
    }

    private void expr(Expr e) {
        switch (e) {
            case Expr.Lit l -> {
                if (!Double.isFinite(l.value())) fail("literal " + l.value() + " is not finite");
                if (!p.precision().representable(l.value()))
                    fail("literal " + HexFloat.format(l.value()) + " is not exactly a "
                            + p.precision().cType());
            }
            case Expr.IntLit i -> fail("int literal " + i.value() + " outside an int argument of a math call");
            case Expr.Var v -> {
                Param.Kind k = params.get(v.name());
                if (k == Param.Kind.FP) return;
                if (k == Param.Kind.INT)
                    fail("int parameter '" + v.name() + "' used as a value (ints are loop bounds only)");
                if (k != null && k.array()) fail("array '" + v.name() + "' used without an index");
                if (!tempInScope(v.name())) fail("'" + v.name() + "' is used but not declared in scope");
            }
            case Expr.Elem el -> elem(el);
            case Expr.Neg _, Expr.Bin _, Expr.Paren _ -> {
                for (Node k : Nodes.children(e)) expr((Expr) k);
            }
            case Expr.Call c -> {
                if (c.args().size() != c.fn().arity()) {
                    fail(c.fn().canonicalName() + " takes " + c.fn().arity() + " arguments, got "
                            + c.args().size());
                }
                for (int i = 0; i < c.args().size(); i++) {
                    Expr a = c.args().get(i);
                    if (c.fn().args().get(i) == MathFn.Arg.INT) {
                        if (!(a instanceof Expr.IntLit il))
                            fail(c.fn().canonicalName() + " argument " + (i + 1) + " must be an int literal");
                        else if (Math.abs((long) il.value()) > 100_000)
                            fail("int argument " + il.value() + " out of range");
                    } else {
                        expr(a);
                    }
                }
            }
        }
    }

    private void elem(Expr.Elem e) {
        if (params.get(e.array()) == null || !params.get(e.array()).array())
            fail("'" + e.array() + "' is not an array parameter");
        switch (e.index()) {
            case Index.Loop l -> {
                if (!loops.contains(l.var())) fail("index '" + l.var() + "' is not the variable of an enclosing loop");
            }
            case Index.Const c -> {
                if (c.value() < 0 || c.value() >= p.arrayLength())
                    fail("index " + c.value() + " out of range 0.." + (p.arrayLength() - 1));
            }
        }
    }

    private static final Set<String> RESERVED = Set.of(
            "int",
            "float",
            "double",
            "if",
            "else",
            "for",
            "while",
            "do",
            "return",
            "program",
            "array",
            "compute",
            "main",
            "char",
            "long",
            "short",
            "void",
            "const",
            "static",
            "class",
            "new",
            "final",
            "public",
            "private",
            "this",
            "null",
            "true",
            "false",
            "Math",
            "StrictMath",
            "kernel",
            "__kernel",
            "global",
            "half");

    // keywords of the emitted languages (C, C++ for CUDA/HIP hosts, OpenCL C, Java): a program may not use them as
    // names
    private static final Set<String> KEYWORDS = Set.of(
            "auto",
            "break",
            "case",
            "continue",
            "default",
            "enum",
            "extern",
            "goto",
            "inline",
            "register",
            "restrict",
            "signed",
            "unsigned",
            "sizeof",
            "struct",
            "switch",
            "typedef",
            "union",
            "volatile",
            "bool",
            "catch",
            "delete",
            "friend",
            "namespace",
            "nullptr",
            "operator",
            "protected",
            "template",
            "throw",
            "try",
            "typename",
            "using",
            "virtual",
            "local",
            "constant",
            "kernel",
            "read_only",
            "write_only",
            "uchar",
            "ushort",
            "uint",
            "ulong",
            "abstract",
            "assert",
            "boolean",
            "byte",
            "extends",
            "implements",
            "import",
            "instanceof",
            "interface",
            "native",
            "package",
            "strictfp",
            "super",
            "synchronized",
            "throws",
            "transient",
            "var",
            "yield",
            "record");

    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
    private static final java.util.regex.Pattern VECTOR_TYPE = java.util.regex.Pattern.compile(
            "(char|uchar|short|ushort|int|uint|long|ulong|float|double|half|bool)(2|3|4|8|16)");

    // The patterns compiled once (String.matches compiled them for every name of every program validated).
    private void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) fail("bad name '" + name + "'");
        // sinf, fminf …: the FP32 spelling of a math function in C, CUDA and HIP
        boolean floatMathName = name.length() > 1
                && name.endsWith("f")
                && MathFn.byName(name.substring(0, name.length() - 1)).isPresent();
        boolean vectorType = VECTOR_TYPE.matcher(name).matches();
        if (RESERVED.contains(name)
                || KEYWORDS.contains(name)
                || MathFn.byName(name).isPresent()
                || floatMathName
                || vectorType
                || name.startsWith("__")
                || name.startsWith("fp_")) {
            fail("'" + name + "' is reserved");
        }
    }

    private static void fail(String msg) {
        throw new IllegalArgumentException(msg);
    }
}
