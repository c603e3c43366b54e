package org.fparity.reduce;

import java.util.List;
import org.fparity.confirm.LibraryCall;

/**
 * A finding's verdict with where each C side gets the first diverging call's value ({@link LibraryCall}, measured on
 * each side's build of the minimal source): the sentences say it, and a culprit whose build calls no library function
 * is not judged by the library's documented accuracy (its value is the compiler's).
 */
final class LibraryCallVerdict {
    private LibraryCallVerdict() {}

    static FindingVerdict amend(FindingVerdict v, Divergence d, List<LibraryCall.Measured> sides, String library) {
        if (sides == null || v == null) return v;
        String fn = d.text().substring(0, d.text().indexOf('('));
        LibraryCall.Measured culprit = null;
        for (LibraryCall.Measured m : sides) if (m.label().equals(v.culprit())) culprit = m;
        String said = LibraryCall.said(sides, fn, d.text(), library);
        boolean libraryJudged = v.kind() == FindingVerdict.Kind.WITHIN_ACCURACY
                || (v.kind() == FindingVerdict.Kind.VENDOR_BUG && v.reason().contains(" documents at most "));
        if (culprit != null && culprit.seen().how() == LibraryCall.How.NO_CALL && libraryJudged)
            return FindingVerdict.undecided(
                    v.culprit(),
                    said + " " + v.culprit() + "'s value is its compiler's, not " + library + "'s, so the library's"
                            + " documented accuracy does not describe it; no accuracy is documented for evaluation"
                            + " while compiling.");
        return new FindingVerdict(v.kind(), v.culprit(), said + " " + v.reason());
    }
}
