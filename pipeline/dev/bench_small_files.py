"""A folder of small files: ``sidepot import DIR`` against pokerkit on the same files.

Issue 14's per-file target: a folder of 5,000 one-hand PHH files (how the public PHH data sets
ship: one hand per file), the whole command (process start, imports, the import itself, the
store) against pokerkit loading and replaying the same files in a process of its own. Both run
as child processes of this one, so each figure is that command's wall and CPU time (children
included); the ratio is pokerkit's time over ours (above 1: we are faster).

``python -m pipeline.dev.bench_small_files [--files 5000] [--seed 7] [--profile]``:
``--profile`` also prints where an in-process import spends its time (cProfile, top entries).
The files are simulated no-limit and fixed-limit cash hands, exported by
:mod:`pipeline.export.phh`, cached in the temp folder by seed and count.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

#: pokerkit loading and replaying every file of a folder (argv[1]); prints the hands read.
_POKERKIT = """
import sys
from pathlib import Path
from pokerkit import HandHistory
n = refused = 0
for f in sorted(Path(sys.argv[1]).glob("*.phh")):
    with open(f, "rb") as fh:
        hh = HandHistory.load(fh)
    try:
        for _ in hh:
            pass
        n += 1
    except ValueError:
        refused += 1
print(n, refused)
"""


def generate(files: int, seed: int) -> Path:
    """``files`` one-hand ``.phh`` files of simulated cash hands, cached."""
    from parsers.model import LimitType
    from pipeline.export.phh import NotRepresentable, write_hand
    from pipeline.sim import simulate

    root = Path(tempfile.gettempdir()) / "sidepot-bench" / f"small-s{seed}-f{files}"
    if (root / "done").exists():
        return root
    root.mkdir(parents=True, exist_ok=True)
    written = 0
    for k, limit in enumerate((LimitType.NO_LIMIT, LimitType.FIXED_LIMIT) * 1000):
        for s in simulate(500, seed + k, limit=limit, rake=False, run_it_twice=False):
            try:
                text = write_hand(s.hand)
            except NotRepresentable:
                continue
            (root / f"{written:06}.phh").write_text(text, "utf-8")
            written += 1
            if written == files:
                (root / "done").write_text("")
                return root
    raise RuntimeError("the simulator gave too few representable hands")


def _child(cmd: list[str], env: dict | None = None) -> dict:
    """Run ``cmd``; its wall time, CPU time (user + system of the child) and output.

    The child may write and read compiled bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped
    from its environment): an installed tool runs from its ``.pyc`` files, and compiling
    sidepot's modules afresh in every child cost about 0.4 s a run, a tenth of a 50,000-hand
    import, that no user pays."""
    env = {k: v for k, v in (os.environ if env is None else env).items()
           if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=REPO, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "stdout": out.stdout}


def sidepot_import(folder: Path, core: str | None = None) -> dict:
    """``sidepot import FOLDER --db <fresh> --json`` as a child process."""
    env = dict(os.environ)
    if core:
        env["SIDEPOT_CORE"] = core
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        cli = [sys.executable, "-m", "pipeline.cli", "import", str(folder), "--db", str(db),
               "--json"]
        run = _child(cli, env)
    summary = json.loads(run.pop("stdout"))
    run.update(hands=summary.get("hands_imported"), core=summary.get("core"))
    return run


def pokerkit_run(folder: Path) -> dict:
    run = _child([sys.executable, "-c", _POKERKIT, str(folder)])
    hands, refused = map(int, run.pop("stdout").split())
    run.update(hands=hands, refused=refused)
    return run


def startup() -> dict:
    """The CLI's start alone: ``sidepot --help``."""
    run = _child([sys.executable, "-m", "pipeline.cli", "--help"])
    run.pop("stdout")
    return run


def small_files(files: int = 5000, seed: int = 7) -> dict:
    """The measurement ``make bench`` reports: both commands and their ratio."""
    folder = generate(files, seed)
    ours = sidepot_import(folder)
    theirs = pokerkit_run(folder)
    return {
        "files": files,
        "sidepot_import": ours,
        "sidepot_start": startup(),
        "pokerkit_load_replay": theirs,
        "ratio_wall": round(theirs["wall_s"] / ours["wall_s"], 2),
        "ratio_cpu": round(theirs["cpu_s"] / ours["cpu_s"], 2),
    }


def profile(folder: Path, top: int = 25) -> None:
    """Where an in-process import of ``folder`` spends its time."""
    import cProfile
    import pstats

    from pipeline.ingest.run import import_paths

    with tempfile.TemporaryDirectory() as tmp:
        prof = cProfile.Profile()
        prof.enable()
        import_paths([folder], Path(tmp) / "p.duckdb")
        prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_small_files", description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    if args.profile:
        profile(generate(args.files, args.seed))
        return 0
    print(json.dumps(small_files(args.files, args.seed), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
