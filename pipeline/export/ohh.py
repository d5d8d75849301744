"""Hand -> Open Hand History (OHH) JSON object (hh-specs.handhistory.org, spec 1.4.x).

``write_hand(hand) -> dict`` returns ``{"ohh": {...}}``; amounts are exact ``Decimal`` values in
the hand's currency (never float) and :func:`dumps` writes them as JSON numbers digit for digit,
so ``json.loads(dumps(obj), parse_float=Decimal)`` gives them back exactly.

Choices where the model and OHH differ (documented because they decide numbers):
- player ids are the seat numbers (unique per hand, stable across the hand's rounds);
- an action's ``amount`` is the chips the action adds (for a raise: the increment over what the
  player had in, not the raise-to total), so the sum of a player's amounts is what they put in;
- an uncalled bet returned is not an OHH action; it lowers the pot amounts instead;
- disconnect protection (``ActionKind.PROTECTED``) has no OHH action and adds nothing: it is
  left out (the player's later silence is the protection);
- pots are the engine's recomputed main and side pots; ``player_wins`` use the site's
  collections when it reported them (per pot when the site said which), else the engine's
  payouts; ``rake`` is the site's rake (on the main pot, where sites take it).
"""

from __future__ import annotations

import json
from decimal import Decimal

from parsers.model import TOURNAMENT_CHIPS, ActionKind, Hand, LimitType, Street
from pipeline.engine import replay
from pipeline.engine.showdown import clockwise_from_button, split

SPEC_VERSION = "1.4.7"
_STREETS = {Street.PREFLOP: "Preflop", Street.FLOP: "Flop", Street.TURN: "Turn",
            Street.RIVER: "River", Street.SHOWDOWN: "Showdown"}
_ACTIONS = {
    ActionKind.POST_SMALL_BLIND: "Post SB", ActionKind.POST_BIG_BLIND: "Post BB",
    ActionKind.POST_ANTE: "Post Ante", ActionKind.POST_STRADDLE: "Straddle",
    ActionKind.POST_DEAD: "Post Dead", ActionKind.FOLD: "Fold", ActionKind.CHECK: "Check",
    ActionKind.CALL: "Call", ActionKind.BET: "Bet", ActionKind.RAISE: "Raise",
    ActionKind.SHOW: "Shows Cards", ActionKind.MUCK: "Mucks Cards",
}
_LIMITS = {LimitType.NO_LIMIT: "NL", LimitType.POT_LIMIT: "PL", LimitType.FIXED_LIMIT: "FL"}
_BOARD_CUTS = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}


def write_hand(hand: Hand) -> dict:
    """The hand as an OHH object: ``{"ohh": {...}}``."""
    def m(v: int) -> Decimal:
        return Decimal(v).scaleb(-hand.decimals)

    seats = {s.seat: s for s in hand.seats}
    hero = next((s.seat for s in hand.seats if s.is_hero), None)
    players = [
        {"id": s.seat, "seat": s.seat, "name": s.player, "display": s.player,
         "starting_stack": m(s.stack), "is_sitting_out": s.sitting_out,
         **({"cards": list(s.hole_cards)} if s.hole_cards else {})}
        for s in hand.seats
    ]
    rounds: list[dict] = []
    number = 0
    by_street: dict[Street, list] = {}
    for a in hand.actions:
        if a.kind not in _ACTIONS or a.seat not in seats:
            continue
        entry = {"action_number": 0, "player_id": a.seat, "action": _ACTIONS[a.kind],
                 "amount": m(a.amount), "is_allin": a.all_in}
        if a.cards:
            entry["cards"] = list(a.cards)
        by_street.setdefault(Street(a.street), []).append(entry)
    board = hand.board
    for street in Street:
        acts = by_street.get(street, [])
        cards: list[str] = []
        if street in _BOARD_CUTS:
            lo, hi = _BOARD_CUTS[street]
            cards = list(board[lo:hi])
        if not acts and not cards:
            continue
        for e in acts:
            number += 1
            e["action_number"] = number
        rounds.append({"id": len(rounds), "street": _STREETS[street], "cards": cards,
                       "actions": acts})
    result = replay(hand)
    site_wins: dict[tuple[int | None, int], int] = {}
    for c in hand.report.collections:
        key = (c.pot_index, c.seat)
        site_wins[key] = site_wins.get(key, 0) + c.amount
    pots = []
    for p in result.pots:
        if hand.report.collections:
            wins = {s: v for (i, s), v in site_wins.items() if i == p.index}
            if p.index == 0:  # collections the site did not attribute to a pot
                for (i, s), v in site_wins.items():
                    if i is None:
                        wins[s] = wins.get(s, 0) + v
        else:
            winners = clockwise_from_button(list(p.winners), hand.button_seat)
            wins = split(p.amount, winners) if winners else {}
        pots.append({
            "number": p.index, "amount": m(p.amount),
            "rake": m(hand.report.rake or 0) if p.index == 0 else m(0),
            "player_wins": [{"player_id": s, "win_amount": m(v)} for s, v in sorted(wins.items())],
        })
    ohh = {
        "spec_version": SPEC_VERSION,
        "site_name": hand.site,
        "game_number": hand.hand_id,
        "start_date_utc": hand.started_at.isoformat() if hand.started_at else None,
        "table_name": hand.table_name,
        "game_type": "Holdem" if hand.game.value == "holdem" else hand.game.value,
        "bet_limit": {"bet_type": _LIMITS[hand.limit]},
        "table_size": hand.max_seats or len(hand.seats),
        "currency": hand.currency if hand.currency != TOURNAMENT_CHIPS else "",
        "dealer_seat": hand.button_seat,
        "small_blind_amount": m(hand.stakes.small_blind),
        "big_blind_amount": m(hand.stakes.big_blind),
        "ante_amount": m(hand.stakes.ante),
        "tournament": hand.is_tournament,
        "players": players,
        "rounds": rounds,
        "pots": pots,
    }
    if hero is not None:
        ohh["hero_player_id"] = hero
    if hand.tournament_id:
        ohh["tournament_info"] = {"tournament_number": hand.tournament_id}
    return {"ohh": ohh}


def dumps(obj: object, indent: int | None = None) -> str:
    """JSON text with Decimal amounts written exactly (as numbers, never through float)."""
    text = json.dumps(_encode(obj), indent=indent, ensure_ascii=False)
    return text.replace('"' + _MARK, "").replace(_MARK + '"', "")


_MARK = "\\u0000"  # how json.dumps writes the NUL character that brackets a Decimal


def _encode(obj: object) -> object:
    # Decimals travel as marked strings and lose their quotes in dumps: exact digits, no float.
    if isinstance(obj, Decimal):
        return f"\u0000{obj}\u0000"
    if isinstance(obj, dict):
        return {k: _encode(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_encode(v) for v in obj]
    return obj
