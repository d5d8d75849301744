"""Posts, live or dead: how much of each post counts toward the player's bet, by the site's
rules (``sites.SiteRules``), judged and applied in one place for the walk.

The parsers name each post (small blind, big blind, straddle, ante, dead) as the log prints it.
What a site does with a post outside the plain small and big blind is a house rule, so the
engine reads it from the site's table here rather than trusting one reading for every site:

- an **extra small blind**: a small-blind-sized post from a seat other than the small blind's
  (a returning player, a second small blind), printed as a small blind after the blinds or as a
  dead post. ``LIVE``: it counts toward the player's bet; ``DEAD``: straight into the pot;
  ``FROM_LOG``: applied as the parser read it, and the player's next action decides, since a
  call of the big blind less the post and a call of the whole big blind cannot both fit.
- a **combined post**: one post of small plus big blind ("posted to play", "posts big blind +
  dead") is the big blind live and the small blind dead (the missed-blinds rule); a dead post of
  that size may be the same, and the player's next action decides.
- a **zero post** (printed beside a dead blind) moves nothing and is no post.

Everything else is the plain rule: ``checks.check_post_amount`` then ``state.apply_post``.
"""

from __future__ import annotations

from dataclasses import replace

from parsers.model import Action, ActionKind, Street
from pipeline.engine import checks
from pipeline.engine.result import Finding
from pipeline.engine.sites import Liveness
from pipeline.engine.state import TableState, apply_post, put_in

_SB, _BB, _DEAD = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_DEAD
_CALL, _CHECK, _RAISE = ActionKind.CALL, ActionKind.CHECK, ActionKind.RAISE


def post(state: TableState, action: Action, out: list[Finding], posts: list[Action]) -> None:
    """Judge and apply one post by the site's rules; ``posts`` collects the posts the blind
    positions are judged from (``checks.blind_seats``), in log order."""
    rules = state.rules
    if rules.plain_posts:
        # The plain reading (PokerStars): every small blind, big blind and straddle live.
        checks.check_post_amount(state, action, out)
        apply_post(state, action)
        posts.append(action)
        return
    if action.amount == 0 and rules.zero_post_is_nothing:
        return
    kind, amount = action.kind, action.amount
    small, big = state.hand.stakes.small_blind, state.hand.stakes.big_blind
    posts.append(action)
    if small > 0 and big > 0 and amount == small + big and (kind is _BB or kind is _DEAD):
        if rules.split_combined_post:
            _combined(state, action, small, big, out)
            return
    checks.check_post_amount(state, action, out)
    if small > 0 and amount == small and _is_extra_small_blind(state, action, posts):
        _extra_small_blind(state, action, rules.extra_small_blind)
        return
    apply_post(state, action)


def _combined(state: TableState, action: Action, small: int, big: int, out: list[Finding]) -> None:
    """Small plus big blind in one post: the big blind live, the small blind dead."""
    checks.check_post_amount(state, action, out, (small + big,))
    if action.kind is _BB:
        apply_post(state, replace(action, amount=big))
        put_in(state, action.seat, small, live=False)
        return
    # A dead post of both blinds: dead as printed, unless the player's next action shows the
    # big blind in it was live.
    put_in(state, action.seat, action.amount, live=False)
    state.flex[action.seat] = big


def _is_extra_small_blind(state: TableState, action: Action, posts: list[Action]) -> bool:
    """A small-blind-sized post that is not the positional small blind: a small blind after
    another seat's blind, or a dead post from a seat with no blind of its own before it."""
    seat = action.seat
    earlier = posts[:-1]
    if action.kind is _SB:
        return any(p.seat != seat and (p.kind is _SB or p.kind is _BB) for p in earlier)
    if action.kind is _DEAD:
        return not any(p.seat == seat and p.kind.is_live_post for p in earlier)
    return False


def _extra_small_blind(state: TableState, action: Action, liveness: Liveness) -> None:
    """Apply an extra small blind live or dead by the site's rule (``FROM_LOG``: as printed,
    the other reading kept for the player's next action to decide, ``resolve``)."""
    seat, chips = action.seat, action.amount
    live_as_printed = action.kind is _SB
    live = live_as_printed if liveness is Liveness.FROM_LOG else liveness is Liveness.LIVE
    put_in(state, seat, chips, live=False)
    if live:
        state.commit[seat] += chips
        if state.commit[seat] > state.current_bet:
            state.current_bet = state.full_raise_level = state.commit[seat]
    if liveness is Liveness.FROM_LOG:
        state.flex[seat] = -chips if live else chips


def resolve(state: TableState, action: Action) -> None:
    """The player's first action after a post whose liveness the log decides: keep the reading
    the action fits, or switch to the other one when only that fits (``state.flex`` holds the
    chips the other reading adds to the street bet, negative when it takes them away)."""
    delta = state.flex.pop(action.seat)
    if action.street is not Street.PREFLOP:
        return
    commit = state.commit[action.seat]
    if _fits(state, action, commit) or not _fits(state, action, commit + delta):
        return
    state.commit[action.seat] = commit + delta


def _fits(state: TableState, action: Action, commit: int) -> bool:
    """Whether ``action`` is right for a player with ``commit`` in on the street."""
    owed = state.current_bet - commit
    kind = action.kind
    if kind is _CALL:
        return owed > 0 and action.amount == min(owed, state.stack[action.seat])
    if kind is _CHECK:
        return owed <= 0
    if kind is _RAISE and action.to and action.amount:
        return action.to - commit == action.amount
    return True  # a fold or a bet says nothing about what was in
