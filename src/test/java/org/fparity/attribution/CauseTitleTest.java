package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sentence a library cause is titled with, from its unit ({@link CampaignTriage#title}). No compiler. */
class CauseTitleTest {
    private static TriageState.Unit unit(String operation) {
        return new TriageState.Unit(
                "library|clang-14@O0|gcc@O0|p/0",
                RootCause.Kind.OPERATION,
                "clang",
                List.of(),
                operation,
                "tanh",
                "glibc",
                "clang-14 calls `tanh@GLIBC_2.2.5` at run time (glibc) and prints …");
    }

    /** 165ad8b267fd: gcc folds tanh of a constant while building, clang-14 calls glibc's, 1 ULP off. */
    @Test
    void aCallTheOtherCompilerFoldedNamesTheLibraryAndWhereEachSideGetsIt() {
        TriageState.Unit u = unit(LibraryTriage.FOLDED_BY + "gcc");
        assertEquals("glibc tanh (clang calls it at run time; gcc folds it at build time)", CampaignTriage.title(u));
        assertEquals("operation|clang|||math function folded by gcc|tanh", u.key());
    }

    /** Every other library cause keeps its title and key, so nightly's cause diff does not change for it. */
    @Test
    void aLibraryOffTheTruthKeepsItsTitleAndKey() {
        TriageState.Unit u = unit("math function");
        assertEquals("clang: tanh of glibc is off the correctly rounded result", CampaignTriage.title(u));
        assertEquals("operation|clang|||math function|tanh", u.key());
    }
}
