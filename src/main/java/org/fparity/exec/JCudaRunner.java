package org.fparity.exec;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;

/**
 * Toolchain loader {@code jcuda}: a batch's cubin (the one-input-per-thread form, {@code Emitter.threadedBatch}) loaded
 * into this JVM with the CUDA driver API, and each program launched once for all its inputs, thread t on input t;
 * results come back as raw bits. Every CUDA error becomes an outcome named by its {@code CUDA_ERROR_…} name; a launch
 * that does not finish within the run timeout is TIMEOUT (the context is then abandoned: a running kernel cannot be
 * killed, so the rest of the batch says so). Without the driver library or a device, every line is CANNOT_RUN with
 * the reason: {@code JCudaDriver}'s static initialiser throws {@link UnsatisfiedLinkError} where {@code libcuda.so.1}
 * is missing, caught here, never a JVM crash.
 */
public final class JCudaRunner {
    private static final int BLOCK = 32;

    private final long timeoutMillis;

    public JCudaRunner(long timeoutSeconds) {
        this.timeoutMillis = timeoutSeconds * 1000;
    }

    /** Why the driver API cannot be used in this JVM, or null when it can (the driver library loaded and cuInit worked). */
    public static synchronized String unavailable() {
        // the static initialiser fails once; later touches only say "Could not initialize class": keep the first reason
        if (linkProblem != null) return linkProblem;
        try {
            int rc = JCudaDriver.cuInit(0);
            if (rc != CUresult.CUDA_SUCCESS) return "cuInit failed: " + CUresult.stringFor(rc);
            int[] count = {0};
            rc = JCudaDriver.cuDeviceGetCount(count);
            if (rc != CUresult.CUDA_SUCCESS) return "cuDeviceGetCount failed: " + CUresult.stringFor(rc);
            return count[0] < 1 ? "no GPU device (cuDeviceGetCount returned 0)" : null;
        } catch (LinkageError e) {
            // UnsatisfiedLinkError from the native library (no libcuda.so.1),
            // NoClassDefFoundError/ExceptionInInitializerError after it
            linkProblem = "JCuda cannot use the CUDA driver here: " + missingLibrary(e);
            return linkProblem;
        }
    }

    private static String linkProblem;

    /** The line that matters in JCuda's long loader message: the shared library the dynamic linker did not find. */
    static String missingLibrary(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause())
            all.append(t.getMessage()).append('\n');
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(lib[\\w.+-]+\\.so[.\\d]*): cannot open shared object file[^\\n]*")
                .matcher(all);
        if (m.find()) return m.group(1) + " not found (" + m.group().strip() + "); no NVIDIA driver installed";
        return oneLine(e);
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        m = m.replaceAll("\\s+", " ").strip();
        return m.length() > 300 ? m.substring(0, 300) + "…" : m;
    }

    /** One program's entry in the module's table. */
    record Entry(String sig, boolean single, int len) {
        int count(char kind) {
            return (int) sig.chars().filter(c -> c == kind).count();
        }

        int arrays() {
            return count('A') + count('E');
        }
    }

    /** Parses {@code fp_meta}: {@code N\n} then {@code SIG SINGLE LEN\n} per program ({@code -} for no parameters). */
    static List<Entry> table(String text) {
        String[] lines = text.split("\n");
        int n = Integer.parseInt(lines[0].strip());
        if (n < 1 || lines.length < n + 1) throw new IllegalArgumentException("malformed fp_meta table");
        List<Entry> out = new ArrayList<>(n);
        for (int k = 1; k <= n; k++) {
            String[] f = lines[k].strip().split(" ");
            if (f.length != 3) throw new IllegalArgumentException("malformed fp_meta table at program " + (k - 1));
            out.add(new Entry(f[0].equals("-") ? "" : f[0], f[1].equals("1"), Integer.parseInt(f[2])));
        }
        return out;
    }

    /** One input laid out for the device, or the reason the harness protocol would reject it. */
    record Parsed(double[] values, int[] ints, String error) {}

    /** The input tokens of one line for program {@code e}, checked as the C harness checks them (same reasons). */
    static Parsed parse(Entry e, List<String> tokens) {
        String sig = e.sig();
        if (tokens.size() != sig.length())
            return new Parsed(null, null, "expected " + sig.length() + " values, got " + tokens.size());
        List<Double> vals = new ArrayList<>();
        int[] ints = new int[e.count('I')];
        int ni = 0;
        Precision p = e.single() ? Precision.FP32 : Precision.FP64;
        for (int i = 0; i < sig.length(); i++) {
            String t = tokens.get(i);
            try {
                switch (sig.charAt(i)) {
                    case 'I' -> {
                        if (!t.matches("[+-]?[0-9]+")) return new Parsed(null, null, "bad value " + (i + 1));
                        long b = t.replaceFirst("^[+-]", "").length() > 10 ? Long.MAX_VALUE : Long.parseLong(t);
                        if (b < 0 || b > e.len())
                            return new Parsed(null, null, "bound " + (i + 1) + " out of range 0.." + e.len());
                        ints[ni++] = (int) b;
                    }
                    case 'E' -> {
                        String[] parts = t.split(",", -1);
                        if (parts.length != e.len())
                            return new Parsed(
                                    null,
                                    null,
                                    "bad value " + (i + 1) + " (want " + e.len() + " comma-separated values)");
                        for (String s : parts) vals.add(fp(s, p));
                    }
                    default -> vals.add(fp(t, p));
                }
            } catch (NumberFormatException x) {
                return new Parsed(
                        null,
                        null,
                        sig.charAt(i) == 'E'
                                ? "bad value " + (i + 1) + " (want " + e.len() + " comma-separated values)"
                                : "bad value " + (i + 1));
            }
        }
        return new Parsed(vals.stream().mapToDouble(Double::doubleValue).toArray(), ints, null);
    }

    private static double fp(String t, Precision p) {
        if (t.isEmpty() || t.contains("(") || !t.strip().equals(t)) throw new NumberFormatException(t);
        return HexFloat.parse(t, p);
    }

    /**
     * Runs {@code lines} of the batch in {@code cubin}; {@code positions[i]} is line i's program index in the batch.
     * Calls {@code done} once per line, in line order.
     */
    public void run(Path cubin, List<Job.Line> lines, int[] positions, Consumer<BatchRunner.Answer> done)
            throws InterruptedException {
        BatchRunner.Answer[] answers = new BatchRunner.Answer[lines.size()];
        String why = unavailable();
        if (why != null) {
            for (int i = 0; i < lines.size(); i++)
                done.accept(new BatchRunner.Answer(Outcome.Status.CANNOT_RUN, null, why, 0));
            return;
        }
        ExecutorService device = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().daemon().name("fparity-jcuda").factory());
        try {
            Future<?> f = device.submit(() -> {
                onDevice(cubin, lines, positions, answers);
                return null;
            });
            // the whole batch may take one timeout per program launch; a stuck launch is caught per program inside
            f.get();
        } catch (ExecutionException e) {
            String m = "JCuda runner failed: " + oneLine(e.getCause());
            for (int i = 0; i < answers.length; i++)
                if (answers[i] == null) answers[i] = new BatchRunner.Answer(Outcome.Status.HARNESS_ERROR, null, m, 0);
        } finally {
            device.shutdownNow();
        }
        for (BatchRunner.Answer a : answers) done.accept(a);
    }

    /** Everything that touches the context runs on one thread (a CUDA context is current per thread). */
    private void onDevice(Path cubin, List<Job.Line> lines, int[] positions, BatchRunner.Answer[] answers)
            throws InterruptedException {
        CUdevice dev = new CUdevice();
        CUcontext ctx = new CUcontext();
        check("cuDeviceGet", JCudaDriver.cuDeviceGet(dev, 0), answers);
        if (filled(answers)) return;
        check("cuCtxCreate", JCudaDriver.cuCtxCreate(ctx, 0, dev), answers);
        if (filled(answers)) return;
        boolean lost = false;
        try {
            CUmodule module = new CUmodule();
            check(
                    "cuModuleLoad",
                    JCudaDriver.cuModuleLoad(module, cubin.toAbsolutePath().toString()),
                    answers);
            if (filled(answers)) return;
            List<Entry> table = readTable(module, answers);
            if (table == null) return;
            Map<Integer, List<Integer>> byProgram = new LinkedHashMap<>();
            for (int i = 0; i < lines.size(); i++)
                byProgram.computeIfAbsent(positions[i], k -> new ArrayList<>()).add(i);
            for (var g : byProgram.entrySet()) {
                int k = g.getKey();
                if (lost) {
                    for (int i : g.getValue())
                        answers[i] = new BatchRunner.Answer(
                                Outcome.Status.HARNESS_ERROR,
                                null,
                                "not run: an earlier launch of this batch timed out and its context was abandoned",
                                0);
                    continue;
                }
                if (k >= table.size()) {
                    for (int i : g.getValue())
                        answers[i] = new BatchRunner.Answer(Outcome.Status.HARNESS_ERROR, null, "no such program", 0);
                    continue;
                }
                lost = !launch(ctx, module, k, table.get(k), lines, g.getValue(), answers);
            }
        } finally {
            if (!lost) JCudaDriver.cuCtxDestroy(ctx);
        }
    }

    private static boolean filled(BatchRunner.Answer[] answers) {
        return answers.length > 0 && answers[answers.length - 1] != null;
    }

    /** A failed set-up call: every line not yet answered gets the call and the error's name. */
    private static void check(String call, int rc, BatchRunner.Answer[] answers) {
        if (rc == CUresult.CUDA_SUCCESS) return;
        Outcome.Status s = rc == CUresult.CUDA_ERROR_NO_DEVICE
                        || rc == CUresult.CUDA_ERROR_INVALID_DEVICE
                        || rc == CUresult.CUDA_ERROR_NOT_INITIALIZED
                        || rc == CUresult.CUDA_ERROR_NO_BINARY_FOR_GPU
                ? Outcome.Status.CANNOT_RUN
                : Outcome.Status.HARNESS_ERROR;
        for (int i = 0; i < answers.length; i++)
            if (answers[i] == null)
                answers[i] = new BatchRunner.Answer(s, null, call + " failed: " + CUresult.stringFor(rc), 0);
    }

    private static List<Entry> readTable(CUmodule module, BatchRunner.Answer[] answers) {
        CUdeviceptr p = new CUdeviceptr();
        long[] size = {0};
        check("cuModuleGetGlobal(fp_meta)", JCudaDriver.cuModuleGetGlobal(p, size, module, "fp_meta"), answers);
        if (filled(answers)) return null;
        byte[] bytes = new byte[(int) size[0]];
        check("cuMemcpyDtoH(fp_meta)", JCudaDriver.cuMemcpyDtoH(Pointer.to(bytes), p, size[0]), answers);
        if (filled(answers)) return null;
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) end++;
        return table(new String(bytes, 0, end, StandardCharsets.US_ASCII));
    }

    /**
     * One launch of {@code fp_many_K} over the given lines (bad inputs answered without running); false when it timed
     * out and the context can no longer be trusted.
     */
    private boolean launch(
            CUcontext ctx,
            CUmodule module,
            int k,
            Entry e,
            List<Job.Line> lines,
            List<Integer> which,
            BatchRunner.Answer[] answers)
            throws InterruptedException {
        List<Integer> ok = new ArrayList<>();
        List<Parsed> parsed = new ArrayList<>();
        for (int i : which) {
            Parsed p = parse(e, lines.get(i).args());
            if (p.error() != null)
                answers[i] = new BatchRunner.Answer(Outcome.Status.HARNESS_ERROR, null, p.error(), 0);
            else {
                ok.add(i);
                parsed.add(p);
            }
        }
        if (ok.isEmpty()) return true;
        int count = ok.size();
        int nv = Math.max(e.count('F'), 1);
        int nn = Math.max(e.count('I'), 1);
        int na = Math.max(e.arrays(), 1);
        int len = Math.max(e.len(), 1);
        double[] v = new double[count * nv];
        int[] n = new int[count * nn];
        double[] a = new double[count * na * len];
        for (int t = 0; t < count; t++) {
            Parsed p = parsed.get(t);
            int slot = 0;
            int fv = 0;
            int ni = 0;
            int ai = 0;
            for (char c : e.sig().toCharArray()) {
                switch (c) {
                    case 'F' -> v[t * nv + fv++] = p.values()[slot++];
                    case 'I' -> n[t * nn + ni] = p.ints()[ni++];
                    case 'A' -> {
                        for (int j = 0; j < e.len(); j++) a[(t * na + ai) * len + j] = p.values()[slot];
                        slot++;
                        ai++;
                    }
                    default -> { // 'E'
                        for (int j = 0; j < e.len(); j++) a[(t * na + ai) * len + j] = p.values()[slot + j];
                        slot += e.len();
                        ai++;
                    }
                }
            }
        }
        CUfunction f = new CUfunction();
        int rc = JCudaDriver.cuModuleGetFunction(f, module, "fp_many_" + k);
        if (rc != CUresult.CUDA_SUCCESS) {
            fail(
                    ok,
                    answers,
                    Outcome.Status.HARNESS_ERROR,
                    "cuModuleGetFunction(fp_many_" + k + ") failed: " + CUresult.stringFor(rc));
            return true;
        }
        long es = e.single() ? Float.BYTES : Double.BYTES;
        CUdeviceptr dOut = new CUdeviceptr();
        CUdeviceptr dV = new CUdeviceptr();
        CUdeviceptr dN = new CUdeviceptr();
        CUdeviceptr dA = new CUdeviceptr();
        List<CUdeviceptr> allocated = new ArrayList<>();
        boolean abandoned = false;
        try {
            String step = null;
            if ((rc = alloc(dOut, es * count, allocated)) != 0) step = "cuMemAlloc";
            else if ((rc = alloc(dV, es * v.length, allocated)) != 0) step = "cuMemAlloc";
            else if ((rc = alloc(dN, (long) Integer.BYTES * n.length, allocated)) != 0) step = "cuMemAlloc";
            else if ((rc = alloc(dA, es * a.length, allocated)) != 0) step = "cuMemAlloc";
            // results start as 0, as in the executable form: a store the compiler dropped reads back 0, not old memory
            else if ((rc = JCudaDriver.cuMemcpyHtoD(dOut, Pointer.to(new byte[(int) (es * count)]), es * count)) != 0)
                step = "cuMemcpyHtoD";
            else if ((rc = JCudaDriver.cuMemcpyHtoD(dV, host(v, e.single()), es * v.length)) != 0)
                step = "cuMemcpyHtoD";
            else if ((rc = JCudaDriver.cuMemcpyHtoD(dN, Pointer.to(n), (long) Integer.BYTES * n.length)) != 0)
                step = "cuMemcpyHtoD";
            else if ((rc = JCudaDriver.cuMemcpyHtoD(dA, host(a, e.single()), es * a.length)) != 0)
                step = "cuMemcpyHtoD";
            if (step != null) {
                fail(ok, answers, Outcome.Status.HARNESS_ERROR, step + " failed: " + CUresult.stringFor(rc));
                return true;
            }
            Pointer params = Pointer.to(
                    Pointer.to(dOut), Pointer.to(dV), Pointer.to(dN), Pointer.to(dA), Pointer.to(new int[] {count}));
            long t0 = System.nanoTime();
            int[] launched = {0};
            int[] synced = {0};
            Thread run = Thread.ofPlatform()
                    .daemon()
                    .name("fparity-jcuda-launch")
                    .start(() -> {
                        // a context is current per thread: this one launches on the batch's context
                        JCudaDriver.cuCtxSetCurrent(ctx);
                        // a kernel that needs more registers than BLOCK threads have falls back to one thread per block
                        launched[0] = JCudaDriver.cuLaunchKernel(
                                f, (count + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0, null, params, null);
                        if (launched[0] == CUresult.CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES) {
                            launched[0] = JCudaDriver.cuLaunchKernel(f, count, 1, 1, 1, 1, 1, 0, null, params, null);
                        }
                        synced[0] = launched[0] == 0 ? JCudaDriver.cuCtxSynchronize() : 0;
                    });
            run.join(timeoutMillis);
            long micros = (System.nanoTime() - t0) / 1000 / count;
            if (run.isAlive()) {
                fail(
                        ok,
                        answers,
                        Outcome.Status.TIMEOUT,
                        "the launch of " + count + " inputs did not finish within " + timeoutMillis / 1000
                                + " s; context abandoned");
                abandoned = true;
                return false;
            }
            rc = launched[0] != 0 ? launched[0] : synced[0];
            if (rc != 0) {
                fail(
                        ok,
                        answers,
                        crashLike(rc) ? Outcome.Status.CRASH : Outcome.Status.HARNESS_ERROR,
                        (launched[0] != 0 ? "cuLaunchKernel" : "cuCtxSynchronize") + " failed: "
                                + CUresult.stringFor(rc));
                return true;
            }
            long[] bits = new long[count];
            if (e.single()) {
                float[] r = new float[count];
                rc = JCudaDriver.cuMemcpyDtoH(Pointer.to(r), dOut, es * count);
                for (int t = 0; t < count; t++) bits[t] = Double.doubleToRawLongBits(r[t]);
            } else {
                double[] r = new double[count];
                rc = JCudaDriver.cuMemcpyDtoH(Pointer.to(r), dOut, es * count);
                for (int t = 0; t < count; t++) bits[t] = Double.doubleToRawLongBits(r[t]);
            }
            if (rc != 0) {
                fail(ok, answers, Outcome.Status.HARNESS_ERROR, "cuMemcpyDtoH failed: " + CUresult.stringFor(rc));
                return true;
            }
            for (int t = 0; t < count; t++) {
                answers[ok.get(t)] = new BatchRunner.Answer(
                        Outcome.Status.OK, HexFloat.format(Double.longBitsToDouble(bits[t])), null, micros);
            }
            return true;
        } finally {
            // The running kernel still uses the buffers of a launch that timed out, and cuMemFree waits for the device:
            // freeing them would block this thread, and with it the whole batch, for as long as the kernel runs. They
            // stay with the abandoned context instead.
            if (!abandoned) for (CUdeviceptr p : allocated) JCudaDriver.cuMemFree(p);
        }
    }

    private static int alloc(CUdeviceptr p, long bytes, List<CUdeviceptr> allocated) {
        int rc = JCudaDriver.cuMemAlloc(p, Math.max(bytes, 1));
        if (rc == 0) allocated.add(p);
        return rc;
    }

    private static Pointer host(double[] values, boolean single) {
        if (!single) return Pointer.to(values);
        float[] f = new float[values.length];
        for (int i = 0; i < values.length; i++) f[i] = (float) values[i];
        return Pointer.to(f);
    }

    /** Errors a faulting kernel produces: recorded as CRASH, as a signal is for a process. */
    private static boolean crashLike(int rc) {
        return rc == CUresult.CUDA_ERROR_ILLEGAL_ADDRESS
                || rc == CUresult.CUDA_ERROR_LAUNCH_FAILED
                || rc == CUresult.CUDA_ERROR_ILLEGAL_INSTRUCTION
                || rc == CUresult.CUDA_ERROR_MISALIGNED_ADDRESS
                || rc == CUresult.CUDA_ERROR_INVALID_PC
                || rc == CUresult.CUDA_ERROR_HARDWARE_STACK_ERROR;
    }

    private static void fail(List<Integer> which, BatchRunner.Answer[] answers, Outcome.Status s, String why) {
        for (int i : which) answers[i] = new BatchRunner.Answer(s, null, why, 0);
    }
}
