package org.fparity.fprev;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.cudaDataType;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasComputeType;
import jcuda.jcublas.cublasGemmAlgo;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasOperation;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaMemcpyKind;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.Precision;

/**
 * cuBLAS through JCuda/JCublas on an NVIDIA node: GEMM (float16 on tensor cores via cublasGemmEx with a float32
 * accumulator, or float32 cublasSgemm) and dot (cublasSdot). Without a driver or libcublas it says so, exit 3.
 */
public final class CublasTarget implements SumTarget {
    /** The cuBLAS routine probed. */
    public enum Op {
        GEMM,
        DOT
    }

    private static final int ROWS = 16; // GEMM is ROWS x n times n x ROWS; the probed sum is C[0,0]

    private final Op op;
    private final Precision precision;

    public CublasTarget(Op op, Precision precision) {
        if (precision != Precision.FP16 && precision != Precision.FP32) {
            throw new FparityError("cuBLAS targets take float16 (GEMM on tensor cores) or float32");
        }
        if (op == Op.DOT && precision == Precision.FP16)
            throw new FparityError("cublas.dot takes float32 (cublasSdot); use cublas.gemm for float16");
        this.op = op;
        this.precision = precision;
    }

    public static CublasTarget of(String spec, Precision p) {
        return switch (spec) {
            case "cublas.gemm" -> new CublasTarget(Op.GEMM, p);
            case "cublas.dot" -> new CublasTarget(Op.DOT, p);
            default -> throw new FparityError("unknown cuBLAS target '" + spec + "' (known: cublas.gemm, cublas.dot)");
        };
    }

    @Override
    public String name() {
        return op == Op.GEMM ? "cublas.gemm" : "cublas.dot";
    }

    @Override
    public Precision precision() {
        return precision;
    }

    @Override
    public Precision output() {
        return Precision.FP32;
    }

    /** Host side of a probe: the masked row of A, in the device's element format (float16 bits or float32). */
    static Object maskedRow(int n, Precision p, int i, int j, int from, int to, double mask, double unit) {
        if (p == Precision.FP16) {
            short[] row = new short[n];
            short u = Float.floatToFloat16((float) unit);
            for (int k = from; k < to; k++) row[k] = u;
            row[i] = Float.floatToFloat16((float) mask);
            row[j] = Float.floatToFloat16((float) -mask);
            return row;
        }
        float[] row = new float[n];
        for (int k = from; k < to; k++) row[k] = (float) unit;
        row[i] = (float) mask;
        row[j] = (float) -mask;
        return row;
    }

    /** The device check every open makes; a LinkageError from JCuda's natives becomes a one-line exit-3 error. */
    static void requireDevice(String name) {
        int[] count = {0};
        int rc;
        try {
            rc = JCuda.cudaGetDeviceCount(count);
        } catch (LinkageError e) {
            throw new FparityError(
                    name + ": no CUDA runtime available (" + firstLine(e) + ")", ExitCode.MISSING_TOOL, e);
        }
        if (rc != 0 || count[0] == 0) {
            throw new FparityError(
                    name + ": no CUDA device or driver available (cudaGetDeviceCount: " + JCuda.cudaGetErrorString(rc)
                            + ", " + count[0] + " devices)",
                    ExitCode.MISSING_TOOL);
        }
    }

    private static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    @Override
    public Session open(int n, double mask, double unit) {
        requireDevice(name());
        cublasHandle handle = new cublasHandle();
        try {
            JCublas2.cublasCreate(handle);
        } catch (LinkageError e) {
            throw new FparityError(
                    name() + ": cuBLAS 12 (libcublas.so.12) is not available (" + firstLine(e) + ")",
                    ExitCode.MISSING_TOOL,
                    e);
        }
        return new DeviceSession(handle, n, mask, unit);
    }

    /** Device buffers for one n; a probe copies one masked row over and runs the routine. */
    private final class DeviceSession implements Session {
        private final cublasHandle handle;
        private final int n;
        private final int elem;
        private final Pointer a = new Pointer(), b = new Pointer(), c = new Pointer();
        private final double mask, unit;

        DeviceSession(cublasHandle handle, int n, double mask, double unit) {
            this.handle = handle;
            this.n = n;
            this.mask = mask;
            this.unit = unit;
            this.elem = precision == Precision.FP16 ? Sizeof.SHORT : Sizeof.FLOAT;
            int rows = op == Op.GEMM ? ROWS : 1;
            JCuda.cudaMalloc(a, (long) rows * n * elem);
            JCuda.cudaMalloc(b, (long) rows * n * elem);
            JCuda.cudaMalloc(c, (long) ROWS * ROWS * Sizeof.FLOAT);
            Object ones = maskedRow(n, precision, 0, 0, 0, n, 1.0, 1.0); // i = j = 0 overwritten below
            if (ones instanceof short[] s) s[0] = Float.floatToFloat16(1f);
            else ((float[]) ones)[0] = 1f;
            for (int r = 0; r < rows; r++) copy(b.withByteOffset((long) r * n * elem), ones);
            JCuda.cudaMemset(a, 0, (long) rows * n * elem);
        }

        private void copy(Pointer dst, Object row) {
            Pointer src = row instanceof short[] s ? Pointer.to(s) : Pointer.to((float[]) row);
            JCuda.cudaMemcpy(dst, src, (long) n * elem, cudaMemcpyKind.cudaMemcpyHostToDevice);
        }

        private double run(Object row) {
            copy(a, row); // row 0 of A (column-major: A is n x ROWS, first column)
            float[] result = new float[1];
            if (op == Op.DOT) {
                JCublas2.cublasSdot(handle, n, a, 1, b, 1, Pointer.to(result));
                return result[0];
            }
            float[] one = {1f}, zero = {0f};
            if (precision == Precision.FP16) {
                JCublas2.cublasGemmEx(
                        handle,
                        cublasOperation.CUBLAS_OP_T,
                        cublasOperation.CUBLAS_OP_N,
                        ROWS,
                        ROWS,
                        n,
                        Pointer.to(one),
                        a,
                        cudaDataType.CUDA_R_16F,
                        n,
                        b,
                        cudaDataType.CUDA_R_16F,
                        n,
                        Pointer.to(zero),
                        c,
                        cudaDataType.CUDA_R_32F,
                        ROWS,
                        cublasComputeType.CUBLAS_COMPUTE_32F,
                        cublasGemmAlgo.CUBLAS_GEMM_DEFAULT_TENSOR_OP);
            } else {
                JCublas2.cublasSgemm(
                        handle,
                        cublasOperation.CUBLAS_OP_T,
                        cublasOperation.CUBLAS_OP_N,
                        ROWS,
                        ROWS,
                        n,
                        Pointer.to(one),
                        a,
                        n,
                        b,
                        n,
                        Pointer.to(zero),
                        c,
                        ROWS);
            }
            JCuda.cudaMemcpy(Pointer.to(result), c, Sizeof.FLOAT, cudaMemcpyKind.cudaMemcpyDeviceToHost);
            return result[0];
        }

        @Override
        public void probe(int[] is, int[] js, int count, int from, int to, double[] out) {
            for (int k = 0; k < count; k++) out[k] = run(maskedRow(n, precision, is[k], js[k], from, to, mask, unit));
        }

        @Override
        public double[] evaluate(double[][] inputs) {
            double[] out = new double[inputs.length];
            for (int t = 0; t < inputs.length; t++) {
                Object row;
                if (precision == Precision.FP16) {
                    short[] s = new short[n];
                    for (int k = 0; k < n; k++) s[k] = Float.floatToFloat16((float) inputs[t][k]);
                    row = s;
                } else {
                    float[] f = new float[n];
                    for (int k = 0; k < n; k++) f[k] = (float) inputs[t][k];
                    row = f;
                }
                out[t] = run(row);
            }
            return out;
        }

        @Override
        public void close() {
            JCuda.cudaFree(a);
            JCuda.cudaFree(b);
            JCuda.cudaFree(c);
            JCublas2.cublasDestroy(handle);
        }
    }
}
