"""Our own hands, round trip (issue 33, section 5): whatever ``sidepot simulate`` deals, in
either format it writes, imports with no error finding and no reject, on both cores.

Why: the simulator is the project's reference for legal hands, so an error finding on its own
output is a false alarm by construction; PHH wrote a hand run twice with the first board only,
and 64 of 4,000 such hands came back with ``collected_mismatch``. Every table kind of the parity
tests is dealt (NL, PL, FL, antes, straddles, tournaments, heads-up, run it twice) and written by
the writer the command uses (:func:`pipeline.cli.simulate.writer_for`).

A malformed ``_boards`` (the user-defined field that carries every board of a hand run more
than once) is a ``bad_field`` reject that names the field, never a traceback, on both cores.
"""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from parsers.sites.phh import reader
from parsers.text import split_hands
from pipeline import core
from pipeline.cli.app import app
from pipeline.cli.simulate import SimFormat, writer_for
from pipeline.core_choice import native_available
from pipeline.engine.codes import catalogue
from pipeline.engine.result import Severity
from pipeline.export.phh import write_hand
from pipeline.sim import simulate
from tests.native.parity import sim_configs

HANDS = 120
ERRORS = frozenset(c.code for c in catalogue() if c.severity is Severity.ERROR)
CORES = [pytest.param(core.parse_file_python, id="python"),
         pytest.param(core.parse_file, id="native",
                      marks=pytest.mark.skipif(not native_available(),
                                               reason="the native core is not built"))]


def _errors(packed) -> list[tuple[str, str]]:  # noqa: ANN001 - a PackedFile
    """(hand id, code) of every error finding in the packed rows."""
    rows = packed.rows.tables["findings"].to_pylist()
    return [(r["hand_id"], r["code"]) for r in rows if r["severity"] == "error"]


@pytest.mark.parametrize("parse", CORES)
@pytest.mark.parametrize("fmt", list(SimFormat), ids=lambda f: f.value)
@pytest.mark.parametrize(("name", "kw"), sim_configs(), ids=[n for n, _ in sim_configs()])
def test_simulated_hands_import_clean(name: str, kw: dict, fmt: SimFormat, parse) -> None:  # noqa: ANN001
    dealt = list(simulate(HANDS, 31, **kw))
    text = writer_for(fmt)(d.hand for d in dealt)
    packed = parse((text.encode(), f"sim-{name}.{fmt.value}", 0, None, True))
    assert packed.format == fmt.value
    assert not packed.rejects, list(packed.rejects.values())[:3]
    assert packed.rows.tables["hands"].num_rows == len(dealt)
    assert _errors(packed) == []
    assert ERRORS >= {"collected_mismatch", "pot_not_distributed"}  # the codes looked for


def test_every_board_of_a_hand_run_twice_comes_back_from_phh() -> None:
    twice = [d.hand for d in simulate(400, 5) if len(d.hand.boards) > 1]
    assert len(twice) >= 10  # the simulator runs boards twice often enough to test
    for hand in twice:
        doc = write_hand(hand)
        assert "_boards = [" in doc
        back = reader.parse(split_hands(doc, header=reader.HEADER)[0])
        assert back.boards == hand.boards


def test_a_hand_run_once_has_no_boards_field() -> None:
    once = [d.hand for d in simulate(40, 5, run_it_twice=False)]
    assert not any("_boards" in write_hand(h) for h in once)


def test_the_simulate_command_output_imports_clean(tmp_path) -> None:  # noqa: ANN001
    """The user's path: ``sidepot simulate --format phh`` then ``sidepot import``."""
    runner = CliRunner()
    out = tmp_path / "sim.phhs"
    made = runner.invoke(app, ["simulate", "--hands", "400", "--seed", "5", "--format", "phh",
                               "-o", str(out)])
    assert made.exit_code == 0, made.output
    assert "_boards" in out.read_text(encoding="utf-8")
    result = runner.invoke(app, ["import", str(out), "--db", str(tmp_path / "s.duckdb"),
                                 "--json"])
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    assert (got["hands_imported"], got["rejected"]) == (400, 0)
    assert not ERRORS & set(got["findings_by_code"]), got["findings_by_code"]


# --- a malformed _boards --------------------------------------------------------------------

_MALFORMED = {
    "not an array": '_boards = "{first}"',
    "one board": '_boards = ["{first}"]',
    "not strings": "_boards = [1, 2]",
    "unknown cards": '_boards = ["{first}", "??????????"]',
    "short board": '_boards = ["{first}", "{first4}"]',
    "not a card": '_boards = ["{first}", "XxYyZzWwVv"]',
    "odd text": '_boards = ["{first}", "AsK"]',
    "first not dealt": '_boards = ["{second}", "{first}"]',
}


def _run_twice_doc() -> str:
    hand = next(d.hand for d in simulate(200, 5) if len(d.hand.boards) > 1)
    return write_hand(hand)


@pytest.mark.parametrize("parse", CORES)
@pytest.mark.parametrize("case", list(_MALFORMED))
def test_a_malformed_boards_field_is_a_clear_reject(case: str, parse) -> None:  # noqa: ANN001
    doc = _run_twice_doc()
    found = re.search(r'^_boards = \["(\w+)", "(\w+)"\]$', doc, re.MULTILINE)
    assert found is not None
    first, second = found.groups()
    line = _MALFORMED[case].format(first=first, second=second, first4=first[:8])
    bad = doc.replace(found.group(0), line)
    packed = parse((bad.encode(), "bad.phh", 0, None, True))
    assert packed.rows.tables["hands"].num_rows == 0
    (reject,) = packed.rejects.values()
    assert reject.reason == "bad_field"
    assert "_boards" in reject.detail
    assert reject.line == bad[: bad.index(line)].count("\n") + 1
    assert reject.raw_text == bad.rstrip("\n")
