package org.fparity.compare;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.OutcomeClass;
import org.fparity.exec.Platform;
import org.fparity.ir.Precision;

/** How a comparison's discrepancies and cases are written to its temporary files ({@link Spill}) and read back. */
final class Codecs {
    private Codecs() {}

    private static final DiscrepancyClass[] CLASSES = DiscrepancyClass.values();
    private static final OutcomeClass[] OUTCOME_CLASSES = OutcomeClass.values();
    private static final Precision[] PRECISIONS = Precision.values();

    /** Each pair's index in {@code pairs} (the first, for a pair listed twice). */
    private static Map<Pair, Integer> numbers(List<Pair> pairs) {
        Map<Pair, Integer> number = new java.util.HashMap<>();
        for (int i = 0; i < pairs.size(); i++) number.putIfAbsent(pairs.get(i), i);
        return number;
    }

    /** A discrepancy of one of {@code pairs}, its pair written as its index. */
    static Spill.Codec<Discrepancy> discrepancy(Platform[] platforms, List<Pair> pairs) {
        Map<Pair, Integer> number = numbers(pairs);
        return new Spill.Codec<>() {
            @Override
            public void write(SpillOut out, Discrepancy d) throws IOException {
                out.writeString(d.program());
                out.writeInt(d.input());
                out.writeInt(number.get(d.pair()));
                out.writeByte(d.cls().ordinal());
                out.writeByte(d.classA().ordinal());
                out.writeByte(d.classB().ordinal());
                out.writeString(d.hexA());
                out.writeString(d.hexB());
                if (d.ulps() == null) {
                    out.writeShort(-1);
                } else {
                    byte[] u = d.ulps().toByteArray();
                    out.writeShort(u.length);
                    out.write(u);
                }
                out.writeDouble(d.relError());
            }

            @Override
            public Discrepancy read(SpillIn in) throws IOException {
                String program = in.readString();
                int input = in.readInt();
                Pair pair = pairs.get(in.readInt());
                DiscrepancyClass cls = CLASSES[in.readByte()];
                OutcomeClass a = OUTCOME_CLASSES[in.readByte()];
                OutcomeClass b = OUTCOME_CLASSES[in.readByte()];
                String hexA = in.readString();
                String hexB = in.readString();
                int n = in.readShort();
                BigInteger ulps = n < 0 ? null : new BigInteger(in.readBytes(n));
                double rel = in.readDouble();
                return new Discrepancy(program, input, pair, cls, a, b, hexA, hexB, ulps, rel);
            }
        };
    }

    private static final org.fparity.exec.Outcome.Status[] STATUSES = org.fparity.exec.Outcome.Status.values();

    /** A run that ended differently on the two sides of one of {@code pairs}, its pair written as its index. */
    static Spill.Codec<StatusMismatch> mismatch(List<Pair> pairs) {
        Map<Pair, Integer> number = numbers(pairs);
        return new Spill.Codec<>() {
            @Override
            public void write(SpillOut out, StatusMismatch m) throws IOException {
                out.writeString(m.program());
                out.writeInt(m.input());
                out.writeInt(number.get(m.pair()));
                out.writeByte(m.statusA().ordinal());
                out.writeByte(m.statusB().ordinal());
                out.writeString(m.detailA());
                out.writeString(m.detailB());
            }

            @Override
            public StatusMismatch read(SpillIn in) throws IOException {
                String program = in.readString();
                int input = in.readInt();
                Pair pair = pairs.get(in.readInt());
                return new StatusMismatch(
                        program,
                        input,
                        pair,
                        STATUSES[in.readByte()],
                        STATUSES[in.readByte()],
                        in.readString(),
                        in.readString());
            }
        };
    }

    /** A case, its platforms written as their numbers in {@code platforms}. */
    static Spill.Codec<Cases.Case> cases(Platform[] platforms) {
        // a case's platforms are the comparison's own objects: numbered by identity, not by a search that compares
        // names
        Map<Platform, Integer> same = new java.util.IdentityHashMap<>();
        for (int i = 0; i < platforms.length; i++) same.put(platforms[i], i);
        return new Spill.Codec<>() {
            @Override
            public void write(SpillOut out, Cases.Case c) throws IOException {
                out.writeString(c.program());
                out.writeInt(c.input());
                out.writeByte(c.precision().ordinal());
                out.writeLong(c.micros());
                out.writeShort(c.results().size());
                for (var e : c.results().entrySet()) {
                    out.writeShort(number(e.getKey()));
                    out.writeString(e.getValue());
                }
                out.writeShort(c.unstable().size());
                for (var e : c.unstable().entrySet()) {
                    out.writeShort(number(e.getKey()));
                    out.writeShort(e.getValue().size());
                    for (String s : e.getValue()) out.writeString(s);
                }
                writePlatforms(out, c.failed());
                out.writeShort(c.answers().size());
                int majority = -1;
                for (int i = 0; i < c.answers().size(); i++) {
                    Cases.Answer a = c.answers().get(i);
                    if (a == c.majority()) majority = i;
                    out.writeString(a.hex());
                    out.writeDouble(a.value());
                    writePlatforms(out, a.platforms());
                }
                out.writeShort(majority);
                writePlatforms(out, c.oddOnesOut());
            }

            @Override
            public Cases.Case read(SpillIn in) throws IOException {
                String program = in.readString();
                int input = in.readInt();
                Precision precision = PRECISIONS[in.readByte()];
                long micros = in.readLong();
                Map<Platform, String> results = new LinkedHashMap<>();
                for (int i = in.readShort(); i > 0; i--) results.put(platforms[in.readShort()], in.readString());
                Map<Platform, List<String>> unstable = new LinkedHashMap<>();
                for (int i = in.readShort(); i > 0; i--) {
                    Platform p = platforms[in.readShort()];
                    List<String> rs = new ArrayList<>();
                    for (int k = in.readShort(); k > 0; k--) rs.add(in.readString());
                    unstable.put(p, List.copyOf(rs));
                }
                List<Platform> failed = readPlatforms(in);
                List<Cases.Answer> answers = new ArrayList<>();
                for (int i = in.readShort(); i > 0; i--)
                    answers.add(new Cases.Answer(in.readString(), in.readDouble(), readPlatforms(in)));
                int majority = in.readShort();
                List<Platform> odd = readPlatforms(in);
                return new Cases.Case(
                        program,
                        input,
                        precision,
                        results,
                        unstable,
                        failed,
                        answers,
                        majority < 0 ? null : answers.get(majority),
                        odd,
                        micros);
            }

            private int number(Platform p) {
                Integer k = same.get(p);
                if (k != null) return k;
                int i = java.util.Arrays.binarySearch(platforms, p);
                if (i < 0) throw new IllegalStateException("platform " + p + " is not among the comparison's");
                return i;
            }

            private void writePlatforms(SpillOut out, List<Platform> ps) throws IOException {
                out.writeShort(ps.size());
                for (Platform p : ps) out.writeShort(number(p));
            }

            private List<Platform> readPlatforms(SpillIn in) throws IOException {
                int n = in.readShort();
                List<Platform> ps = new ArrayList<>(n);
                for (int i = 0; i < n; i++) ps.add(platforms[in.readShort()]);
                return List.copyOf(ps);
            }
        };
    }
}
