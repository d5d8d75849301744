"""Betfair parser: hold'em hands written for these tests in Betfair's layout, the corpus's one
Betfair file (Omaha: an expected reject), and detection against every other site's files."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from parsers import registry
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import PLAY_MONEY, TOURNAMENT_CHIPS, LimitType, Street
from parsers.model import ActionKind as K
from parsers.sites import betfair
from parsers.text import decode, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

# A showdown. A player who joins posts a big blind out of position (live: he checks his
# option), a seat with no chips sits out, names hold spaces, a colon and brackets. No rake is
# printed: the winner's $1.90 of a $1.95 pot leaves it to be inferred.
SHOWDOWN = """\
***** Betfair Poker Hand History for Game 200000001 *****
NL $0.05/$0.10 Texas Hold'em - Tuesday, January 13, 18:58:55 GMT 2009
Table Rookie 7 6-max (Real Money)
Seat 1 is the button
Total number of active players : 4
Seat 1: Ann ( $5.12 )
Seat 2: Bo: b [x] ( $6 )
Seat 4: Cy Sky ( $3.61 )
Seat 5: Dee ( $4.47 )
Seat 6: Ed ( $0 )
Bo: b [x] posts small blind [$0.05]
Cy Sky posts big blind [$0.10]
Dee posts big blind [$0.10]
Ed sits out
** Dealing down cards **
Dealt to Ann [ Ad, 5h ]
Dee checks
Ann raises to [$0.30]
Bo: b [x] folds
Cy Sky calls [$0.20]
Dee folds
** Dealing Flop ** [ 2c, Kd, Jh ]
Cy Sky checks
Ann bets [$0.40]
Cy Sky calls [$0.40]
** Dealing Turn ** [ 5c ]
Cy Sky checks
Ann checks
** Dealing River ** [ Kc ]
Cy Sky bets [$0.20]
Ann calls [$0.20]
** Showdown **
Cy Sky shows [ Qs, 6c ] a pair of Kings
Ann shows [ Ad, 5h ] two pair, Kings and Fives
** Hand Conclusion **
Ann wins $1.90 from main pot with two pair, Kings and Fives
************  Game 200000001 ends  ************
"""

# A split pot: the same straight on the board for both, the raked pot halved.
SPLIT = """\
***** Betfair Poker Hand History for Game 200000002 *****
PL $0.05/$0.10 Texas Hold'em - Saturday, July 4, 21:15:00 GMT 2009
Table Death 2 6-max (Real Money)
Seat 3 is the button
Total number of active players : 3
Seat 1: Ann ( $10 )
Seat 2: Bob ( $10 )
Seat 3: Cy ( $10 )
Ann posts small blind [$0.05]
Bob posts big blind [$0.10]
** Dealing down cards **
Dealt to Cy [ 2c, 3d ]
Cy raises to [$0.30]
Ann calls [$0.25]
Bob calls [$0.20]
** Dealing Flop ** [ 9h, Th, Js ]
Ann bets [$0.90]
Bob folds
Cy calls [$0.90]
** Dealing Turn ** [ Qd ]
Ann checks
Cy checks
** Dealing River ** [ Ks ]
Ann checks
Cy checks
** Showdown **
Ann shows [ 4c, 4d ] a straight, Nine to King
Cy shows [ 2c, 3d ] a straight, Nine to King
** Hand Conclusion **
Ann wins $1.30 from main pot with a straight, Nine to King
Cy wins $1.30 from main pot with a straight, Nine to King
************  Game 200000002 ends  ************
"""

# All in preflop for less: a main pot and a side pot, rake off the main pot only (the side pot
# is paid in full, printed first, as the site does).
SIDE_POT = """\
***** Betfair Poker Hand History for Game 200000003 *****
NL $0.05/$0.10 Texas Hold'em - Wednesday, March 3, 08:00:01 GMT 2010
Table Jupiter 6-max (Real Money)
Seat 3 is the button
Total number of active players : 3
Seat 1: Ann ( $2 )
Seat 2: Bob ( $5 )
Seat 3: Cy ( $10 )
Ann posts small blind [$0.05]
Bob posts big blind [$0.10]
** Dealing down cards **
Cy raises to [$0.30]
Ann goes all-in
Ann raises to [$2]
Bob calls [$1.90]
Cy calls [$1.70]
** Dealing Flop ** [ 2c, 7d, Jh ]
Bob bets [$1]
Cy calls [$1]
** Dealing Turn ** [ Qs ]
Bob goes all-in
Bob bets [$2]
Cy calls [$2]
** Dealing River ** [ 3c ]
** Showdown **
Ann shows [ Ah, Ad ] a pair of Aces
Bob shows [ Kh, Kd ] a pair of Kings
Cy shows [ Jc, Tc ] a pair of Jacks
** Hand Conclusion **
Bob wins $6 from side pot #1 with a pair of Kings
Ann wins $5.40 from main pot with a pair of Aces
************  Game 200000003 ends  ************
"""

# A river bet called all in for less: the $1.40 nobody matched goes back unprinted.
UNCALLED = """\
***** Betfair Poker Hand History for Game 200000004 *****
NL $0.10/$0.20 Texas Hold'em - Monday, November 2, 23:59:59 GMT 2009
Table Saturn 6-max (Real Money)
Seat 1 is the button
Total number of active players : 2
Seat 1: Bob ( $20 )
Seat 2: Cy ( $2 )
Bob posts small blind [$0.10]
Cy posts big blind [$0.20]
** Dealing down cards **
Bob calls [$0.10]
Cy checks
** Dealing Flop ** [ 8s, 8d, 2h ]
Cy checks
Bob bets [$0.20]
Cy calls [$0.20]
** Dealing Turn ** [ 4c ]
Cy checks
Bob checks
** Dealing River ** [ 6h ]
Cy checks
Bob bets [$3]
Cy goes all-in
Cy calls [$1.60]
** Showdown **
Bob shows [ As, 8c ] three of a kind, Eights
Cy shows [ Kd, Kh ] two pair, Kings and Eights
** Hand Conclusion **
Bob wins $3.80 from main pot with three of a kind, Eights
************  Game 200000004 ends  ************
"""

# Everyone folds to a bet: the bettor's unmatched bet goes back; here "wins" counts it (the
# $0.65 pot plus the $0.60 returned), a count the parser recognises and takes apart.
FOLD_OUT = """\
***** Betfair Poker Hand History for Game 200000005 *****
NL $0.05/$0.10 Texas Hold'em - Friday, May 15, 12:00:00 GMT 2009
Table Mars 6-max (Real Money)
Seat 2 is the button
Total number of active players : 3
Seat 1: Ann ( $10 )
Seat 2: Bob ( $10 )
Seat 3: Cy ( $10 )
Cy posts small blind [$0.05]
Ann posts big blind [$0.10]
** Dealing down cards **
Bob raises to [$0.30]
Cy folds
Ann calls [$0.20]
** Dealing Flop ** [ 4h, 9c, Kd ]
Ann checks
Bob bets [$0.60]
Ann folds
** Hand Conclusion **
Bob wins $1.25 from main pot
************  Game 200000005 ends  ************
"""

# A sit & go hand in tournament chips: antes, thousand separators, a short stack all in.
TOURNEY = """\
***** Betfair Poker Hand History for Game 200000006 *****
NL 50/100 Texas Hold'em - Sunday, October 18, 20:00:00 GMT 2009
Table Turbo 9-max (Tournament 44556677)
Seat 1 is the button
Total number of active players : 3
Seat 1: Ann ( 1,500 )
Seat 3: Bob ( 2,250 )
Seat 5: Cy ( 800 )
Ann posts ante [10]
Bob posts ante [10]
Cy posts ante [10]
Bob posts small blind [50]
Cy posts big blind [100]
** Dealing down cards **
Dealt to Ann [ Qs, Qh ]
Ann raises to [300]
Bob folds
Cy goes all-in
Cy raises to [790]
Ann calls [490]
** Dealing Flop ** [ 3s, 8d, Tc ]
** Dealing Turn ** [ 2d ]
** Dealing River ** [ Ac ]
** Showdown **
Cy shows [ Ah, 9h ] a pair of Aces
Ann shows [ Qs, Qh ] a pair of Queens
** Hand Conclusion **
Cy wins 1,660 from main pot with a pair of Aces
************  Game 200000006 ends  ************
"""


def hand(text: str):
    (chunk,) = split_hands(text, header=betfair.HEADER)
    return betfair.parse(chunk, "t.txt")


def errors(h) -> list[str]:
    return [f"{f.code}: {f.message}" for f in replay(h).findings if f.severity is Severity.ERROR]


def nets(h) -> dict[int, int]:
    return {s.seat: s.net for s in replay(h).seats}


def test_sniff_and_split() -> None:
    assert betfair.sniff(SHOWDOWN) and betfair.sniff("\ufeff" + TOURNEY)
    assert not betfair.sniff(SHOWDOWN.replace("Betfair Poker Hand", "Hand"))  # PartyPoker's
    assert not betfair.sniff(SHOWDOWN.replace("Betfair Poker", "888poker"))
    assert registry.detect(SHOWDOWN).name == "betfair"
    chunks = split_hands(SHOWDOWN + "\n\n" + SPLIT, header=betfair.HEADER)
    assert [c.line for c in chunks] == [1, SHOWDOWN.count("\n") + 3]


def test_showdown_header_seats_and_posts() -> None:
    h = hand(SHOWDOWN)
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals) == ("betfair", "200000001", LimitType.NO_LIMIT, "USD", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat, h.max_seats) == (5, 10, 1, 6)
    assert h.started_at == datetime(2009, 1, 13, 18, 58, 55, tzinfo=UTC)
    assert (h.local_time, h.time_zone, h.table_name, h.is_tournament) == ("2009/01/13 18:58:55", "GMT", "Rookie 7", False)
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats] == [
        (1, "Ann", 512, False), (2, "Bo: b [x]", 600, False), (4, "Cy Sky", 361, False),
        (5, "Dee", 447, False), (6, "Ed", 0, True)]
    assert [(a.seat, a.kind) for a in h.actions[:3]] == [(2, K.POST_SMALL_BLIND), (4, K.POST_BIG_BLIND), (5, K.POST_BIG_BLIND)]
    assert h.seats[0].is_hero and h.seats[0].hole_cards == ("Ad", "5h")
    assert h.board == ("2c", "Kd", "Jh", "5c", "Kc")
    raise_ = next(a for a in h.actions if a.kind is K.RAISE)
    assert (raise_.seat, raise_.amount, raise_.to) == (1, 30, 30)
    shows = [(a.seat, a.street, a.cards) for a in h.actions if a.kind is K.SHOW]
    assert shows == [(4, Street.SHOWDOWN, ("Qs", "6c")), (1, Street.SHOWDOWN, ("Ad", "5h"))]
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [(1, 190, 0)]
    assert (h.report.total_pot, h.report.rake) == (None, None)
    assert errors(h) == []
    r = replay(h)
    assert (r.total_pot, r.total_pot - sum(s.won for s in r.seats)) == (195, 5)  # rake inferred
    assert nets(h) == {1: 100, 2: -5, 4: -90, 5: -10, 6: 0}


def test_split_pot_halves_the_raked_pot() -> None:
    h = hand(SPLIT)
    assert h.limit is LimitType.POT_LIMIT
    assert errors(h) == []
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 130), (3, 130)]
    assert nets(h) == {1: 10, 2: -30, 3: 10}


def test_all_in_side_pot_goes_to_its_own_winner() -> None:
    h = hand(SIDE_POT)
    all_ins = [(a.seat, a.kind, a.to) for a in h.actions if a.all_in]
    assert all_ins == [(1, K.RAISE, 200), (2, K.BET, 200)]
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [(2, 600, 1), (1, 540, 0)]
    assert errors(h) == []
    pots = [(p.index, p.amount, p.eligible, p.winners) for p in replay(h).pots]
    assert pots == [(0, 600, (1, 2, 3), (1,)), (1, 600, (2, 3), (2,))]
    assert nets(h) == {1: 340, 2: 100, 3: -500}


def test_uncalled_river_bet_is_returned() -> None:
    h = hand(UNCALLED)
    river = [(a.seat, a.kind, a.amount, a.to, a.all_in) for a in h.actions if a.street is Street.RIVER]
    assert river == [(2, K.CHECK, 0, 0, False), (1, K.BET, 300, 300, False), (2, K.CALL, 160, 160, True),
                     (1, K.UNCALLED_RETURN, 140, 160, False)]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 380)]
    assert errors(h) == []
    assert nets(h) == {1: 180, 2: -200}


def test_fold_out_returns_the_bet_and_takes_it_out_of_the_winnings() -> None:
    h = hand(FOLD_OUT)
    assert h.actions[-1].kind is K.UNCALLED_RETURN and (h.actions[-1].seat, h.actions[-1].amount) == (2, 60)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 65)]
    assert errors(h) == []
    assert nets(h) == {1: -30, 2: 35, 3: -5}
    # the same hand with "wins" printing the pot alone: nothing to take out, the same result
    alone = hand(FOLD_OUT.replace("wins $1.25", "wins $0.65"))
    assert [(c.seat, c.amount) for c in alone.report.collections] == [(2, 65)]
    assert nets(alone) == nets(h)


def test_tournament_chips_antes_and_all_in() -> None:
    h = hand(TOURNEY)
    assert (h.currency, h.decimals, h.is_tournament, h.tournament_id) == (TOURNAMENT_CHIPS, 0, True, "44556677")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante, h.max_seats) == (50, 100, 10, 9)
    assert [s.stack for s in h.seats] == [1500, 2250, 800]
    assert [a.kind for a in h.actions[:5]] == [K.POST_ANTE] * 3 + [K.POST_SMALL_BLIND, K.POST_BIG_BLIND]
    shove = next(a for a in h.actions if a.all_in)
    assert (shove.seat, shove.kind, shove.amount, shove.to) == (5, K.RAISE, 690, 790)
    assert errors(h) == []
    r = replay(h)
    assert (r.total_pot, sum(s.won for s in r.seats)) == (1660, 1660)
    assert nets(h) == {1: -800, 3: -60, 5: 860}


def test_play_money_table() -> None:
    text = TOURNEY.replace("(Tournament 44556677)", "(Play Money)")
    h = hand(text)
    assert (h.currency, h.is_tournament) == (PLAY_MONEY, False)
    assert errors(h) == []


def test_fixed_limit_pair_read_from_the_posts() -> None:
    limit = (FOLD_OUT.replace("raises to [$0.30]", "raises to [$0.20]").replace("Ann calls [$0.20]", "Ann calls [$0.10]")
             .replace("bets [$0.60]", "bets [$0.10]").replace("wins $1.25", "wins $0.45"))
    blinds = hand(limit.replace("NL $0.05/$0.10", "FL $0.05/$0.10"))
    assert blinds.limit is LimitType.FIXED_LIMIT
    assert (blinds.stakes.small_blind, blinds.stakes.big_blind, blinds.stakes.small_bet, blinds.stakes.big_bet) == (5, 10, 10, 20)
    assert errors(blinds) == []
    assert nets(blinds) == {1: -20, 2: 25, 3: -5}
    bets = hand(limit.replace("NL $0.05/$0.10", "Limit $0.10/$0.20"))  # the pair is the bets
    assert bets.limit is LimitType.FIXED_LIMIT
    assert (bets.stakes.small_blind, bets.stakes.big_blind, bets.stakes.small_bet, bets.stakes.big_bet) == (5, 10, 10, 20)
    assert errors(bets) == []


def test_omaha_is_unsupported_game() -> None:
    with pytest.raises(UnsupportedGame) as err:
        hand(SHOWDOWN.replace("Texas Hold'em", "Omaha"))
    assert err.value.reason == "unsupported_game" and err.value.line == 2


def test_unknown_action_line_is_loud() -> None:
    with pytest.raises(ParseError) as err:
        hand(SHOWDOWN.replace("Ann checks\n** Dealing River", "Ann juggles [$0.10]\n** Dealing River"))
    assert err.value.reason == "unknown_line" and err.value.text == "Ann juggles [$0.10]"
    assert err.value.line == SHOWDOWN.split("\n").index("Ann checks") + 1


def test_all_in_without_a_bet_is_loud() -> None:
    with pytest.raises(ParseError) as err:
        hand(SIDE_POT.replace("Bob bets [$2]\n", ""))
    assert err.value.reason == "unknown_line" and "goes all-in" in err.value.detail


def test_missing_end_line_is_truncated() -> None:
    with pytest.raises(ParseError) as err:
        hand(SHOWDOWN.rsplit("************  Game", 1)[0])
    assert err.value.reason == "truncated_hand"


# --- the real corpus ---------------------------------------------------------------------------


def _heads(corpus: Path):
    """(folder, file, decoded first 16 KB) of every corpus file: enough for any sniffer."""
    for path in sorted(corpus.rglob("*")):
        if path.is_file() and path.parent != corpus:
            with path.open("rb") as f:
                head, _ = decode(f.read(2 * registry.SNIFF_BYTES))
            yield path.relative_to(corpus).parts[0], path, head[: registry.SNIFF_BYTES]


@pytest.mark.corpus
def test_corpus_omaha_hand_is_an_unsupported_game(corpus: Path) -> None:
    files = sorted(p for p in (corpus / "Betfair").rglob("*") if p.is_file())
    assert files
    reasons = []
    for path in files:
        data = path.read_bytes()
        text, enc = decode(data)
        fmt = registry.detect(text)
        assert fmt.name == "betfair", path
        for chunk in fmt.split(text, enc, data):
            with pytest.raises(UnsupportedGame) as err:
                fmt.parse(chunk, str(path))
            reasons.append((chunk.text.split("\n", 1)[0], err.value.reason))
    assert reasons == [("***** Betfair Poker Hand History for Game 100000000 *****", "unsupported_game")]


@pytest.mark.corpus
def test_detection_is_exclusive_over_the_corpus(corpus: Path) -> None:
    """Betfair claims its folder's files and nothing else; no other format claims them."""
    ours, others_on_ours = [], []
    for folder, path, head in _heads(corpus):
        if betfair.sniff(head):
            ours.append((folder, path.name))
        if folder == "Betfair":
            claims = [f.name for f in registry.FORMATS if registry._safe_sniff(f, head)]
            others_on_ours.append(claims)
    assert {folder for folder, _ in ours} == {"Betfair"}
    assert others_on_ours == [["betfair"]] * len(others_on_ours) and others_on_ours
