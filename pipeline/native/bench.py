"""Native vs Python hands/s for split + parse + replay + Arrow rows, one core, one process.

    python pipeline/native/bench.py [--hands 20000] [--corpus DIR]

Simulated hands (the project's simulator, no-limit cash with rake and run it twice) and the
real PokerStars corpus when present. Issue 14's target for this stage: >= 100,000 hands/s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.native.parity import corpus_dir, python_parse, simulated_text  # noqa: E402


def _best(fn, repeat: int) -> float:  # noqa: ANN001
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def bench(name: str, files: list[tuple[str, bytes]], repeat: int) -> None:
    import sidepot_native

    hands = sum(sidepot_native.parse_pokerstars(d, p)["hands"].num_rows for p, d in files)
    chunks = sum(sidepot_native.parse_pokerstars(d, p)["chunks"].num_rows for p, d in files)
    native = _best(lambda: [sidepot_native.parse_pokerstars(d, p) for p, d in files], repeat)
    python = _best(lambda: [python_parse(d, p) for p, d in files], 1)
    mb = sum(len(d) for _, d in files) / 1e6
    print(f"{name}: {len(files)} files, {mb:.1f} MB, {chunks} hand chunks, "
          f"{hands} claimed natively")
    print(f"  native  {chunks / native:>10,.0f} chunks/s  "
          f"({native * 1e3:.0f} ms, {mb / native:.0f} MB/s)")
    print(f"  python  {chunks / python:>10,.0f} chunks/s  ({python * 1e3:.0f} ms)")
    print(f"  ratio   {python / native:.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--corpus", type=Path, default=None)
    args = ap.parse_args()
    sim = simulated_text(args.hands, 1).encode()
    bench("simulated", [("sim.txt", sim)], args.repeat)
    root = args.corpus or corpus_dir()
    if root is not None and (root / "PokerStars").is_dir():
        files = [(str(p), p.read_bytes())
                 for p in sorted((root / "PokerStars").rglob("*")) if p.is_file()]
        files = [(p, d) for p, d in files if python_parse(d, p).format == "pokerstars"]
        bench("corpus", files, args.repeat)


if __name__ == "__main__":
    main()
