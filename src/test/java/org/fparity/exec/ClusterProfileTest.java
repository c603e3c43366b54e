package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterProfileTest {
    @TempDir
    Path tmp;

    @Test
    void theShippedProfilesLoadAndExpandTheirVariables() {
        Clusters c = Clusters.load(Path.of("runners", "clusters"), Map.of("FPARITY_LOCAL_CLUSTER", "/tmp/x y"));
        assertEquals(Map.of(), c.problems());
        ClusterProfile ssh = c.get("local-ssh");
        assertEquals("ssh", ssh.executor());
        assertEquals(List.of("-F", "/tmp/x y/ssh/ssh_config"), ssh.ssh());
        ClusterProfile slurm = c.get("local-slurm");
        assertEquals("/tmp/x y/work/slurm", slurm.workdir());
        assertEquals(2, slurm.pollSeconds());
        assertEquals(List.of("export SLURM_CONF=/tmp/x y/slurm.conf"), slurm.setup());
    }

    @Test
    void aProfileWithAnUnsetVariableIsAProblemNamingIt() {
        Clusters c = Clusters.load(Path.of("runners", "clusters"), Map.of());
        FparityError e = assertThrows(FparityError.class, () -> c.get("local-ssh"));
        assertTrue(
                e.getMessage().endsWith("local-ssh.json: uses ${FPARITY_LOCAL_CLUSTER}, which is not set"),
                e.getMessage());
        assertEquals(2, e.exitCode());
    }

    @Test
    void badProfilesAreOneLineEach() throws Exception {
        Files.writeString(tmp.resolve("a.json"), "{\"name\":\"a\",\"executor\":\"pbs\",\"workdir\":\"/w\"}");
        Files.writeString(tmp.resolve("b.json"), "{\"name\":\"b\",\"executor\":\"ssh\",\"workdir\":\"/w\"}");
        Files.writeString(tmp.resolve("c.json"), "{\"name\":\"c\",\"executor\":\"slurm\",\"workdir\":\"/w\"}");
        Files.writeString(tmp.resolve("d.json"), "{\"name\":\"other\",\"executor\":\"local\"}");
        Files.writeString(tmp.resolve("e.json"), "{\"name\":");
        Clusters c = Clusters.load(tmp, Map.of());
        assertEquals(
                tmp.resolve("a.json") + ": \"executor\" must be local, ssh or slurm, got pbs",
                c.problems().get("a"));
        assertEquals(
                tmp.resolve("b.json") + ": an ssh profile needs \"host\"",
                c.problems().get("b"));
        assertEquals(
                tmp.resolve("c.json") + ": a slurm profile needs a \"slurm\" object",
                c.problems().get("c"));
        assertEquals(
                tmp.resolve("d.json") + ": \"name\" is 'other' but the file is named 'd.json'",
                c.problems().get("d"));
        assertTrue(
                c.problems().get("e").startsWith(tmp.resolve("e.json") + ": "),
                c.problems().get("e"));
        FparityError e = assertThrows(FparityError.class, () -> c.get("nowhere"));
        assertTrue(e.getMessage().startsWith("unknown cluster 'nowhere'"), e.getMessage());
        assertEquals("local", c.get("local").executor());
    }
}
