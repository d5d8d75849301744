"""iPoker's 2025-on export: the session is a ``<root>`` element (``<root><general>`` then
``<client_version>25...``), with no ``sessioncode``, no ``uncalled_bet_enabled`` flag (a ``win``
leaves the uncalled return out) and chips with a comma for thousands."""

from pathlib import Path

from parsers.model import TOURNAMENT_CHIPS, ActionKind
from parsers.read import split_file
from parsers.registry import detect
from pipeline.engine import replay
from pipeline.engine.result import Severity

TEXT = (Path(__file__).parent / "fixtures" / "ipoker" / "root_tourney.xml").read_bytes()


def hands():
    split = split_file(TEXT)
    assert split.format.name == "ipoker"
    outcomes = list(split.hands("root_tourney.xml"))
    assert [o.error for o in outcomes] == [None, None]
    return [o.hand for o in outcomes]


def test_a_root_session_is_detected_as_ipoker():
    assert detect(TEXT).name == "ipoker"


def test_each_game_is_a_tournament_hand_in_chips():
    first, second = hands()
    assert (first.hand_id, second.hand_id) == ("13000000001", "13000000002")
    assert (first.currency, first.is_tournament, first.tournament_id) == (
        TOURNAMENT_CHIPS, True, "1200000001")
    assert {s.seat: s.stack for s in first.seats} == {1: 10_000, 2: 12_500, 4: 9_800,
                                                      5: 20_000}
    assert (first.stakes.small_blind, first.stakes.big_blind, first.stakes.ante) == (
        250, 500, 50)
    assert first.max_seats == 6 and first.button_seat == 1


def test_wins_leave_the_uncalled_return_out_and_replay_clean():
    first, second = hands()
    assert [(c.seat, c.amount) for c in first.report.collections] == [(4, 3_450)]
    # the big blind's 250 over the small blind comes back; the win is what is left
    back = [a for a in second.actions if a.kind is ActionKind.UNCALLED_RETURN]
    assert [(a.seat, a.amount) for a in back] == [(5, 250)]
    assert [(c.seat, c.amount) for c in second.report.collections] == [(5, 700)]
    for hand in (first, second):
        r = replay(hand)
        assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in replay(first).seats} == {1: -50, 2: -300, 4: 1_900,
                                                            5: -1_550}


def test_a_poster_missing_from_the_player_list_is_dead_money():
    """A player who posts and leaves may be left out of ``<players>``: his post is in the
    pot (``site_added``), his fold is no turn, and the hand replays clean."""
    fr = (Path(__file__).parent / "fixtures" / "ipoker" / "newer_cash_fr.xml").read_text("utf-8")
    listed = '    <player win="0€" bet="0,02€" name="Paul" seat="3" dealer="0" chips="4,20€"/>\n'
    assert listed in fr
    split = split_file(fr.replace(listed, "").encode())
    (outcome,) = list(split.hands("gone.xml"))
    h = outcome.hand
    assert h is not None, outcome.error
    assert [s.player for s in h.seats] == ["Hero", "Zoe"]
    assert h.report.site_added == (("posted by Paul, not in the player list", 2),)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (2, 5)
    r = replay(h)
    assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {1: 15, 5: -15}


def test_any_other_action_by_a_player_not_listed_is_still_rejected():
    fr = (Path(__file__).parent / "fixtures" / "ipoker" / "newer_cash_fr.xml").read_text("utf-8")
    text = fr.replace('player="Zoe"/>\n  </round>\n  <round no="2">',
                      'player="Zoe"/>\n   <action type="3" sum="0,10€" no="9" player="Ghost"/>\n'
                      '  </round>\n  <round no="2">')
    assert "Ghost" in text
    (outcome,) = list(split_file(text.encode()).hands("ghost.xml"))
    assert outcome.hand is None and outcome.error.reason == "unknown_line"
