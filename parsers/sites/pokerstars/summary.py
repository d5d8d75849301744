"""The ``*** SUMMARY ***`` section of a PokerStars hand: pots, rake, fees, boards, cards.

Split from :mod:`parsers.sites.pokerstars.reader` (one concern per module). The summary repeats what
the body already said, so only what the body cannot give is read: the printed pots, rake and
fees (the engine reconciles them), run-it-twice boards and cards revealed only here.
"""

from __future__ import annotations

import re

from parsers.cards import cards_in_brackets, shown_group
from parsers.errors import ParseError
from parsers.model import CashOut, Collection, PrintedPot, SiteReport
from parsers.text import parse_money

_AMOUNT = r"[^\d\s|]?[\d,]*\.?\d+"
_POT_PART = re.compile(
    r"(?P<label>[A-Za-z][A-Za-z]*(?: [A-Za-z]+)*(?:-(?P<n>\d+))?) "
    r"(?P<amt>(?:Rs\. ?)?" + _AMOUNT + r")\.?(?=\s|$)"
)
_SUMMARY_CARDS = re.compile(r"^Seat (\d+): .*?\b(?:showed|mucked) \[([^\]]*)\]")


def _pot_line(
    line: str, dec: int
) -> tuple[int | None, int | None, tuple[tuple[str, int], ...], tuple[PrintedPot, ...]]:
    """(total, rake, fees, pots) from a "Total pot $8.06 Main pot $1.32. Side pot-1 $3.36. |
    Rake $0" line: every "Label amount" part in order (a later total or rake overrides an
    earlier one).
    A side pot without a number is the one after the last."""
    total = rake = None
    fees: list[tuple[str, int]] = []
    pots: list[PrintedPot] = []
    side = 0
    for m in _POT_PART.finditer(line):
        label, amt = m["label"], parse_money(m["amt"].rstrip("."), dec)
        if label == "Total pot":
            total = amt
        elif label == "Main pot":
            pots.append(PrintedPot(0, amt))
        elif label.startswith("Side pot"):
            side = int(m["n"]) if m["n"] else side + 1
            pots.append(PrintedPot(side, amt))
        elif label == "Rake":
            rake = amt
        else:
            fees.append((label, amt))
    return total, rake, tuple(fees), tuple(pots)


def read_summary(
    lines: list[str],
    start: int,
    dec: int,
    hole: dict[int, tuple[str, ...]],
    collections: list[Collection],
    cash_outs: list[CashOut],
) -> tuple[SiteReport, list[tuple[str, ...]]]:
    """Pots, rake, fees, boards and revealed cards from the *** SUMMARY *** section.

    ``hole`` gains the cards shown only in the summary (never overriding the body's).
    """
    total = rake = None
    fees: list[tuple[str, int]] = []
    pots: list[PrintedPot] = []
    boards: list[tuple[str, ...]] = []
    for idx in range(start + 1, len(lines)):
        line = lines[idx]
        if not line:
            break  # end of hand; anything after a blank line is not part of it
        try:
            first = line[0]
            if first == "S":
                if "ed [" in line and line.startswith("Seat "):
                    m = _SUMMARY_CARDS.match(line)
                    if m:
                        cards = shown_group(m[2])
                        if cards:
                            hole.setdefault(int(m[1]), cards)
                    continue
            elif first == "T" and line.startswith("Total pot "):
                p_total, p_rake, p_fees, p_pots = _pot_line(line, dec)
                if p_total is not None:
                    total = p_total
                if p_rake is not None:
                    rake = p_rake
                fees.extend(p_fees)
                pots.extend(p_pots)
                continue
            if "Board [" in line:
                boards.append(cards_in_brackets(line))
        except ParseError as err:
            raise err.with_context(line=idx + 1, text=line) from None
    report = SiteReport(total_pot=total, rake=rake, fees=tuple(fees), pots=tuple(pots),
                        collections=tuple(collections), cash_outs=tuple(cash_outs))
    return report, boards
