package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

class FlipSearchTest {
    static Path corpusFile(String name) {
        return Path.of("corpora/flip", name);
    }

    static Program corpus(String name) throws Exception {
        return Program.parse(Files.readString(corpusFile(name)));
    }

    /** A search of {@code cells} cells (a budget in cells, so the result does not depend on the machine's speed). */
    static FlipSearch.Outcome search(String name, int branch, long seed, int cells, List<Candidate> got)
            throws Exception {
        Program p = corpus(name);
        Domain d = Domain.parse(p, Domain.fromComments(Files.readString(corpusFile(name))));
        FlipSearch.Settings s = new FlipSearch.Settings(
                branch, d, 0.01, EvaluationModel.parse("all"), seed, 600_000, 5000, 15, 1_000_000, cells);
        try (Z3Session z3 = new Z3Session(5000)) {
            return new FlipSearch(p, s, z3, got::add).run();
        }
    }

    @Test
    void raySphereCandidatesSitWhereNamedModelsDisagree() throws Exception {
        List<Candidate> got = new ArrayList<>();
        FlipSearch.Outcome o = search("ray-sphere.fp", 0, 1, 100, got);
        assertEquals(100, o.cells());
        assertFalse(got.isEmpty(), "no candidate in 100 cells");
        int predicted = 0;
        for (Candidate c : got) {
            assertTrue(c.left().lo() <= 0 && c.left().hi() > 0, "bounds of D must straddle 0: " + c.left());
            for (double[] m : c.byModel().values())
                assertTrue(c.left().contains(m[1]), "a model's D outside the bounds");
            if (!c.pair().isEmpty()) {
                predicted++;
                assertEquals("agrees", c.exactCheck());
                assertNotEquals(
                        c.byModel().get(c.pair().get(0))[0],
                        c.byModel().get(c.pair().get(1))[0]);
            }
        }
        assertTrue(predicted > 0, "no candidate on which two named models take different branches");
    }

    @Test
    void provablyStableBranchYieldsNoCandidate() throws Exception {
        List<Candidate> got = new ArrayList<>();
        FlipSearch.Outcome o = search("stable-integer.fp", 0, 1, 60, got);
        assertEquals(60, o.cells());
        assertTrue(o.queries() > 60, "the solver was asked: " + o.queries());
        assertEquals(List.of(), got);
    }

    @Test
    void sameSeedAndBudgetGiveTheSameCandidates() throws Exception {
        List<Candidate> a = new ArrayList<>();
        List<Candidate> b = new ArrayList<>();
        search("ray-sphere.fp", 0, 42, 40, a);
        search("ray-sphere.fp", 0, 42, 40, b);
        assertFalse(a.isEmpty());
        assertEquals(
                a.stream().map(Candidate::inputs).toList(),
                b.stream().map(Candidate::inputs).toList());
        List<Candidate> c = new ArrayList<>();
        search("ray-sphere.fp", 0, 43, 40, c);
        assertNotEquals(
                a.stream().map(Candidate::inputs).toList(),
                c.stream().map(Candidate::inputs).toList());
    }

    @Test
    @org.junit.jupiter.api.Tag("slow")
    void loopMathCallAndBranchyProgramsYieldCandidates() throws Exception {
        for (String[] pb : new String[][] {
            {"horner-loop.fp", "0"}, {"distance-sqrt.fp", "0"}, {"exp-call.fp", "0"}, {"lennard-jones.fp", "6"}
        }) {
            List<Candidate> got = new ArrayList<>();
            search(pb[0], Integer.parseInt(pb[1]), 1, 150, got);
            assertFalse(got.isEmpty(), pb[0] + ": no candidate in 150 cells");
        }
    }

    @Test
    void aBranchNumberBeyondTheProgramIsOneClearError() throws Exception {
        org.fparity.FparityError e =
                assertThrows(org.fparity.FparityError.class, () -> search("ray-sphere.fp", 3, 1, 1, new ArrayList<>()));
        assertEquals("the program has 1 branches (0..0), not 3", e.getMessage());
    }
}
