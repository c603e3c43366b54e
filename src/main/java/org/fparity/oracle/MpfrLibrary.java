package org.fparity.oracle;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.util.ArrayList;
import java.util.List;
import org.fparity.ExitCode;
import org.fparity.FparityError;

/** Finds GNU MPFR's shared library (the runtime package, no headers needed). */
public final class MpfrLibrary {
    private MpfrLibrary() {}

    /** Where we look, in order: {@code -Dfparity.libmpfr}, {@code $FPARITY_LIBMPFR}, then the usual sonames. */
    public static List<String> candidates() {
        List<String> c = new ArrayList<>();
        String prop = System.getProperty("fparity.libmpfr");
        String env = System.getenv("FPARITY_LIBMPFR");
        if (prop != null && !prop.isBlank()) return List.of(prop);
        if (env != null && !env.isBlank()) return List.of(env);
        c.add("libmpfr.so.6");
        c.add("libmpfr.so");
        c.add("libmpfr.6.dylib");
        c.add("/usr/lib/x86_64-linux-gnu/libmpfr.so.6");
        c.add("/usr/lib64/libmpfr.so.6");
        c.add("/opt/homebrew/lib/libmpfr.dylib");
        return c;
    }

    /** Loads the first candidate that exists, or throws a one-line error (exit 3) naming what was tried. */
    @SuppressWarnings("restricted") // loading the native MPFR library is this method's job
    public static SymbolLookup locate(List<String> candidates) {
        for (String name : candidates) {
            try {
                SymbolLookup lookup = SymbolLookup.libraryLookup(name, Arena.global());
                if (lookup.find("mpfr_init2").isPresent()) return lookup;
            } catch (IllegalArgumentException | IllegalCallerException notThere) {
                // try the next one
            }
        }
        throw new FparityError(
                "GNU MPFR not found (looked for " + String.join(", ", candidates)
                        + "); install libmpfr6 (Debian/Ubuntu: apt-get install libmpfr6) or set FPARITY_LIBMPFR",
                ExitCode.MISSING_TOOL);
    }
}
