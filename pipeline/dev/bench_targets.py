"""`make bench`: every figure of the import's targets (issue 32) in one run, in minutes.

Each figure stands beside the reference it is judged against, measured in the same run on
the same hands, because absolute numbers depend on the machine and what else runs on it (the
load average is printed with them):

- a simulated file of ``--hands`` PokerStars hands (one table's file, cached in the temp
  folder): ``sidepot import --no-allin`` with ``--jobs 1`` and ``2`` against the bare regex
  pass over the same hands (:data:`pipeline.dev.bench._REFERENCE`), and the default import
  (all-in equity on) against the ``--no-allin`` one;
- the corpus's PokerStars, GGPoker and Ignition files at default settings, ``--jobs 1`` and
  ``2``, against the regex pass over the same files;
- a folder of one-hand PHH files against pokerkit loading and replaying them
  (:mod:`pipeline.dev.bench_small_files`);
- the whole corpus at default settings (wall time);
- each stage's cost per hand, on both cores: the core's stage (parse, replay, rows), the
  DuckDB write, the final checkpoint, the stat facts (computed in the stage: the Python
  core's timed where they run, the native core's alone over the same hands), the refresh of
  the statistics' tables from them and the all-in equity, from one import in a process of
  its own with each step timed.

Every import is a fresh process (``python -m pipeline.cli import``) into a fresh store; its
CPU time includes its workers. ``--quick``: 20,000 hands and 1,000 PHH files, for iterating.
The 1M/10M-hand figures (memory, ``sidepot stats`` over 10 million hands) stay in the long
benchmarks (``make bench-long``). Results: printed, and ``bench/targets.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from itertools import islice
from pathlib import Path

from pipeline.dev.bench import _REFERENCE, REPO, _chunks, _timed
from pipeline.dev.bench_small_files import _child, pokerkit_run, sidepot_import
from pipeline.dev.bench_small_files import generate as phh_files

#: The corpus folders of the sites the native core reads as text.
NATIVE_SITES = ("PokerStars", "GGPoker", "Bovada_Ignition")


def corpus_root() -> Path | None:
    path = Path(os.environ.get("SIDEPOT_CORPUS", REPO.parent / "shared" / "corpus"))
    return path if path.is_dir() else None


def simulated_file(hands: int, seed: int) -> Path:
    """One PokerStars file of ``hands`` simulated hands (all-ins, side pots, splits ...),
    cached in the temp folder by size and seed."""
    from pipeline.export import pokerstars
    from pipeline.sim.dealer import simulate

    path = Path(tempfile.gettempdir()) / "sidepot-bench" / f"deal-s{seed}-h{hands}.txt"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        print(f"simulating {hands:,} hands into {path} (once)", file=sys.stderr)
        part = path.with_suffix(".part")
        dealt = simulate(hands, seed)  # one deal, written 10,000 hands at a time
        with open(part, "w", encoding="utf-8") as fh:
            while chunk := [s.hand for s in islice(dealt, 10_000)]:
                fh.write(pokerstars.write_hands(chunk) + "\n\n")
        part.rename(path)
    return path


def regex_pass(files: list[Path]) -> dict:
    """The reference: the bare regex pass over every hand's text (after the split), the
    best of three passes (one pass at the start of a run once read 40 % slow)."""
    texts = [c.text for _, c, _ in _chunks(files)]
    runs = [_timed(lambda: sum(1 for t in texts if _REFERENCE.findall(t))) for _ in range(3)]
    return min(runs, key=lambda r: r["cpu_s"])


def cli_import(paths: list[Path], *, jobs: int | None = None, allin: bool = True,
               core: str | None = None) -> dict:
    """``sidepot import PATHS --json`` in a fresh process into a fresh store: wall and CPU
    seconds (workers included), the hands and the summary's own stage seconds."""
    env = {**os.environ, **({"SIDEPOT_CORE": core} if core else {})}
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pipeline.cli", "import", *map(str, paths), "--db",
               str(Path(tmp) / "bench.duckdb"), "--json"]
        cmd += ([] if jobs is None else ["--jobs", str(jobs)]) + ([] if allin else ["--no-allin"])
        run = _child(cmd, env)
    summary = json.loads(run.pop("stdout"))
    hands = summary["hands_imported"]
    run.update(hands=hands, core=summary.get("core"), jobs=summary.get("jobs", jobs),
               stats_s=summary.get("stats_seconds"), allin_s=summary.get("allin_seconds"),
               hands_per_s=round(hands / run["wall_s"], 1),
               hands_per_cpu_s=round(hands / run["cpu_s"], 1))
    return run


def stages_child(path: str) -> None:
    """In a fresh process: one import of ``path`` with each step timed, then the facts and
    the all-in equity; per-hand microseconds as JSON on stdout."""
    import duckdb

    from pipeline import core
    from pipeline.ingest import pool
    from pipeline.ingest.run import import_paths
    from pipeline.store import db
    from reports.stats import refresh

    spent = {"stage": 0.0, "equity": 0.0, "write": 0.0, "checkpoint": 0.0}

    def timed(name, fn):
        def run(*args, **kwargs):
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] += time.process_time() - start
        return run

    pool.parse_files = timed("stage", pool.parse_files)
    # counted in the stage (where hands are parsed), timed apart (CPU of all its threads)
    core.with_allin_equity = timed("equity", core.with_allin_equity)
    # the stat facts are part of the stage: the Python core's timed where it computes them
    # (every hand the native core defers too), the native core's alone over the same hands
    from pipeline.store import rows

    spent["facts (in stage)"] = 0.0
    rows.seat_flags_rows = timed("facts (in stage)", rows.seat_flags_rows)
    db.Store._write_rows_once = timed("write", db.Store._write_rows_once)
    close = db.Store.close

    def checkpoint_then_close(self):
        timed("checkpoint", lambda: self.con.execute("CHECKPOINT"))()
        close(self)

    db.Store.close = checkpoint_then_close
    # Each batch stored before the next is read: the stages are timed one at a time (CPU of
    # the whole process), where an import overlaps the write with the next batch's stage.
    from pipeline.ingest.batcher import Batcher

    hand_over = Batcher.flush

    def flush_and_wait(self):
        hand_over(self)
        self.settle()

    Batcher.flush = flush_and_wait
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "stages.duckdb"
        allin = os.environ.get("SIDEPOT_CORE") != "python"
        hands = import_paths([path], store, jobs=1, allin=allin).hands_imported
        spent["stage"] -= spent["equity"]
        with duckdb.connect(str(store)) as con:
            start = time.process_time()
            refresh(con)
            spent["refresh (stats from facts)"] = time.process_time() - start
    native = _native_facts_seconds(Path(path), hands)
    if native is not None:
        spent["facts (in stage)"] = native
    print(json.dumps({"hands": hands, **{k: round(1e6 * v / hands, 1)
                                         for k, v in spent.items()}}))


def _native_facts_seconds(path: Path, hands: int) -> float | None:
    """The native core's stat facts alone over ``path``'s hands, as CPU seconds for
    ``hands`` hands (None: the Python core ran, its facts are timed where they run)."""
    from pipeline.core_choice import chosen_core, native_module

    if chosen_core() != "native" or native_module() is None:
        return None
    data, cost = path.read_bytes(), native_module()._facts_cost

    def cpu(passes: int) -> tuple[float, int]:  # CPU, as every stage here: not the wall
        start = time.process_time()
        read = cost(data, passes)[0]
        return time.process_time() - start, read

    (once, read), (more, _) = cpu(1), cpu(6)  # the same reading, 5 passes more
    return max(more - once, 0.0) / 5 * hands / read if read else None


def stages(path: Path, core: str) -> dict:
    env = {**os.environ, "SIDEPOT_CORE": core}
    run = _child([sys.executable, "-m", "pipeline.dev.bench_targets", "--stages-child",
                  str(path)], env)
    return json.loads(run["stdout"].strip().splitlines()[-1])


def _ratio(a: dict, b: dict, key: str = "hands_per_cpu_s") -> float:
    return round(a[key] / b[key], 2) if b.get(key) else 0.0


def measure(hands: int, phh: int, seed: int, with_corpus: bool) -> dict:
    from pipeline.core import native_available

    out: dict = {"machine": {"cpus": os.cpu_count(), "load_before": os.getloadavg()}}
    sim = simulated_file(hands, seed)
    regex = regex_pass([sim])
    runs = {f"no_allin_jobs{j}": cli_import([sim], jobs=j, allin=False) for j in (1, 2)}
    runs.update({f"default_jobs{j}": cli_import([sim], jobs=j) for j in (1, 2)})
    out["simulated"] = {"hands": hands, "regex": regex, **runs, "targets": {
        "no_allin_jobs1_vs_regex (>= 0.5)": _ratio(runs["no_allin_jobs1"], regex),
        "no_allin_jobs2_vs_regex (>= 1.0)": _ratio(runs["no_allin_jobs2"], regex,
                                                   "hands_per_s"),
        **{f"default_vs_no_allin_time_jobs{j} (<= 2)": round(
            runs[f"default_jobs{j}"]["wall_s"] / runs[f"no_allin_jobs{j}"]["wall_s"], 2)
           for j in (1, 2)}}}
    # the stages on both cores, the Python one on the first 10,000 hands (the same deal); the
    # equity is counted where hands are parsed (its CPU apart from the stage's), on the native
    # core only (SIDEPOT_CORE=python also counts with the numpy reference: minutes)
    cores = ("native", "python") if native_available() else ("python",)
    first = simulated_file(min(hands, 10_000), seed)
    out["stages_us_per_hand"] = {core: stages(sim if core == "native" else first, core)
                                 for core in cores}
    corpus = corpus_root() if with_corpus else None
    if corpus is not None:
        files = sorted(p for site in NATIVE_SITES for p in (corpus / site).rglob("*")
                       if p.is_file())
        regex3 = regex_pass(files)
        three = {f"jobs{j}": cli_import([corpus / s for s in NATIVE_SITES], jobs=j)
                 for j in (1, 2)}
        out["corpus_three_sites"] = {"regex": regex3, **three, "targets": {
            "jobs1_vs_regex (>= 0.4)": _ratio(three["jobs1"], regex3),
            "jobs2_vs_regex (>= 0.8)": _ratio(three["jobs2"], regex3, "hands_per_s")}}
        whole = cli_import([corpus])
        out["corpus_whole"] = {**whole, "target": "wall < 15 s"}
    folder = phh_files(phh, seed)
    ours, theirs = sidepot_import(folder), pokerkit_run(folder)
    out["phh_small_files"] = {"files": phh, "sidepot": ours, "pokerkit": theirs,
                              "target": "pokerkit wall / ours >= 3",
                              "ratio_wall": round(theirs["wall_s"] / ours["wall_s"], 2)}
    out["machine"]["load_after"] = os.getloadavg()
    return out


def render(out: dict) -> str:
    lines = [f"load {out['machine']['load_before']} -> {out['machine']['load_after']}, "
             f"{out['machine']['cpus']} cpus"]
    sim = out["simulated"]
    lines.append(f"\nsimulated file, {sim['hands']:,} hands "
                 f"(regex pass {sim['regex']['hands_per_cpu_s']:,.0f} hands/CPU s)")
    for name in ("no_allin_jobs1", "no_allin_jobs2", "default_jobs1", "default_jobs2"):
        r = sim[name]
        lines.append(f"  {name:<16} {r['wall_s']:7.2f} s wall {r['cpu_s']:7.2f} s CPU "
                     f"{r['hands_per_s']:9,.0f} hands/s  (facts {r['stats_s']} s, "
                     f"equity {r['allin_s']} s)")
    lines += [f"  target {k}: {v}" for k, v in sim["targets"].items()]
    lines.append("\nstage costs, us a hand (CPU; equity: counted in the stage, all threads)")
    for core, s in out["stages_us_per_hand"].items():
        lines.append(f"  {core:<7} " + "  ".join(f"{k} {v}" for k, v in s.items()
                                                 if k != "hands"))
    if "corpus_three_sites" in out:
        c = out["corpus_three_sites"]
        lines.append(f"\ncorpus PokerStars+GGPoker+Ignition, {c['jobs1']['hands']:,} hands "
                     f"(regex {c['regex']['hands_per_cpu_s']:,.0f} hands/CPU s)")
        for j in ("jobs1", "jobs2"):
            lines.append(f"  {j} {c[j]['wall_s']:7.2f} s wall {c[j]['hands_per_s']:9,.0f} "
                         "hands/s")
        lines += [f"  target {k}: {v}" for k, v in c["targets"].items()]
        w = out["corpus_whole"]
        lines.append(f"\nwhole corpus: {w['wall_s']:.1f} s wall, {w['cpu_s']:.1f} s CPU, "
                     f"{w['hands']:,} hands (target: under 15 s)")
    p = out["phh_small_files"]
    lines.append(f"\n{p['files']:,} one-hand PHH files: sidepot {p['sidepot']['wall_s']} s, "
                 f"pokerkit {p['pokerkit']['wall_s']} s: {p['ratio_wall']}x (target >= 3)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="make bench", description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=50_000,
                    help="simulated hands (the issue names 100,000: --hands 100000, ~2x the time)")
    ap.add_argument("--phh-files", type=int, default=5_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-corpus", action="store_true")
    ap.add_argument("--quick", action="store_true", help="20,000 hands, 1,000 PHH files")
    ap.add_argument("--stages-child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.stages_child:
        stages_child(args.stages_child)
        return 0
    if args.quick:
        args.hands, args.phh_files = 20_000, 1_000
    out = measure(args.hands, args.phh_files, args.seed, not args.no_corpus)
    print(render(out))
    target = REPO / "bench" / "targets.json"
    target.parent.mkdir(exist_ok=True)
    target.write_text(json.dumps(out, indent=2) + "\n")
    print(f"written: {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
