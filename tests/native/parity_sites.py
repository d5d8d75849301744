"""Native core vs the Python reference for every site the native core reads besides
PokerStars (GGPoker, Ignition/Bovada): the same table-by-table comparison as
:mod:`tests.native.parity`, through ``sidepot_native.parse_text(data, path, site)``.

Runnable as a script: ``python -m tests.native.parity_sites [ggpoker|ignition ...]``.
"""

from __future__ import annotations

import collections
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tests.native.parity import (
    Tally,
    compare_claimed,
    corpus_dir,
    file_deferred,
    move_line,
    python_parse,
)

#: Native format name -> its folder in the corpus.
CORPUS_FOLDERS = {"ggpoker": "GGPoker", "ignition": "Bovada_Ignition"}


@dataclass
class SiteTally(Tally):
    """A :class:`Tally` that also counts, by reason, the deferred hands the Python path
    stores (``storable``: the native core's coverage gap) and those it rejects."""

    storable: collections.Counter = field(default_factory=collections.Counter)
    rejected_by_python: collections.Counter = field(default_factory=collections.Counter)


def corpus_files(fmt: str) -> list[Path]:
    """Every file of the format's corpus folder (empty without the corpus)."""
    root = corpus_dir()
    if root is None or not (root / CORPUS_FOLDERS[fmt]).is_dir():
        return []
    return sorted(p for p in (root / CORPUS_FOLDERS[fmt]).rglob("*") if p.is_file())


def compare_site_file(data: bytes, path: str, fmt: str, tally: SiteTally) -> None:
    """Parse one file with both cores (the native one as ``fmt``) and add what they say to
    ``tally``; a file the Python path detects as another format is left out."""
    import sidepot_native as nat

    py = python_parse(data, path)
    if py.format != fmt:
        return
    tally.files += 1
    out = nat.parse_text(data, path, fmt, 0, 0)
    if file_deferred(out, py, tally):
        return
    chunks = out["chunks"].to_pylist()
    consumed = out["consumed"]
    if (py.incomplete and len(chunks) == len(py.ends) + 1 and chunks[-1]["status"] == "deferred"
            and chunks[-1]["offset"] == py.consumed):
        # A last hand the Python path leaves for later (it fails as a hand cut short does):
        # the native core defers it, so the seam hands the whole file to the Python path.
        tally.deferred["cut_last_hand"] += 1
        chunks, consumed = chunks[:-1], py.consumed
    tally.chunks += len(chunks)
    if [c["end"] for c in chunks] != list(py.ends):
        tally.mismatches.append(
            f"{path}: chunk boundaries differ ({len(chunks)} vs {len(py.ends)})")
        return
    if consumed != py.consumed:
        tally.mismatches.append(f"{path}: consumed {consumed} vs {py.consumed}")
    claimed = [k for k, c in enumerate(chunks) if c["status"] == "rows"]
    for k, c in enumerate(chunks):
        if c["status"] == "deferred":
            tally.deferred[c["reason"]] += 1
            stored = k < len(py.rows_at) and py.rows_at[k] >= 0
            (tally.storable if stored else tally.rejected_by_python)[c["reason"]] += 1
        elif c["status"] == "rejected":
            tally.mismatches.append(f"{path}: chunk {k} at {c['offset']}: native internal_error")
    compare_claimed(path, py, out, claimed, tally)


def run_site_corpus(fmt: str, tally: SiteTally, every: int = 1) -> None:
    """Compare every ``every``-th corpus file of the format."""
    for p in corpus_files(fmt)[::every]:
        compare_site_file(p.read_bytes(), str(p), fmt, tally)


#: The hand header of each format, where the mutations cut a file into hands.
_HEADERS = {"ggpoker": r"Poker Hand #", "ignition": r"(?:Ignition|Bovada|Bodog) Hand #"}
_AMOUNT = re.compile(r"(\$?)(\d+(?:\.\d\d)?)")


def _mutate_line(lines: list[str], body: list[int], rng: random.Random) -> None:
    i = rng.choice(body)
    op = rng.randrange(4)
    if op == 0:
        found = list(_AMOUNT.finditer(lines[i]))
        if found:
            m = rng.choice(found)
            whole = m.group(2)
            value = int(whole.replace(".", "")) * rng.choice([0, 1, 2, 3]) // 2 + rng.choice([0, 1])
            new = f"{value // 100}.{value % 100:02d}" if "." in whole else str(value)
            lines[i] = lines[i][: m.start(2)] + new + lines[i][m.end(2):]
    else:
        move_line(lines, i, op, body, rng)


def mutate_hands(data: bytes, fmt: str, seed: int) -> bytes:
    """The file's hands (decoded as the Python path decodes them), each with one random
    change: an amount altered, a line dropped or repeated, two lines swapped. Most changes
    make the engine report findings; some make the hand unreadable (both cores then agree
    it is not stored)."""
    from parsers.text import decode

    text = decode(data)[0]
    rng = random.Random(seed)
    parts = re.split(r"\n(?=[ \t]*" + _HEADERS[fmt] + ")", text)
    out = []
    for h in parts:
        lines = h.split("\n")
        body = [i for i, line in enumerate(lines) if i > 1 and line
                and not line.startswith(("Seat ", "***"))]
        if body:
            _mutate_line(lines, body, rng)
        out.append("\n".join(lines))
    return "\n".join(out).encode()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    for fmt in sys.argv[1:] or list(CORPUS_FOLDERS):
        t = SiteTally()
        run_site_corpus(fmt, t)
        print(f"{fmt}: {t.line()}")
        print("  deferred by reason:", dict(t.deferred.most_common()))
        print("  deferred, stored by Python:", dict(t.storable.most_common()))
        for m in t.mismatches[:30]:
            print("  MISMATCH", m)
