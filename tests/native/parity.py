"""Native core vs the Python reference, table by table (used by the parity tests and the
bench; runnable as a script: ``python -m tests.native.parity [--sim N] [--corpus]``).

The Python rows come from the pure parse + flatten seam: ``pipeline.core.parse_file`` (after
the layout change), else ``pipeline.ingest.parse_bytes`` + ``pipeline.parallel.pack`` (before).
"""

from __future__ import annotations

import collections
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa

TABLES = ("hands", "seats", "actions", "pots", "findings", "seat_flags")


def python_parse(data: bytes, path: str):  # noqa: ANN201 - a PackedFile of either layout
    """The Python path's PackedFile for one whole file."""
    try:
        from pipeline.core import parse_file_python as parse_file
    except ImportError:
        try:
            from pipeline.ingest.pack import pack
            from pipeline.ingest.parse import parse_bytes
        except ImportError:
            from pipeline.ingest import parse_bytes
            from pipeline.parallel import pack
        return pack(parse_bytes(data, path))
    return parse_file((data, path, 0, None, True))


def same_packed(data: bytes, path: str, start: int = 0, final: bool = True) -> str:
    """Assert that the seam (``pipeline.core.parse_file``: native, mixed or Python) packs
    ``data`` exactly as the Python reference does, every field, reject and row (but the
    import time); return the core the seam used."""
    from pipeline import core

    args = (data, path, start, None, final)
    got, want = core.parse_file(args), core.parse_file_python(args)
    assert (got.format, got.skip, got.consumed, got.incomplete) == (
        want.format, want.skip, want.consumed, want.incomplete), path
    assert (got.ends, got.rows_at, got.codes) == (want.ends, want.rows_at, want.codes), path
    assert got.rejects == want.rejects, path
    assert got.rows.sources == want.rows.sources, path
    for name in TABLES:
        a, b = got.rows.tables[name], want.rows.tables[name]
        if name == "hands":
            a, b = a.drop_columns(["imported_at"]), b.drop_columns(["imported_at"])
        assert a.equals(b), f"{path}: {name}"
        assert got.rows.starts[name] == want.rows.starts[name], f"{path}: {name} starts"
    return got.core


def read_natively(data: bytes, path: str):  # noqa: ANN201 - (codes, seats, the PackedFile)
    """One hand file read by the native core, the two cores agreeing to the row and nothing
    rejected: its error codes, each player's (invested, won), and the PackedFile."""
    from pipeline import core

    assert same_packed(data, path) == "native"
    packed = core.parse_file((data, path, 0, None, True))
    assert not packed.rejects
    rows = packed.rows.tables["findings"].to_pylist()
    errors = [r["code"] for r in rows if r["severity"] == "error"]
    seats = {r["player"]: (r["invested"], r["won"])
             for r in packed.rows.tables["seats"].to_pylist()}
    return errors, seats, packed


def simulated_text(n: int, seed: int, **kw: object) -> str:
    """``n`` simulated hands written as PokerStars text."""
    try:
        from pipeline.sim import simulate
    except ImportError:
        from pipeline.simulate import simulate
    try:
        from pipeline.export.pokerstars import write_hands
    except ImportError:
        from pipeline.writers.pokerstars import write_hands
    return write_hands(s.hand for s in simulate(n, seed, **kw))


#: Simulated table kinds: every limit type, antes, straddles, tournaments, run it twice.
def sim_configs() -> list[tuple[str, dict]]:
    from parsers.model import LimitType

    return [
        ("nl", dict(limit=LimitType.NO_LIMIT)),
        ("pl", dict(limit=LimitType.POT_LIMIT)),
        ("fl", dict(limit=LimitType.FIXED_LIMIT)),
        ("nl-antes-straddle", dict(limit=LimitType.NO_LIMIT, antes=True, straddle=True)),
        ("nl-tournament", dict(limit=LimitType.NO_LIMIT, tournament=True, antes=True)),
        ("pl-tournament", dict(limit=LimitType.POT_LIMIT, tournament=True)),
        ("fl-antes", dict(limit=LimitType.FIXED_LIMIT, antes=True)),
        ("nl-heads-up", dict(limit=LimitType.NO_LIMIT, players=2)),
        ("nl-no-rit", dict(limit=LimitType.NO_LIMIT, run_it_twice=False, rake=False)),
    ]


def corpus_dir() -> Path | None:
    here = Path(__file__).resolve().parents[2]
    for p in (os.environ.get("SIDEPOT_CORPUS"), here.parent / "shared" / "corpus"):
        if p and Path(p).is_dir():
            return Path(p)
    return None


@dataclass
class Tally:
    files: int = 0
    chunks: int = 0
    compared: int = 0
    deferred: collections.Counter = field(default_factory=collections.Counter)
    file_deferred: collections.Counter = field(default_factory=collections.Counter)
    mismatches: list[str] = field(default_factory=list)

    def line(self) -> str:
        d = sum(self.deferred.values())
        rate = d / self.chunks if self.chunks else 0.0
        return (f"files {self.files}, chunks {self.chunks}, compared {self.compared}, "
                f"deferred {d} ({rate:.1%}), files deferred {sum(self.file_deferred.values())}, "
                f"mismatches {len(self.mismatches)}")


def _hand_rows(rows, name: str, i: int) -> pa.Table:  # noqa: ANN001 - store Rows
    s = rows.starts[name]
    return rows.tables[name].slice(s[i], s[i + 1] - s[i])


def file_deferred(out: dict, py, tally: Tally) -> bool:  # noqa: ANN001 - a PackedFile
    """True when the native core deferred the whole file (counted in ``tally`` by reason:
    every hand the Python path found is a deferred chunk); nothing is then compared."""
    if out["deferred"] is None:
        return False
    tally.file_deferred[out["deferred"]] += 1
    tally.deferred["file:" + out["deferred"]] += len(py.ends)
    tally.chunks += len(py.ends)
    return True


def first_difference(path: str, name: str, got: pa.Table, want: pa.Table) -> str:
    """The first row where two tables differ (only the differing columns), or their sizes."""
    g, w = got.to_pylist(), want.to_pylist()
    for i, (a, b) in enumerate(zip(g, w, strict=False)):
        if a != b:
            diff = {key: (a[key], b[key]) for key in a if a[key] != b[key]}
            return f"{path}: {name} row {i} ({a.get('hand_id')}): {diff}"
    return f"{path}: {name}: {len(g)} rows vs {len(w)}"


def compare_claimed(path: str, py, out: dict, claimed: list[int], tally: Tally) -> None:  # noqa: ANN001
    """Compare, table by table, the rows the native core wrote for the chunks it ``claimed``
    with the Python path's rows for the same chunks (``imported_at`` aside: it is the clock).

    Every format's parity harness ends with this step, so the comparison is one piece: a
    claimed chunk the Python path rejected is a mismatch and stops the file there.
    """
    bad = [k for k in claimed if py.rows_at[k] < 0]
    if bad:
        tally.mismatches.append(
            f"{path}: native claimed chunks the Python path rejected: {bad[:5]}")
        return
    for name in TABLES:
        parts = [_hand_rows(py.rows, name, py.rows_at[k]) for k in claimed]
        want = pa.concat_tables(parts) if parts else py.rows.tables[name].slice(0, 0)
        got = out[name]
        if name == "hands":
            want = want.drop_columns(["imported_at"])
            got = got.drop_columns(["imported_at"])
        if not got.schema.equals(want.schema):
            tally.mismatches.append(
                f"{path}: {name} schema differs:\n{got.schema}\nvs\n{want.schema}")
        elif not got.equals(want):
            tally.mismatches.append(first_difference(path, name, got, want))
    tally.compared += len(claimed)


def compare_file(data: bytes, path: str, tally: Tally, native_mod=None) -> None:  # noqa: ANN001
    """Parse one file with both cores and add what they say to ``tally``."""
    import sidepot_native as nat

    nat = native_mod or nat
    py = python_parse(data, path)
    if py.format != "pokerstars":
        return
    tally.files += 1
    out = nat.parse_pokerstars(data, path, 0, 0)
    if file_deferred(out, py, tally):
        return
    chunks = out["chunks"].to_pylist()
    tally.chunks += len(chunks)
    if len(chunks) != len(py.ends) or [c["end"] for c in chunks] != list(py.ends):
        tally.mismatches.append(
            f"{path}: chunk boundaries differ ({len(chunks)} vs {len(py.ends)})")
        return
    if out["consumed"] != py.consumed:
        tally.mismatches.append(f"{path}: consumed {out['consumed']} vs {py.consumed}")
    claimed = [(k, c) for k, c in enumerate(chunks) if c["status"] == "rows"]
    for k, c in enumerate(chunks):
        if c["status"] == "deferred":
            tally.deferred[c["reason"]] += 1
        elif c["status"] == "rejected":
            tally.mismatches.append(f"{path}: chunk {k} at {c['offset']}: native internal_error")
    compare_claimed(path, py, out, [k for k, _ in claimed], tally)


def run_corpus(tally: Tally, site: str = "PokerStars") -> None:
    root = corpus_dir()
    if root is None:
        return
    for p in sorted((root / site).rglob("*")):
        if p.is_file():
            compare_file(p.read_bytes(), str(p), tally)


def run_sim(tally: Tally, n: int, seed: int = 7) -> None:  # noqa: D103
    for k, (name, kw) in enumerate(sim_configs()):
        text = simulated_text(n, seed + k, **kw)
        compare_file(text.encode(), f"sim-{name}.txt", tally)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    t = Tally()
    if "--corpus" in sys.argv:
        run_corpus(t)
        print("corpus:", t.line())
    if "--sim" in sys.argv:
        n = int(sys.argv[sys.argv.index("--sim") + 1])
        ts = Tally()
        run_sim(ts, n)
        print("sim:", ts.line())
        t.mismatches += ts.mismatches
        t.deferred.update(ts.deferred)
    print("deferred by reason:", dict(t.deferred.most_common()))
    for m in t.mismatches[:30]:
        print("MISMATCH", m)


# --- mutated hands: findings of every kind, for the finding messages -----------------------

_AMOUNT = None


def move_line(lines: list[str], i: int, op: int, body: list[int], rng) -> None:  # noqa: ANN001
    """The mutations that move line ``i`` rather than alter it: op 1 drops it, op 2 repeats
    it, op 3 swaps it with another ``body`` line (the only one that draws from ``rng``, so
    every harness's seeds keep giving the same mutated hands)."""
    if op == 1:
        del lines[i]
    elif op == 2:
        lines.insert(i, lines[i])
    else:
        j = rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]


def mutate_text(text: str, seed: int) -> str:
    """Each hand of ``text`` with one random change: an amount altered, a line dropped or
    repeated, two lines swapped. Most changes make the engine report findings."""
    import random
    import re

    global _AMOUNT
    if _AMOUNT is None:
        _AMOUNT = re.compile(r"(\$?)(\d+(?:\.\d\d)?)")
    rng = random.Random(seed)
    hands = re.split(r"\n\s*\n(?=PokerStars )", text.strip())
    out = []
    for h in hands:
        lines = h.split("\n")
        body = [i for i, line in enumerate(lines)
                if i > 1 and not line.startswith(("Seat ", "***"))]
        if not body:
            out.append(h)
            continue
        i = rng.choice(body)
        op = rng.randrange(4)
        if op == 0:
            matches = list(_AMOUNT.finditer(lines[i]))
            if matches:
                m = rng.choice(matches)
                whole = m.group(2)
                cents = whole.endswith(tuple(f".{d:02d}" for d in range(100))) and "." in whole
                v = float(whole) * rng.choice([0.5, 2, 1.5, 0]) + rng.choice([0, 1])
                new = f"{v:.2f}" if cents else str(int(v))
                lines[i] = lines[i][: m.start(2)] + new + lines[i][m.end(2):]
        else:
            move_line(lines, i, op, body, rng)
        out.append("\n".join(lines))
    return "\n\n\n".join(out) + "\n"


def run_mutated(tally: Tally, n: int, seed: int = 11) -> None:
    for k, (name, kw) in enumerate(sim_configs()):
        text = mutate_text(simulated_text(n, seed + k, **kw), seed + k)
        compare_file(text.encode(), f"mutated-{name}.txt", tally)


# --- targeted mutations: the rarer finding codes ---------------------------------------------


def mutate_rare(text: str, seed: int) -> str:
    """Each hand of ``text`` with a change aimed at a rare finding: a street's raises
    repeated (``fixed_limit_cap`` in fixed limit), a third or lone card added to or kept in
    a show (``invalid_card``)."""
    import random
    import re

    rng = random.Random(seed)
    hands = re.split(r"\n\s*\n(?=PokerStars )", text.strip())
    out = []
    for h in hands:
        lines = h.split("\n")
        raises = [i for i, line in enumerate(lines) if ": raises " in line]
        shows = [i for i, line in enumerate(lines) if ": shows [" in line]
        if raises and rng.random() < 0.6:
            lines = _raise_war(lines, raises[0], rng.randrange(2, 6))
        elif shows:
            i = rng.choice(shows)
            extra = rng.choice(["2c]", "2c 3d]"])
            lines[i] = lines[i].replace("]", " " + extra, 1)
        out.append("\n".join(lines))
    return "\n\n\n".join(out) + "\n"


def _raise_war(lines: list[str], i: int, more: int) -> list[str]:
    """Line ``i`` (a raise) followed by ``more`` raises of the same size, the players who
    acted before it on its street taking turns, then the rest of the street dropped."""
    import re

    m = re.match(r"(.+): raises (\$?)([\d.]+) to \$?([\d.]+)", lines[i])
    if m is None:
        return lines
    street = max(k for k in range(i + 1) if lines[k].startswith("*** "))
    actors = []
    for line in lines[street + 1:i]:
        name = line.split(": ", 1)[0]
        if ": " in line and name not in actors and ": folds" not in line:
            actors.append(name)
    actors = [a for a in actors if a != m[1]] or [m[1]]
    cents = bool(m[2]) or "." in m[3] + m[4]
    unit = round(float(m[3]) * 100) if cents else int(m[3])
    to = round(float(m[4]) * 100) if cents else int(m[4])

    def money(x: int) -> str:
        return f"{m[2]}{x // 100}.{x % 100:02d}" if cents else f"{m[2]}{x}"

    war = []
    order = [*actors, m[1]]
    for k in range(more):
        to += unit
        war.append(f"{order[k % len(order)]}: raises {money(unit)} to {money(to)}")
    end = next((k for k in range(i + 1, len(lines)) if lines[k].startswith("*** ")), len(lines))
    return lines[:i + 1] + war + lines[end:]


def run_rare(tally: Tally, n: int, seed: int = 17) -> collections.Counter:
    """:func:`mutate_rare` over every kind of table; returns the Python findings' codes."""
    codes: collections.Counter = collections.Counter()
    for k, (name, kw) in enumerate(sim_configs()):
        data = mutate_rare(simulated_text(n, seed + k, **kw), seed + k).encode()
        compare_file(data, f"rare-{name}.txt", tally)
        codes.update(python_parse(data, "x").rows.tables["findings"].column("code").to_pylist())
    return codes
