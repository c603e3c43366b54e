package org.fparity.oracle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import org.fparity.FparityError;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;

/** Reads numbers for exact sums: one per line, decimal or hex, blank lines and {@code #} comments skipped. */
public final class NumberReader {
    private NumberReader() {}

    /** Reads {@code name} ('-' for {@code stdin}); a bad line is a one-line error with its number. */
    public static double[] read(String name, Precision f, InputStream stdin) {
        try (BufferedReader br = name.equals("-") ? new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8))
                : Files.newBufferedReader(Path.of(name), StandardCharsets.UTF_8)) {
            double[] a = new double[1024];
            int n = 0;
            String line;
            int lineNo = 0;
            while ((line = br.readLine()) != null) {
                lineNo++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) continue;
                double v;
                try {
                    v = parse(t, f);
                } catch (NumberFormatException e) {
                    String shown = t.length() > 40 ? t.substring(0, 40) + "…" : t;
                    boolean notFloat = e instanceof HexFloat.NotRepresentable;
                    throw new FparityError(name + ":" + lineNo + ": '" + shown + "' is not " + (notFloat ? "a binary32 value (use --precision fp64)" : "a number"));
                }
                if (n == a.length) a = Arrays.copyOf(a, n * 2);
                a[n++] = v;
            }
            return Arrays.copyOf(a, n);
        } catch (NoSuchFileException e) {
            throw new FparityError(name + ": no such file");
        } catch (IOException e) {
            throw FparityError.io("cannot read " + name, e);
        }
    }

    static double parse(String t, Precision f) {
        return HexFloat.parseExact(t, f);
    }
}
