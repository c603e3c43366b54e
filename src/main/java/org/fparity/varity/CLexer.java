package org.fparity.varity;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the C / CUDA / HIP text Varity writes into tokens with line numbers: names, numbers (with their suffixes and
 * exponent signs), string literals, operators (longest match, including CUDA's {@code <<<} and {@code >>>}) and whole
 * preprocessor lines. Comments are dropped.
 */
final class CLexer {
    /** One token: its kind, its text and the line it starts on. */
    record Token(Kind kind, String text, int line) {
        boolean is(String s) {
            return text.equals(s) && kind != Kind.STRING;
        }
    }

    enum Kind {
        NAME,
        NUMBER,
        STRING,
        CHAR,
        OP,
        PREPROCESSOR,
        END
    }

    // longest first, so "<<<" wins over "<<" and "<="
    private static final String[] OPS = {
        "<<<", ">>>", "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=",
        "*=", "/=", "%=", "&=", "|=", "^=", "::"
    };

    private CLexer() {}

    static List<Token> tokens(String s) {
        List<Token> out = new ArrayList<>();
        int line = 1;
        int i = 0;
        boolean lineStart = true;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\n') {
                line++;
                i++;
                lineStart = true;
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') i++;
                continue;
            }
            if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                if (end < 0) throw new VarityFormatException(line, "comment not closed");
                for (int k = i; k < end; k++) if (s.charAt(k) == '\n') line++;
                i = end + 2;
                continue;
            }
            int start = i;
            int startLine = line;
            if (c == '#' && lineStart) {
                // a preprocessor directive runs to the end of its line (Varity writes no continuations)
                while (i < n && s.charAt(i) != '\n') i++;
                out.add(new Token(Kind.PREPROCESSOR, s.substring(start, i).strip(), startLine));
                continue;
            }
            lineStart = false;
            if (Character.isLetter(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
                out.add(new Token(Kind.NAME, s.substring(start, i), startLine));
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1)))) {
                boolean hex = c == '0' && i + 1 < n && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X');
                if (hex) i += 2;
                while (i < n) {
                    char d = s.charAt(i);
                    char prev = s.charAt(i - 1);
                    boolean expSign = (d == '+' || d == '-')
                            && (hex ? (prev == 'p' || prev == 'P') : (prev == 'e' || prev == 'E'));
                    if (Character.isLetterOrDigit(d) || d == '.' || expSign) i++;
                    else break;
                }
                out.add(new Token(Kind.NUMBER, s.substring(start, i), startLine));
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && s.charAt(i) != c) {
                    if (s.charAt(i) == '\\') i++;
                    if (i < n && s.charAt(i) == '\n') throw new VarityFormatException(startLine, "string not closed");
                    i++;
                }
                if (i >= n) throw new VarityFormatException(startLine, "string not closed");
                i++;
                out.add(new Token(c == '"' ? Kind.STRING : Kind.CHAR, s.substring(start, i), startLine));
            } else {
                String op = null;
                for (String o : OPS) {
                    if (s.startsWith(o, i)) {
                        op = o;
                        break;
                    }
                }
                if (op == null) op = String.valueOf(c);
                i += op.length();
                out.add(new Token(Kind.OP, op, startLine));
            }
        }
        out.add(new Token(Kind.END, "end of file", line));
        return out;
    }
}
