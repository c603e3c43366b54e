package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.fparity.util.Processes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** numpy through the line protocol: revealed trees must replay bit for bit (skipped, with the reason, without numpy). */
@Tag("slow")
class NumpyTargetTest {
    static boolean numpy;

    @BeforeAll
    static void probeNumpy() throws Exception {
        String py = Runners.onPath("python3");
        if (py == null) return;
        numpy = Processes.probe(java.util.List.of(py, "-c", "import numpy"), java.util.Map.of(), 60) != null;
    }

    private static void needNumpy() {
        assumeTrue(numpy, "python3 with numpy is not available");
    }

    private static void revealAndReplay(String op, Precision p, int... sizes) {
        try (ProcessTarget t = ProcessTarget.numpy(op, p, 1)) {
            for (int n : sizes) {
                Fprev.Result r = Fprev.reveal(t, n, Fprev.Algo.ADVANCED, ProbeValues.mask(p), ProbeValues.unit(p), 24);
                assertTrue(
                        r.replay().matches(),
                        op + " " + p + " n=" + n + ": " + r.replay().verdict());
                assertTrue(r.probes() >= n - 1);
            }
        }
    }

    @Test
    void incrementalRevealsTheSameTreesAsAdvancedFromFewerProbes() {
        needNumpy();
        for (String op : new String[] {"dot", "sum", "matvec"}) {
            try (ProcessTarget t = ProcessTarget.numpy(op, Precision.FP32, 1)) {
                for (int n : new int[] {2, 7, 33, 130, 1000, 8192}) {
                    if (n == 8192 && !op.equals("dot")) continue;
                    Fprev.Result adv = Fprev.reveal(
                            t,
                            n,
                            Fprev.Algo.ADVANCED,
                            ProbeValues.mask(Precision.FP32),
                            ProbeValues.unit(Precision.FP32),
                            0);
                    Fprev.Result inc = Fprev.reveal(
                            t,
                            n,
                            Fprev.Algo.INCREMENTAL,
                            ProbeValues.mask(Precision.FP32),
                            ProbeValues.unit(Precision.FP32),
                            24);
                    assertEquals(adv.tree(), inc.tree(), op + " n=" + n);
                    // small float32 dots accumulate in float64 (the replay says so); the order must replay either way
                    assertTrue(
                            inc.replay().matches() || inc.replay().widerAccumulator(),
                            op + " n=" + n + ": " + inc.replay().verdict());
                    assertTrue(
                            inc.probes() <= adv.probes(), op + " n=" + n + ": " + inc.probes() + " vs " + adv.probes());
                    if (n == 8192)
                        assertTrue(
                                2 * inc.probes() < adv.probes(), "dot n=8192: " + inc.probes() + " vs " + adv.probes());
                }
            }
        }
    }

    @Test
    void sumFloat64AndFloat32ReplayBitForBit() {
        needNumpy();
        revealAndReplay("sum", Precision.FP64, 7, 16, 130, 1000);
        revealAndReplay("sum", Precision.FP32, 7, 16, 130, 1000);
    }

    @Test
    void sumFloat32AtSixteenIsEightLanesThenPairwise() {
        needNumpy();
        try (ProcessTarget t = ProcessTarget.numpy("sum", Precision.FP32, 1)) {
            SumTree tree = Fprev.reveal(t, 16, Fprev.Algo.ADVANCED).tree();
            assertEquals("((((0 8) (1 9)) ((2 10) (3 11))) (((4 12) (5 13)) ((6 14) (7 15))))", tree.canonical());
            assertEquals("8-lane strided + pairwise", TreeShapes.name(tree));
            assertEquals(tree, Fprev.reveal(t, 16, Fprev.Algo.BASIC).tree());
            assertTrue(t.description().startsWith("numpy "), t.description());
        }
    }

    @Test
    void sumFollowsNumpysPairwiseAlgorithm() {
        needNumpy();
        try (ProcessTarget t = ProcessTarget.numpy("sum", Precision.FP32, 1)) {
            for (int n : new int[] {100, 1000, 5000}) {
                SumTree tree = Fprev.reveal(t, n, Fprev.Algo.ADVANCED).tree();
                assertEquals(Shapes.numpyPairwise(n), tree, "n=" + n);
                assertEquals("numpy pairwise (8 lanes, halves above 128)", TreeShapes.name(tree));
            }
        }
    }

    @Test
    void matmulReplaysBitForBit() {
        needNumpy();
        revealAndReplay("matmul", Precision.FP32, 16, 64);
        revealAndReplay("matmul", Precision.FP64, 40);
    }

    @Test
    void dotAndMatvecReplayBitForBit() {
        needNumpy();
        revealAndReplay("dot", Precision.FP64, 16, 100, 1000);
        revealAndReplay("dot", Precision.FP32, 32, 64, 1024);
        revealAndReplay("matvec", Precision.FP64, 16, 100);
        revealAndReplay("matvec", Precision.FP32, 64, 300);
    }

    @Test
    void smallFloat32DotAccumulatesInDouble() {
        needNumpy();
        try (ProcessTarget t = ProcessTarget.numpy("dot", Precision.FP32, 1)) {
            Fprev.Result r = Fprev.reveal(t, 16, Fprev.Algo.ADVANCED, 0x1p127, 1.0, 32);
            assertEquals(Shapes.sequential(16), r.tree());
            assertFalse(r.replay().matches());
            assertTrue(r.replay().widerAccumulator(), r.replay().verdict());
            assertTrue(r.replay().verdict().contains("accumulates in higher precision than its float32 inputs"));
        }
    }

    @Test
    void float32DotTailIsAddedInDouble() {
        needNumpy();
        try (ProcessTarget t = ProcessTarget.numpy("dot", Precision.FP32, 1)) {
            Fprev.Result r = Fprev.reveal(t, 1000, Fprev.Algo.ADVANCED, 0x1p127, 1.0, 48);
            assertFalse(r.replay().matches());
            assertTrue(r.replay().widerAccumulator(), r.replay().verdict());
            assertTrue(
                    r.replay().verdict().contains("only leaves 0–991 are added in float32; the other 8 summands"),
                    r.replay().verdict());
        }
    }

    @Test
    void float16SumUsesTheSmallUnit() {
        needNumpy();
        try (ProcessTarget h = ProcessTarget.numpy("sum", Precision.FP16, 1);
                ProcessTarget f = ProcessTarget.numpy("sum", Precision.FP32, 1)) {
            Fprev.Result r = Fprev.reveal(h, 64, Fprev.Algo.ADVANCED);
            assertEquals(Fprev.reveal(f, 64, Fprev.Algo.ADVANCED).tree(), r.tree());
            // unit 1 with M = 2^15 is swamped by nothing in numpy's float32 accumulator: refused, not a wrong tree
            assertThrows(NotOrdinarySummation.class, () -> Fprev.reveal(h, 16, Fprev.Algo.ADVANCED, 0x1p15, 1.0, 0));
        }
    }

    @Test
    void replayInputsReachTheServerBitForBitAsFloat32OrFloat64() {
        needNumpy();
        // sums every order gives exactly: float32 summands go as 4 bytes, one that is no float32 makes the batch 8
        // bytes
        double tiny = 0x1p-40;
        double[][] narrow = {{1, 2, 3, 4, 5, 6, 7, 0.5}, {-1, 0x1p-20, 0x1p-10, 0, -0.0, 8, 16, 32}};
        double[][] wide = {{1 + tiny, 2, 3, 4, 5, 6, 7, 0.5}, {-1, 0x1p-20, 0x1p-10, 0, -0.0, 8, 16, 32}};
        for (String op : new String[] {"dot", "sum"}) {
            try (ProcessTarget t = ProcessTarget.numpy(op, Precision.FP64, 1);
                    SumTarget.Session s = t.open(8, 0x1p1000, 1)) {
                assertArrayEquals(new double[] {28.5, 55 + 0x1p-20 + 0x1p-10}, s.evaluate(narrow), op);
                assertArrayEquals(new double[] {28.5 + tiny, 55 + 0x1p-20 + 0x1p-10}, s.evaluate(wide), op);
            }
        }
    }

    @Test
    void anyProcessSpeakingTheProtocolIsATarget() {
        needNumpy();
        try (SumTarget t = Targets.resolve(
                "process:python3 runners/fprev/numpy_target.py sum", Precision.FP32, Targets.Options.DEFAULT)) {
            assertEquals(
                    Shapes.numpyPairwise(300),
                    Fprev.reveal(t, 300, Fprev.Algo.ADVANCED).tree());
        }
    }

    @Test
    void unknownOpIsAClearError() {
        needNumpy();
        try (ProcessTarget t = ProcessTarget.numpy("cumsum", Precision.FP32, 1)) {
            FparityError e = assertThrows(FparityError.class, () -> t.open(8, 1, 1));
            assertTrue(
                    e.getMessage().contains("unknown numpy op 'cumsum'")
                            || e.getMessage().contains("stopped answering"),
                    e.getMessage());
        }
    }

    @Test
    void aServerStartedEarlyIsTakenOverAndRevealsTheSameTreeAsAFreshOne() {
        needNumpy();
        Fprev.Result fresh;
        try (ProcessTarget t = ProcessTarget.numpy("dot", Precision.FP32, 1)) {
            fresh = Fprev.reveal(t, 300, Fprev.Algo.ADVANCED);
        }
        ProcessTarget early = ProcessTarget.numpy("dot", Precision.FP32, 1);
        early.startEarly();
        assertTrue(early.hasEarly(), "started, waiting to be taken over");
        try (ProcessTarget t = ProcessTarget.numpy("dot", Precision.FP32, 1)) {
            Fprev.Result r = Fprev.reveal(
                    t,
                    300,
                    Fprev.Algo.ADVANCED,
                    ProbeValues.mask(Precision.FP32),
                    ProbeValues.unit(Precision.FP32),
                    16);
            assertFalse(t.hasEarly(), "the first open took it over");
            assertEquals(fresh.tree(), r.tree());
            assertEquals(fresh.probes(), r.probes());
            assertEquals(fresh.replay().verdict(), r.replay().verdict());
        }
    }

    /** What bin/fparity does before the JVM: start numpy_target.py OP --socket PATH, then hand it over by pid. */
    private static Processes.Running launch(java.nio.file.Path dir, String op, java.nio.file.Path err)
            throws Exception {
        ProcessTarget t = ProcessTarget.numpy(op, Precision.FP32, null);
        java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of(
                Runners.python(),
                Runners.find("numpy_target.py").toString(),
                op,
                "--socket",
                dir.resolve("s.sock").toString()));
        return Processes.command(argv).stderr(err).start();
    }

    private static String spec(Processes.Running p, java.nio.file.Path dir, java.nio.file.Path err, String op) {
        return p.pid() + "\n" + dir.resolve("s.sock") + "\n" + err + "\n\n" + Runners.python() + "\n"
                + Runners.find("numpy_target.py") + "\n" + op;
    }

    @Test
    void aServerTheLauncherStartedIsConnectedToAndRevealsTheSameTree(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        needNumpy();
        Fprev.Result fresh;
        try (ProcessTarget t = ProcessTarget.numpy("dot", Precision.FP32, null)) {
            fresh = Fprev.reveal(t, 300, Fprev.Algo.INCREMENTAL);
        }
        java.nio.file.Path err = dir.resolve("s.err");
        try (Processes.Running server = launch(dir, "dot", err)) {
            ProcessTarget.adoptLaunched(spec(server, dir, err, "dot"));
            try (ProcessTarget t = ProcessTarget.numpy("dot", Precision.FP32, null)) {
                assertTrue(t.hasEarly(), "handed over, waiting to be connected to");
                Fprev.Result r = Fprev.reveal(t, 300, Fprev.Algo.INCREMENTAL);
                assertFalse(t.hasEarly(), "the first open took it over");
                assertEquals(fresh.tree(), r.tree());
                assertEquals(fresh.replay().verdict(), r.replay().verdict());
                assertTrue(server.isAlive(), "the launcher's server is the one answering");
            }
            assertTrue(server.waitFor(10_000), "it ends when the target is closed");
        }
    }

    @Test
    void aLaunchedServerThatEndedBeforeAnsweringIsReplacedByOneStartedHere(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        needNumpy();
        java.nio.file.Path err = dir.resolve("s.err");
        // the socket's place is taken by a folder: the launched server cannot bind and ends
        java.nio.file.Files.createDirectories(dir.resolve("s.sock"));
        Processes.Running server = launch(dir, "dot", err);
        ProcessTarget.adoptLaunched(spec(server, dir, err, "dot"));
        try (ProcessTarget t = ProcessTarget.numpy("dot", Precision.FP32, null)) {
            Fprev.Result r = Fprev.reveal(t, 64, Fprev.Algo.INCREMENTAL);
            assertTrue(
                    r.replay().matches() || r.replay().widerAccumulator(),
                    r.replay().verdict());
            assertTrue(t.description().startsWith("numpy "), t.description());
        }
        assertFalse(server.isAlive());
        server.close();
    }

    @Test
    void aLaunchedServerForAnUnknownOpGivesTheSameErrorAsOneStartedHere(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        needNumpy();
        String here;
        try (ProcessTarget t = ProcessTarget.numpy("cumsum", Precision.FP32, null)) {
            here = assertThrows(FparityError.class, () -> t.open(8, 1, 1)).getMessage();
        }
        java.nio.file.Path err = dir.resolve("s.err");
        try (Processes.Running server = launch(dir, "cumsum", err)) {
            ProcessTarget.adoptLaunched(spec(server, dir, err, "cumsum"));
            try (ProcessTarget t = ProcessTarget.numpy("cumsum", Precision.FP32, null)) {
                assertEquals(
                        here,
                        assertThrows(FparityError.class, () -> t.open(8, 1, 1)).getMessage());
            }
        }
    }
}
