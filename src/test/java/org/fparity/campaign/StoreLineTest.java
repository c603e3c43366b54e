package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store line read from its bytes ({@link StoreLine}) is the program Jackson binds from it, and a line it does not
 * take (anything but the writer's own shape) goes to Jackson, so a damaged store is refused in the same words.
 */
class StoreLineTest {
    @TempDir
    Path tmp;

    private static final CampaignMeta.ProgramEntry PLAIN = new CampaignMeta.ProgramEntry(
            "0123456789abcdef",
            "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
            Precision.FP64,
            "program fp64\ncompute(double comp) {\n\tcomp = \"q\" \\ 1 / 2;\r\b\f\n}",
            List.of(new Input(List.of("0x1p+0", "-0x1.8p-3", "7")), new Input(List.of()), new Input(List.of("1,2"))));

    private static byte[] line(CampaignMeta.ProgramEntry e) throws IOException {
        return ProgramStore.WRITER.writeValueAsBytes(e);
    }

    private static CampaignMeta.ProgramEntry bound(byte[] b) throws IOException {
        return ProgramStore.READER.readValue(b);
    }

    @Test
    void theWritersLinesAreReadFromTheirBytesAsJacksonBindsThem() throws IOException {
        List<CampaignMeta.ProgramEntry> programs = List.of(
                PLAIN,
                new CampaignMeta.ProgramEntry("p", null, null, null, List.of()),
                new CampaignMeta.ProgramEntry("q", null, Precision.FP32, "x", List.of(new Input(List.of("a")))),
                new CampaignMeta.ProgramEntry("r", "h", null, "", List.of(new Input(List.of("")))));
        StoreLine s = new StoreLine();
        for (CampaignMeta.ProgramEntry e : programs) {
            byte[] b = line(e);
            assertTrue(s.read(b, 0, b.length), new String(b, StandardCharsets.UTF_8));
            assertEquals(e, s.toEntry());
            assertEquals(bound(b), s.toEntry());
            assertEquals(e.inputs().size(), s.inputCount());
            byte[] src = e.source() == null ? null : e.source().getBytes(StandardCharsets.UTF_8);
            assertEquals(src == null ? -1 : src.length, s.sourceLength());
            if (src != null)
                assertEquals(
                        new String(src, StandardCharsets.UTF_8),
                        new String(s.sourceBytes(), 0, s.sourceLength(), StandardCharsets.UTF_8));
        }
        // a line inside a block of others is read from where it is
        byte[] b = line(PLAIN);
        byte[] block = new byte[b.length + 20];
        System.arraycopy(b, 0, block, 7, b.length);
        assertTrue(s.read(block, 7, 7 + b.length));
        assertEquals(PLAIN, s.toEntry());
        assertEquals("-0x1.8p-3", new String(block, s.tokenFrom(0, 1), s.tokenLength(0, 1), StandardCharsets.US_ASCII));
    }

    @Test
    void anythingButTheWritersShapeIsLeftToJackson() throws IOException {
        String ok = new String(line(PLAIN), StandardCharsets.UTF_8);
        StoreLine s = new StoreLine();
        List<String> others = List.of(
                ok.replace("{\"id\":\"0123456789abcdef\"", "{\"id\":\"0123456789abcdef\",\"id\":\"0123456789abcdef\""),
                ok.replace("{\"id\":", "{ \"id\":"),
                ok + " ",
                ok + "x",
                ok.substring(0, ok.length() - 1),
                ok.replace("\"fp64\"", "\"FP64\""),
                ok.replace("\"fp64\"", "\"fp16\""),
                ok.replace("\"0x1p+0\"", "1"),
                ok.replace("\"0x1p+0\"", "\"0x1\\u0070+0\""),
                ok.replace("\"0x1p+0\"", "\"0x1p+0\\n\""),
                ok.replace("\"0x1p+0\"", "null"),
                ok.replace("program fp64", "program \\u0066p64"),
                ok.replace("program fp64", "program \u00e9"),
                ok.replace("program fp64", "program \u0001"),
                ok.replace(",\"source\":", ",\"colour\":"),
                ok.replace("\"inputs\":[[", "\"inputs\":[[["),
                ok.replace("],[]", "],[],"));
        for (String o : others) {
            byte[] b = o.getBytes(StandardCharsets.UTF_8);
            assertFalse(s.read(b, 0, b.length), o);
        }
    }

    /**
     * Every one-byte change of a writer's line: where the bytes are still read here, Jackson binds the same program from
     * them (never an error, never another value); where they are not, nothing here decided.
     */
    @Test
    void noEditedLineReadsHereToAnythingJacksonDoesNot() throws IOException {
        // strings of under 8 and over 16 bytes: read a byte at a time and eight at a time
        CampaignMeta.ProgramEntry small = new CampaignMeta.ProgramEntry(
                "0123456789abcdef",
                "ab",
                Precision.FP32,
                "a\"\\\nb",
                List.of(new Input(List.of("0x1p+0", "-0x1.23456789abcdep+1000", "2")), new Input(List.of())));
        byte[] ok = line(small);
        StoreLine s = new StoreLine();
        byte[] edits = {'"', '\\', ',', '[', ']', '{', '}', ':', ' ', 'a', 'n', 'u', 0x01, (byte) 0xc3};
        StoreLine counting = StoreLine.counting();
        int read = 0;
        for (int i = 0; i <= ok.length; i++) {
            List<byte[]> variants = new ArrayList<>();
            if (i < ok.length) {
                byte[] cut = new byte[ok.length - 1];
                System.arraycopy(ok, 0, cut, 0, i);
                System.arraycopy(ok, i + 1, cut, i, ok.length - i - 1);
                variants.add(cut);
            }
            for (byte e : edits) {
                if (i < ok.length) {
                    byte[] swapped = ok.clone();
                    swapped[i] = e;
                    variants.add(swapped);
                }
                byte[] added = new byte[ok.length + 1];
                System.arraycopy(ok, 0, added, 0, i);
                added[i] = e;
                System.arraycopy(ok, i, added, i + 1, ok.length - i);
                variants.add(added);
            }
            for (byte[] v : variants) {
                // a line that counts its inputs decides as one that places them
                boolean counted = counting.read(v, 0, v.length);
                assertEquals(counted, s.read(v, 0, v.length), new String(v, StandardCharsets.ISO_8859_1));
                if (counted) assertEquals(s.inputCount(), counting.inputCount());
                if (!counted) continue;
                read++;
                String text = new String(v, StandardCharsets.ISO_8859_1);
                CampaignMeta.ProgramEntry byJackson = bound(v);
                assertEquals(byJackson, s.toEntry(), text);
            }
        }
        // the edits inside strings (a letter for a letter, an escape for a character) still read here
        assertTrue(read > 100, "read " + read);
    }

    @Test
    void aStoresLinesAreReadFromTheirBytesAndAnOddLineIsBoundAsBefore() throws IOException {
        List<CampaignMeta.ProgramEntry> programs = List.of(
                PLAIN,
                new CampaignMeta.ProgramEntry("u1", null, Precision.FP64, "caf\u00e9 \u0001", List.of()),
                new CampaignMeta.ProgramEntry("u2", null, Precision.FP32, "x", List.of(new Input(List.of("0x1p+0")))));
        ProgramStore.write(tmp, programs);
        // the third line as a person might write it: spaces, keys in another order
        Path f = tmp.resolve(ProgramStore.FILE);
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        lines.set(2, "{ \"source\": \"x\", \"inputs\": [[\"0x1p+0\"]], \"precision\": \"fp32\", \"id\": \"u2\" }");
        Files.write(f, lines);
        ProgramStore.Entries store = ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 3));
        List<CampaignMeta.ProgramEntry> read = new ArrayList<>();
        for (StoreLine l : store.lines()) read.add(l.toEntry());
        assertEquals(programs, read);
        assertEquals(programs, new ArrayList<>(store));
        assertEquals(2, store.bound(), "the line with a non-ASCII source and the one in another shape");

        // a line that does not read is refused as get refuses it
        lines.set(1, lines.get(1).replace("\"id\":\"u1\"", "\"id\":\"u1\",\"id\":\"u1\""));
        Files.write(f, lines);
        FparityError open = assertThrows(
                FparityError.class, () -> ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 3)));
        assertTrue(open.getMessage().startsWith(f + ": line 2 is corrupt (duplicate key 'id'"), open.getMessage());
    }

    @Test
    void aLineIsReadUpToItsNewlineWhereItEndsInsideTheBlock() throws IOException {
        byte[] one = line(PLAIN);
        byte[] block = new byte[2 * one.length + 2];
        System.arraycopy(one, 0, block, 0, one.length);
        block[one.length] = '\n';
        System.arraycopy(one, 0, block, one.length + 1, one.length);
        block[block.length - 1] = '\n';
        StoreLine s = new StoreLine();
        assertEquals(one.length, s.readLine(block, 0, block.length));
        assertEquals(PLAIN, s.toEntry());
        assertEquals(block.length - 1, s.readLine(block, one.length + 1, block.length));
        assertEquals(-1, s.readLine(block, one.length + 1, block.length - 1), "no newline before the limit");
        assertEquals(-1, s.readLine(block, one.length + 1, block.length - 5), "cut off by the limit");
    }

    @Test
    void aStoreOfLinesAcrossReadBlocksOpensWithEveryProgramWhereItIs() throws IOException {
        // 300 programs of ~9 KB: lines cross the 1 MiB blocks the store is scanned in; every tenth line in another
        // shape
        List<CampaignMeta.ProgramEntry> programs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            List<String> args = new ArrayList<>();
            for (int k = 0; k < 400; k++) args.add("0x1.%013xp+%d".formatted(i * 1000L + k, k % 50));
            programs.add(new CampaignMeta.ProgramEntry(
                    "p%04d".formatted(i), null, Precision.FP64, "s" + i, List.of(new Input(args))));
        }
        ProgramStore.write(tmp, programs);
        Path f = tmp.resolve(ProgramStore.FILE);
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        for (int i = 0; i < lines.size(); i += 10) lines.set(i, lines.get(i).replace("{\"id\":", "{ \"id\" :"));
        Files.write(f, lines);
        ProgramStore.Entries store = ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 300));
        assertEquals(programs, new ArrayList<>(store));
        List<CampaignMeta.ProgramEntry> read = new ArrayList<>();
        for (StoreLine l : store.lines()) read.add(l.toEntry());
        assertEquals(programs, read);
        assertEquals(30, store.bound());
        assertEquals(programs.get(123), store.find("p0123"));
        // cut inside a line: the torn last line is told, whichever way the lines before it were read
        byte[] all = Files.readAllBytes(f);
        Files.write(f, java.util.Arrays.copyOf(all, all.length - 100));
        FparityError torn = assertThrows(
                FparityError.class, () -> ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 300)));
        assertTrue(
                torn.getMessage()
                        .startsWith(f + ": truncated: its last line is cut off after 299 whole programs of 300"),
                torn.getMessage());
    }

    /**
     * The read that opens a store hands every program on, once, in order, as an ordered read ({@link
     * ProgramStore.Entries#lines}) reads it: lines across read blocks, lines in another shape and non-ASCII sources
     * included; and a program read alone by its index ({@link ProgramStore.Entries#read}) is the same program. So a
     * reader that needs something of every program (compare) reads the store once.
     */
    @Test
    void openingAStoreHandsOnEveryProgramOnceInOrderAsAnOrderedReadReadsIt() throws IOException {
        List<CampaignMeta.ProgramEntry> programs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            List<String> args = new ArrayList<>();
            for (int k = 0; k < 400; k++) args.add("0x1.%013xp+%d".formatted(i * 1000L + k, k % 50));
            programs.add(new CampaignMeta.ProgramEntry(
                    "p%04d".formatted(i),
                    null,
                    i % 7 == 0 ? Precision.FP32 : Precision.FP64,
                    i % 11 == 0 ? "caf\u00e9 " + i : "s" + i,
                    List.of(new Input(args), new Input(List.of("1")))));
        }
        ProgramStore.write(tmp, programs);
        Path f = tmp.resolve(ProgramStore.FILE);
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        for (int i = 0; i < lines.size(); i += 10) lines.set(i, lines.get(i).replace("{\"id\":", "{ \"id\" :"));
        Files.write(f, lines);
        List<String> handed = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        ProgramStore.Entries store = ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 300), (l, i) -> {
            handed.add(counted(l));
            at.add(i);
        });
        assertEquals(programs.stream().map(StoreLineTest::counted).toList(), handed);
        assertEquals(java.util.stream.IntStream.range(0, 300).boxed().toList(), at);
        assertEquals(0, store.linesRead(), "the read that opened the store is the only one");
        StoreLine one = new StoreLine();
        for (int i : new int[] {299, 0, 11, 10, 150}) {
            store.read(i, one);
            assertEquals(programs.get(i), one.toEntry(), "program " + i);
        }
        assertEquals(5, store.linesRead());

        // a line whose tokens read but which binds to no program: handed on, it is refused in an ordered read's words
        lines.set(1, "{\"id\":\"p0001\",\"inputs\":5}");
        Files.write(f, lines);
        ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 300));
        FparityError bound = assertThrows(
                FparityError.class,
                () -> ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 300), (l, i) -> {}));
        assertTrue(bound.getMessage().startsWith(f + ": line 2 is corrupt ("), bound.getMessage());
    }

    /** What a reader of every program gets of one: all but its inputs, which are counted. */
    private static String counted(StoreLine l) {
        String source =
                l.sourceLength() < 0 ? null : new String(l.sourceBytes(), 0, l.sourceLength(), StandardCharsets.UTF_8);
        return String.join("|", l.id(), l.sha256(), String.valueOf(l.precision()), source, "" + l.inputCount());
    }

    private static String counted(CampaignMeta.ProgramEntry e) {
        return String.join(
                "|",
                e.id(),
                e.sha256(),
                String.valueOf(e.precision()),
                e.source(),
                "" + e.inputs().size());
    }

    /**
     * The read that opens a store counts each program's inputs and checks their tokens, but keeps no place of them (at
     * 10^7 runs 13 million tokens, none of which compare or merge reads from it): a line in the writer's shape handed
     * on has no input to give, and a line whose tokens do not read is still left to Jackson, which refuses it.
     */
    @Test
    void theReadThatOpensAStoreCountsEachProgramsInputsAndKeepsNoPlaceOfThem() throws IOException {
        List<CampaignMeta.ProgramEntry> programs = List.of(
                PLAIN,
                new CampaignMeta.ProgramEntry("p", null, null, null, List.of()),
                new CampaignMeta.ProgramEntry(
                        "q", null, Precision.FP32, "x", List.of(new Input(List.of("a", "0x1.23456789abcdep+1000")))),
                new CampaignMeta.ProgramEntry("u", null, Precision.FP64, "café", List.of(new Input(List.of("1")))));
        ProgramStore.write(tmp, programs);
        List<String> handed = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 4), (l, i) -> {
            handed.add(counted(l));
            if (l.entry() == null && l.inputCount() > 0) {
                refused.add(assertThrows(IllegalStateException.class, () -> l.input(0))
                        .getMessage());
                assertThrows(IllegalStateException.class, () -> l.tokens(0));
                assertThrows(IllegalStateException.class, () -> l.inputFrom(0));
                assertThrows(IllegalStateException.class, l::toEntry);
            }
        });
        assertEquals(programs.stream().map(StoreLineTest::counted).toList(), handed);
        // PLAIN and q are read from their bytes; u (not ASCII) is bound and has its inputs
        assertEquals(
                List.of(
                        "this line counted its inputs and kept none of their places: read it again",
                        "this line counted its inputs and kept none of their places: read it again"),
                refused);

        // a counted line is refused where a placed one is: a token that is no plain string leaves the line to Jackson
        StoreLine counting = StoreLine.counting();
        StoreLine placed = new StoreLine();
        String ok = new String(line(PLAIN), StandardCharsets.UTF_8);
        for (String o : List.of(
                ok,
                ok.replace("\"0x1p+0\"", "1"),
                ok.replace("\"0x1p+0\"", "\"0x1\\u0070+0\""),
                ok.replace("\"-0x1.8p-3\"", "\"-0x1.8p-3\u00e9\""),
                ok.replace("],[]", "],[],"),
                ok.replace("\"7\"]", "\"7\""))) {
            byte[] b = o.getBytes(StandardCharsets.UTF_8);
            boolean read = placed.read(b, 0, b.length);
            assertEquals(read, counting.read(b, 0, b.length), o);
            if (read) assertEquals(placed.inputCount(), counting.inputCount(), o);
        }
    }

    @Test
    void aProgramWithABlankOrUnsafeIdIsRefusedAsBefore() throws IOException {
        Path f = tmp.resolve(ProgramStore.FILE);
        Files.writeString(f, "{\"id\":\" \",\"inputs\":[]}\n");
        FparityError e = assertThrows(
                FparityError.class, () -> ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 1)));
        assertEquals(
                f
                        + ": line 1 is not a program (no id); the campaign's program store is damaged (restore it, or run the campaign again into a new folder)",
                e.getMessage());
        Files.writeString(f, "{\"id\":\"..\",\"inputs\":[]}\n");
        e = assertThrows(FparityError.class, () -> ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 1)));
        assertTrue(e.getMessage().startsWith(f + " line 1: program name '..' contains"), e.getMessage());
    }
}
