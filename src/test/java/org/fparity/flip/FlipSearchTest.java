package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

class FlipSearchTest {
    static Program corpus(String name) throws Exception {
        return Program.parse(Files.readString(Path.of("corpora/flip", name)));
    }

    static FlipSearch.Settings settings(Program p, List<String> domain, long seed, int maxCandidates, int maxCells) {
        return new FlipSearch.Settings(0, Domain.parse(p, domain), 0.01, EvaluationModel.parse("all"), seed, 60_000, 2000, 15,
                maxCandidates, maxCells);
    }

    @Test
    void raySphereYieldsCandidatesThatNamedModelsDisagreeOn() throws Exception {
        Program p = corpus("ray-sphere.fp");
        List<String> dom = List.of("r0=-50:50", "r1=-50:50", "r2=-50:50", "s0=-50:50", "s1=-50:50", "s2=-50:50", "radiusSq=-50:50", "comp=0:0");
        try (Z3Session z3 = new Z3Session(2000)) {
            List<Candidate> got = new ArrayList<>();
            FlipSearch.Outcome o = new FlipSearch(p, settings(p, dom, 1, 60, 300), z3, got::add).run();
            System.out.println("cells " + o.cells() + " queries " + o.queries() + " z3 " + o.z3Millis() + " ms total " + o.millis() + " notes " + o.notes());
            for (Candidate c : got) System.out.println(c.id() + " " + c.inputs() + " pair " + c.pair() + " cal " + c.calibrations() + " L " + c.left());
            assertFalse(got.isEmpty());
        }
    }
}
