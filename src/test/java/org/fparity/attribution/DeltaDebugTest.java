package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** ddmin on planted answers: the subset it returns holds and loses the property when any one member goes. */
class DeltaDebugTest {
    static final List<String> FLAGS = List.of(
            "-O3",
            "-fno-math-errno",
            "-fno-signed-zeros",
            "-fno-trapping-math",
            "-fassociative-math",
            "-freciprocal-math",
            "-ffinite-math-only",
            "-fno-rounding-math",
            "-fno-signaling-nans",
            "-fcx-limited-range",
            "-fexcess-precision=fast",
            "crtfastmath.o");

    @Test
    void findsTheOneFlagAndThePairThatAreNeeded() throws Exception {
        assertEquals(List.of("-freciprocal-math"), DeltaDebug.minimise(FLAGS, s -> s.contains("-freciprocal-math")));
        assertEquals(
                List.of("-O3", "-fassociative-math"),
                DeltaDebug.minimise(FLAGS, s -> s.containsAll(List.of("-O3", "-fassociative-math"))));
        assertEquals(List.of("crtfastmath.o"), DeltaDebug.minimise(FLAGS, s -> s.contains("crtfastmath.o")));
    }

    @Test
    void ofTwoSufficientSetsItReturnsOneAndItIsMinimal() throws Exception {
        Set<String> a = Set.of("-ffinite-math-only");
        Set<String> b = Set.of("-fassociative-math", "-fno-signed-zeros", "-fno-trapping-math");
        DeltaDebug.Test t = s -> s.containsAll(a) || s.containsAll(b);
        List<String> m = DeltaDebug.minimise(FLAGS, t);
        assertEquals(List.of("-fno-signed-zeros", "-fno-trapping-math", "-fassociative-math"), m);
        // without one of its members the rest still holds: the other minimal set
        List<String> other = DeltaDebug.minimise(DeltaDebug.minus(FLAGS, List.of("-fassociative-math")), t);
        assertEquals(List.of("-ffinite-math-only"), other);
        assertEquals(List.of(m, other), DeltaDebug.minimalSets(FLAGS, t, 4));
        assertEquals(List.of(m), DeltaDebug.minimalSets(FLAGS, t, 1));
    }

    @Test
    void nothingNeededIsTheEmptySet() throws Exception {
        assertEquals(List.of(), DeltaDebug.minimise(FLAGS, s -> true));
    }
}
