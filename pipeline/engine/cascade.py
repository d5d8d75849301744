"""One root cause, one error: a header whose stakes are not the blinds the players posted.

A tournament log that prints the stakes of the previous level, or a header that prints them in
other units than the actions, makes every rule that measures against the stakes fail: both
blinds "wrong", every minimum bet "too small", every fixed-limit bet "the wrong size". Those are
echoes of one fault. When the positional blinds (neither all-in) both disagree with the header
in the same way, the hand is judged a second time at the posted blinds (the fixed-limit bets and
the ante scaled with them); if that second judgement has fewer errors, it is the account kept,
with one error in front that names the header's fault and how many findings it explains.

The money (pots, payouts) does not depend on the stakes, only on the chips put in: the second
judgement changes findings, not the result. Sites keep this off in their table where the
native core does not (``sites.SiteRules.fold_stakes_echoes``: PokerStars).

When the second judgement finds no error at all, the hand is right and only its header is
stale: the root finding is then a warning, not an error. Either way the stakes the hand is
judged at, the posted blinds, are the ones stored (``Replay.stakes``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from parsers.model import ActionKind, Hand, Stakes
from pipeline.engine.amounts import Amounts
from pipeline.engine.result import Replay, Severity

_SB, _BB, _ANTE = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_ANTE


def posted_stakes(hand: Hand) -> tuple[Stakes, int] | None:
    """The stakes the posts imply, and the line of the big blind post; None when the posts do
    not contradict the header or do not say enough (no full big blind, a ratio that is not
    exact)."""
    header = hand.stakes
    sb = bb = None
    line = 0
    antes: set[int] = set()
    for a in hand.actions:
        if not a.kind.is_post:
            break  # the blinds of the hand are posted before anyone acts
        if a.all_in:
            continue
        if a.kind is _SB and sb is None:
            sb = a.amount
        elif a.kind is _BB and bb is None and a.amount != header.small_blind + header.big_blind:
            bb, line = a.amount, a.line
        elif a.kind is _ANTE:
            antes.add(a.amount)
    if bb is None or bb <= 0 or header.big_blind <= 0:
        return None
    if bb == header.big_blind or (sb is not None and sb == header.small_blind):
        return None  # one post wrong on its own: its own finding, not a header's fault
    scaled = _scale(header, bb)
    if scaled is None:
        return None
    if sb is not None:
        scaled = replace(scaled, small_blind=sb)
    if len(antes) == 1:
        scaled = replace(scaled, ante=antes.pop())
    return scaled, line


def _scale(header: Stakes, bb: int) -> Stakes | None:
    """The header's stakes with the big blind ``bb`` and every other amount in proportion."""

    def scale(x: int) -> int | None:
        return x * bb // header.big_blind if (x * bb) % header.big_blind == 0 else None

    small, small_bet, big_bet = scale(header.small_blind), scale(header.small_bet), scale(
        header.big_bet
    )
    if small_bet is None or big_bet is None:
        return None
    return Stakes(
        small if small is not None else header.small_blind,
        bb,
        header.ante,
        small_bet,
        big_bet,
    )


def fold_stakes_echoes(hand: Hand, first: Replay, rerun: Callable[[Hand], Replay]) -> Replay:
    """``first`` judged at the header's stakes; the account at the posted blinds with one root
    error instead, when that explains at least two of ``first``'s errors."""
    posted = posted_stakes(hand)
    if posted is None:
        return first
    stakes, line = posted
    second = rerun(replace(hand, stakes=stakes))
    before = Counter(f.code for f in first.findings if f.severity is Severity.ERROR)
    after = Counter(f.code for f in second.findings if f.severity is Severity.ERROR)
    echoes = before - after  # the errors per code that only the header's stakes produced
    if sum(before.values()) - sum(after.values()) < 2:
        return first
    codes = ", ".join(f"{code} x{n}" for code, n in sorted(echoes.items()))
    explained = sum(echoes.values())
    h = hand.stakes
    money = Amounts.of(hand)
    # A hand with no error left at the posted blinds is a correct hand under a stale header
    # (a tournament's next level printed over the last one's posts): the stakes are the posts,
    # and the header's fault is a warning. With errors left, the header is one more of them.
    root = money.finding(
        "post_wrong_amount",
        f"the blinds posted ({money(stakes.small_blind)}/{money(stakes.big_blind)}) are not the "
        f"header's stakes ({money(h.small_blind)}/{money(h.big_blind)}): the header is wrong (a "
        f"previous level or other units) and the hand is judged at the posted blinds; this "
        f"explains {explained} findings against the header ({codes})",
        line,
        None if after else Severity.WARNING,
    )
    return replace(second, findings=(root, *second.findings), stakes=stakes)
