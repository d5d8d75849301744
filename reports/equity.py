"""All-in adjusted results: what each player would win on average once the chips are in.

When every remaining player is all in (or called all in) before the river, luck on the rest of
the board decides the pot. The all-in adjusted result replaces that luck with the player's exact
equity: every remaining board is counted (C(48, 5) = 1,712,304 boards for a heads-up preflop
all-in), each pot (main and side) is shared among the best hands eligible for it, ties split,
and the expectation is taken over the boards. The site's rake is applied in the same
proportion it took from the real pot. The counting runs in the native core where it is built
(exact board counts per set of winners, a few milliseconds a hand, so the import stores it for
every hand); the numpy enumeration of :mod:`reports.evaluator` is its reference.

A hand is left unadjusted (its real result stands) when a contender's hole cards are unknown,
the board is incomplete, a card is dealt twice, or the hand is not hold'em. Results are exact
``Fraction`` amounts in the hand's currency; a graph turns them into floats only to draw.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import duckdb
import numpy as np
import pandas as pd

from reports import evaluator, situations
from reports.situations import Key, canonical

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_BOARD_BEFORE = {"preflop": 0, "flop": 3, "turn": 4}

# Hands where someone is all in and the betting ended before the river (the last fold, check,
# call, bet or raise is on the preflop, flop or turn), with a complete board.
_CANDIDATES = """
WITH last AS (
    SELECT site, hand_id,
           arg_max(street, seq) FILTER (WHERE kind IN ('fold','check','call','bet','raise'))
               AS last_street,
           bool_or(all_in) AS any_all_in
    FROM actions SEMI JOIN _keys USING (site, hand_id)
    GROUP BY site, hand_id
)
SELECT h.site, h.hand_id, h.board, h.game, last.last_street
FROM hands h JOIN last USING (site, hand_id)
WHERE last.any_all_in AND last.last_street IN ('preflop', 'flop', 'turn')
  AND h.game = 'holdem'
"""


@dataclass(frozen=True, slots=True)
class AllInHand:
    """What the enumeration needs: pots with their eligible seats, cards, the board."""

    pots: tuple[tuple[Fraction, tuple[int, ...]], ...]
    hole: dict[int, tuple[int, int]]
    board_known: tuple[int, ...]
    invested: dict[int, Fraction]
    collected_total: Fraction


def card_id(text: str) -> int:
    """"Ac" -> phevaluator's id (rank * 4 + suit, suits c d h s); ValueError if malformed."""
    if len(text) != 2 or text[0].upper() not in _RANKS or text[1].lower() not in _SUITS:
        raise ValueError(f"not a card: {text!r}")
    return _RANKS.index(text[0].upper()) * 4 + _SUITS.index(text[1].lower())


def equity_shares(
    hole: dict[int, tuple[int, int]],
    board_known: Sequence[int],
    pots: Sequence[tuple[Fraction, Sequence[int]]],
) -> dict[int, Fraction]:
    """Expected amount each seat wins from ``pots`` over every completion of the board."""
    return shares_of_hands([(hole, tuple(board_known), tuple(pots))])[0]


Situation = tuple[dict[int, tuple[int, int]], tuple[int, ...],
                  tuple[tuple[Fraction, Sequence[int]], ...]]


def shares_of_hands(hands: Sequence[Situation]) -> list[dict[int, Fraction] | None]:
    """:func:`equity_shares` for many hands at once (the native counter takes them in one
    call, on every core); None for a hand that cannot be counted (a card dealt twice)."""
    jobs = []  # (index, contested pots, contenders) of the hands with a contested pot
    out: list[dict[int, Fraction] | None] = []
    for i, (hole, _board_known, pots) in enumerate(hands):
        won = {s: Fraction(0) for s in sorted(hole)}
        for amount, elig in pots:
            if len(elig) == 1:
                won[elig[0]] = won.get(elig[0], Fraction(0)) + amount
        out.append(won)
        contested = [(amount, tuple(elig)) for amount, elig in pots if len(elig) > 1]
        if contested:
            contenders = sorted({s for _, elig in contested for s in elig})
            jobs.append((i, contested, contenders))
    counted = board_tallies([(hands[i][0], hands[i][1], contenders, contested)
                             for i, contested, contenders in jobs])
    for (i, contested, _), result in zip(jobs, counted, strict=True):
        won = out[i]
        if result is None or won is None:
            out[i] = None
            continue
        tallies, boards = result
        # Exact, with one fraction a seat (fractions per board count cost more than the
        # count): a pot's share of a seat is amount * sum(n / w) / boards over the n boards
        # it wins with w - 1 others, and every such w divides ``splits``.
        splits = math.lcm(*{len(w) for tally in tallies for w in tally}, 1)
        owed: dict[int, Fraction] = {}
        for (amount, _), tally in zip(contested, tallies, strict=True):
            parts: dict[int, int] = {}
            for winners, n in tally.items():
                part = n * (splits // len(winners))
                for s in winners:
                    parts[s] = parts.get(s, 0) + part
            for s, part in parts.items():
                owed[s] = owed.get(s, 0) + amount * part
        for s, total in owed.items():
            won[s] += Fraction(total) / (boards * splits)
    return out


Tallies = tuple[list[dict[tuple[int, ...], int]], int]


Job = tuple[dict[int, tuple[int, int]], tuple[int, ...], list[int],
            list[tuple[Fraction, tuple[int, ...]]]]


def board_tallies(jobs: Sequence[Job]) -> list[Tallies | None]:
    """Per job (hole cards, known board, contenders, contested pots): per pot, how many boards
    each set of winners takes, and the number of boards; None where a card is dealt twice.

    A preflop situation met before in this process, up to the suits' names, is looked up
    (:mod:`reports.situations`), and one met twice among ``jobs`` is counted once; the rest
    are counted by :func:`_count`."""
    keys: list[Key | None] = []
    out: list[Tallies | None] = []
    todo: dict[Key | int, int] = {}  # situation (or job index, unkeyed) -> job counted for it
    for i, (hole, known, contenders, contested) in enumerate(jobs):
        key = None
        if not known:
            index = {s: k for k, s in enumerate(contenders)}
            key = canonical([hole[s] for s in contenders], (),
                            [sum(1 << index[s] for s in elig) for _, elig in contested])
        keys.append(key)
        found = situations.memo.get(key) if key is not None else None
        out.append(_from_counts(found, contenders) if found is not None else None)
        if found is None:
            todo.setdefault(key if key is not None else i, i)
    counted = dict(zip(todo.values(), _count([jobs[i] for i in todo.values()]), strict=True))
    for i, key in enumerate(keys):
        if out[i] is not None:
            continue
        first = todo[key if key is not None else i]  # the job counted for this one
        result, contenders = counted[first], jobs[i][2]
        if result is not None and key is not None:
            if first == i:
                situations.memo.put(key, _to_counts(result, contenders))
            else:  # the same situation under other suits and seats: its counts, renamed
                result = _from_counts(_to_counts(result, jobs[first][2]), contenders)
        out[i] = result
    return out


def _to_counts(tallies: Tallies, contenders: Sequence[int]) -> situations.Counts:
    """Tallies by seat -> by contender order (bit masks), as the memo keeps them."""
    index = {s: k for k, s in enumerate(contenders)}
    per_pot, boards = tallies
    return boards, tuple(tuple(sorted((sum(1 << index[s] for s in winners), n)
                                      for winners, n in pot.items())) for pot in per_pot)


def _from_counts(counts: situations.Counts, contenders: Sequence[int]) -> Tallies:
    boards, per_pot = counts
    return ([{tuple(s for k, s in enumerate(contenders) if mask >> k & 1): n
              for mask, n in pot} for pot in per_pot], boards)


def _count(jobs: Sequence[Job]) -> list[Tallies | None]:
    """:func:`board_tallies` without the memo: the native counter where it is built
    (``sidepot_native.equity_tallies``, exact integer counts) unless ``SIDEPOT_CORE=python``;
    else :func:`reference_tallies`, the numpy enumeration the tests hold the native one to."""
    if not jobs:
        return []
    native = _native_counter()
    if native is None or any(len(c) > native.EQUITY_MAX_CONTENDERS for _, _, c, _ in jobs):
        return [reference_tallies(*job) for job in jobs]
    args = []
    for hole, known, contenders, contested in jobs:
        index = {s: i for i, s in enumerate(contenders)}
        masks = [sum(1 << index[s] for s in elig) for _, elig in contested]
        args.append(([hole[s] for s in contenders], list(known), masks))
    out: list[Tallies | None] = []
    for (_, _, contenders, _), result in zip(jobs, native.equity_tallies(args), strict=True):
        if result is None:
            out.append(None)
            continue
        boards, per_pot = result
        out.append(([{tuple(s for i, s in enumerate(contenders) if mask >> i & 1): n
                      for mask, n in pot} for pot in per_pot], boards))
    return out


def _native_counter():
    """sidepot_native where it is built and not refused by ``SIDEPOT_CORE=python`` (read here,
    not through pipeline: reports import neither parsers nor pipeline)."""
    if os.environ.get("SIDEPOT_CORE", "").strip().lower() == "python":
        return None
    return _native_module()


@lru_cache(maxsize=1)
def _native_module():
    try:
        import sidepot_native
    except ImportError:
        return None
    return sidepot_native if hasattr(sidepot_native, "equity_tallies") else None


def native_counting() -> bool:
    """Whether the board counts run natively here (the import then stores equity by default)."""
    return _native_counter() is not None


@lru_cache(maxsize=4096)
def _reference_cached(hole_items, board_known, contenders, contested) -> Tallies | None:
    hole = dict(hole_items)
    cards = [c for s in contenders for c in hole[s]] + list(board_known)
    if len(set(cards)) != len(cards):
        return None  # a card dealt twice: no honest enumeration
    seats = list(contenders)
    if len(seats) == 2:
        tally = _heads_up(hole[seats[0]], hole[seats[1]], tuple(board_known))
        boards = sum(tally)
        counts = {(seats[0],): tally[0], (seats[1],): tally[1], tuple(seats): tally[2]}
        return [{w: n for w, n in counts.items() if n} for _ in contested], boards
    return _multiway(hole, seats, contested, tuple(board_known))


def reference_tallies(hole, board_known, contenders, contested) -> Tallies | None:
    """:func:`board_tallies` for one job through numpy (:mod:`reports.evaluator`)."""
    return _reference_cached(tuple(sorted((s, hole[s]) for s in contenders)), tuple(board_known),
                             tuple(contenders), tuple((a, tuple(e)) for a, e in contested))


def _heads_up(h0, h1, known) -> tuple[int, int, int]:
    """(boards the first wins, boards the second wins, ties), over every completion."""
    board_set = evaluator.boards(known, set(h0) | set(h1) | set(known))
    v0, v1 = evaluator.hand_values(h0, board_set), evaluator.hand_values(h1, board_set)
    return int((v0 > v1).sum()), int((v1 > v0).sum()), int((v0 == v1).sum())


def _multiway(hole, seats, contested, known):
    """Per contested pot, how often each set of winners occurs, over every board."""
    dead = set(known).union(*(set(hole[s]) for s in seats))
    board_set = evaluator.boards(known, dead)
    values = np.stack([evaluator.hand_values(hole[s], board_set) for s in seats])
    index = {s: i for i, s in enumerate(seats)}
    tallies: list[dict[tuple[int, ...], int]] = []
    for _, elig in contested:
        members = [index[s] for s in elig]
        sub = values[members]
        winners = sub == sub.max(axis=0)
        pattern = (winners.astype(np.int64) << np.arange(len(members))[:, None]).sum(axis=0)
        counts = np.bincount(pattern, minlength=1 << len(members))
        tally = {}
        for bits in np.nonzero(counts)[0]:
            tally[tuple(sorted(elig[i] for i in range(len(members)) if bits >> i & 1))] = \
                int(counts[bits])
        tallies.append(tally)
    return tallies, board_set.count


def allin_adjusted(
    con: duckdb.DuckDBPyConnection, keys: pd.DataFrame
) -> dict[tuple[str, str, int], Fraction]:
    """(site, hand_id, seat) -> all-in adjusted net, for the adjustable hands among ``keys``.

    ``keys`` has columns site and hand_id (the hands a graph draws). Seats absent from the
    result keep their real net.
    """
    if keys.empty:
        return {}
    con.register("_keys", keys[["site", "hand_id"]].drop_duplicates())
    try:
        # plain tuples, grouped by hand in Python: per-hand DataFrames cost more than the
        # enumeration itself
        hands = con.execute(_CANDIDATES).fetchall()
        if not hands:
            return {}
        con.execute("CREATE OR REPLACE TEMP TABLE _allin_candidates AS "
                    "SELECT DISTINCT site, hand_id FROM (" + _CANDIDATES + ")")
        seats_by: dict[tuple[str, str], list[tuple]] = {}
        for site, hand_id, *rest in con.execute(
                "SELECT site, hand_id, seat, hole_cards, invested, collected FROM seats "
                "SEMI JOIN _allin_candidates USING (site, hand_id)").fetchall():
            seats_by.setdefault((site, hand_id), []).append(tuple(rest))
        pots_by: dict[tuple[str, str], list[tuple]] = {}
        for site, hand_id, *rest in con.execute(
                "SELECT site, hand_id, amount, eligible_seats FROM pots "
                "SEMI JOIN _allin_candidates USING (site, hand_id) ORDER BY pot_index"
        ).fetchall():
            pots_by.setdefault((site, hand_id), []).append(tuple(rest))
        con.execute("DROP TABLE IF EXISTS temp._allin_candidates")
    finally:
        con.unregister("_keys")
    return adjusted_of_hands(hands, seats_by, pots_by)


def adjusted_of_hands(
    hands: Sequence[tuple],
    seats_by: dict[tuple, list[tuple]],
    pots_by: dict[tuple, list[tuple]],
) -> dict[tuple, Fraction]:
    """:func:`allin_adjusted` from rows already read: ``hands`` (site, hand_id, board, game,
    last street) of the candidates, their seats (seat, hole_cards, invested, collected) and
    pots (amount, eligible_seats) in pot order, by (site, hand_id). The two first fields
    only name a hand: a caller whose batch may hold a hand twice keys them otherwise.

    Why apart: an import's workers count the hands they parse from the rows they flattened
    (:mod:`pipeline.ingest.equity_rows`), the fallback from the stored rows; both go through
    here, so the same rows give the same amounts."""
    built = []
    for site, hand_id, board, _game, last_street in hands:
        key = (site, hand_id)
        hand = _build(board, last_street, seats_by.get(key), pots_by.get(key))
        if hand is not None:
            built.append((key, hand))
    all_shares = shares_of_hands([(h.hole, h.board_known, h.pots) for _, h in built])
    out: dict[tuple[str, str, int], Fraction] = {}
    for ((site, hand_id), hand), shares in zip(built, all_shares, strict=True):
        if shares is None:
            continue
        pot_total = sum((amount for amount, _ in hand.pots), Fraction(0))
        # the rake: the real winners collected `collected_total` of `pot_total`
        keep = hand.collected_total / pot_total if pot_total else Fraction(1)
        for seat, invested in hand.invested.items():
            out[(site, hand_id, seat)] = shares.get(seat, Fraction(0)) * keep - invested
    return out


def _build(board_text, last_street, seats, pots) -> AllInHand | None:
    """The enumeration's input from a hand's rows: seats (seat, hole_cards, invested,
    collected) and pots (amount, eligible_seats) in pot order; None when it cannot be
    adjusted honestly."""
    if seats is None or pots is None or not isinstance(board_text, str):
        return None
    board = board_text.split()
    if len(board) != 5:
        return None
    try:
        board_ids = [card_id(c) for c in board]
        hole: dict[int, tuple[int, int]] = {}
        for seat, hole_cards, _, _ in seats:
            if isinstance(hole_cards, str) and hole_cards.strip():
                cards = [card_id(c) for c in hole_cards.split()]
                if len(cards) == 2:
                    hole[int(seat)] = (cards[0], cards[1])
    except ValueError:
        return None
    pot_list = []
    for amount, eligible in pots:
        elig = tuple(int(x) for x in (eligible if eligible is not None else ()))
        if not elig:
            return None
        if len(elig) > 1 and any(x not in hole for x in elig):
            return None  # a contender's cards are unknown: no honest equity
        pot_list.append((Fraction(amount), elig))
    contenders = {x for _, elig in pot_list for x in elig}
    if not any(len(elig) > 1 for _, elig in pot_list):
        return None
    return AllInHand(
        pots=tuple(pot_list),
        hole={s: c for s, c in hole.items() if s in contenders},
        board_known=tuple(board_ids[: _BOARD_BEFORE[last_street]]),
        invested={int(seat): Fraction(invested) for seat, _, invested, _ in seats
                  if int(seat) in contenders},
        collected_total=sum((Fraction(collected) for _, _, _, collected in seats
                             if collected is not None), Fraction(0)),
    )
