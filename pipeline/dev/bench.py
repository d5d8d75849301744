"""`make bench`: import speed and memory, each figure beside a reference from the same run.

Speed is measured here, never in a timed test. Every figure is printed with its ratio to a
reference measured in the same run on the same hands, because absolute numbers depend on the
machine and on what else runs on it (the load average is recorded with the results):
- a bare regex pass over each hand's text (the floor any parser must pay);
- pokerkit (the reference Python poker engine) loading and replaying the same hands as PHH.

Input: ``--hands`` simulated hands (:mod:`pipeline.sim.dealer`), written as PokerStars text and
as PHH in ``--files`` files each (a client writes one file per table and day), cached in the
temp folder by seed and size; plus the PokerStars corpus where present.

Stages on the PokerStars text: split (decode, detect, split into hands), parse, parse + replay
(every rule check), flatten (Arrow columns), and the full import into a fresh DuckDB file with
``jobs=1`` and ``jobs=2``, each import in its own process so its peak memory is its own. Rates
are hands per wall-clock second and per CPU second (workers included): on a busy machine the
CPU figure is the one that compares. ``--memory-hands`` imports copies of the hands (new ids)
at growing sizes to show the peak memory's slope; ``--big-file-hands 1000000`` imports one file
of that many hands (streamed in pieces) with ``jobs=1`` and ``2``. Results: printed, and
bench/results.json.

Both cores side by side (where the native one is built): the imports run on the default
core (native) and again with ``SIDEPOT_CORE=python``, on the many files and on the same
hands as one large file; the native core's own stage (split + parse + replay + Arrow rows)
runs per file and on the one large file, on one thread and on every core. ``--quick``: a
small run for iterating.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import pickle
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from parsers.errors import AmbiguousFormatError, ParseError, UnknownFormatError
from parsers.read import split_file
from pipeline.core import native_available, parse_file
from pipeline.dev.bench_small_files import small_files
from pipeline.engine import replay
from pipeline.ingest.pool import fewer_collections

REPO = Path(__file__).resolve().parents[2]
_REFERENCE = re.compile(r"^(?:PokerStars .*?#\d+|.*?\$?[\d.,]+)", re.MULTILINE)
_HAND_NO = re.compile(r"(PokerStars Hand #)(\d+)")


def _cache(seed: int, hands: int, files: int) -> Path:
    return Path(tempfile.gettempdir()) / "sidepot-bench" / f"s{seed}-h{hands}-f{files}"


def generate(seed: int, hands: int, files: int) -> Path:
    """Simulated hands as ``ps/*.txt`` and ``phh/*.phhs`` (the same hands), cached."""
    from pipeline.export import phh, pokerstars
    from pipeline.sim.dealer import simulate

    root = _cache(seed, hands, files)
    if (root / "done").exists():
        return root
    (root / "ps").mkdir(parents=True, exist_ok=True)
    (root / "phh").mkdir(parents=True, exist_ok=True)
    per = -(-hands // files)
    # No rake and no run-it-twice: PHH has no field for either (see pipeline.export.phh).
    dealt = [s.hand for s in simulate(hands, seed, players=(2, 9), rake=False,
                                      run_it_twice=False)]
    for i in range(files):
        part = dealt[i * per : (i + 1) * per]
        (root / "ps" / f"table{i:03}.txt").write_text(pokerstars.write_hands(part), "utf-8")
        (root / "phh" / f"table{i:03}.phhs").write_text(phh.write_hands(part), "utf-8")
    (root / "done").write_text("ok")
    return root


def replicate(src: Path, copies: int, out: Path) -> Path:
    """``copies`` copies of the PokerStars files with new hand numbers (for memory runs)."""
    out.mkdir(parents=True, exist_ok=True)
    for k in range(copies):
        for f in sorted(src.glob("*.txt")):
            text = f.read_text("utf-8")
            text = _HAND_NO.sub(lambda m, k=k: f"{m[1]}{k + 1}{m[2]}", text)
            (out / f"c{k:03}_{f.name}").write_text(text, "utf-8")
    return out


def replicate_one_file(folder: Path, out: Path) -> Path:
    """The folder's files as one file (one large file: the native core's runs on every
    core, the Python core on one)."""
    out.mkdir(exist_ok=True)
    target = out / "one.txt"
    if not target.exists():
        target.write_bytes(b"\n\n".join(p.read_bytes() for p in sorted(folder.glob("*.txt"))))
    return target


def one_big_file(src: Path, hands: int, per_copy: int, out: Path) -> Path:
    """One file of about ``hands`` hands: copies of the ``src`` files with new hand numbers,
    written a copy at a time (a 1,000,000-hand file is ~1.4 GB: never held in memory)."""
    target = out / f"one-{hands}.txt"
    if target.exists():
        return target
    texts = [f.read_bytes() for f in sorted(src.glob("*.txt"))]
    number = re.compile(_HAND_NO.pattern.encode())
    with open(target.with_suffix(".part"), "wb") as fh:
        for k in range(max(1, round(hands / per_copy))):
            for text in texts:
                fh.write(number.sub(lambda m, k=k: m[1] + str(k + 1).encode() + m[2], text))
                fh.write(b"\n\n")
    target.with_suffix(".part").rename(target)
    return target


def big_file_runs(src: Path, sizes: list[int], per_copy: int) -> list[dict]:
    """Imports of one large file per size (streamed in pieces), ``--jobs 1`` and ``2``: peak
    memory and rates, on the default core."""
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            path = one_big_file(src, size, per_copy, Path(tmp))
            for jobs in (1, 2):
                run = import_run(path, jobs, allin=False)  # memory: the all-in counts apart
                runs.append({"hands": run["hands"], "jobs": jobs, "bytes": path.stat().st_size,
                             **{k: run[k] for k in ("peak_rss_mb", "worker_peak_rss_mb",
                                                    "hands_per_s", "hands_per_cpu_s")}})
            path.unlink()
    return runs


def _cpu() -> float:
    return time.process_time()


def _timed(fn: Callable[[], int]) -> dict:
    """Rates of ``fn`` (which returns its hand count), with the garbage collector off as the
    import runs its workers (:func:`pipeline.ingest.pool.parse_file`): stages keep every hand
    alive, so the collector would otherwise walk them over and over, a cost no import pays
    (a third of the parse figure). The reference (regex, pokerkit) is timed the same way."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        wall, cpu = time.perf_counter(), _cpu()
        n = fn()
        wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    finally:
        if enabled:
            gc.enable()
    return _rates(n, wall, cpu)


def _rates(n: int, wall: float, cpu: float) -> dict:
    return {"hands": n, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
            "hands_per_s": round(n / wall, 1) if wall else 0.0,
            "hands_per_cpu_s": round(n / cpu, 1) if cpu else 0.0}


def _chunks(files: list[Path]) -> list:
    out = []
    for path in files:
        try:
            split = split_file(path.read_bytes())
        except (UnknownFormatError, AmbiguousFormatError):
            continue
        out.extend((split.format, chunk, str(path)) for chunk in split.chunks)
    return out


def _warm_up() -> list:
    from pipeline.sim.dealer import simulate

    return [(s.hand, replay(s.hand)) for s in simulate(5, 1)]


def text_stages(files: list[Path]) -> dict[str, dict]:
    """regex, split, parse, parse + replay, flatten and pickle costs, in this process (with
    the import's garbage-collector setting, so the stages add up to what an import pays)."""
    from pipeline.store.rows import flatten_rows

    results: dict[str, dict] = {}
    flatten_rows(_warm_up(), datetime.now(UTC).replace(tzinfo=None))  # imports, first calls
    results["split"] = _timed(lambda: len(_chunks(files)))
    chunks = _chunks(files)
    texts = [c.text for _, c, _ in chunks]
    results["regex_reference"] = _timed(lambda: sum(1 for t in texts if _REFERENCE.findall(t)))
    parsed: list = []

    def parse_only() -> int:
        for fmt, chunk, file in chunks:
            try:
                parsed.append(fmt.parse(chunk, file))
            except ParseError:
                pass
        return len(parsed)

    results["parse"] = _timed(parse_only)
    replays: list = []
    results["replay_only"] = _timed(lambda: len([replays.append(replay(h)) for h in parsed]))
    both = results["parse"], results["replay_only"]
    results["parse_replay"] = _rates(len(replays), sum(b["wall_s"] for b in both),
                                     sum(b["cpu_s"] for b in both))
    pairs = list(zip(parsed, replays, strict=True))
    now = datetime.now(UTC).replace(tzinfo=None)
    results["flatten_arrow"] = _timed(lambda: flatten_rows(pairs, now).n_hands)
    results.update(native_stages(files))
    sample = pairs[:2000]
    results["pickle_hand_replay"] = _timed(lambda: len(pickle.loads(pickle.dumps(sample, 5))))
    packed = [parse_file((f.read_bytes(), str(f), 0, None, True)) for f in files[:2]]
    n_packed = sum(p.rows.n_hands for p in packed)
    results["pickle_packed_rows"] = _timed(
        lambda: n_packed + 0 * len(pickle.loads(pickle.dumps(packed, 5))))
    return results


def native_stages(files: list[Path]) -> dict[str, dict]:
    """The native core's split + parse + replay + Arrow rows (one call per file, the GIL
    released), on one thread and on every core; nothing where it is not built."""
    try:
        import sidepot_native  # noqa: PLC0415 - optional
    except ImportError:
        return {}
    blobs = [(f.read_bytes(), str(f)) for f in files]
    big = b"".join(data for data, _ in blobs)  # one large file: its runs on every core

    def run(pieces: list[tuple[bytes, str]]) -> int:
        return sum(sidepot_native.parse_pokerstars(d, p)["hands"].num_rows for d, p in pieces)

    out = {}
    for threads in ("1", ""):
        if threads:
            os.environ["SIDEPOT_NATIVE_THREADS"] = threads
        try:
            name = "one_thread" if threads else "all_threads"
            out[f"native_rows_files_{name}"] = _timed(lambda: run(blobs))
            out[f"native_rows_one_file_{name}"] = _timed(lambda: run([(big, "big.txt")]))
        finally:
            os.environ.pop("SIDEPOT_NATIVE_THREADS", None)
    # issue 14's stage target is per core: the one-thread figure beside it
    one = out["native_rows_files_one_thread"]
    one["target_hands_per_cpu_s"] = NATIVE_STAGE_TARGET
    one["vs_target"] = round(one["hands_per_cpu_s"] / NATIVE_STAGE_TARGET, 3)
    return out


#: Issue 14's target for the native stage (split + parse + replay + Arrow rows) on one core,
#: in hands per CPU second; `cargo run --release --example bench_stage` measures it in Rust.
NATIVE_STAGE_TARGET = 100_000


def _import_child(path: str, jobs: int, allin: bool = True) -> None:
    """Run in a fresh process: one import, then its times and peak memory as JSON.

    The import as issue 14 counts it: parse, every rule, store *and the stat facts* (the
    refresh ``sidepot import`` runs before it returns), in the rates. The all-in counts the
    command also makes by default are timed apart (``allin_s``): they depend on how many
    hands went all in, not on the text."""
    from pipeline.ingest.run import import_paths
    from pipeline.store.db import connect
    from reports.allin import fill_allin_equity
    from reports.equity import native_counting
    from reports.stats import refresh

    def used(who: int) -> float:
        r = resource.getrusage(who)
        return r.ru_utime + r.ru_stime

    with tempfile.TemporaryDirectory() as tmp:
        startup = used(resource.RUSAGE_SELF)  # interpreter and imports: not the import's
        wall = time.perf_counter()
        db = Path(tmp) / "bench.duckdb"
        summary = import_paths([path], db, jobs=jobs)
        stored = time.perf_counter() - wall
        con = connect(str(db))
        try:
            refresh(con)
            wall = time.perf_counter() - wall
            writer = used(resource.RUSAGE_SELF) - startup
            counting = time.perf_counter()
            if allin and native_counting():  # the default's rule: numpy would take minutes
                fill_allin_equity(con)
            counting = time.perf_counter() - counting
        finally:
            con.close()
    me = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({
        **_rates(summary.hands_imported, wall, writer + used(resource.RUSAGE_CHILDREN)),
        "store_s": round(stored, 3), "stat_facts_s": round(wall - stored, 3),
        "allin_s": round(counting, 3),
        "writer_cpu_s": round(writer, 3),
        "peak_rss_mb": _own_peak_mb(me.ru_maxrss),
        "worker_peak_rss_mb": round(
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
        "rejected": summary.rejected, "seen": summary.hands_seen,
    }))


def _own_peak_mb(fallback_kb: int) -> float:
    """This process's peak RSS. ``ru_maxrss`` survives exec on Linux (a child started by a big
    parent reports the parent's peak), so read the memory map's own high-water mark."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return round(fallback_kb / 1024, 1)


def import_run(path: Path, jobs: int, core: str | None = None, allin: bool = True) -> dict:
    """One import in a fresh process; ``core`` forces ``SIDEPOT_CORE`` (None: the default,
    native where built); ``allin=False`` leaves the all-in counts out (memory runs)."""
    env = {**os.environ, **({"SIDEPOT_CORE": core} if core else {})}
    out = subprocess.run(
        [sys.executable, "-m", "pipeline.dev.bench", "--import-child", str(path), str(jobs),
         "allin" if allin else "no-allin"],
        capture_output=True, text=True, check=True, cwd=REPO, env=env,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def phh_stages(folder: Path) -> dict[str, dict]:
    """sidepot and pokerkit on the same PHH files."""
    files = sorted(folder.glob("*.phhs"))
    results: dict[str, dict] = {}

    def ours() -> int:
        n = 0
        for f in files:
            packed = parse_file((f.read_bytes(), str(f), 0, None, True))
            n += packed.rows.n_hands
        return n

    results["sidepot_phh_parse_replay_flatten"] = _timed(ours)
    results["sidepot_phh_import"] = import_run(folder, 1)
    try:
        from pokerkit import HandHistory
    except ImportError:
        return results
    failed = 0

    def theirs() -> int:
        nonlocal failed
        n = 0
        for f in files:
            with open(f, "rb") as fh:
                for hh in HandHistory.load_all(fh):
                    try:
                        for _ in hh:
                            pass
                        n += 1
                    except ValueError:
                        failed += 1
        return n

    results["pokerkit_load_replay"] = _timed(theirs)
    results["pokerkit_load_replay"]["refused"] = failed
    return results


def memory_runs(src: Path, sizes: list[int], per_copy: int) -> list[dict]:
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            copies = max(1, round(size / per_copy))
            folder = replicate(src, copies, Path(tmp) / f"m{copies}")
            run = import_run(folder, 2, allin=False)
            runs.append({"hands": run["hands"], "peak_rss_mb": run["peak_rss_mb"],
                         "worker_peak_rss_mb": run["worker_peak_rss_mb"],
                         "hands_per_s": run["hands_per_s"]})
    return runs


def _ratio(a: dict, b: dict, key: str = "hands_per_cpu_s") -> float:
    return round(a[key] / b[key], 3) if b.get(key) else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="make bench", description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--files", type=int, default=10)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--memory-hands", type=int, nargs="*", default=[10_000, 200_000])
    ap.add_argument("--big-file-hands", type=int, nargs="*", default=[],
                    help="also import one file of each of these many hands (e.g. 1000000: "
                         "~1.4 GB, minutes), jobs 1 and 2, for its peak memory")
    ap.add_argument("--no-corpus", action="store_true")
    ap.add_argument("--quick", action="store_true",
                    help="for iterating: 2,000 hands in 4 files, no corpus, no memory runs")
    ap.add_argument("--import-child", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.import_child:
        _import_child(args.import_child[0], int(args.import_child[1]),
                      args.import_child[2] == "allin")
        return 0
    if args.quick:
        args.hands, args.files, args.no_corpus, args.memory_hands = 2_000, 4, True, []
    load_before = os.getloadavg()
    root = generate(args.seed, args.hands, args.files)
    ps_files = sorted((root / "ps").glob("*.txt"))
    out: dict = {"machine": {"cpus": os.cpu_count(), "load_before": load_before},
                 "input": {"simulated": str(root), "hands": args.hands, "files": args.files}}
    with fewer_collections():
        text = text_stages(ps_files)
    text["import_jobs1"] = import_run(root / "ps", 1)
    text["import_jobs2"] = import_run(root / "ps", 2)
    if native_available():  # the default core is native: the Python core beside it
        text["import_jobs1_python"] = import_run(root / "ps", 1, "python")
        text["import_jobs2_python"] = import_run(root / "ps", 2, "python")
        one = replicate_one_file(root / "ps", root / "one")
        for core in ("native", "python"):
            for jobs in (1, 2):
                text[f"import_one_file_jobs{jobs}_{core}"] = import_run(one, jobs, core)
    out["pokerstars_text"] = text
    with fewer_collections():
        out["phh"] = phh_stages(root / "phh")
    out["phh_small_files"] = small_files()  # 5,000 one-hand PHH files: sidepot vs pokerkit
    corpus = REPO.parent / "shared" / "corpus" / "PokerStars"
    if os.environ.get("SIDEPOT_CORPUS"):
        corpus = Path(os.environ["SIDEPOT_CORPUS"]) / "PokerStars"
    if corpus.is_dir() and not args.no_corpus:
        out["corpus_pokerstars_import_jobs1"] = import_run(corpus, 1)
        out["corpus_pokerstars_import_jobs2"] = import_run(corpus, 2)
    if args.memory_hands:
        out["memory"] = memory_runs(root / "ps", args.memory_hands, args.hands)
    if args.big_file_hands:
        out["big_file"] = big_file_runs(root / "ps", args.big_file_hands, args.hands)
    out["ratios"] = ratios(out)
    out["machine"]["load_after"] = os.getloadavg()
    print(render(out))
    target = REPO / "bench" / "results.json"
    target.parent.mkdir(exist_ok=True)
    try:  # keep what other benchmarks merged in (bench_stats writes "stats")
        previous = json.loads(target.read_text())
    except (OSError, ValueError):
        previous = {}
    kept = {k: v for k, v in previous.items() if k not in out and k not in _OWN_KEYS}
    target.write_text(json.dumps({**kept, **out}, indent=2) + "\n")
    print(f"written: {target}", file=sys.stderr)
    return 0


_OWN_KEYS = ("corpus_pokerstars_import_jobs1", "corpus_pokerstars_import_jobs2", "memory",
             "big_file")


def ratios(out: dict) -> dict:
    t, p = out["pokerstars_text"], out["phh"]
    r = {
        "import_vs_regex": _ratio(t["import_jobs1"], t["regex_reference"]),
        "parse_replay_vs_regex": _ratio(t["parse_replay"], t["regex_reference"]),
        "jobs2_vs_jobs1_wall": _ratio(t["import_jobs2"], t["import_jobs1"], "hands_per_s"),
        "pickle_packed_vs_hand_objects": _ratio(t["pickle_packed_rows"],
                                                t["pickle_hand_replay"]),
    }
    if "pokerkit_load_replay" in p:
        r["phh_import_vs_pokerkit"] = _ratio(p["sidepot_phh_import"], p["pokerkit_load_replay"])
        r["phh_parse_replay_vs_pokerkit"] = _ratio(p["sidepot_phh_parse_replay_flatten"],
                                                   p["pokerkit_load_replay"])
    for key in ("native_rows_files_one_thread", "native_rows_one_file_all_threads"):
        if key in t:
            r[f"{key}_vs_regex"] = _ratio(t[key], t["regex_reference"], "hands_per_s")
    for jobs in (1, 2):
        if f"import_jobs{jobs}_python" in t:
            r[f"import_jobs{jobs}_native_vs_python_wall"] = _ratio(
                t[f"import_jobs{jobs}"], t[f"import_jobs{jobs}_python"], "hands_per_s")
            r[f"import_jobs{jobs}_vs_regex_wall"] = _ratio(
                t[f"import_jobs{jobs}"], t["regex_reference"], "hands_per_s")
    if "native_rows_files_one_thread" in t:
        r["native_stage_one_thread_vs_target"] = t["native_rows_files_one_thread"]["vs_target"]
    r["import_per_core_vs_target"] = round(t["import_jobs1"]["hands_per_cpu_s"]
                                           / TARGET_HANDS_PER_CPU_S, 3)
    mem = out.get("memory") or []
    if len(mem) >= 2 and mem[-1]["hands"] != mem[-2]["hands"]:
        # the slope between the two largest runs: DuckDB's buffers fill up first, then stay
        grow = mem[-1]["peak_rss_mb"] - mem[-2]["peak_rss_mb"]
        r["writer_rss_mb_per_100k_hands"] = round(
            grow * 100_000 / (mem[-1]["hands"] - mem[-2]["hands"]), 2)
    return r


#: Issue 7's target for a full PokerStars import on one core (hands per CPU second).
TARGET_HANDS_PER_CPU_S = 20_000


def render(out: dict) -> str:
    lines = [f"machine: {out['machine']['cpus']} cpus, load average before "
             f"{out['machine']['load_before'][0]:.2f}",
             f"{'stage':<36}{'hands':>9}{'wall s':>9}{'hands/s':>10}{'hands/cpu-s':>13}"
             f"{'peak MB':>9}"]
    for group in ("pokerstars_text", "phh"):
        lines.append(f"[{group}]")
        for name, r in out[group].items():
            lines.append(_row(name, r))
    for key in ("corpus_pokerstars_import_jobs1", "corpus_pokerstars_import_jobs2"):
        if key in out:
            lines.append(_row(key, out[key]))
    for m in out.get("memory", []):
        lines.append(f"memory: {m['hands']:>9} hands -> writer peak {m['peak_rss_mb']} MB, "
                     f"worker peak {m['worker_peak_rss_mb']} MB")
    for m in out.get("big_file", []):
        lines.append(f"one file: {m['hands']:>9} hands, jobs {m['jobs']} -> writer peak "
                     f"{m['peak_rss_mb']} MB, worker peak {m['worker_peak_rss_mb']} MB, "
                     f"{m['hands_per_s']:.0f} hands/s, {m['hands_per_cpu_s']:.0f} hands/cpu-s")
    lines.append("ratios: " + json.dumps(out["ratios"]))
    return "\n".join(lines)


def _row(name: str, r: dict) -> str:
    peak = r.get("peak_rss_mb", "")
    target = (f"  (target {r['target_hands_per_cpu_s']:,} per cpu-s: {r['vs_target']}x)"
              if "target_hands_per_cpu_s" in r else "")
    return (f"  {name:<34}{r['hands']:>9}{r['wall_s']:>9.2f}{r['hands_per_s']:>10.0f}"
            f"{r['hands_per_cpu_s']:>13.0f}{peak:>9}{target}")


if __name__ == "__main__":
    raise SystemExit(main())
