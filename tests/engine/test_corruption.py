"""Corrupted copies of real hands must each get an error finding with the expected code.

Real PokerStars hands that replay clean are altered in memory (never written to the repo) the
way a buggy site or a tampered log would alter them:

- a player's collected amount changes          -> collected_mismatch where the engine knows
                                                   that player's share (a lone winner, or cards
                                                   shown), else pot_not_distributed (collected
                                                   + rake no longer equals the pot)
- a raise size changes (both numbers, so the line stays self-consistent)
                                                -> wrong_call_amount where someone called it
                                                   (the later calls no longer match),
                                                   raise_to_mismatch where someone re-raised it
                                                   (the next printed increment no longer fits),
                                                   else total_pot_mismatch (a raise nobody
                                                   answered, in a log that prints no returned
                                                   bet, moves no chips: not corrupted)
- a shown card becomes a card already on the board
                                                -> duplicate_card
- a call line is dropped                        -> total_pot_mismatch, or round_not_closed
                                                   / out_of_turn where the caller acts again
                                                   later: an older log prints no returned
                                                   bet, so the engine reads the unmatched bet
                                                   as left in the pot and the total still
                                                   adds up, but the skipped turn shows
- the printed total pot changes                 -> total_pot_mismatch

Every corrupted hand that still parses must carry an error finding with that code. A corruption
that makes the hand unparseable is also "caught", but we count those and require that they stay
rare, so the test keeps exercising the engine rather than the parser.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from parsers import registry
from parsers.errors import ParseError
from parsers.text import Chunk, decode
from pipeline.engine import replay
from pipeline.engine.result import Severity

SAMPLE_PER_MUTATION = 300
_COLLECTED = re.compile(
    r"^(?P<who>.+) collected (?P<cur>[^\d]*)(?P<amt>[\d.,]+) from (?:main |side )?pot", re.M
)
_RAISE = re.compile(
    r"^(?P<who>.+): raises (?P<cur>[^\d]*)(?P<by>[\d.,]+) to [^\d]*(?P<to>[\d.,]+)", re.M
)
_SHOWS = re.compile(r"^(?P<who>.+): shows \[(?P<cards>[^\]]+)\]", re.M)
_CALL = re.compile(r"^.+: calls [^\d]*[\d.,]+(?: and is all-in)?$", re.M)
_TOTAL = re.compile(r"^Total pot (?P<cur>[^\d]*)(?P<amt>[\d.,]+)", re.M)
_BOARD = re.compile(r"^Board \[(?P<cards>[^\]]+)\]", re.M)


def _bump(amount: str) -> str:
    """Add one minor unit (a cent or a chip) to a printed amount, keeping its format."""
    if "." in amount:
        whole, frac = amount.replace(",", "").split(".")
        cents = int(whole) * 10 ** len(frac) + int(frac) + 1
        return f"{cents // 10 ** len(frac)}.{cents % 10 ** len(frac):0{len(frac)}d}"
    return str(int(amount.replace(",", "")) + 1)


def _bump_big(amount: str) -> str:
    """Add a visible amount (the big blind's order of magnitude) for raise sizes."""
    if "." in amount:
        whole, frac = amount.replace(",", "").split(".")
        return f"{int(whole) + 1}.{frac}"
    return str(int(amount.replace(",", "")) + 100)


def change_collected(text: str) -> str | None:
    m = _COLLECTED.search(text)
    if not m:
        return None
    who, amt = m["who"], m["amt"]
    new = _bump(amt)
    text = text[: m.start("amt")] + new + text[m.end("amt") :]
    # keep the summary line consistent with the action line, as a tampered log would be
    summary = re.compile(
        rf"^(Seat \d+: {re.escape(who)} .*collected \([^\d]*){re.escape(amt)}\)", re.M
    )
    return summary.sub(lambda s: s.group(1) + new + ")", text, count=1)


def change_raise(text: str) -> str | None:
    for m in _RAISE.finditer(text):
        line_end = text.find("\n", m.start())
        if "all-in" in text[m.start() : line_end]:
            continue
        street_end = text.find("***", line_end)
        answered = re.search(r"^.+: (?:calls|raises) ", text[line_end:street_end], re.M)
        if not answered and "Uncalled bet" not in text:
            # nobody called it and the log prints no returned bet (older PokerStars logs):
            # the raise's size moves no chips, so changing it leaves no trace to find
            continue
        return (
            text[: m.start("by")] + _bump_big(m["by"]) + text[m.end("by") : m.start("to")]
            + _bump_big(m["to"]) + text[m.end("to") :]
        )
    return None


def change_shown_card(text: str) -> str | None:
    shows, board = _SHOWS.search(text), _BOARD.search(text)
    if not shows or not board:
        return None
    board_card = board["cards"].split()[0]
    first = shows["cards"].split()[0]
    start = shows.start("cards")
    return text[:start] + board_card + text[start + len(first) :]


def drop_call(text: str) -> str | None:
    """Drop a call after which the caller does not act again on that street (so the chips it
    put in vanish from the log instead of being re-derived from a later raise-to)."""
    for m in _CALL.finditer(text):
        who = m.group(0).split(": calls", 1)[0]
        rest = text[m.end() :]
        street_rest = rest.split("\n*** ", 1)[0]
        if f"\n{who}: " in street_rest:
            continue
        return text[: m.start()] + text[m.end() + 1 :]
    return None


def change_total_pot(text: str) -> str | None:
    m = _TOTAL.search(text)
    if not m:
        return None
    return text[: m.start("amt")] + _bump(m["amt"]) + text[m.end("amt") :]


MUTATIONS: dict[str, tuple[Callable[[str], str | None], str]] = {
    "collected": (change_collected, "collected_mismatch|pot_not_distributed"),
    "raise_size": (change_raise, "wrong_call_amount|total_pot_mismatch|raise_to_mismatch"),
    "shown_card": (change_shown_card, "duplicate_card"),
    "drop_call": (drop_call, "total_pot_mismatch|round_not_closed|out_of_turn"),
    "total_pot": (change_total_pot, "total_pot_mismatch"),
}


def _clean_hands(corpus: Path) -> list[tuple[registry.Format, str]]:
    """Real hold'em hands (unique by id) that parse and replay with no error finding."""
    seen: set[str] = set()
    out: list[tuple[registry.Format, str]] = []
    for path in sorted((corpus / "PokerStars").rglob("*.txt")):
        data = path.read_bytes()
        text, encoding = decode(data)
        try:
            fmt = registry.detect(text)
        except (registry.UnknownFormatError, registry.AmbiguousFormatError):
            continue
        for chunk in fmt.split(text, encoding, data):
            try:
                hand = fmt.parse(chunk, str(path))
            except ParseError:
                continue
            if hand.hand_id in seen or hand.report.cash_outs or len(hand.boards) > 1:
                continue
            if hand.site != "pokerstars":  # other brands in PokerStars' layout (Full Tilt
                continue  # since 2016 ...) have rules of their own: a half chip rounded
            seen.add(hand.hand_id)
            if not replay(hand).has_errors:
                out.append((fmt, chunk.text))
    return out


@pytest.fixture(scope="module")
def clean_hands(corpus: Path) -> list[tuple[registry.Format, str]]:
    hands = _clean_hands(corpus)
    assert len(hands) > 5000, "too few clean real hands to corrupt"
    return hands


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_corrupted_real_hands_get_the_expected_error(clean_hands, name: str) -> None:
    mutate, code = MUTATIONS[name]
    rng = random.Random(f"sidepot-{name}")
    pool = list(clean_hands)
    rng.shuffle(pool)
    corrupted = missed = unparseable = 0
    misses: list[str] = []
    for fmt, text in pool:
        if corrupted >= SAMPLE_PER_MUTATION:
            break
        bad = mutate(text)
        if bad is None or bad == text:
            continue
        corrupted += 1
        try:
            hand = fmt.parse(Chunk(text=bad, offset=0, line=1), "<corrupted>")
        except ParseError:
            unparseable += 1
            continue
        found = {f.code for f in replay(hand).findings if f.severity is Severity.ERROR}
        if not found & set(code.split("|")):
            missed += 1
            misses.append(f"{hand.hand_id}: got {sorted(found)}")
    assert corrupted >= min(SAMPLE_PER_MUTATION, 50), f"only {corrupted} hands could be corrupted"
    assert missed == 0, f"{name}: {missed}/{corrupted} corrupted hands lack {code}: {misses[:5]}"
    assert unparseable <= corrupted // 10, f"{name}: {unparseable}/{corrupted} no longer parse"
