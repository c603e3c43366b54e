package org.fparity.reduce;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.fparity.ir.Input;
import org.fparity.ir.Node;
import org.fparity.ir.NodePath;
import org.fparity.ir.Param;
import org.fparity.ir.Params;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.fparity.ir.Validator;

/**
 * One reduction step as data, so that steps found interesting in the same round can be combined: tree edits (by path
 * in the program they were made for), parameters replaced by their input value, input tokens changed.
 *
 * @param pass   the pass that proposed it (for logs and statistics)
 * @param edits  non-overlapping edits: replace a node, or splice a statement into zero or more statements
 * @param drops  FP parameters replaced by a literal holding their input value
 * @param inputs input tokens changed, by parameter index
 */
public record Candidate(String pass, List<Edit> edits, Set<String> drops, Map<Integer, String> inputs) {
    public Candidate {
        edits = List.copyOf(edits);
        drops = Set.copyOf(drops);
        inputs = Map.copyOf(inputs);
    }

    /** Replace the node at {@code path} by {@code with} (one node), or splice the statement there into {@code with}. */
    public record Edit(NodePath path, boolean splice, List<Node> with) {
        public Edit {
            with = List.copyOf(with);
        }
    }

    static Candidate edit(String pass, Edit e) {
        return new Candidate(pass, List.of(e), Set.of(), Map.of());
    }

    /**
     * Applies the candidate to the program it was made for: edits deepest-last-first (so earlier paths stay valid),
     * then the input changes, then parameter drops, then every parameter the body no longer uses goes with its value.
     * Returns null when the result breaks a rule of the IR (the validator decides), so every candidate run is valid.
     */
    public Params.WithInput apply(Program p, Input in) {
        try {
            List<Edit> es = new ArrayList<>(edits);
            es.sort(Comparator.comparing(Edit::path).reversed());
            Program q = p;
            for (Edit e : es) {
                if (e.splice) {
                    List<Stmt> ss = new ArrayList<>();
                    for (Node n : e.with) ss.add((Stmt) n);
                    q = NodePath.splice(q, e.path, ss);
                } else {
                    q = NodePath.replace(q, e.path, e.with.getFirst());
                }
            }
            List<String> args = new ArrayList<>(in.args());
            for (var c : new TreeMap<>(inputs).entrySet()) args.set(c.getKey(), c.getValue());
            Params.WithInput r = new Params.WithInput(q, new Input(args));
            for (String d : drops) {
                if (r.program().param(d) == null) continue;
                r = Params.remove(r.program(), r.input(), d);
                if (r == null) return null;
            }
            Set<String> used = Params.used(r.program());
            for (Param par : List.copyOf(r.program().params())) {
                if (!used.contains(par.name())) r = Params.remove(r.program(), r.input(), par.name());
            }
            Validator.validate(r.program());
            return r;
        } catch (IllegalArgumentException | ClassCastException e) {
            return null;
        }
    }

    /**
     * This candidate and {@code o} as one, or null when they touch the same node (one path is a prefix of the
     * other's) or the same input value.
     */
    public Candidate union(Candidate o) {
        for (Edit x : edits) {
            for (Edit y : o.edits) if (x.path.isPrefixOf(y.path) || y.path.isPrefixOf(x.path)) return null;
        }
        for (Integer k : o.inputs.keySet()) if (inputs.containsKey(k)) return null;
        List<Edit> es = new ArrayList<>(edits);
        es.addAll(o.edits);
        Set<String> ds = new HashSet<>(drops);
        ds.addAll(o.drops);
        Map<Integer, String> in = new java.util.HashMap<>(inputs);
        in.putAll(o.inputs);
        return new Candidate(
                pass.startsWith("extreme-") || o.pass.startsWith("extreme-") ? "extreme-combined" : "combined",
                es,
                ds,
                in);
    }

    /**
     * Whether this candidate moves a value the discrepancy is computed from — an input, or a literal made extreme
     * ({@link Passes#extremeValues}) — so the correctly rounded answer moves with it and the side off it may change.
     */
    public boolean movesValues() {
        return !inputs.isEmpty() || pass.startsWith("extreme-");
    }
}
