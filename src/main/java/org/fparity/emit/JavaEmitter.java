package org.fparity.emit;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.printer.DefaultPrettyPrinter;
import com.github.javaparser.printer.configuration.DefaultConfigurationOption;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration.ConfigOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.FusedAdd;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Index;
import org.fparity.ir.LValue;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;

/**
 * Java: one class built as a JavaParser AST. FP32 programs compute in {@code float}; library calls go to {@code Math}
 * or {@code StrictMath} (cast back to float for FP32), functions Java lacks to helpers with C semantics. JavaParser
 * prints the tree as built, so parentheses are inserted here from the IR's precedence rules and for every explicit
 * {@link Expr.Paren}.
 */
public final class JavaEmitter implements Emitter {
    /** Which library the harness calls. */
    public enum MathLib {
        MATH("Math"),
        STRICT_MATH("StrictMath");

        final String className;

        MathLib(String className) {
            this.className = className;
        }
    }

    /** Name of the emitted class; the file must be {@code FparityHarness.java}. */
    public static final String CLASS_NAME = "FparityHarness";

    // the tree carries no comments: skipping comment placement halves the printing time
    private static final DefaultPrettyPrinter PRINTER =
            new DefaultPrettyPrinter(new FastPrinterConfiguration(new DefaultPrinterConfiguration()
                    .removeOption(new DefaultConfigurationOption(ConfigOption.PRINT_COMMENTS))
                    .removeOption(new DefaultConfigurationOption(ConfigOption.PRINT_JAVADOC))));

    private static final Map<MathLib, String> RUNTIME = new ConcurrentHashMap<>();

    private final MathLib lib;
    private final Map<Expr.Bin, Boolean> fused;

    public JavaEmitter(MathLib lib) {
        this(lib, Map.of());
    }

    /**
     * An emitter that writes {@code Math.fma} for the additions in {@code fused} (an identity map over the programs'
     * nodes; true: the left operand is the product that fuses, false: the right). Together with a tree already in
     * the wanted association order this emits a program under an evaluation model ({@code org.fparity.flip}); an
     * empty map is the default emission, byte for byte.
     */
    public JavaEmitter(MathLib lib, Map<Expr.Bin, Boolean> fused) {
        this.lib = lib;
        this.fused = fused;
    }

    @Override
    public Language language() {
        return Language.JAVA;
    }

    @Override
    public String batch(List<Program> programs) {
        if (programs.isEmpty()) throw new IllegalArgumentException("a batch needs at least one program");
        return file(programs, false);
    }

    @Override
    public String single(Program program) {
        return file(List.of(program), true);
    }

    /**
     * The fixed members (parsing, formatting, helpers) as JavaParser prints them: parsed and printed once per library,
     * then placed before the class's closing brace, since re-printing 300 unchanged lines per batch would dominate.
     */
    private static String runtime(MathLib lib) {
        return RUNTIME.computeIfAbsent(lib, l -> {
            CompilationUnit cu = StaticJavaParser.parse(JavaRuntime.SOURCE.replace("LIB.", l.className + "."));
            String printed = cu.getType(0).toString();
            int open = printed.indexOf('{');
            int close = printed.lastIndexOf('}');
            return printed.substring(open + 1, close).stripTrailing().indent(4);
        });
    }

    private String file(List<Program> ps, boolean single) {
        CompilationUnit cu = new CompilationUnit();
        ClassOrInterfaceDeclaration cls = new ClassOrInterfaceDeclaration(
                new NodeList<>(Modifier.publicModifier(), Modifier.finalModifier()), false, CLASS_NAME);
        cu.addType(cls);

        int maxV = 1;
        int maxN = 1;
        NodeList<Expression> sig = new NodeList<>();
        NodeList<Expression> f32 = new NodeList<>();
        NodeList<Expression> len = new NodeList<>();
        for (Program p : ps) {
            StringBuilder s = new StringBuilder();
            int v = 0;
            int n = 0;
            for (Param par : p.params()) {
                s.append(
                        switch (par.kind()) {
                            case FP -> 'F';
                            case INT -> 'I';
                            case FP_ARRAY -> 'A';
                            case FP_ELEMENTS -> 'E';
                        });
                if (par.kind() == Param.Kind.INT) n++;
                else v += par.fpValues(p.arrayLength());
            }
            maxV = Math.max(maxV, v);
            maxN = Math.max(maxN, n);
            sig.add(new StringLiteralExpr(s.toString()));
            f32.add(new BooleanLiteralExpr(p.precision() == Precision.FP32));
            len.add(new IntegerLiteralExpr(Integer.toString(p.arrayLength())));
        }
        constant(cls, new ArrayType(new ClassOrInterfaceType(null, "String")), "SIG", new ArrayInitializerExpr(sig));
        constant(cls, new ArrayType(PrimitiveType.booleanType()), "F32", new ArrayInitializerExpr(f32));
        constant(cls, new ArrayType(PrimitiveType.intType()), "LEN", new ArrayInitializerExpr(len));
        constant(cls, PrimitiveType.intType(), "MAXV", new IntegerLiteralExpr(Integer.toString(maxV)));
        constant(cls, PrimitiveType.intType(), "MAXN", new IntegerLiteralExpr(Integer.toString(maxN)));

        MethodDeclaration main = cls.addMethod("main", Modifier.Keyword.PUBLIC, Modifier.Keyword.STATIC);
        main.addParameter(new ArrayType(new ClassOrInterfaceType(null, "String")), "args");
        main.setBody(new BlockStmt(NodeList.nodeList(new ExpressionStmt(new MethodCallExpr(
                null, "fp_main", NodeList.nodeList(new NameExpr("args"), new BooleanLiteralExpr(single)))))));

        SwitchStmt dispatch = new SwitchStmt(new NameExpr("k"), new NodeList<>());
        for (int k = 0; k < ps.size(); k++) {
            Program p = ps.get(k);
            cls.addMember(new Body(p, lib, fused).compute(k));
            cls.addMember(runner(k, p));
            dispatch.getEntries()
                    .add(new SwitchEntry(
                            NodeList.nodeList(new IntegerLiteralExpr(Integer.toString(k))),
                            SwitchEntry.Type.STATEMENT_GROUP,
                            NodeList.nodeList(new ReturnStmt(new MethodCallExpr(
                                    null, "fp_run_" + k, NodeList.nodeList(new NameExpr("v"), new NameExpr("n")))))));
        }
        dispatch.getEntries()
                .add(new SwitchEntry(
                        new NodeList<>(),
                        SwitchEntry.Type.STATEMENT_GROUP,
                        NodeList.nodeList(new ThrowStmt(new ObjectCreationExpr(
                                null, new ClassOrInterfaceType(null, "IllegalStateException"), new NodeList<>())))));
        MethodDeclaration run = cls.addMethod("fp_run", Modifier.Keyword.PRIVATE, Modifier.Keyword.STATIC);
        run.setType(PrimitiveType.doubleType());
        run.addParameter(PrimitiveType.intType(), "k");
        run.addParameter(new ArrayType(PrimitiveType.doubleType()), "v");
        run.addParameter(new ArrayType(PrimitiveType.intType()), "n");
        run.setBody(new BlockStmt(NodeList.nodeList(dispatch)));

        String text = PRINTER.print(cu);
        int close = text.lastIndexOf('}');
        return "// fparity java (" + lib.className + ") " + (single ? "reproducer" : "batch of " + ps.size())
                + ": harness protocol in org.fparity.emit (package-info)\n" + text.substring(0, close) + runtime(lib)
                + "}\n";
    }

    /**
     * The smallest standalone Java source a vendor reads: the program's method, the input as literals in static
     * fields (read at run time, not constants the compiler folds, as the campaign's parsed input was), one print of the
     * result in glibc's {@code %a} ({@code fp_hex}), and only the runtime helpers the method calls; no harness. The
     * file is {@code FparityHarness.java}, built and run as the campaign's single-program form.
     */
    public String minimal(Program p, org.fparity.ir.Input in, List<String> header) {
        if (in.args().size() != p.params().size())
            throw new IllegalArgumentException("the program has " + p.params().size() + " parameters, the input gives "
                    + in.args().size());
        boolean f32 = p.precision() == Precision.FP32;
        String t = f32 ? "float" : "double";
        MethodDeclaration compute = new Body(p, lib, fused).compute(0);
        StringBuilder out = new StringBuilder("/*\n");
        // ASCII only: javac reads the file in the platform's encoding, US-ASCII on a clean environment
        for (String h : header)
            out.append(" * ")
                    .append(h.replace("*/", "* /").replace('\u2013', '-').replaceAll("[^\\x20-\\x7e]", "?"))
                    .append('\n');
        out.append(" */\npublic final class ").append(CLASS_NAME).append(" {\n");
        List<String> args = new java.util.ArrayList<>();
        for (int i = 0; i < p.params().size(); i++) {
            Param par = p.params().get(i);
            String tok = in.args().get(i).strip();
            String value = switch (par.kind()) {
                case INT -> Integer.toString(Integer.parseInt(tok));
                case FP -> javaLiteral(tok, f32);
                case FP_ARRAY, FP_ELEMENTS -> {
                    String[] vals = par.kind() == Param.Kind.FP_ELEMENTS ? tok.split(",") : null;
                    StringBuilder b = new StringBuilder("{");
                    for (int j = 0; j < p.arrayLength(); j++)
                        b.append(j == 0 ? "" : ", ").append(javaLiteral(vals == null ? tok : vals[j].strip(), f32));
                    yield b.append('}').toString();
                }
            };
            String type = par.kind() == Param.Kind.INT ? "int" : par.kind().array() ? t + "[]" : t;
            out.append("    static ")
                    .append(type)
                    .append(' ')
                    .append(par.name())
                    .append(" = ")
                    .append(value)
                    .append(";\n");
            args.add(par.name());
        }
        out.append("\n    public static void main(String[] args) {\n        System.out.println(fp_hex(compute_0(")
                .append(String.join(", ", args))
                .append(")));\n    }\n\n");
        out.append(PRINTER.print(compute).indent(4)).append('\n');
        for (MethodDeclaration h : helpers(compute))
            out.append(PRINTER.print(h).indent(4)).append('\n');
        return out.toString().stripTrailing() + "\n}\n";
    }

    /** The runtime methods {@code m} calls, with the ones they call in turn, {@code fp_hex} always. */
    private List<MethodDeclaration> helpers(MethodDeclaration m) {
        CompilationUnit rt = StaticJavaParser.parse(JavaRuntime.SOURCE.replace("LIB.", lib.className + "."));
        List<MethodDeclaration> all = rt.findAll(MethodDeclaration.class);
        java.util.Set<String> wanted = new java.util.LinkedHashSet<>();
        wanted.add("fp_hex");
        java.util.ArrayDeque<com.github.javaparser.ast.Node> todo = new java.util.ArrayDeque<>();
        todo.add(m);
        List<MethodDeclaration> out = new java.util.ArrayList<>();
        java.util.Set<String> done = new java.util.HashSet<>();
        while (true) {
            while (!todo.isEmpty())
                for (MethodCallExpr c : todo.pop().findAll(MethodCallExpr.class))
                    if (c.getScope().isEmpty()) wanted.add(c.getNameAsString());
            boolean added = false;
            for (MethodDeclaration d : all) {
                if (wanted.contains(d.getNameAsString()) && done.add(d.getDeclarationAsString())) {
                    out.add(d);
                    todo.add(d);
                    added = true;
                }
            }
            if (!added) return out;
        }
    }

    /** A Java literal for an input token: hex with the precision's suffix, or the NaN and infinity constants. */
    private static String javaLiteral(String token, boolean f32) {
        double v = HexFloat.parse(token);
        String box = f32 ? "Float" : "Double";
        if (Double.isNaN(v)) // its bits, sign included
        return f32
                    ? "Float.intBitsToFloat(0x" + Integer.toHexString(Float.floatToRawIntBits((float) v)) + ")"
                    : "Double.longBitsToDouble(0x" + Long.toHexString(Double.doubleToRawLongBits(v)) + "L)";
        if (Double.isInfinite(v)) return v < 0 ? box + ".NEGATIVE_INFINITY" : box + ".POSITIVE_INFINITY";
        return HexFloat.format(f32 ? (float) v : v) + (f32 ? "f" : "");
    }

    private static void constant(ClassOrInterfaceDeclaration cls, Type type, String name, Expression init) {
        if (init instanceof ArrayInitializerExpr a)
            init = new ArrayCreationExpr(
                    ((ArrayType) type).getComponentType(),
                    NodeList.nodeList(new com.github.javaparser.ast.ArrayCreationLevel()),
                    a);
        cls.addMember(new FieldDeclaration(
                new NodeList<>(Modifier.privateModifier(), Modifier.staticModifier(), Modifier.finalModifier()),
                new VariableDeclarator(type, name, init)));
    }

    /** {@code fp_run_K(double[] v, int[] n)}: unpacks the parsed values (arrays filled with their one value or, element-wise, with theirs) and calls compute_K. */
    private static MethodDeclaration runner(int k, Program p) {
        boolean f32 = p.precision() == Precision.FP32;
        NodeList<Expression> args = new NodeList<>();
        int nv = 0;
        int nn = 0;
        for (Param par : p.params()) {
            switch (par.kind()) {
                case FP -> args.add(fromSlot(nv++, f32));
                case INT ->
                    args.add(new ArrayAccessExpr(new NameExpr("n"), new IntegerLiteralExpr(Integer.toString(nn++))));
                case FP_ARRAY ->
                    args.add(new MethodCallExpr(
                            null,
                            "fp_fill",
                            NodeList.nodeList(
                                    new IntegerLiteralExpr(Integer.toString(p.arrayLength())), fromSlot(nv++, f32))));
                case FP_ELEMENTS -> {
                    args.add(new MethodCallExpr(
                            null,
                            f32 ? "fp_elems32" : "fp_elems",
                            NodeList.nodeList(
                                    new NameExpr("v"),
                                    new IntegerLiteralExpr(Integer.toString(nv)),
                                    new IntegerLiteralExpr(Integer.toString(p.arrayLength())))));
                    nv += p.arrayLength();
                }
            }
        }
        MethodDeclaration m = new MethodDeclaration(
                new NodeList<>(Modifier.privateModifier(), Modifier.staticModifier()),
                PrimitiveType.doubleType(),
                "fp_run_" + k);
        m.addParameter(new ArrayType(PrimitiveType.doubleType()), "v");
        m.addParameter(new ArrayType(PrimitiveType.intType()), "n");
        m.setBody(new BlockStmt(NodeList.nodeList(new ReturnStmt(new MethodCallExpr(null, "compute_" + k, args)))));
        return m;
    }

    private static Expression fromSlot(int s, boolean f32) {
        Expression e = new ArrayAccessExpr(new NameExpr("v"), new IntegerLiteralExpr(Integer.toString(s)));
        return f32 ? new CastExpr(PrimitiveType.floatType(), e) : e;
    }

    /** Translates one program's body into Java statements and expressions. */
    private static final class Body {
        private final Program p;
        private final boolean f32;
        private final MathLib lib;
        private final Map<Expr.Bin, Boolean> fused;

        Body(Program p, MathLib lib, Map<Expr.Bin, Boolean> fused) {
            this.p = p;
            this.f32 = p.precision() == Precision.FP32;
            this.lib = lib;
            this.fused = fused;
        }

        /** {@code a*b ± c} or {@code c ± a*b} as one {@code Math.fma}. */
        private Expression fma(Expr.Bin b, boolean leftProduct) {
            FusedAdd f = FusedAdd.of(b, leftProduct);
            Expression x = expr(f.x());
            Expression c = expr(f.z());
            if (f.negateX()) x = new UnaryExpr(new EnclosedExpr(x), UnaryExpr.Operator.MINUS);
            if (f.negateZ()) c = new UnaryExpr(new EnclosedExpr(c), UnaryExpr.Operator.MINUS);
            return new MethodCallExpr(new NameExpr(lib.className), "fma", NodeList.nodeList(x, expr(f.y()), c));
        }

        private Type fp() {
            return f32 ? PrimitiveType.floatType() : PrimitiveType.doubleType();
        }

        MethodDeclaration compute(int k) {
            MethodDeclaration m = new MethodDeclaration(
                    new NodeList<>(Modifier.privateModifier(), Modifier.staticModifier()), fp(), "compute_" + k);
            for (Param par : p.params()) {
                Type t = switch (par.kind()) {
                    case FP -> fp();
                    case INT -> PrimitiveType.intType();
                    case FP_ARRAY, FP_ELEMENTS -> new ArrayType(fp());
                };
                m.addParameter(new Parameter(t, par.name()));
            }
            BlockStmt body = block(p.body());
            body.addStatement(new ReturnStmt(new NameExpr(Param.COMP)));
            m.setBody(body);
            return m;
        }

        private BlockStmt block(List<Stmt> stmts) {
            NodeList<Statement> out = new NodeList<>();
            for (Stmt s : stmts) out.add(stmt(s));
            return new BlockStmt(out);
        }

        private Statement stmt(Stmt s) {
            return switch (s) {
                case Stmt.Decl d ->
                    new ExpressionStmt(
                            new VariableDeclarationExpr(new VariableDeclarator(fp(), d.name(), expr(d.init()))));
                case Stmt.Assign a ->
                    new ExpressionStmt(new AssignExpr(
                            lvalue(a.target()),
                            expr(a.value()),
                            switch (a.op()) {
                                case SET -> AssignExpr.Operator.ASSIGN;
                                case ADD -> AssignExpr.Operator.PLUS;
                                case SUB -> AssignExpr.Operator.MINUS;
                                case MUL -> AssignExpr.Operator.MULTIPLY;
                                case DIV -> AssignExpr.Operator.DIVIDE;
                            }));
                case Stmt.If i ->
                    new IfStmt(cond(i.cond()), block(i.then()), i.otherwise().isEmpty() ? null : block(i.otherwise()));
                case Stmt.For f ->
                    new ForStmt(
                            NodeList.nodeList(new VariableDeclarationExpr(new VariableDeclarator(
                                    PrimitiveType.intType(), f.var(), new IntegerLiteralExpr("0")))),
                            new BinaryExpr(new NameExpr(f.var()), new NameExpr(f.bound()), BinaryExpr.Operator.LESS),
                            NodeList.nodeList(
                                    new UnaryExpr(new NameExpr(f.var()), UnaryExpr.Operator.PREFIX_INCREMENT)),
                            block(f.body()));
            };
        }

        private Expression lvalue(LValue lv) {
            return switch (lv) {
                case Expr.Var v -> new NameExpr(v.name());
                case Expr.Elem e -> elem(e);
            };
        }

        private static Expression elem(Expr.Elem e) {
            Expression idx = switch (e.index()) {
                case Index.Loop l -> new NameExpr(l.var());
                case Index.Const c -> new IntegerLiteralExpr(Integer.toString(c.value()));
            };
            return new ArrayAccessExpr(new NameExpr(e.array()), idx);
        }

        private Expression cond(Cond c) {
            return switch (c) {
                case Cond.Cmp cmp ->
                    new BinaryExpr(
                            expr(cmp.left()),
                            expr(cmp.right()),
                            switch (cmp.op()) {
                                case EQ -> BinaryExpr.Operator.EQUALS;
                                case NE -> BinaryExpr.Operator.NOT_EQUALS;
                                case LT -> BinaryExpr.Operator.LESS;
                                case LE -> BinaryExpr.Operator.LESS_EQUALS;
                                case GT -> BinaryExpr.Operator.GREATER;
                                case GE -> BinaryExpr.Operator.GREATER_EQUALS;
                            });
                case Cond.And a ->
                    new BinaryExpr(condOperand(a.left(), true), condOperand(a.right(), true), BinaryExpr.Operator.AND);
                case Cond.Or o ->
                    new BinaryExpr(condOperand(o.left(), false), condOperand(o.right(), false), BinaryExpr.Operator.OR);
                case Cond.Not n ->
                    new UnaryExpr(new EnclosedExpr(cond(n.operand())), UnaryExpr.Operator.LOGICAL_COMPLEMENT);
            };
        }

        // the same parenthesisation as the C printer, so every language shows the same condition tree
        private Expression condOperand(Cond c, boolean underAnd) {
            boolean bare = c instanceof Cond.Cmp
                    || c instanceof Cond.Not
                    || (underAnd ? c instanceof Cond.And : c instanceof Cond.Or);
            return bare ? cond(c) : new EnclosedExpr(cond(c));
        }

        private Expression literal(double v) {
            boolean neg = Double.doubleToRawLongBits(v) < 0;
            String text = HexFloat.format(Math.abs(v)) + (f32 ? "f" : "");
            Expression lit = new DoubleLiteralExpr(text);
            return neg ? new UnaryExpr(lit, UnaryExpr.Operator.MINUS) : lit;
        }

        Expression expr(Expr e) {
            return switch (e) {
                case Expr.Lit l -> literal(l.value());
                case Expr.IntLit i ->
                    i.value() < 0
                            ? new UnaryExpr(
                                    new IntegerLiteralExpr(Integer.toString(-i.value())), UnaryExpr.Operator.MINUS)
                            : new IntegerLiteralExpr(Integer.toString(i.value()));
                case Expr.Var v -> new NameExpr(v.name());
                case Expr.Elem el -> elem(el);
                case Expr.Neg n -> {
                    Expression inner = expr(n.operand());
                    // "- -x" would print as "--x" (a decrement): the IR rule parenthesises all but names, calls and
                    // (...)
                    yield new UnaryExpr(
                            Expr.bareUnderNeg(n.operand()) ? inner : new EnclosedExpr(inner), UnaryExpr.Operator.MINUS);
                }
                case Expr.Bin b when !fused.isEmpty() && fused.containsKey(b) -> fma(b, fused.get(b));
                case Expr.Bin b -> {
                    Expression l = expr(b.left());
                    Expression r = expr(b.right());
                    if (Expr.needsParens(b.op().precedence(), b.left(), false)) l = new EnclosedExpr(l);
                    if (Expr.needsParens(b.op().precedence(), b.right(), true)) r = new EnclosedExpr(r);
                    yield new BinaryExpr(
                            l,
                            r,
                            switch (b.op()) {
                                case ADD -> BinaryExpr.Operator.PLUS;
                                case SUB -> BinaryExpr.Operator.MINUS;
                                case MUL -> BinaryExpr.Operator.MULTIPLY;
                                case DIV -> BinaryExpr.Operator.DIVIDE;
                            });
                }
                case Expr.Paren pa -> new EnclosedExpr(expr(pa.inner()));
                case Expr.Call c -> call(c);
            };
        }

        private Expression call(Expr.Call c) {
            NodeList<Expression> args = new NodeList<>();
            for (Expr a : c.args()) args.add(expr(a));
            MathFn fn = c.fn();
            return switch (fn.javaKind()) {
                case LIB -> {
                    Expression m = new MethodCallExpr(new NameExpr(lib.className), fn.javaName(), args);
                    yield f32 ? new CastExpr(PrimitiveType.floatType(), m) : m;
                }
                case LIB_KEEPS_TYPE -> new MethodCallExpr(new NameExpr(lib.className), fn.javaName(), args);
                case HELPER -> new MethodCallExpr(null, fn.javaName(), args);
                case OPERATOR -> {
                    // a call is a primary: enclose the whole and any operand that is not itself a primary
                    Expression l = args.get(0);
                    Expression r = args.get(1);
                    if (Expr.precedence(c.args().get(0)) < 4) l = new EnclosedExpr(l);
                    if (Expr.precedence(c.args().get(1)) < 4) r = new EnclosedExpr(r);
                    if (!fn.javaName().equals("%"))
                        throw new IllegalStateException("unknown Java operator " + fn.javaName());
                    yield new EnclosedExpr(new BinaryExpr(l, r, BinaryExpr.Operator.REMAINDER));
                }
            };
        }
    }
}
