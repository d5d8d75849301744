"""One file's parse, packed for the trip from a worker to the writer.

Workers send back :class:`PackedFile`: the hands already flattened into Arrow tables
(:class:`pipeline.store.rows.Rows`) plus a few integers and strings per hand. Pickling the
frozen dataclasses of a Hand and its Replay costs more than parsing them, Arrow buffers cost a
memory copy. A hand Arrow cannot convert becomes an ``unstorable`` reject here, alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from pipeline.ingest.parse import FileParse
from pipeline.store.rows import Rows, flatten_rows, storable_problems
from pipeline.store.schema import Reject

__all__ = ["PackedFile", "pack", "pack_many", "with_tail"]


@dataclass(frozen=True)
class PackedFile:
    """One file's parse, compact: what :class:`pipeline.ingest.run.FileParse` says, flattened.

    Per outcome ``i``: ``ends[i]`` is the byte where the next hand starts, ``rows_at[i]`` the
    hand's row in ``rows`` (or -1 when rejected), ``codes[i]`` its finding codes. ``rejects``
    maps outcome index -> Reject.
    """

    format: str | None
    skip: str | None
    consumed: int
    ends: tuple[int, ...]
    rows_at: tuple[int, ...]
    codes: tuple[tuple[str, ...], ...]
    rejects: dict[int, Reject]
    rows: Rows
    incomplete: bool = False  # FileParse.incomplete: the bytes from ``consumed`` on wait
    #: Which core read the file: "python" (the reference) or "native" (pipeline.core).
    core: str = "python"
    #: FileParse.tail: the reject of a last hand left out as cut short, for the writer to
    #: store once the file no longer grows (:func:`with_tail`).
    tail: Reject | None = None

    @property
    def n_outcomes(self) -> int:
        return len(self.ends)

    def first_row(self, i: int) -> int:
        """The row of the first hand at or after outcome ``i`` (rows skip the rejects)."""
        if not self.rejects:
            return i
        return i - sum(1 for k in self.rejects if k < i)


def pack(parsed) -> PackedFile:  # noqa: ANN001 - pipeline.ingest.run.FileParse (import cycle)
    """Flatten a FileParse. A hand Arrow cannot convert becomes an ``unstorable`` reject."""
    return pack_many([parsed])[0]


def pack_many(parses: Sequence[FileParse]) -> list[PackedFile]:
    """:func:`pack` of each FileParse, their hands flattened together as one batch.

    Why together: flattening a batch has a fixed cost (a few dozen Arrow calls, about 5 ms)
    whatever its size, and a folder of small files (a few hands each) paid it per file: on
    the corpus that was a quarter of the import. The rows are the same; each file gets its
    slice. If some hand does not convert, each file is packed on its own, as ever.
    """
    now = datetime.now(UTC).replace(tzinfo=None)
    outlines = [_outline(parsed) for parsed in parses]
    try:
        rows = flatten_rows([hand for *_, hands in outlines for hand in hands], now)
    except Exception:  # noqa: BLE001 - some hand does not convert: find it, reject it
        if len(parses) == 1:
            return [_pack_slowly(parses[0], now)]
        return [pack(parsed) for parsed in parses]
    out, lo = [], 0
    for parsed, (ends, rows_at, codes, rejects, hands) in zip(parses, outlines, strict=True):
        mine = rows if len(parses) == 1 else rows.slice(lo, lo + len(hands))
        lo += len(hands)
        out.append(PackedFile(parsed.format, parsed.skip, parsed.consumed, ends, rows_at,
                              codes, rejects, mine, parsed.incomplete, tail=parsed.tail))
    return out


def _outline(parsed: FileParse) -> tuple[tuple[int, ...], tuple[int, ...],
                                          tuple[tuple[str, ...], ...], dict[int, Reject], list]:
    """A FileParse's ends, rows_at, codes, rejects, and the (hand, replay) pairs to flatten."""
    ends, rows_at, codes, rejects, hands = [], [], [], {}, []
    for i, outcome in enumerate(parsed.outcomes):
        ends.append(outcome.end)
        if outcome.reject is None:
            rows_at.append(len(hands))
            codes.append(tuple(f.code for f in outcome.replay.findings))
            hands.append((outcome.hand, outcome.replay))
        else:
            rows_at.append(-1)
            codes.append(())
            rejects[i] = outcome.reject
    return tuple(ends), tuple(rows_at), tuple(codes), rejects, hands


def _pack_slowly(parsed: FileParse, now: datetime) -> PackedFile:
    """The fallback: every hand converted on its own, the ones that fail rejected."""
    ends, rows_at, codes, rejects, hands = [], [], [], {}, []
    problems = iter(storable_problems(
        [(o.hand, o.replay) for o in parsed.outcomes if o.reject is None]))
    for i, outcome in enumerate(parsed.outcomes):
        ends.append(outcome.end)
        reject = outcome.reject
        if reject is None:
            hand, result = outcome.hand, outcome.replay
            problem = next(problems)
            if problem is None:
                rows_at.append(len(hands))
                codes.append(tuple(f.code for f in result.findings))
                hands.append((hand, result))
                continue
            src = hand.source
            reject = Reject(src.file, src.offset, src.line, hand.site, "unstorable", problem,
                            hand.raw_text)
        rows_at.append(-1)
        codes.append(())
        rejects[i] = reject
    return PackedFile(parsed.format, parsed.skip, parsed.consumed, tuple(ends),
                      tuple(rows_at), tuple(codes), rejects, flatten_rows(hands, now),
                      parsed.incomplete, tail=parsed.tail)


def with_tail(packed: PackedFile, end: int) -> PackedFile:
    """``packed`` with its held-back last hand (``tail``) taken as a reject that runs to byte
    ``end`` (the file's size): the file is then read to its end. Unchanged without a tail."""
    if packed.tail is None:
        return packed
    n = packed.n_outcomes
    return replace(packed, consumed=end, ends=(*packed.ends, end), rows_at=(*packed.rows_at, -1),
                   codes=(*packed.codes, ()), rejects={**packed.rejects, n: packed.tail},
                   incomplete=False, tail=None)
