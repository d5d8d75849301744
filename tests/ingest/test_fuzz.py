"""Hostile and broken input: mutated real hands never make an exception escape the importer.

Hypothesis draws mutation programs (which operations, and a seed for where they strike);
each program is applied cheaply, with ``random.Random(seed)``, to many sample hands at once,
so the default run covers well over 10,000 mutated hands in seconds. Every mutated hand sits
between two good hands with fresh ids. The properties:

- :func:`pipeline.ingest.run.parse_bytes` (parse + replay, in-process) returns for every chunk
  either a replayed hand or a reject with a reason, and the good neighbours replay;
- the full importer (``import_paths`` into DuckDB, a subset) never raises, accounts for every
  hand (imported + duplicates + rejected == seen), and stores the good neighbours;
- a hand whose numbers do not fit the store is rejected alone, as ``unstorable`` with
  :func:`pipeline.store.db.unstorable`'s reason, by the batch that flattens it.

``make fuzz`` runs the atheris harness (``pipeline/fuzz_harness.py``) for longer searches.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import duckdb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.ingest.pack import pack
from pipeline.ingest.parse import parse_bytes
from pipeline.ingest.run import import_paths
from pipeline.store.db import Reject
from pipeline.store.storable import unstorable
from tests.support.hhgen import renumbered, sample_hands

HANDS_PER_EXAMPLE = 48
EXAMPLES = 215  # 215 * 48 = 10,320 mutated hands in the default run
OPS = ("truncate", "drop_line", "dup_line", "swap_lines", "garble_number", "garble_card",
       "random_bytes", "huge_number", "empty", "binary", "crlf_mix", "strip_newlines")
_NUMBER = re.compile(rb"\d+(?:\.\d+)?")
_CARD = re.compile(rb"\b[2-9TJQKA][cdhs]\b")
BASE = [h.encode("utf-8") for h in sample_hands()]


def mutate(hand: bytes, op: str, rng: random.Random) -> bytes:
    """One cheap mutation of a hand's bytes; positions come from ``rng``."""
    lines = hand.split(b"\n")
    if op == "truncate":
        return hand[: rng.randrange(len(hand) + 1)]
    if op == "drop_line" and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    elif op == "dup_line":
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif op == "swap_lines" and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op in ("garble_number", "huge_number"):
        spots = list(_NUMBER.finditer(hand))
        if spots:
            m = rng.choice(spots)
            new = (str(rng.randrange(10**20, 10**40)) if op == "huge_number"
                   else rng.choice(["0", "-1", "1.999", "1e9", "٣", "99999", "0.001", ""]))
            return hand[: m.start()] + new.encode() + hand[m.end():]
    elif op == "garble_card":
        spots = list(_CARD.finditer(hand))
        if spots:
            m = rng.choice(spots)
            new = rng.choice([b"Xx", b"1s", b"Ah", b"", b"10h", b"As Ks Qs"])
            return hand[: m.start()] + new + hand[m.end():]
    elif op == "random_bytes":
        at = rng.randrange(len(hand) + 1)
        return hand[:at] + rng.randbytes(rng.randint(1, 16)) + hand[at:]
    elif op == "empty":
        return b""
    elif op == "binary":
        return rng.randbytes(rng.randint(1, 512))
    elif op == "crlf_mix":
        return b"".join(line + rng.choice([b"\n", b"\r\n", b"\r"]) for line in lines)
    elif op == "strip_newlines":
        return hand.replace(b"\n", b" ", rng.randint(1, 5))
    return b"\n".join(lines)


def _file(ops: list[str], seed: int, first_id: int) -> tuple[bytes, list[str]]:
    """good, bad, good, bad, ..., good: returns the bytes and the good hands' ids."""
    rng = random.Random(seed)
    parts, good = [], []
    next_id = first_id
    for _ in range(HANDS_PER_EXAMPLE):
        good.append(str(next_id))
        parts.append(renumbered(rng.choice(BASE).decode(), next_id).encode())
        bad = renumbered(rng.choice(BASE).decode(), next_id + 1).encode()
        for op in ops:
            bad = mutate(bad, op, rng)
        parts.append(bad)
        next_id += 2
    good.append(str(next_id))
    parts.append(renumbered(rng.choice(BASE).decode(), next_id).encode())
    return b"\n\n\n".join(parts) + b"\n\n\n", good


programs = st.tuples(st.lists(st.sampled_from(OPS), min_size=1, max_size=3),
                     st.integers(0, 2**32 - 1))


def test_mutated_hands_parse_or_reject_in_process():
    stats: Counter = Counter()

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(programs)
    def check(program):
        ops, seed = program
        data, good = _file(ops, seed, 100_000_000_000)
        parsed = parse_bytes(data, "fuzz.txt")
        assert parsed.skip is None
        replayed = set()
        for o in parsed.outcomes:
            assert (o.hand is None) != (o.reject is None)
            if o.reject is not None:
                assert o.reject.reason and isinstance(o.reject.reason, str)
                assert data[o.offset:] and o.reject.source_offset == o.offset
                stats[o.reject.reason] += 1
            else:
                replayed.add(o.hand.hand_id)
                stats["replayed"] += 1
        assert set(good) <= replayed, "a good hand next to a mutated one was lost"
        stats["mutated"] += HANDS_PER_EXAMPLE

    check()
    assert stats["mutated"] >= 10_000
    assert stats["replayed"] > stats["mutated"]  # the good hands, plus mutations that held
    assert sum(v for k, v in stats.items() if k not in ("mutated", "replayed")) > 1000


def test_mutated_files_through_the_full_importer(tmp_path_factory):
    db = tmp_path_factory.mktemp("fuzzdb") / "s.duckdb"
    counter = iter(range(10**6))

    @settings(max_examples=12, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(programs, st.binary(max_size=300))
    def check(program, junk):
        ops, seed = program
        n = next(counter)
        folder = tmp_path_factory.mktemp("fuzz")
        data, good = _file(ops, seed, 200_000_000_000 + n * 1000)
        (folder / "hands.txt").write_bytes(data)
        (folder / "junk.bin").write_bytes(junk)  # empty or binary or anything: skipped
        (folder / "empty.txt").write_bytes(b"")
        summary = import_paths([folder], db, batch_size=40)
        assert summary.hands_seen == (summary.hands_imported + summary.duplicates
                                      + summary.rejected)
        assert summary.hands_seen >= len(good)
        con = duckdb.connect(str(db), read_only=True)
        try:
            stored = {r[0] for r in con.execute(
                "SELECT hand_id FROM hands WHERE hand_id IN (SELECT unnest(?))", [good]
            ).fetchall()}
            unaccounted = con.execute(
                "SELECT count(*) FROM files WHERE path = ? AND hands <> imported + duplicates "
                "+ rejected", [str(folder / "hands.txt")]).fetchone()[0]
        finally:
            con.close()
        assert stored == set(good)
        assert unaccounted == 0

    check()


def test_a_hand_beyond_the_columns_is_rejected_alone_with_its_reason():
    """The bounds are checked per batch now; the reject must be what the per-hand check
    in parse_bytes used to make: same reason, detail, place and text."""
    hands = [renumbered(BASE[0].decode(), 300_000_000_000 + i) for i in range(5)]
    hands[2] = re.sub(r"\(\$[\d.]+ in chips\)", "($99999999999999999 in chips)", hands[2],
                      count=1)
    hands[3] = re.sub(r"\(\$[\d.]+ in chips\)", "($10000000000000000 in chips)", hands[3],
                      count=1)  # 1e18 cents: fits int64, not DECIMAL(18, 2)
    parsed = parse_bytes("\n\n\n".join(hands).encode() + b"\n\n\n", "f.txt")
    packed = pack(parsed)
    assert sorted(packed.rejects) == [2, 3] and packed.rows.n_hands == 3
    for i in (2, 3):
        o = parsed.outcomes[i]
        reason = unstorable(o.hand, o.replay)
        assert reason is not None and "does not fit" in reason
        assert packed.rejects[i] == Reject("f.txt", o.offset, o.hand.source.line, o.hand.site,
                                           "unstorable", reason, o.hand.raw_text)
