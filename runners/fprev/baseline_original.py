#!/usr/bin/env python3
"""Baseline for fparity's FPRev benchmark: the original tool's approach, rewritten here (not copied) from its description.

Like the original FPRev (peichenxie/FPRev fprev.py, Python 3.11), this runs the advanced algorithm as a *recursive*
Python function, asks a black-box adapter for one l(i, j) per call (set_mask / get_l / reset_mask, calling numpy once
per probe), and builds a Graphviz-style digraph body (one "i -> k" line per edge) as it goes.

  python3 baseline_original.py OP DTYPE N [REPEATS] [--fresh]

OP is sum or dot. --fresh builds the whole masked array anew for every probe instead of writing the two masks into a
reused buffer. Prints one JSON line: {"op", "dtype", "n", "calls", "warmup_s", "times_s": [...], "min_s"}.
"""
import json
import sys
import time

import numpy as np


class Adapter:
    def __init__(self, op, dtype, n, fresh):
        self.n = n
        self.dt = np.dtype(dtype)
        self.M = float(np.finfo(self.dt).max) if False else 2.0 ** (np.finfo(self.dt).maxexp - 1)
        self.unit = 1.0
        self.fresh = fresh
        self.buf = np.full(n, self.unit, dtype=self.dt)
        self.ones = np.ones(n, dtype=self.dt)
        self.op = op
        self.calls = 0
        self.masks = []

    def set_mask(self, k, negative=False):
        if self.fresh:
            self.masks.append((k, -self.M if negative else self.M))
        else:
            self.buf[k] = -self.M if negative else self.M

    def reset_mask(self, k):
        if self.fresh:
            self.masks = [(q, v) for (q, v) in self.masks if q != k]
        else:
            self.buf[k] = self.unit

    def get_l(self):
        self.calls += 1
        a = self.buf
        if self.fresh:
            a = np.full(self.n, self.unit, dtype=self.dt)
            for k, v in self.masks:
                a[k] = v
        r = a.sum() if self.op == "sum" else np.dot(a, self.ones)
        return self.n - int(r / self.unit)


def fprev(impl):
    n = impl.n
    body = []

    def build(I):
        i = I[0]
        if len(I) == 1:
            return i, 1
        ls = {}
        for j in I[1:]:
            impl.set_mask(i)
            impl.set_mask(j, negative=True)
            ls.setdefault(impl.get_l(), []).append(j)
            impl.reset_mask(i)
            impl.reset_mask(j)
        root = i
        for l in sorted(ls):
            sub_root, sub_leaves = build(ls[l])
            if sub_leaves == len(ls[l]):
                new = root + n
                body.append("\t%d -> %d" % (root, new))
                body.append("\t%d -> %d" % (sub_root, new))
                root = new
            else:
                body.append("\t%d -> %d" % (root, sub_root))
                root = sub_root
        return root, max(ls)

    for k in range(n):
        body.append('\t%d [label="#%d"]' % (k, k))
    build(list(range(n)))
    return "digraph {\n" + "\n".join(body) + "\n}"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    fresh = "--fresh" in sys.argv
    op, dtype, n = args[0], args[1], int(args[2])
    repeats = int(args[3]) if len(args) > 3 else 5
    sys.setrecursionlimit(max(1000, 4 * n + 100))
    impl = Adapter(op, dtype, n, fresh)
    t0 = time.perf_counter()
    fprev(impl)
    warm = time.perf_counter() - t0
    calls = impl.calls
    times = []
    for _ in range(repeats):
        impl = Adapter(op, dtype, n, fresh)
        t0 = time.perf_counter()
        fprev(impl)
        times.append(time.perf_counter() - t0)
    print(json.dumps({"op": op, "dtype": dtype, "n": n, "fresh": fresh, "calls": calls, "warmup_s": warm,
                      "times_s": times, "min_s": min(times)}))


if __name__ == "__main__":
    main()
