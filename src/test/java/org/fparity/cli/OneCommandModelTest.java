package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A command named first gets a picocli model of itself alone, and its help reads exactly as in the whole model. */
class OneCommandModelTest {
    @Test
    void everySubcommandsHelpIsTheSameInItsOwnModelAsInTheWholeOne() {
        CommandLine whole = new CommandLine(new Main());
        int checked = 0;
        for (CommandLine full :
                whole.getSubcommands().values().stream().distinct().toList()) {
            String name = full.getCommandSpec().name();
            if (name.equals("help")) continue;
            CommandLine alone = Main.only(new String[] {name, "--help"});
            assertNotNull(alone, name);
            CommandLine sub = alone.getSubcommands().get(name);
            assertEquals(1, alone.getSubcommands().values().stream().distinct().count(), name + " alone");
            assertEquals(
                    full.getCommandSpec().qualifiedName(), sub.getCommandSpec().qualifiedName());
            assertEquals(
                    full.getUsageMessage(CommandLine.Help.Ansi.OFF),
                    sub.getUsageMessage(CommandLine.Help.Ansi.OFF),
                    name);
            checked++;
        }
        assertEquals(
                whole.getSubcommands().values().stream().distinct().count() - 1, checked, "every command but help");
    }

    @Test
    void anythingButACommandNamedFirstGetsTheWholeModel() {
        assertNull(Main.only(new String[] {}));
        assertNull(Main.only(new String[] {"help", "run"}));
        assertNull(Main.only(new String[] {"--help"}));
        assertNull(Main.only(new String[] {"nosuchcommand"}));
        assertNull(Main.only(new String[] {"--debug", "run"}), "an option first: the whole model parses it");
    }
}
