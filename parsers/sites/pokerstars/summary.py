"""The ``*** SUMMARY ***`` section of a PokerStars hand: pots, rake, fees, boards, cards.

Split from :mod:`parsers.sites.pokerstars.reader` (one concern per module). The summary repeats what
the body already said, so only what the body cannot give is read: the printed pots, rake and
fees (the engine reconciles them), run-it-twice boards and cards revealed only here. The
"Total pot" line of a file repeats often, so its reading is cached per (text, decimals).
"""

from __future__ import annotations

import re
from functools import lru_cache

from parsers.build import printed_pot, site_report
from parsers.cards import cards_in_brackets, parse_cards
from parsers.errors import ParseError
from parsers.model import CashOut, Collection, PrintedPot, SiteReport
from parsers.text import parse_money

_AMOUNT = r"[^\d\s|]?[\d,]*\.?\d+"
_POT_PART = re.compile(
    r"(?P<label>[A-Za-z][A-Za-z]*(?: [A-Za-z]+)*(?:-(?P<n>\d+))?) "
    r"(?P<amt>(?:Rs\. ?)?" + _AMOUNT + r")\.?(?=\s|$)"
)
# The usual line, "Total pot $8.06 Main pot $1.32. Side pot-1 $3.36. | Rake $0" (the pots
# only when there are side pots): one match, read the same as _POT_PART's parts would be.
_PLAIN_POT = re.compile(
    rf"Total pot ({_AMOUNT})(?: Main pot ({_AMOUNT})\.((?: Side pot-[0-9]+ {_AMOUNT}\.)+))?"
    rf" \| Rake ({_AMOUNT})"
)
_SIDE_POT = re.compile(rf" Side pot-([0-9]+) ({_AMOUNT})\.")
_SUMMARY_CARDS = re.compile(r"^Seat (\d+): .*?\b(?:showed|mucked) \[([^\]]*)\]")


@lru_cache(maxsize=4096)
def _pot_line(
    line: str, dec: int
) -> tuple[int | None, int | None, tuple[tuple[str, int], ...], tuple[PrintedPot, ...]]:
    """(total, rake, fees, pots) from a "Total pot ..." line; later parts override earlier.

    The usual line (``_PLAIN_POT``) is read by one match, any other by :func:`_pot_parts`;
    both give the same reading and raise on the same first bad amount.
    """
    plain = _PLAIN_POT.fullmatch(line)
    if plain is not None:
        total_text, main_text, sides, rake_text = plain.groups()
        total = parse_money(total_text, dec)  # in line order: the first bad amount raises
        if main_text is None:
            return total, parse_money(rake_text, dec), (), ()
        pots = [printed_pot(0, parse_money(main_text, dec))]
        pots += [printed_pot(int(n), parse_money(amt, dec)) for n, amt in _SIDE_POT.findall(sides)]
        return total, parse_money(rake_text, dec), (), tuple(pots)
    return _pot_parts(line, dec)


def _pot_parts(
    line: str, dec: int
) -> tuple[int | None, int | None, tuple[tuple[str, int], ...], tuple[PrintedPot, ...]]:
    """:func:`_pot_line` for any line: every "Label amount" part, in order."""
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
                        cards = parse_cards(m[2])
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
    report = site_report(total, rake, tuple(fees), tuple(pots), tuple(collections),
                         tuple(cash_outs))
    return report, boards
