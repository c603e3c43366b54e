package org.fparity.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.fparity.ir.Stmt;
import org.junit.jupiter.api.Test;

class GeneratorTest {
    private final Grammar grammar = Grammar.defaults();

    @Test
    void sameSeedSamePrograms_otherSeedOtherPrograms() {
        for (Precision p : Precision.PROGRAMS) {
            List<Program> a = new Generator(grammar, 7).generate(p, 200);
            List<Program> b = new Generator(Grammar.defaults(), 7).generate(p, 200);
            List<Program> c = new Generator(grammar, 8).generate(p, 200);
            assertEquals(
                    a.stream().map(Program::canonical).toList(),
                    b.stream().map(Program::canonical).toList());
            Set<String> ida = new HashSet<>(a.stream().map(Program::id).toList());
            long shared = c.stream().filter(x -> ida.contains(x.id())).count();
            assertTrue(shared < 5, "seeds 7 and 8 share " + shared + " programs");
            assertEquals(200, ida.size(), "duplicates were not dropped");
        }
    }

    @Test
    void everyProgramRoundTripsThroughTextAndJson() {
        for (Program p : new Generator(grammar, 3).generate(Precision.FP32, 300)) {
            assertEquals(p, Program.parse(p.canonical()), p.canonical());
            assertEquals(p, ProgramJson.program(ProgramJson.toJson(p)));
        }
    }

    /** Over 1,000 programs every statement kind, math function, nesting level and input class occurs. */
    @Test
    void grammarCoverage() {
        Coverage cov = new Coverage();
        InputGenerator inputs = new InputGenerator(grammar, 11);
        Set<ValueClass> classes = EnumSet.noneOf(ValueClass.class);
        int finiteOrdinaryInputs = 0;
        int total = 0;
        for (Precision prec : Precision.PROGRAMS) {
            for (Program p : new Generator(grammar, 11).generate(prec, 500)) {
                cov.program(p);
                for (InputGenerator.Drawn d : inputs.drawn(p, 3)) {
                    for (int i = 0; i < p.params().size(); i++) {
                        ValueClass c = d.classes().get(i);
                        if (p.params().get(i).kind() == Param.Kind.INT) {
                            int n = d.input().integer(i);
                            assertTrue(n >= grammar.boundMin() && n <= grammar.boundMax() && n <= p.arrayLength());
                            cov.bounds.add(n);
                            continue;
                        }
                        classes.add(c);
                        double v = d.input().fp(i);
                        assertEquals(v, prec.round(v), "input not exactly a " + prec.cType());
                        total++;
                        if (c == ValueClass.ORDINARY) {
                            finiteOrdinaryInputs++;
                            double a = Math.abs(v);
                            assertTrue(a >= 0x1p-20 && a < 0x1p20, HexFloat.format(v));
                        }
                        if (c == ValueClass.SUBNORMAL) {
                            assertTrue(
                                    Math.abs(v) > 0
                                            && Math.abs(v)
                                                    < (prec == Precision.FP32 ? Float.MIN_NORMAL : Double.MIN_NORMAL),
                                    HexFloat.format(v));
                        }
                        if (c == ValueClass.ZERO) assertEquals(0.0, Math.abs(v));
                    }
                }
            }
        }
        assertEquals(EnumSet.allOf(Grammar.StmtKind.class), cov.stmtKinds);
        assertEquals(EnumSet.allOf(MathFn.class), cov.functions, "functions never drawn");
        assertEquals(grammar.maxNesting(), cov.maxNesting);
        assertEquals(EnumSet.allOf(ValueClass.class), classes);
        assertEquals(EnumSet.allOf(Cond.CmpOp.class), cov.comparisons);
        assertEquals(Set.of("and", "or", "not", "else"), cov.conditionShapes);
        assertTrue(cov.bounds.size() >= 5, "loop bounds not drawn from a range: " + cov.bounds);
        assertTrue(
                finiteOrdinaryInputs > total / 2,
                "ordinary inputs should dominate: " + finiteOrdinaryInputs + "/" + total);
        assertEquals(EnumSet.allOf(Stmt.AssignOp.class), cov.assignOps);
    }

    @Test
    void restrictingMathFunctionsKeepsOnlyThose() {
        Set<MathFn> exact = EnumSet.of(MathFn.SQRT, MathFn.FABS, MathFn.FMIN, MathFn.FMAX, MathFn.CEIL, MathFn.FLOOR);
        Coverage cov = new Coverage();
        for (Program p : new Generator(grammar.withMathFunctions(exact), 5).generate(Precision.FP64, 300))
            cov.program(p);
        assertEquals(exact, cov.functions);
        Input in = new InputGenerator(grammar, 1)
                .inputs(new Generator(grammar, 5).generate(Precision.FP64, 1).getFirst(), 1)
                .getFirst();
        assertNotEquals(0, in.args().size());
    }

    /**
     * A grammar within every documented limit (blocks of [50, 50] nested 8 deep, only {@code if}) would make programs
     * of 50^8 statements; the statement budget ends each at Generator.MAX_STATEMENTS (+1: the final comp assignment),
     * in well under a second instead of minutes.
     */
    @Test
    void theStatementBudgetBoundsAGrammarOfHugeNestedBlocks() throws java.io.IOException {
        String text = GrammarTest.defaultText()
                .replace("\"blockStatements\": [1, 3]", "\"blockStatements\": [50, 50]")
                .replace("\"maxNesting\": 3,", "\"maxNesting\": 8,")
                .replaceAll("\"statements\": \\{[^}]*}", "\"statements\": { \"if\": 1, \"assign\": 0.0001 }");
        Grammar g = Grammar.parse("huge.json", text);
        assertEquals(8, g.maxNesting());
        assertEquals(50, g.blockMin());
        List<Program> ps = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(60), () -> new Generator(g, 1).generate(Precision.FP64, 2));
        for (Program p : ps) {
            int[] stmts = {0};
            org.fparity.ir.Walker.each(p, (path, n) -> {
                if (n instanceof org.fparity.ir.Stmt) stmts[0]++;
            });
            assertEquals(Generator.MAX_STATEMENTS + 1, stmts[0]);
            assertTrue(
                    p.canonical().length() < 4_000_000,
                    "program text " + p.canonical().length());
        }
    }

    /**
     * {@code loops.maxNesting} caps how many loops enclose one another; a loop drawn deeper becomes an assignment and
     * every other draw is as before, so the programs with no loop that deep are the same programs.
     */
    @Test
    void loopNestingLimitOnlyRewritesLoopsTooDeep() throws java.io.IOException {
        String text = GrammarTest.defaultText()
                .replaceAll(",\\s*\"maxNesting\": \\d+(\\s*})", "$1"); // loops.maxNesting, if set
        List<Program> free = new Generator(
                        Grammar.parse(
                                "free.json", text.replace("\"boundMax\": 8", "\"boundMax\": 8, \"maxNesting\": 3")),
                        4)
                .generate(Precision.FP64, 300);
        for (int limit = 0; limit <= 2; limit++) {
            Grammar g = Grammar.parse(
                    "g.json", text.replace("\"boundMax\": 8", "\"boundMax\": 8, \"maxNesting\": " + limit));
            assertEquals(limit, g.maxLoopNesting());
            assertEquals(3, g.maxNesting());
            Set<String> limited = new HashSet<>();
            int deepest = 0;
            for (Program p : new Generator(g, 4).generate(Precision.FP64, 400)) {
                limited.add(p.canonical());
                deepest = Math.max(deepest, loopDepth(p.body()));
            }
            assertEquals(limit, deepest, "loops nested deeper than loops.maxNesting or never that deep");
            int kept = 0;
            for (Program p : free) {
                if (loopDepth(p.body()) > limit) continue;
                assertTrue(
                        limited.contains(p.canonical()),
                        "a program with loops no deeper than " + limit + " was changed:\n" + p.canonical());
                kept++;
            }
            assertTrue(kept >= 100, "too few programs to compare: " + kept);
        }
        int deepest = free.stream().mapToInt(p -> loopDepth(p.body())).max().orElse(0);
        assertEquals(3, deepest, "without the limit, loops nest as deep as program.maxNesting");
    }

    private static int loopDepth(List<Stmt> b) {
        int d = 0;
        for (Stmt s : b) {
            d = Math.max(
                    d,
                    switch (s) {
                        case Stmt.For f -> 1 + loopDepth(f.body());
                        case Stmt.If i -> Math.max(loopDepth(i.then()), loopDepth(i.otherwise()));
                        default -> 0;
                    });
        }
        return d;
    }

    /** Walks programs and records what occurs. */
    static final class Coverage {
        final Set<Grammar.StmtKind> stmtKinds = EnumSet.noneOf(Grammar.StmtKind.class);
        final Set<MathFn> functions = EnumSet.noneOf(MathFn.class);
        final Set<Cond.CmpOp> comparisons = EnumSet.noneOf(Cond.CmpOp.class);
        final Set<Stmt.AssignOp> assignOps = EnumSet.noneOf(Stmt.AssignOp.class);
        final Set<String> conditionShapes = new HashSet<>();
        final Set<Integer> bounds = new HashSet<>();
        int maxNesting;

        void program(Program p) {
            block(p.body(), 0);
        }

        void block(List<Stmt> b, int level) {
            for (Stmt s : b) {
                switch (s) {
                    case Stmt.Decl d -> {
                        stmtKinds.add(Grammar.StmtKind.DECL);
                        expr(d.init());
                    }
                    case Stmt.Assign a -> {
                        stmtKinds.add(
                                a.target() instanceof Expr.Elem
                                        ? Grammar.StmtKind.ARRAY_STORE
                                        : Grammar.StmtKind.ASSIGN);
                        assignOps.add(a.op());
                        expr(a.value());
                    }
                    case Stmt.If i -> {
                        stmtKinds.add(Grammar.StmtKind.IF);
                        maxNesting = Math.max(maxNesting, level + 1);
                        if (!i.otherwise().isEmpty()) conditionShapes.add("else");
                        cond(i.cond());
                        block(i.then(), level + 1);
                        block(i.otherwise(), level + 1);
                    }
                    case Stmt.For f -> {
                        stmtKinds.add(Grammar.StmtKind.FOR);
                        maxNesting = Math.max(maxNesting, level + 1);
                        block(f.body(), level + 1);
                    }
                }
            }
        }

        void cond(Cond c) {
            switch (c) {
                case Cond.Cmp cmp -> {
                    comparisons.add(cmp.op());
                    expr(cmp.left());
                    expr(cmp.right());
                }
                case Cond.And a -> {
                    conditionShapes.add("and");
                    cond(a.left());
                    cond(a.right());
                }
                case Cond.Or o -> {
                    conditionShapes.add("or");
                    cond(o.left());
                    cond(o.right());
                }
                case Cond.Not n -> {
                    conditionShapes.add("not");
                    cond(n.operand());
                }
            }
        }

        void expr(Expr e) {
            switch (e) {
                case Expr.Call c -> {
                    functions.add(c.fn());
                    c.args().forEach(this::expr);
                }
                case Expr.Bin b -> {
                    expr(b.left());
                    expr(b.right());
                }
                case Expr.Neg n -> expr(n.operand());
                case Expr.Paren p -> expr(p.inner());
                default -> {}
            }
        }
    }
}
