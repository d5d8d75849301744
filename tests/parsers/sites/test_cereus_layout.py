"""The Cereus (Absolute, UltimateBet) lines of its tournament layout and later clients:
"All-In(Raise) X to Y", a total pot line that lists the main and side pots, "(timeout)" /
"(disconnect)" / "(Sitting Out)" after an action, "Folds & shows [..]", and the 7-2
proposition side bet paid outside the pot. Hands written for these tests."""

from pathlib import Path

from parsers.model import TOURNAMENT_CHIPS, ActionKind
from parsers.read import split_file
from pipeline.engine import replay
from pipeline.engine.result import Severity

TEXT = (Path(__file__).parent / "fixtures" / "cereus" / "layout_more.txt").read_bytes()


def hands(data: bytes = TEXT):
    split = split_file(data)
    assert split.format.name == "cereus"
    outcomes = list(split.hands("layout_more.txt"))
    assert [o.error for o in outcomes] == [None] * len(outcomes)
    return [o.hand for o in outcomes]


def errors(hand):
    return [f for f in replay(hand).findings if f.severity is Severity.ERROR]


def test_all_in_raises_and_a_pot_line_that_lists_the_side_pots():
    h = hands()[0]
    assert (h.currency, h.tournament_id) == (TOURNAMENT_CHIPS, "2346000")
    raises = [(a.seat, a.amount, a.to, a.all_in) for a in h.actions
              if a.kind is ActionKind.RAISE]
    assert raises == [(1, 300, 300, False), (2, 750, 800, True), (3, 1900, 2000, True)]
    assert (h.report.total_pot, h.report.rake, h.report.fees) == (4800, 0, ())
    assert errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats} == {1: -2000, 2: -800, 3: 2800}


def test_status_suffixes_fold_and_show_and_the_prop_bet():
    h = hands()[1]
    kinds = [(a.seat, a.kind) for a in h.actions if a.kind in (
        ActionKind.FOLD, ActionKind.CHECK)]
    assert kinds == [(1, ActionKind.FOLD), (3, ActionKind.CHECK), (2, ActionKind.CHECK),
                     (2, ActionKind.FOLD)]
    assert {s.seat: s.hole_cards for s in h.seats}[2] == ("Kd", "3c")
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 20)]
    assert [x.text for x in h.ignored_lines] == ["HERO - 72 Prop Win $0.20"]
    assert errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats} == {1: 0, 2: -10, 3: 10}


def test_the_summary_won_total_leaves_the_prop_out():
    text = TEXT.decode().replace("HERO Collects $0.20 from main pot\n", "")
    h = hands(text.encode())[1]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 20)]
    assert errors(h) == []
