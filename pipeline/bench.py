"""`make bench`: import speed in hands per second, each figure beside a reference from the same run.

Speed is measured here, never in a timed test: numbers depend on the machine, so every figure
is printed with its ratio to a *reference measured in the same run on the same text* (a bare
regex pass that only finds each hand's header and amounts: the floor any parser must pay).

Stages, each on the same hands:
  regex     the reference: one compiled regex over every hand's text
  parse     decode + split + detect + parse into the event model
  replay    parse + the rules engine (every check, pots, showdown, reconciliation)
  import    the whole pipeline into a fresh DuckDB file (`import_paths`)

Input: the PokerStars corpus (../shared/corpus/PokerStars or $SIDEPOT_CORPUS) when present,
else the bundled data/samples. Results are printed and written to bench/results.json.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from parsers import registry
from parsers.errors import ParseError
from parsers.text import decode
from pipeline.engine import replay
from pipeline.ingest import import_paths

REPO = Path(__file__).resolve().parent.parent
_REFERENCE = re.compile(r"^(?:PokerStars .*?#\d+|.*?\$?[\d.,]+)", re.MULTILINE)


def _bench_input() -> tuple[str, list[Path]]:
    env = os.environ.get("SIDEPOT_CORPUS")
    root = Path(env) if env else REPO.parent / "shared" / "corpus"
    stars = root / "PokerStars"
    if stars.is_dir():
        return str(stars), sorted(p for p in stars.rglob("*.txt") if p.is_file())
    samples = REPO / "data" / "samples"
    return str(samples), sorted(p for p in samples.rglob("*.txt"))


def _chunks(files: list[Path]) -> list[tuple[registry.Format, object, str]]:
    """Decode, detect and split once; returns (format, chunk, file) for every hand."""
    out = []
    for path in files:
        data = path.read_bytes()
        text, encoding = decode(data)
        try:
            fmt = registry.detect(text)
        except (registry.UnknownFormatError, registry.AmbiguousFormatError):
            continue
        for chunk in fmt.split(text, encoding, data):
            out.append((fmt, chunk, str(path)))
    return out


def _timed(fn) -> tuple[float, int]:
    start = time.perf_counter()
    n = fn()
    return time.perf_counter() - start, n


def main() -> int:
    label, files = _bench_input()
    chunks = _chunks(files)
    texts = [c.text for _, c, _ in chunks]
    print(f"bench input: {label} ({len(files)} files, {len(chunks)} hand chunks)", file=sys.stderr)

    def reference() -> int:
        return sum(1 for t in texts if _REFERENCE.findall(t))

    def parse_only() -> int:
        n = 0
        for fmt, chunk, file in chunks:
            try:
                fmt.parse(chunk, file)
                n += 1
            except ParseError:
                pass
        return n

    def parse_replay() -> int:
        n = 0
        for fmt, chunk, file in chunks:
            try:
                replay(fmt.parse(chunk, file))
                n += 1
            except ParseError:
                pass
        return n

    def full_import() -> int:
        with tempfile.TemporaryDirectory() as tmp:
            summary = import_paths([Path(p) for p in {f for _, _, f in chunks}], Path(tmp) / "b.duckdb")
            return summary.hands_imported

    results: dict[str, dict[str, float]] = {}
    ref_seconds, ref_n = _timed(reference)
    ref_rate = len(texts) / ref_seconds if ref_seconds else 0.0
    results["regex_reference"] = {"hands": len(texts), "seconds": ref_seconds, "hands_per_s": ref_rate}
    for name, fn in (("parse", parse_only), ("parse_replay", parse_replay), ("import_duckdb", full_import)):
        seconds, n = _timed(fn)
        rate = n / seconds if seconds else 0.0
        results[name] = {
            "hands": n,
            "seconds": round(seconds, 3),
            "hands_per_s": round(rate, 1),
            "ratio_to_reference": round(rate / ref_rate, 4) if ref_rate else 0.0,
        }
    print(f"{'stage':<16}{'hands':>9}{'seconds':>10}{'hands/s':>12}{'vs regex':>10}")
    for name, r in results.items():
        ratio = r.get("ratio_to_reference", 1.0)
        print(f"{name:<16}{r['hands']:>9}{r['seconds']:>10.3f}{r['hands_per_s']:>12.0f}{ratio:>10.3f}")
    out = REPO / "bench" / "results.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"input": label, "results": results}, indent=2))
    print(f"written: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
