package org.fparity.gen;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.Index;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.fparity.ir.Validator;

/**
 * Generates Varity-style random programs from a {@link Grammar}. Deterministic: the same seed, grammar and
 * precision give the same programs, in the same order, on any machine. Programs with the same canonical form as an
 * earlier one are dropped and drawn again.
 */
public final class Generator {
    /**
     * Which way seeds become programs. Stream 1 (fparity 0.1.0) fed the seed almost unmixed into SplittableRandom, so
     * seeds s and s+2 shared most programs; stream 2 hashes the seed first. Recorded in campaigns, so a campaign made
     * by another stream is refused with that reason instead of being resumed with other programs.
     */
    public static final int STREAM = 2;

    /**
     * Statements per program at most, whatever the grammar: blocks of [50,50] nested 8 deep would be 50^8 statements
     * (and a 25 MB program line). Once a program has this many, its open blocks end and no new if or for starts; a
     * grammar whose programs stay below it (the built-in one: at most about 110) draws exactly as without it.
     */
    public static final int MAX_STATEMENTS = 2_000;

    private final Grammar g;
    private final long seed;

    public Generator(Grammar grammar, long seed) {
        this.g = grammar;
        this.seed = seed;
    }

    /** {@code count} distinct programs of one precision. */
    public List<Program> generate(Precision precision, int count) {
        List<Program> out = new ArrayList<>(count);
        stream(precision, count).forEachRemaining(out::add);
        return out;
    }

    /**
     * The same programs as {@link #generate}, in the same order, made one at a time as they are asked for, so a campaign
     * of any size holds one program at a time (and 8 bytes per program drawn, to tell repeats). A repeat is told by its
     * id, the first 64 bits of the SHA-256 of its canonical form: two different forms with the same id would be one
     * program to every outcome anyway.
     */
    public java.util.Iterator<Program> stream(Precision precision, int count) {
        if (count < 0) throw new IllegalArgumentException("count must be >= 0");
        // A multiply-add of the seed is SplittableRandom's own step (and split() consumes two), so nearby seeds walked
        // the same states; a full avalanche hash of (seed, precision) makes every seed an unrelated starting point.
        SplittableRandom master =
                new SplittableRandom(mix64(mix64(seed) ^ (precision == Precision.FP32 ? 0x5bd1e995L : 0x27d4eb2dL)));
        Set<Long> seen = new HashSet<>();
        long limit = 50L * count + 1000;
        return new java.util.Iterator<>() {
            int made;
            long attempts;

            @Override
            public boolean hasNext() {
                return made < count;
            }

            @Override
            public Program next() {
                if (made >= count) throw new java.util.NoSuchElementException();
                while (true) {
                    if (++attempts > limit) {
                        throw new IllegalStateException("the grammar yields too few distinct programs: " + made
                                + " after " + limit + " attempts");
                    }
                    Program p = new One(master.split(), precision).program();
                    if (seen.add(Long.parseUnsignedLong(p.id(), 16))) {
                        made++;
                        return p;
                    }
                }
            }
        };
    }

    /** Stafford's variant 13 of the MurmurHash3 finaliser: every input bit flips each output bit with probability 1/2. */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** The state of one program being drawn. */
    private final class One {
        private final SplittableRandom r;
        private final Precision precision;
        private final List<Param> params = new ArrayList<>();
        private final List<String> fpParams = new ArrayList<>();
        private final List<String> intParams = new ArrayList<>();
        private final List<String> arrays = new ArrayList<>();
        private final Deque<List<String>> temps = new ArrayDeque<>();
        private final Deque<String> loops = new ArrayDeque<>();
        private int nextVar = 1;
        private int nextTmp = 1;
        private int nextLoop = 0;
        /** Statements drawn so far, bounded by {@link #MAX_STATEMENTS}. */
        private int statements;

        One(SplittableRandom r, Precision precision) {
            this.r = r;
            this.precision = precision;
            params.add(new Param(Param.Kind.FP, Param.COMP));
        }

        Program program() {
            temps.push(new ArrayList<>());
            List<Stmt> body = block(0, g.topMin(), g.topMax());
            if (!(body.getLast() instanceof Stmt.Assign a
                    && a.target() instanceof Expr.Var v
                    && v.name().equals(Param.COMP))) {
                body.add(new Stmt.Assign(new Expr.Var(Param.COMP), Stmt.AssignOp.ADD, topExpr()));
            }
            temps.pop();
            Program p = new Program(precision, g.arrayLength(), params, body);
            Validator.validate(p); // a generator bug must never reach an emitter
            return p;
        }

        private List<Stmt> block(int level, int min, int max) {
            int n = r.nextInt(min, max + 1);
            List<Stmt> out = new ArrayList<>(n);
            for (int i = 0; i < n && statements < MAX_STATEMENTS; i++) out.add(stmt(level));
            return out;
        }

        private List<Stmt> nested(int level) {
            temps.push(new ArrayList<>());
            List<Stmt> b = block(level, g.blockMin(), g.blockMax());
            temps.pop();
            return b;
        }

        private Stmt stmt(int level) {
            Grammar.StmtKind kind = g.statements().pick(r);
            if (++statements >= MAX_STATEMENTS && (kind == Grammar.StmtKind.IF || kind == Grammar.StmtKind.FOR))
                kind = Grammar.StmtKind.ASSIGN;
            if ((kind == Grammar.StmtKind.IF || kind == Grammar.StmtKind.FOR) && level >= g.maxNesting())
                kind = Grammar.StmtKind.ASSIGN;
            if (kind == Grammar.StmtKind.FOR && loops.size() >= g.maxLoopNesting()) kind = Grammar.StmtKind.ASSIGN;
            if (kind == Grammar.StmtKind.FOR && !canAddParam() && intParams.isEmpty()) kind = Grammar.StmtKind.ASSIGN;
            if (kind == Grammar.StmtKind.ARRAY_STORE && !canAddParam() && arrays.isEmpty())
                kind = Grammar.StmtKind.ASSIGN;
            return switch (kind) {
                case ASSIGN -> {
                    List<String> visible = visibleTemps();
                    String target = visible.isEmpty() || r.nextDouble() < 0.8
                            ? Param.COMP
                            : visible.get(r.nextInt(visible.size()));
                    yield new Stmt.Assign(new Expr.Var(target), g.assignOps().pick(r), topExpr());
                }
                case DECL -> {
                    Expr init = topExpr();
                    String name = "tmp_" + nextTmp++;
                    temps.peek().add(name);
                    yield new Stmt.Decl(name, init);
                }
                case IF -> {
                    Cond c = cond(g.maxTerms());
                    List<Stmt> then = nested(level + 1);
                    List<Stmt> otherwise = r.nextDouble() < g.elseProbability() ? nested(level + 1) : List.of();
                    yield new Stmt.If(c, then, otherwise);
                }
                case FOR -> {
                    String bound = pickOrNew(intParams, Param.Kind.INT);
                    String var = "i_" + nextLoop++;
                    loops.push(var);
                    List<Stmt> body = nested(level + 1);
                    loops.pop();
                    yield new Stmt.For(var, bound, body);
                }
                case ARRAY_STORE -> {
                    Expr.Elem target = element();
                    yield new Stmt.Assign(target, g.assignOps().pick(r), topExpr());
                }
            };
        }

        private Cond cond(int terms) {
            Cond c;
            double x = r.nextDouble();
            if (terms > 1 && x < g.andProbability() + g.orProbability()) {
                int left = r.nextInt(1, terms);
                Cond a = cond(left);
                Cond b = cond(terms - left);
                c = x < g.andProbability() ? new Cond.And(a, b) : new Cond.Or(a, b);
            } else {
                Expr left =
                        r.nextDouble() < g.compLeftProbability() ? new Expr.Var(Param.COMP) : expr(r.nextInt(0, 3), 1);
                c = new Cond.Cmp(
                        g.comparisons().pick(r), left, expr(r.nextInt(0, Math.max(1, g.maxOperators()) + 1), 1));
            }
            if (r.nextDouble() < g.notProbability()) c = new Cond.Not(c);
            return c;
        }

        private Expr topExpr() {
            return expr(r.nextInt(0, g.maxOperators() + 1), 0);
        }

        private Expr expr(int ops, int depth) {
            if (ops == 0 || depth >= g.maxDepth()) return atom(depth);
            Expr.BinOp op = g.operators().pick(r);
            int leftOps = r.nextInt(ops);
            Expr left = wrap(expr(leftOps, depth + 1));
            Expr right = wrap(expr(ops - 1 - leftOps, depth + 1));
            return Expr.bin(op, left, right);
        }

        private Expr wrap(Expr e) {
            if (r.nextDouble() < g.negProbability()) e = Expr.neg(e);
            if (r.nextDouble() < g.parenProbability() && !(e instanceof Expr.Paren)) e = new Expr.Paren(e);
            return e;
        }

        private Expr atom(int depth) {
            if (!g.mathFunctions().isEmpty() && depth < g.maxDepth() && r.nextDouble() < g.mathCallProbability()) {
                MathFn fn = g.mathFunctions().pick(r);
                List<Expr> args = new ArrayList<>(fn.arity());
                for (MathFn.Arg a : fn.args()) {
                    if (a == MathFn.Arg.INT) {
                        args.add(new Expr.IntLit(r.nextInt(g.ldexpMin(), g.ldexpMax() + 1)));
                    } else if (r.nextDouble() < g.mathArgLiteralProbability()) {
                        args.add(literal());
                    } else {
                        args.add(expr(r.nextInt(0, 3), depth + 1));
                    }
                }
                return new Expr.Call(fn, args);
            }
            return leaf();
        }

        private Expr leaf() {
            return switch (g.leaves().pick(r)) {
                case LITERAL -> literal();
                case PARAMETER -> {
                    if (!canAddParam() && fpParams.isEmpty()) yield literal();
                    yield new Expr.Var(pickOrNew(fpParams, Param.Kind.FP));
                }
                case LOCAL -> {
                    List<String> visible = visibleTemps();
                    int k = r.nextInt(visible.size() + 1);
                    yield new Expr.Var(k == visible.size() ? Param.COMP : visible.get(k));
                }
                case ARRAY_ELEMENT -> {
                    if (!canAddParam() && arrays.isEmpty()) yield literal();
                    yield element();
                }
            };
        }

        private Expr.Elem element() {
            // drawn only when the grammar asks for element-wise arrays, so older grammars give the programs they always
            // gave
            Param.Kind kind = Param.Kind.FP_ARRAY;
            if (g.elementwiseArrayProbability() > 0 && r.nextDouble() < g.elementwiseArrayProbability())
                kind = Param.Kind.FP_ELEMENTS;
            String a = pickOrNew(arrays, kind);
            Index idx;
            if (!loops.isEmpty() && r.nextDouble() < 0.85) {
                List<String> ls = new ArrayList<>(loops);
                idx = new Index.Loop(ls.get(r.nextInt(ls.size())));
            } else {
                idx = new Index.Const(r.nextInt(g.arrayLength()));
            }
            return new Expr.Elem(a, idx);
        }

        private Expr.Lit literal() {
            return new Expr.Lit(g.literalClasses().pick(r).draw(r, precision));
        }

        private boolean canAddParam() {
            return params.size() < g.maxParams();
        }

        // Varity draws a fresh parameter for every use; the grammar's reuse probability lets programs share data
        private String pickOrNew(List<String> pool, Param.Kind kind) {
            boolean reuse = !pool.isEmpty() && (!canAddParam() || r.nextDouble() < g.parameterReuseProbability());
            if (reuse) return pool.get(r.nextInt(pool.size()));
            String name = "var_" + nextVar++;
            pool.add(name);
            params.add(new Param(kind, name));
            return name;
        }

        private List<String> visibleTemps() {
            List<String> all = new ArrayList<>();
            for (List<String> scope : temps) all.addAll(scope);
            return all;
        }
    }
}
