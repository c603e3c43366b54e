package org.fparity.gen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.fparity.FparityError;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.MathFn;
import org.fparity.ir.ProgramJson;
import org.fparity.ir.Stmt;
import org.fparity.util.Hashes;

/**
 * A generator grammar, read from JSON ({@code grammar/varity.json} by default; keys documented in
 * {@code grammar/README.md}). Every key is checked: an unknown key, a negative weight or an unknown function is an
 * error naming the file and the key, never silently ignored.
 */
public record Grammar(
        String source,
        String sha256,
        int topMin,
        int topMax,
        int blockMin,
        int blockMax,
        int maxNesting,
        int arrayLength,
        int maxParams,
        Weighted<StmtKind> statements,
        Weighted<Stmt.AssignOp> assignOps,
        int maxOperators,
        int maxDepth,
        double parenProbability,
        double negProbability,
        double mathCallProbability,
        double mathArgLiteralProbability,
        Weighted<Expr.BinOp> operators,
        Weighted<Leaf> leaves,
        double parameterReuseProbability,
        Weighted<Cond.CmpOp> comparisons,
        double compLeftProbability,
        double andProbability,
        double orProbability,
        double notProbability,
        int maxTerms,
        double elseProbability,
        int boundMin,
        int boundMax,
        int maxLoopNesting,
        Weighted<MathFn> mathFunctions,
        int ldexpMin,
        int ldexpMax,
        Weighted<ValueClass> literalClasses,
        Weighted<ValueClass> inputClasses,
        double elementwiseArrayProbability) {

    /** Statement kinds a block draws from. */
    public enum StmtKind {
        ASSIGN,
        DECL,
        IF,
        FOR,
        ARRAY_STORE
    }

    /** What an expression leaf can be. */
    public enum Leaf {
        LITERAL,
        PARAMETER,
        LOCAL,
        ARRAY_ELEMENT
    }

    public static final String DEFAULT_RESOURCE = "/grammar/varity.json";

    /** The default grammar: {@code grammar/varity.json}, shipped inside the jar as well. */
    public static Grammar defaults() {
        try (InputStream in = Grammar.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) throw new IllegalStateException("default grammar missing from the build");
            return parse("grammar/varity.json", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Grammar load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new FparityError(file + ": no such grammar file");
        } catch (IOException e) {
            throw FparityError.cannotRead(file, e);
        }
        return parse(file.toString(), text);
    }

    /** Parses and checks a grammar; errors are {@link FparityError}s naming {@code source} and the key. */
    public static Grammar parse(String source, String text) {
        JsonNode root;
        try {
            root = ProgramJson.STRICT.readTree(text);
        } catch (JsonProcessingException e) {
            throw new FparityError(source + ": malformed JSON: " + ProgramJson.oneLine(e));
        }
        if (root == null || !root.isObject()) throw new FparityError(source + ": a grammar is a JSON object");
        return new Reader(source, text).read((ObjectNode) root);
    }

    /** A copy drawing math calls only from {@code allowed} (same weights), e.g. the IEEE-exact functions. */
    public Grammar withMathFunctions(Set<MathFn> allowed) {
        Map<MathFn, Double> w = new LinkedHashMap<>();
        for (MathFn f : MathFn.values()) {
            Double x = mathFunctions.weights().get(f);
            if (allowed.contains(f)) w.put(f, x == null || x == 0 ? 1.0 : x);
        }
        return new Grammar(
                source + " (math: " + allowed.size() + " functions)",
                sha256,
                topMin,
                topMax,
                blockMin,
                blockMax,
                maxNesting,
                arrayLength,
                maxParams,
                statements,
                assignOps,
                maxOperators,
                maxDepth,
                parenProbability,
                negProbability,
                w.isEmpty() ? 0 : mathCallProbability,
                mathArgLiteralProbability,
                operators,
                leaves,
                parameterReuseProbability,
                comparisons,
                compLeftProbability,
                andProbability,
                orProbability,
                notProbability,
                maxTerms,
                elseProbability,
                boundMin,
                boundMax,
                maxLoopNesting,
                new Weighted<>(w),
                ldexpMin,
                ldexpMax,
                literalClasses,
                inputClasses,
                elementwiseArrayProbability);
    }

    private static final class Reader {
        private final String source;
        private final String text;

        Reader(String source, String text) {
            this.source = source;
            this.text = text;
        }

        Grammar read(ObjectNode root) {
            keys(
                    root,
                    "",
                    "schema",
                    "description",
                    "program",
                    "statements",
                    "assignOps",
                    "expressions",
                    "operators",
                    "leaves",
                    "parameterReuseProbability",
                    "conditions",
                    "loops",
                    "mathFunctions",
                    "ldexpExponent",
                    "literalClasses",
                    "inputClasses");
            int schema = root.path("schema").asInt(1);
            if (schema != 1) throw err("schema", "unsupported schema " + schema + " (this fparity reads schema 1)");
            ObjectNode prog = obj(root, "program");
            keys(
                    prog,
                    "program.",
                    "topLevelStatements",
                    "blockStatements",
                    "maxNesting",
                    "arrayLength",
                    "maxParams",
                    "elementwiseArrayProbability");
            int[] top = range(prog, "program.topLevelStatements", 1, 50);
            int[] blk = range(prog, "program.blockStatements", 1, 50);
            int maxNesting = integer(prog, "program.maxNesting", 0, 8);
            int arrayLength = integer(prog, "program.arrayLength", 1, 4096);
            int maxParams = integer(prog, "program.maxParams", 2, 500);
            Weighted<StmtKind> stmts = weights(
                    obj(root, "statements"),
                    "statements",
                    Map.of(
                            "assign",
                            StmtKind.ASSIGN,
                            "decl",
                            StmtKind.DECL,
                            "if",
                            StmtKind.IF,
                            "for",
                            StmtKind.FOR,
                            "arrayStore",
                            StmtKind.ARRAY_STORE)::get,
                    "assign, decl, if, for, arrayStore");
            if (stmts.weights().getOrDefault(StmtKind.ASSIGN, 0.0) <= 0)
                throw err("statements.assign", "must be > 0 (comp must be assigned)");
            Weighted<Stmt.AssignOp> aops = weights(
                    obj(root, "assignOps"),
                    "assignOps",
                    s -> {
                        try {
                            return Stmt.AssignOp.bySymbol(s);
                        } catch (IllegalArgumentException e) {
                            return null;
                        }
                    },
                    "= += -= *= /=");
            nonEmpty(aops, "assignOps");
            ObjectNode ex = obj(root, "expressions");
            keys(
                    ex,
                    "expressions.",
                    "maxOperators",
                    "maxDepth",
                    "parenProbability",
                    "negProbability",
                    "mathCallProbability",
                    "mathArgLiteralProbability");
            Weighted<Expr.BinOp> ops = weights(
                    obj(root, "operators"),
                    "operators",
                    s -> {
                        try {
                            return Expr.BinOp.bySymbol(s);
                        } catch (IllegalArgumentException e) {
                            return null;
                        }
                    },
                    "+ - * /");
            nonEmpty(ops, "operators");
            Weighted<Leaf> leaves = weights(
                    obj(root, "leaves"),
                    "leaves",
                    Map.of(
                            "literal",
                            Leaf.LITERAL,
                            "parameter",
                            Leaf.PARAMETER,
                            "local",
                            Leaf.LOCAL,
                            "arrayElement",
                            Leaf.ARRAY_ELEMENT)::get,
                    "literal, parameter, local, arrayElement");
            if (leaves.weights().getOrDefault(Leaf.LITERAL, 0.0)
                            + leaves.weights().getOrDefault(Leaf.PARAMETER, 0.0)
                    <= 0) {
                throw err("leaves", "literal or parameter must have a positive weight");
            }
            ObjectNode co = obj(root, "conditions");
            keys(
                    co,
                    "conditions.",
                    "comparisons",
                    "compLeftProbability",
                    "andProbability",
                    "orProbability",
                    "notProbability",
                    "maxTerms",
                    "elseProbability");
            Weighted<Cond.CmpOp> cmps = weights(
                    obj(co, "comparisons"),
                    "conditions.comparisons",
                    s -> {
                        try {
                            return Cond.CmpOp.bySymbol(s);
                        } catch (IllegalArgumentException e) {
                            return null;
                        }
                    },
                    "== != < <= > >=");
            nonEmpty(cmps, "conditions.comparisons");
            ObjectNode lo = obj(root, "loops");
            keys(lo, "loops.", "boundMin", "boundMax", "maxNesting");
            int bmin = integer(lo, "loops.boundMin", 0, 4096);
            int bmax = integer(lo, "loops.boundMax", 0, 4096);
            if (bmin > bmax) throw err("loops.boundMin", "boundMin " + bmin + " > boundMax " + bmax);
            if (bmax > arrayLength)
                throw err(
                        "loops.boundMax",
                        "boundMax " + bmax + " exceeds program.arrayLength " + arrayLength
                                + " (array indices must stay in range)");
            // How many for loops may enclose one another (absent: as deep as program.maxNesting lets any block go).
            int maxLoopNesting = lo.has("maxNesting") ? integer(lo, "loops.maxNesting", 0, 8) : maxNesting;
            Weighted<MathFn> fns = weights(
                    obj(root, "mathFunctions"),
                    "mathFunctions",
                    s -> MathFn.byName(s).orElse(null),
                    "the functions of the IR's math table");
            int[] ldexp = root.has("ldexpExponent") ? range(root, "ldexpExponent", -1074, 1074) : new int[] {-8, 8};
            Weighted<ValueClass> lits = classes(root, "literalClasses");
            Weighted<ValueClass> ins = classes(root, "inputClasses");
            String sha = Hashes.sha256Hex(text);
            return new Grammar(
                    source,
                    sha,
                    top[0],
                    top[1],
                    blk[0],
                    blk[1],
                    maxNesting,
                    arrayLength,
                    maxParams,
                    stmts,
                    aops,
                    integer(ex, "expressions.maxOperators", 0, 64),
                    integer(ex, "expressions.maxDepth", 0, 32),
                    prob(ex, "expressions.parenProbability"),
                    prob(ex, "expressions.negProbability"),
                    prob(ex, "expressions.mathCallProbability"),
                    prob(ex, "expressions.mathArgLiteralProbability"),
                    ops,
                    leaves,
                    prob(root, "parameterReuseProbability"),
                    cmps,
                    prob(co, "conditions.compLeftProbability"),
                    prob(co, "conditions.andProbability"),
                    prob(co, "conditions.orProbability"),
                    prob(co, "conditions.notProbability"),
                    integer(co, "conditions.maxTerms", 1, 16),
                    prob(co, "conditions.elseProbability"),
                    bmin,
                    bmax,
                    maxLoopNesting,
                    fns,
                    ldexp[0],
                    ldexp[1],
                    lits,
                    ins,
                    prog.has("elementwiseArrayProbability") ? prob(prog, "program.elementwiseArrayProbability") : 0);
        }

        private Weighted<ValueClass> classes(ObjectNode root, String key) {
            Weighted<ValueClass> w = weights(
                    obj(root, key),
                    key,
                    s -> {
                        try {
                            return ValueClass.byKey(s);
                        } catch (IllegalArgumentException e) {
                            return null;
                        }
                    },
                    "ordinary, normal, subnormal, almostOverflow, almostUnderflow, zero");
            nonEmpty(w, key);
            return w;
        }

        private void keys(JsonNode node, String prefix, String... allowed) {
            Set<String> ok = Set.of(allowed);
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!ok.contains(k)) throw err(prefix + k, "unknown key (known: " + String.join(", ", allowed) + ")");
            }
        }

        private ObjectNode obj(JsonNode parent, String key) {
            JsonNode n = parent.get(key);
            if (n == null) throw err(key, "missing");
            if (!n.isObject()) throw err(key, "must be a JSON object");
            return (ObjectNode) n;
        }

        private <T> Weighted<T> weights(ObjectNode node, String key, Function<String, T> names, String known) {
            Map<T, Double> m = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                T t = names.apply(e.getKey());
                if (t == null) throw err(key + "." + e.getKey(), "unknown name (known: " + known + ")");
                if (!e.getValue().isNumber()) throw err(key + "." + e.getKey(), "weight must be a number");
                double w = e.getValue().asDouble();
                if (w < 0 || !Double.isFinite(w))
                    throw err(key + "." + e.getKey(), "weight must be >= 0, is " + e.getValue());
                m.put(t, w);
            }
            return new Weighted<>(m);
        }

        private <T> void nonEmpty(Weighted<T> w, String key) {
            if (w.isEmpty()) throw err(key, "needs at least one positive weight");
        }

        private int integer(JsonNode node, String path, int min, int max) {
            JsonNode n = node.get(last(path));
            if (n == null) throw err(path, "missing");
            if (!n.isIntegralNumber()) throw err(path, "must be an integer");
            int v = n.asInt();
            if (v < min || v > max) throw err(path, "must be in " + min + ".." + max + ", is " + v);
            return v;
        }

        private double prob(JsonNode node, String path) {
            JsonNode n = node.get(last(path));
            if (n == null) throw err(path, "missing");
            if (!n.isNumber()) throw err(path, "must be a number");
            double v = n.asDouble();
            if (!(v >= 0 && v <= 1)) throw err(path, "probability must be in 0..1, is " + n);
            return v;
        }

        private int[] range(JsonNode node, String path, int min, int max) {
            JsonNode n = node.get(last(path));
            if (n == null) throw err(path, "missing");
            if (!n.isArray()
                    || n.size() != 2
                    || !n.get(0).isIntegralNumber()
                    || !n.get(1).isIntegralNumber()) {
                throw err(path, "must be [min, max] integers");
            }
            int a = n.get(0).asInt();
            int b = n.get(1).asInt();
            if (a > b || a < min || b > max)
                throw err(path, "range [" + a + ", " + b + "] not within " + min + ".." + max + " or reversed");
            return new int[] {a, b};
        }

        private static String last(String path) {
            return path.substring(path.lastIndexOf('.') + 1);
        }

        private FparityError err(String key, String msg) {
            return new FparityError(source + ": " + key + ": " + msg);
        }
    }
}
