"""GGPoker and Ignition: native vs Python vs a bare regex pass, one core (issue 14, item 4).

    python pipeline/native/bench_sites.py [--repeat 3] [--no-import] [--site ggpoker ...]

On the site's real corpus files (``../shared/corpus``), per site:
- ``regex``: ``pipeline.dev.bench``'s reference regex over each hand's text (the floor any
  parser pays; the text split beforehand, as there);
- ``python``: the Python core's parse + replay + Arrow rows (``parse_file_python``);
- ``native``: ``sidepot_native.parse_text`` (split + parse + replay + Arrow rows);
- ``import``: the whole ``sidepot import --jobs 1`` (store and stat facts included) of the
  same files, in a fresh process, with ``SIDEPOT_CORE=native`` and ``=python``; once on the
  corpus files as they are, once on one file holding all their hands.
Rates are hands (chunks) per second of CPU; ratios are to the regex pass.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.native.parity import python_parse  # noqa: E402
from tests.native.parity_sites import corpus_files  # noqa: E402


def _best(fn, repeat: int) -> float:  # noqa: ANN001
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def _import(folder: Path, core: str) -> dict:
    from pipeline.dev.bench import import_run

    old = os.environ.get("SIDEPOT_CORE")
    os.environ["SIDEPOT_CORE"] = core
    try:
        return import_run(folder, 1)
    finally:
        if old is None:
            os.environ.pop("SIDEPOT_CORE")
        else:
            os.environ["SIDEPOT_CORE"] = old


def bench_site(fmt: str, repeat: int, imports: bool) -> None:
    import sidepot_native

    from parsers.read import split_file
    from pipeline.dev.bench import _REFERENCE

    files = [(str(p), p.read_bytes()) for p in corpus_files(fmt)]
    files = [(p, d) for p, d in files if python_parse(d, p).format == fmt]
    texts = [c.text for _, d in files for c in split_file(d, fmt).chunks]
    n = len(texts)
    claimed = sum(sidepot_native.parse_text(d, p, fmt)["hands"].num_rows for p, d in files)
    regex = _best(lambda: sum(1 for t in texts if _REFERENCE.findall(t)), repeat)
    native = _best(lambda: [sidepot_native.parse_text(d, p, fmt) for p, d in files], repeat)
    python = _best(lambda: [python_parse(d, p) for p, d in files], 1)
    mb = sum(len(d) for _, d in files) / 1e6
    print(f"{fmt}: {len(files)} files, {mb:.1f} MB, {n} hands, {claimed} claimed natively")
    for name, t in (("regex", regex), ("native", native), ("python", python)):
        print(f"  {name:<8}{n / t:>10,.0f} hands/s  ({t * 1e3:6.0f} ms CPU)   "
              f"{regex / t:5.2f}x regex")
    if not imports:
        return
    with tempfile.TemporaryDirectory() as tmp:
        many, one = Path(tmp) / "many", Path(tmp) / "one"
        many.mkdir()
        one.mkdir()
        for k, (p, _) in enumerate(files):
            (many / f"{k:04d}-{Path(p).name}").symlink_to(p)
        joined = "\n\n\n".join(t.rstrip() for t in texts) + "\n"
        (one / f"all-{fmt}.txt").write_text(joined, encoding="utf-8")
        for label, folder in (("files", many), ("one file", one)):
            for core in ("native", "python"):
                r = _import(folder, core)
                rate = r["hands_per_cpu_s"]
                print(f"  import --jobs 1, {label}, {core:<6}: {rate:>8,.0f} hands/s CPU "
                      f"({r['hands']} hands, {r['cpu_s']} s CPU, writer {r['writer_cpu_s']} s, "
                      f"{r['wall_s']} s wall, peak {r['peak_rss_mb']} MB)   "
                      f"{rate / (n / regex):5.3f}x regex")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-import", action="store_true")
    ap.add_argument("--site", action="append", default=None)
    args = ap.parse_args()
    for fmt in args.site or ["ggpoker", "ignition"]:
        bench_site(fmt, args.repeat, not args.no_import)


if __name__ == "__main__":
    main()
