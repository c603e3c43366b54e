#!/usr/bin/env python3
"""FPRev probe server for numpy (fparity fprev --target numpy.OP).

Line protocol on stdin/stdout (one process serves many sizes and many probes per round trip):
  > fprev N DTYPE MASK UNIT        prepare for N summands (MASK, UNIT as hex floats)   < ok DESCRIPTION
  > p FROM TO K i0 j0 i1 j1 ...    K probes: +MASK at i, -MASK at j, UNIT on [FROM,TO), 0 elsewhere
                                   < "x " + the K results as little-endian float64 bytes in hex
                                     (other servers, like c_harness.c, answer K hex floats "%a" instead)
  > e K, then K lines of N hex floats: the function on arbitrary summands   < K results on one line
  > r K, then K lines, each the N summands as little-endian float64 bytes in hex: the same as e, answered
                                   like p ("x " + bytes in hex); this server says "ok +raw ..." to offer it
  > b K W, then K*N*W raw bytes (no newline): the same as r, each summand a little-endian float32 (W = 4) or
                                   float64 (W = 8); this server says "ok +raw +bin ..." to offer it
  > q                              quit (at once: numpy's teardown is skipped, nothing is left to write)
Errors are one line "error MESSAGE". The masked array is built here, so only indices cross the pipe.

numpy_target.py OP --socket PATH: the same protocol over one connection to a Unix socket this process binds at
PATH before it imports numpy (bin/fparity starts it so, before the JVM, so that Python's start and numpy's import
overlap the JVM's; fparity connects when it needs the target). It removes PATH once connected, and exits when the
connection ends, or, never connected, when its parent (the JVM) is gone.
"""
import os
import sys

OPS = ("sum", "dot", "matvec", "matmul")
ROWS = 8  # rows of the matrix in matvec / matmul; the probed summation is row 0 (and column 0)


def listen(path):
    """Binds the Unix socket at path (before numpy's import, so that a client can connect at once)."""
    import socket
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)  # an existing file (anyone else's) makes this fail: then fparity starts its own server
    srv.listen(1)
    return srv


def accept(srv, path):
    """Waits for fparity's connection; returns its reading end (bytes) and makes it stdout; exits if the parent dies first."""
    import socket
    parent = os.getppid()
    srv.settimeout(0.05)
    while True:
        try:
            conn, _ = srv.accept()
            break
        except socket.timeout:
            if os.getppid() != parent:
                os.unlink(path)
                sys.exit(0)
    os.unlink(path)
    srv.close()
    conn.settimeout(None)
    sys.stdout = conn.makefile("w", encoding="ascii", newline="\n", buffering=1 << 16)
    return conn.makefile("rb", buffering=1 << 16)


def main():
    args = sys.argv[1:]
    srv = path = None
    if len(args) >= 2 and args[-2] == "--socket":
        path = args[-1]
        srv = listen(path)
        args = args[:-2]
    op = args[0] if args else "sum"
    problem = None
    np = None
    if op not in OPS:
        problem = "error unknown numpy op '%s' (known: %s)" % (op, ", ".join(OPS)), 2
    else:
        try:
            import numpy as np
        except ImportError:
            problem = "error numpy is not installed for %s" % sys.executable, 3
    # commands are read as bytes: "b" is followed by raw bytes, which a text reader would decode and read ahead
    inp = accept(srv, path) if srv is not None else sys.stdin.buffer
    if problem is not None:
        print(problem[0], flush=True)
        return problem[1]
    out = sys.stdout
    fn = None
    a = base = None
    n = 0
    dt = None
    for line in inp:
        parts = line.decode("ascii").split()
        if not parts:
            continue
        cmd = parts[0]
        if cmd == "q":
            break
        if cmd == "fprev":
            n = int(parts[1])
            try:
                dt = np.dtype(parts[2])
            except TypeError:
                out.write("error numpy has no dtype '%s'\n" % parts[2])
                out.flush()
                continue
            mask, unit = float.fromhex(parts[3]), float.fromhex(parts[4])
            fn, a = build(np, op, n, dt)
            ones = np.ones(n, dtype=dt)
            view = memoryview(a) if a.flags.c_contiguous and dt.char in "fd" else a
            base_range = None
            out.write("ok +raw +bin numpy %s %s %s n=%d\n" % (np.__version__, op, dt.name, n))
            out.flush()
            continue
        if cmd == "p":
            lo, hi, k = int(parts[1]), int(parts[2]), int(parts[3])
            if base_range != (lo, hi):
                base = np.zeros(n, dtype=dt)
                base[lo:hi] = unit
                a[:] = base
                base_range = (lo, hi)
            idx = map(int, parts[4:4 + 2 * k])
            pairs = zip(idx, idx)  # (i, j) without a next() call per probe
            res = []
            append = res.append
            bl = base.tolist()
            m = view  # memoryview writes cost a third of numpy's __setitem__
            neg = -mask
            cur = -1  # probes come grouped by pivot: +M is written once per pivot
            if op == "dot":  # the hottest case: call np.dot directly, no wrapper frame
                dot, x, y = np.dot, a, ones
                for i, j in pairs:
                    if i != cur:
                        if cur >= 0:
                            m[cur] = bl[cur]
                        m[i] = mask
                        cur = i
                    m[j] = neg
                    append(dot(x, y))
                    m[j] = bl[j]
            else:
                for i, j in pairs:
                    if i != cur:
                        if cur >= 0:
                            m[cur] = bl[cur]
                        m[i] = mask
                        cur = i
                    m[j] = neg
                    append(fn())
                    m[j] = bl[j]
            if cur >= 0:
                m[cur] = bl[cur]
            # raw little-endian float64 bytes in hex: bit-exact, and one call instead of one per probe
            out.write("x ")
            out.write(np.asarray(res, dtype=np.float64).tobytes().hex())
            out.write("\n")
            out.flush()
            continue
        if cmd == "e":
            k = int(parts[1])
            res = []
            for _ in range(k):
                vals = [float.fromhex(v) for v in inp.readline().decode("ascii").split()]
                a[:] = np.array(vals, dtype=dt)
                res.append(float(fn()))
            base_range = None
            out.write(" ".join(map(float.hex, res)) + "\n")
            out.flush()
            continue
        if cmd == "r":  # as e, the summands as float64 bytes in hex: one conversion per input, none per value
            k = int(parts[1])
            res = []
            for _ in range(k):
                a[:] = np.frombuffer(bytes.fromhex(inp.readline().decode("ascii").strip()), dtype="<f8")
                res.append(float(fn()))
            base_range = None
            sums_as_hex_bytes(np, out, res)
            continue
        if cmd == "b":  # as r, the summands as raw little-endian float32 or float64: no hex either way
            k, width = int(parts[1]), int(parts[2])
            if width not in (4, 8):
                out.write("error b takes 4 or 8 bytes per summand, not %d\n" % width)
                out.flush()
                continue
            data = inp.read(k * n * width)
            if len(data) != k * n * width:
                break
            src = "<f4" if width == 4 else "<f8"
            res = []
            for t in range(k):
                a[:] = np.frombuffer(data, dtype=src, count=n, offset=t * n * width)
                res.append(float(fn()))
            base_range = None
            sums_as_hex_bytes(np, out, res)
            continue
        out.write("error unknown command '%s'\n" % cmd)
        out.flush()
    return 0


def sums_as_hex_bytes(np, out, res):
    """The answer to r and b: 'x ' and the sums as little-endian float64 bytes in hex, one line."""
    out.write("x ")
    out.write(np.asarray(res, dtype=np.float64).tobytes().hex())
    out.write("\n")
    out.flush()


def build(np, op, n, dt):
    """Returns (function of the probed vector, the vector to write probes into)."""
    if op == "sum":
        a = np.zeros(n, dtype=dt)
        return a.sum, a
    if op == "dot":  # np.dot(a, ones(n)); the probe loop calls it inline the same way
        a = np.zeros(n, dtype=dt)
        b = np.ones(n, dtype=dt)
        dot = np.dot
        return (lambda: dot(a, b)), a
    if op == "matvec":
        m = np.zeros((ROWS, n), dtype=dt)
        x = np.ones(n, dtype=dt)
        return (lambda: (m @ x)[0]), m[0]
    # matmul: A (ROWS x n) @ B (n x ROWS); the probed sum is C[0, 0]
    m = np.zeros((ROWS, n), dtype=dt)
    bm = np.ones((n, ROWS), dtype=dt)
    return (lambda: (m @ bm)[0, 0]), m[0]


if __name__ == "__main__":
    rc = main()
    if rc == 0:
        # Served (q, or the connection ended): every reply is flushed, nothing is left to do. Python's teardown of
        # numpy and its modules would cost ~0.06 CPU-s and more wall on a loaded machine (runners/README.md).
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        os._exit(0)
    sys.exit(rc)
