package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MainTest {
    @Test
    void versionNamesTheToolAndExitsZero() {
        java.io.PrintStream was = System.out;
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            assertEquals(0, Main.run("--version"));
            assertEquals(0, Main.run("-V"));
        } finally {
            System.setOut(was);
        }
        String text = buf.toString(java.nio.charset.StandardCharsets.UTF_8);
        String line = "fparity " + Main.VERSION + " (Java " + Runtime.version() + ")";
        assertEquals(line + System.lineSeparator() + line + System.lineSeparator(), text);
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertEquals(2, Main.run("--bogus-option"));
    }

    @Test
    void oneLineJoinsMultiLineMessages() {
        String s = Main.oneLine(new IllegalStateException("a\nb"));
        assertEquals("a b", s);
        assertTrue(Main.oneLine(new RuntimeException()).contains("RuntimeException"));
    }
}
