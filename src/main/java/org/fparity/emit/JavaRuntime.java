package org.fparity.emit;

/**
 * The fixed part of every Java harness, as Java source parsed once into AST members: C-compatible input parsing,
 * glibc-identical {@code %a} and {@code %g} output, and the math functions Java lacks or spells with other semantics.
 * {@code LIB} stands for {@code Math} or {@code StrictMath}.
 */
final class JavaRuntime {
    private JavaRuntime() {}

    static final String SOURCE = """
            class Runtime {
                private static final java.util.regex.Pattern FP_NUMBER = java.util.regex.Pattern.compile(
                        "[+-]?(?:(?:[0-9]+[.]?[0-9]*|[.][0-9]+)(?:[eE][+-]?[0-9]+)?|0[xX](?:[0-9a-fA-F]+[.]?[0-9a-fA-F]*|[.][0-9a-fA-F]+)([pP][+-]?[0-9]+)?)");

                // the same acceptance as the C harness's strtod/strtof: decimal and hex floats, inf, infinity, nan
                private static boolean fp_parse(String t, boolean single, double[] out, int i) {
                    String u = t.toLowerCase(java.util.Locale.ROOT);
                    boolean neg = u.startsWith("-");
                    String body = u.startsWith("-") || u.startsWith("+") ? u.substring(1) : u;
                    if (body.equals("inf") || body.equals("infinity")) {
                        out[i] = neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
                        return true;
                    }
                    if (body.equals("nan")) {
                        // glibc's strtod keeps the sign of "-nan"
                        out[i] = single ? (double) Float.intBitsToFloat(neg ? 0xffc00000 : 0x7fc00000)
                                : Double.longBitsToDouble(neg ? 0xfff8000000000000L : 0x7ff8000000000000L);
                        return true;
                    }
                    java.util.regex.Matcher m = FP_NUMBER.matcher(t);
                    if (!m.matches()) return false;
                    String s = t;
                    if (body.startsWith("0x") && m.group(1) == null) s = t + "p0";
                    out[i] = single ? (double) Float.parseFloat(s) : Double.parseDouble(s);
                    return true;
                }

                private static int fp_parse_index(String t) {
                    if (t.isEmpty() || t.length() > 9) return -1;
                    int v = 0;
                    for (int i = 0; i < t.length(); i++) {
                        char c = t.charAt(i);
                        if (c < '0' || c > '9') return -1;
                        v = v * 10 + (c - '0');
                    }
                    return v;
                }

                // loop bound: optional sign and digits; saturates like the C harness so long numbers fail the range check
                private static long fp_parse_bound(String t) {
                    int i = 0;
                    boolean neg = false;
                    if (!t.isEmpty() && (t.charAt(0) == '+' || t.charAt(0) == '-')) {
                        neg = t.charAt(0) == '-';
                        i = 1;
                    }
                    if (i == t.length()) return Long.MIN_VALUE;
                    long v = 0;
                    for (; i < t.length(); i++) {
                        char c = t.charAt(i);
                        if (c < '0' || c > '9') return Long.MIN_VALUE;
                        if (v < 1000000000L) v = v * 10 + (c - '0');
                    }
                    return neg ? -v : v;
                }

                // null when the values fit program k, otherwise the reason (same words as the C harness)
                private static String fp_parse_args(int k, String[] t, int from, double[] v, int[] n) {
                    String sig = SIG[k];
                    int got = t.length - from;
                    if (got != sig.length()) return "expected " + sig.length() + " values, got " + got;
                    int nv = 0;
                    int nn = 0;
                    for (int i = 0; i < sig.length(); i++) {
                        String tok = t[from + i];
                        if (sig.charAt(i) == 'I') {
                            long b = fp_parse_bound(tok);
                            if (b == Long.MIN_VALUE) return "bad value " + (i + 1);
                            if (b < 0 || b > LEN[k]) return "bound " + (i + 1) + " out of range 0.." + LEN[k];
                            n[nn++] = (int) b;
                        } else if (sig.charAt(i) == 'E') {
                            // exactly LEN[k] values separated by commas, as the C harness reads them
                            String[] each = tok.split(",", -1);
                            if (each.length != LEN[k]) return "bad value " + (i + 1) + " (want " + LEN[k] + " comma-separated values)";
                            for (String e : each) {
                                if (!fp_parse(e, F32[k], v, nv++)) return "bad value " + (i + 1) + " (want " + LEN[k] + " comma-separated values)";
                            }
                        } else if (!fp_parse(tok, F32[k], v, nv++)) {
                            return "bad value " + (i + 1);
                        }
                    }
                    return null;
                }

                private static double[] fp_fill(int len, double x) {
                    double[] a = new double[len];
                    java.util.Arrays.fill(a, x);
                    return a;
                }

                private static double[] fp_elems(double[] v, int from, int len) {
                    return java.util.Arrays.copyOfRange(v, from, from + len);
                }

                private static float[] fp_elems32(double[] v, int from, int len) {
                    float[] a = new float[len];
                    for (int i = 0; i < len; i++) a[i] = (float) v[from + i];
                    return a;
                }

                private static float[] fp_fill(int len, float x) {
                    float[] a = new float[len];
                    java.util.Arrays.fill(a, x);
                    return a;
                }

                // glibc's %a
                private static String fp_hex(double v) {
                    long bits = Double.doubleToRawLongBits(v);
                    String sign = bits < 0 ? "-" : "";
                    if (Double.isNaN(v)) return sign + "nan";
                    if (Double.isInfinite(v)) return sign + "inf";
                    int biased = (int) ((bits >>> 52) & 0x7ff);
                    long frac = bits & 0xfffffffffffffL;
                    if (biased == 0 && frac == 0) return sign + "0x0p+0";
                    int exp = biased == 0 ? -1022 : biased - 1023;
                    StringBuilder sb = new StringBuilder(24).append(sign).append(biased == 0 ? "0x0" : "0x1");
                    if (frac != 0) {
                        int digits = 13;
                        while ((frac & 0xf) == 0) {
                            frac >>>= 4;
                            digits--;
                        }
                        String h = Long.toHexString(frac);
                        sb.append('.');
                        for (int i = h.length(); i < digits; i++) sb.append('0');
                        sb.append(h);
                    }
                    return sb.append('p').append(exp >= 0 ? "+" : "").append(exp).toString();
                }

                // C's %.<p>g: p significant digits of the exact value (ties to even), trailing zeros removed
                private static String fp_g(double v, int p) {
                    boolean neg = Double.doubleToRawLongBits(v) < 0;
                    String sign = neg ? "-" : "";
                    if (Double.isNaN(v)) return sign + "nan";
                    if (Double.isInfinite(v)) return sign + "inf";
                    if (v == 0) return sign + "0";
                    java.math.BigDecimal d = new java.math.BigDecimal(Math.abs(v))
                            .round(new java.math.MathContext(p, java.math.RoundingMode.HALF_EVEN)).stripTrailingZeros();
                    String digits = d.unscaledValue().toString();
                    int x = digits.length() - d.scale() - 1;
                    StringBuilder sb = new StringBuilder(32).append(sign);
                    if (x < -4 || x >= p) {
                        sb.append(digits.charAt(0));
                        if (digits.length() > 1) sb.append('.').append(digits, 1, digits.length());
                        sb.append('e').append(x < 0 ? '-' : '+');
                        int ax = Math.abs(x);
                        if (ax < 10) sb.append('0');
                        sb.append(ax);
                    } else if (x >= 0) {
                        if (digits.length() <= x + 1) {
                            sb.append(digits);
                            for (int i = digits.length(); i <= x; i++) sb.append('0');
                        } else {
                            sb.append(digits, 0, x + 1).append('.').append(digits, x + 1, digits.length());
                        }
                    } else {
                        sb.append("0.");
                        for (int i = -1; i > x; i--) sb.append('0');
                        sb.append(digits);
                    }
                    return sb.toString();
                }

                // one line as bytes up to '\\n' (like the C harness's getc loop); null at end of input
                private static String fp_readline(java.io.InputStream in) throws java.io.IOException {
                    StringBuilder sb = new StringBuilder(128);
                    int c;
                    boolean any = false;
                    while ((c = in.read()) != -1 && c != '\\n') {
                        any = true;
                        sb.append((char) c);
                    }
                    if (c == -1 && !any) return null;
                    return sb.toString();
                }

                private static String[] fp_tokens(String line) {
                    int nul = line.indexOf('\\0');
                    if (nul >= 0) line = line.substring(0, nul);
                    java.util.ArrayList<String> toks = new java.util.ArrayList<>();
                    int i = 0;
                    while (true) {
                        while (i < line.length() && fp_space(line.charAt(i))) i++;
                        if (i >= line.length()) break;
                        int s = i;
                        while (i < line.length() && !fp_space(line.charAt(i))) i++;
                        toks.add(line.substring(s, i));
                    }
                    return toks.toArray(new String[0]);
                }

                private static boolean fp_space(char c) {
                    return c == ' ' || c == '\\t' || c == '\\r' || c == 0x0b || c == '\\f';
                }

                // any failure that is not a bad input line is exit 4 with one line, as in the C-family harnesses
                private static void fp_main(String[] args, boolean single) {
                    try {
                        if (single) fp_single(args);
                        else fp_batch();
                    } catch (Throwable t) {
                        System.out.flush();
                        System.err.println("fparity-harness: " + t.toString().replace('\\n', ' '));
                        System.exit(4);
                    }
                }

                private static void fp_batch() throws java.io.IOException {
                    java.io.InputStream in = new java.io.BufferedInputStream(new java.io.FileInputStream(java.io.FileDescriptor.in), 1 << 16);
                    java.io.PrintStream out = new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                            java.nio.charset.StandardCharsets.ISO_8859_1);
                    double[] v = new double[MAXV];
                    int[] n = new int[MAXN];
                    String line;
                    while ((line = fp_readline(in)) != null) {
                        String[] t = fp_tokens(line);
                        int k = t.length == 0 ? -1 : fp_parse_index(t[0]);
                        String why;
                        if (k < 0) {
                            out.print("-1 error bad index\\n");
                        } else if (k >= SIG.length) {
                            out.print(k + " error no such program\\n");
                        } else if ((why = fp_parse_args(k, t, 1, v, n)) != null) {
                            out.print(k + " error " + why + "\\n");
                        } else {
                            double r = fp_run(k, v, n);
                            out.print(k + " " + fp_hex(r) + " " + fp_g(r, F32[k] ? 9 : 17) + "\\n");
                        }
                        out.flush();
                    }
                    out.flush();
                }

                private static void fp_single(String[] args) {
                    double[] v = new double[MAXV];
                    int[] n = new int[MAXN];
                    String why = fp_parse_args(0, args, 0, v, n);
                    if (why != null) {
                        System.err.println("fparity-harness: " + why);
                        System.exit(4);
                    }
                    double r = fp_run(0, v, n);
                    System.out.print(fp_hex(r) + " " + fp_g(r, F32[0] ? 9 : 17) + "\\n");
                    System.out.flush();
                }

                // C's exp2, log2 (exact on powers of two, as C's is), trunc, round (half away from zero)
                private static double exp2(double x) {
                    return LIB.pow(2.0, x);
                }

                private static float exp2(float x) {
                    return (float) LIB.pow(2.0, x);
                }

                private static double log2(double x) {
                    if (x > 0 && x < Double.POSITIVE_INFINITY) {
                        long bits = Double.doubleToRawLongBits(x);
                        if (Long.bitCount(bits & 0xfffffffffffffL) == 0) return Math.getExponent(x);
                        if ((bits >>> 52) == 0 && Long.bitCount(bits) == 1) return -1074 + Long.numberOfTrailingZeros(bits);
                    }
                    return LIB.log(x) * 1.4426950408889634;
                }

                private static float log2(float x) {
                    return (float) log2((double) x);
                }

                private static double trunc(double x) {
                    return x < 0 ? Math.ceil(x) : Math.floor(x);
                }

                private static float trunc(float x) {
                    return (float) trunc((double) x);
                }

                private static double round(double x) {
                    double t = trunc(x);
                    // x - t is exact: both have x's sign and t only drops fraction bits
                    return Math.abs(x - t) >= 0.5 ? t + Math.copySign(1.0, x) : t;
                }

                private static float round(float x) {
                    float t = trunc(x);
                    return Math.abs(x - t) >= 0.5f ? t + Math.copySign(1.0f, x) : t;
                }

                // C's fmin/fmax: a NaN argument loses to a number. C leaves a +0/-0 tie open and glibc is not even consistent
                // across call sites; like LLVM's minnum lowering (clang, PoCL) this returns the first argument
                private static double fmin(double a, double b) {
                    if (a != a) return b;
                    if (b != b) return a;
                    return b < a ? b : a;
                }

                private static float fmin(float a, float b) {
                    if (a != a) return b;
                    if (b != b) return a;
                    return b < a ? b : a;
                }

                private static double fmax(double a, double b) {
                    if (a != a) return b;
                    if (b != b) return a;
                    return b > a ? b : a;
                }

                private static float fmax(float a, float b) {
                    if (a != a) return b;
                    if (b != b) return a;
                    return b > a ? b : a;
                }

                // C's pow: pow(1, y) = 1 and pow(-1, +-inf) = 1 even for NaN y, where Java's gives NaN
                private static double pow(double x, double y) {
                    if (x == 1.0 || (x == -1.0 && Double.isInfinite(y))) return 1.0;
                    return LIB.pow(x, y);
                }

                private static float pow(float x, float y) {
                    return (float) pow((double) x, (double) y);
                }

                // erf: a positive-term series below 3 (no cancellation), a continued fraction for erfc above, 1 from 6 on
                private static double erf(double x) {
                    if (x != x) return x;
                    double a = Math.abs(x);
                    double r;
                    if (a >= 6) {
                        r = 1.0;
                    } else if (a < 3) {
                        double x2 = a * a;
                        double term = a;
                        double sum = a;
                        for (int k = 1; k < 200; k++) {
                            term *= 2 * x2 / (2 * k + 1);
                            sum += term;
                            if (term < sum * 1e-17) break;
                        }
                        r = 1.1283791670955126 * LIB.exp(-x2) * sum;
                    } else {
                        // erfc(a) = exp(-a^2)/sqrt(pi) / (a + (1/2)/(a + 1/(a + (3/2)/(a + ...)))), evaluated bottom-up
                        double f = a;
                        for (int k = 60; k >= 1; k--) f = a + (k / 2.0) / f;
                        r = 1.0 - LIB.exp(-a * a) / (f * 1.7724538509055159);
                    }
                    return x < 0 ? -r : (x == 0 ? x : r);
                }

                private static float erf(float x) {
                    return (float) erf((double) x);
                }
            }
            """;
}
