#!/usr/bin/env python3
"""FPRev probe server for PyTorch on a CUDA GPU: cuBLAS as the framework calls it.

  fparity fprev --target 'process:python3 runners/fprev/torch_target.py gemm' --dtype float16 --n 32
  fparity fprev --target 'process:python3 runners/fprev/torch_target.py dot' --dtype float32 --n 64

Ops: gemm (A (ROWS x n) @ B (n x ROWS) on the GPU, the probed sum is C[0, 0]; float16 inputs go through cuBLAS's
tensor-core GEMM with a float32 result where this PyTorch offers out_dtype, else a float16 result, said in the
"ok" line), dot (torch.dot, cuBLAS's dot), sum (torch.sum, a CUDA reduction kernel, not cuBLAS).
The base line protocol of runners/fprev/numpy_target.py: "fprev N DTYPE MASK UNIT", "p FROM TO K i0 j0 ...", "e K" and
"q"; answers are hex floats. Errors are one line "error MESSAGE" (no torch, no CUDA device: exit 3 after it).
"""
import sys

ROWS = 16  # as fparity's cublas.gemm target: ROWS x n times n x ROWS


def main():
    op = sys.argv[1] if len(sys.argv) > 1 else "gemm"
    if op not in ("gemm", "dot", "sum"):
        print("error unknown torch op '%s' (known: gemm, dot, sum)" % op, flush=True)
        return 2
    try:
        import torch
    except ImportError:
        print("error torch is not installed for %s" % sys.executable, flush=True)
        return 3
    if not torch.cuda.is_available():
        print("error torch %s sees no CUDA device" % torch.__version__, flush=True)
        return 3
    dev = torch.device("cuda")
    out = sys.stdout
    fn = a = None
    n = 0
    note = ""
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        cmd = parts[0]
        if cmd == "q":
            break
        if cmd == "fprev":
            n = int(parts[1])
            dt = getattr(torch, parts[2], None)
            if not isinstance(dt, torch.dtype):
                out.write("error torch has no dtype '%s'\n" % parts[2])
                out.flush()
                continue
            mask, unit = float.fromhex(parts[3]), float.fromhex(parts[4])
            fn, a, note = build(torch, dev, op, n, dt)
            out.write("ok torch %s %s %s n=%d on %s%s\n" % (torch.__version__, op, parts[2], n,
                                                            torch.cuda.get_device_name(0).replace(" ", "_"), note))
            out.flush()
            continue
        if cmd == "p":
            lo, hi, k = int(parts[1]), int(parts[2]), int(parts[3])
            idx = [int(x) for x in parts[4:4 + 2 * k]]
            base = torch.zeros(n, dtype=torch.float64)
            base[lo:hi] = unit
            rows = base.repeat(k, 1)
            for t in range(k):
                rows[t, idx[2 * t]] = mask
                rows[t, idx[2 * t + 1]] = -mask
            out.write(" ".join(float.hex(v) for v in run(fn, a, rows)) + "\n")
            out.flush()
            continue
        if cmd == "e":
            k = int(parts[1])
            rows = torch.tensor([[float.fromhex(v) for v in sys.stdin.readline().split()] for _ in range(k)],
                                dtype=torch.float64)
            out.write(" ".join(float.hex(v) for v in run(fn, a, rows)) + "\n")
            out.flush()
            continue
        out.write("error unknown command '%s'\n" % cmd)
        out.flush()
    return 0


def run(fn, a, rows):
    """The function on each row of summands (float64 on the host, converted to the probed dtype on the device)."""
    res = []
    for r in rows:
        a.copy_(r.to(a.dtype))
        res.append(float(fn()))
    return res


def build(torch, dev, op, n, dt):
    """Returns (function of the probed vector, the device vector probes are written into, a note for the ok line)."""
    if op == "sum":
        a = torch.zeros(n, dtype=dt, device=dev)
        return (lambda: a.sum().item()), a, ""
    if op == "dot":
        a = torch.zeros(n, dtype=dt, device=dev)
        b = torch.ones(n, dtype=dt, device=dev)
        return (lambda: torch.dot(a, b).item()), a, ""
    m = torch.zeros((ROWS, n), dtype=dt, device=dev)
    bm = torch.ones((n, ROWS), dtype=dt, device=dev)
    if dt == torch.float16:
        try:
            torch.mm(m, bm, out_dtype=torch.float32)
            return (lambda: torch.mm(m, bm, out_dtype=torch.float32)[0, 0].item()), m[0], " out=float32"
        except (TypeError, RuntimeError):
            torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
            return (lambda: (m @ bm)[0, 0].item()), m[0], " out=float16"
    return (lambda: (m @ bm)[0, 0].item()), m[0], ""


if __name__ == "__main__":
    sys.exit(main())
