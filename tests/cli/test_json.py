"""Every ``--json`` output parses, holds real lists, and goes through the one encoder.

The bug this guards: ``audit --json`` printed ``"examples": "['pokerstars:...' ...]"``, the
``str()`` of a numpy array inside a string, and ``rejects --json`` escaped every ``/`` of a
path. Every command's JSON is checked for both, and the encoder for each value type the
library hands back.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import re
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import typer.main
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.cli.render import plain, to_json
from pipeline.ingest.summary import ImportSummary
from tests.support.hhgen import renumbered, sample_hands
from tests.support.paths import SAMPLES

runner = CliRunner()
#: what the str() of a numpy array or a Python list looks like when it ends up in a string
_REPR = re.compile(r"^\[.*'.*\]$|^array\(", re.S)


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _parsed(args: list[str]):
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "\\/" not in text  # a path is written as it is
    data = json.loads(text)
    reprs = [s for s in _strings(data) if _REPR.search(s)]
    assert not reprs, reprs
    return data


def _tampered(hand: str) -> str:
    """The hand with its printed total pot one cent too high: a total_pot_mismatch finding."""
    total = re.search(r"^Total pot \$(\d+)\.(\d\d)", hand, re.M)
    assert total is not None
    cents = int(total[1]) * 100 + int(total[2]) + 1
    return hand[: total.start(1) - 1] + f"${cents // 100}.{cents % 100:02d}" + hand[total.end(2):]


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    """The samples, three hands with a finding each, two that cannot be stored."""
    folder = tmp_path_factory.mktemp("json")
    hand = next(h for h in sample_hands() if h.startswith("PokerStars Hand"))
    broken, tampered = [], []
    for n in range(2):
        lines = renumbered(hand, 910_000_000_000 + n).split("\n")
        lines.insert(5, "this line means nothing: it bets $5 into the pot")  # could move chips
        broken.append("\n".join(lines))
    for n in range(3):
        tampered.append(_tampered(renumbered(hand, 920_000_000_000 + n)))
    (folder / "broken.txt").write_text("\n\n\n".join(broken + tampered) + "\n\n\n",
                                       encoding="utf-8")
    path = str(folder / "j.duckdb")
    assert runner.invoke(app, ["import", str(SAMPLES), str(folder / "broken.txt"), "--db",
                               path]).exit_code == 0
    return path


def test_import_json(tmp_path):
    data = _parsed(["import", str(SAMPLES), "--db", str(tmp_path / "i.duckdb"), "--json"])
    assert data["hands_imported"] == data["hands_seen"] > 0
    assert isinstance(data["rejected_by_reason"], dict) and data["db"].endswith("i.duckdb")


def test_watch_json_is_one_object_per_line(tmp_path, monkeypatch):
    summary = ImportSummary(files=1, hands_seen=2, hands_imported=2, duplicates=0, rejected=0,
                            rejected_by_reason={}, findings_by_code={"x": 1}, seconds=0.1,
                            db=str(tmp_path / "w.duckdb"))

    def two_passes_then_ctrl_c(paths, db, *, on_pass, poll, zones):
        on_pass(summary)
        on_pass(summary)
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module("pipeline.ingest.watch"), "watch",
                        two_passes_then_ctrl_c)
    result = runner.invoke(app, ["import", "--watch", str(SAMPLES), "--db",
                                 str(tmp_path / "w.duckdb"), "--json"])
    assert result.exit_code == 0, result.output  # Ctrl-C is how a watch ends
    lines = result.stdout.splitlines()
    assert [json.loads(line)["hands_imported"] for line in lines] == [2, 2]
    assert result.stderr == "sidepot: stopped watching\n"


def test_dask_import_and_attach_json(tmp_path):
    out = tmp_path / "pq"
    data = _parsed(["import", str(SAMPLES), "--dask", "local", "--parquet", str(out),
                    "--json"])
    assert data["hands_written"] > 0 and data["out_dir"] == str(out.resolve())
    attached = _parsed(["attach", str(out), "--db", str(tmp_path / "a.duckdb"), "--json"])
    assert attached["rows"]["hands"] == data["hands_written"]


def test_formats_json():
    rows = _parsed(["formats", "--json"])
    assert isinstance(rows, list) and {"name", "site", "detection"} <= set(rows[0])


def test_rejects_json(db):
    groups = _parsed(["rejects", "--db", db, "--json"])
    assert [g["reason"] for g in groups] == ["unknown_line"] and groups[0]["rejects"] == 2
    assert "/" in groups[0]["example"]
    listed = _parsed(["rejects", "--db", db, "--reason", "unknown_line", "--json"])
    assert len(listed) == 2 and all("this line means nothing" in r["raw_text"] for r in listed)


def test_stats_json(db):
    rows = _parsed(["stats", "--db", db, "--json"])
    assert rows == _parsed(["stats", "--db", db, "--format", "json"])
    assert all(isinstance(r["hands"], int) for r in rows)
    assert all(r["net_won"] is None or isinstance(r["net_won"], str) for r in rows)  # exact


def test_audit_json_examples_are_lists(db):
    data = _parsed(["audit", "--db", db, "--json", "--examples", "2"])
    assert data["totals"]["rejects"] == 2
    groups = {g["code"]: g for g in data["codes"]}
    assert groups["total_pot_mismatch"]["hands"] == 3
    for group in data["codes"]:
        assert isinstance(group["examples"], list) and 1 <= len(group["examples"]) <= 2
        assert all(isinstance(e, str) and e.startswith("pokerstars:") for e in group["examples"])
    listing = _parsed(["audit", "--db", db, "--format", "json"])
    assert isinstance(listing, list) and {"site", "hand_id", "code"} <= set(listing[0])


def test_export_json(db, tmp_path):
    ohh = _parsed(["export", "--ohh", str(tmp_path / "h.jsonl"), "--db", db, "--json"])
    assert ohh["hands"] > 0 and isinstance(ohh["skipped_by_reason"], dict)
    tables = _parsed(["export", "--parquet", str(tmp_path / "pq"), "--db", db, "--json"])
    assert isinstance(tables["files"], list) and all(Path(f).exists() for f in tables["files"])


def test_every_json_command_is_covered():
    """A new command with --json must get its test here."""
    group = typer.main.get_command(app)
    with_json = {name for name, command in group.commands.items()
                 if any("--json" in getattr(p, "opts", ()) for p in command.params)}
    assert with_json == {"import", "attach", "formats", "rejects", "stats", "audit", "export",
                         "hands"}


class _Colour(enum.Enum):
    red = "red"


@dataclasses.dataclass(frozen=True)
class _Row:
    when: datetime
    tags: frozenset[str]
    colour: _Colour


def test_the_encoder_gives_json_types_for_library_values():
    value = {
        "array": np.array(["pokerstars:1", "ggpoker:2"], dtype=object),
        "ints": np.array([1, 2]),
        "n": np.int64(7), "f": np.float32(0.5), "b": np.bool_(True),
        "nan": float("nan"), "na": pd.NA, "nat": pd.NaT, "inf": np.float64("inf"),
        "money": Decimal("1.05"), "day": date(2024, 3, 5),
        "stamp": pd.Timestamp("2024-03-05 14:15:11", tz="UTC"),
        "np_time": np.datetime64("2024-03-05T14:15:11"),
        "set": {"b", "a"}, "tuple": (1, 2), "path": Path("/tmp/x"),
        "row": _Row(datetime(2024, 1, 1, tzinfo=UTC), frozenset({"x"}), _Colour.red),
        "frame": pd.DataFrame({"a": [1, None], "l": [np.array(["x"]), np.array([])]}),
        3: "int key",
    }
    assert plain(value) == {
        "array": ["pokerstars:1", "ggpoker:2"], "ints": [1, 2],
        "n": 7, "f": 0.5, "b": True, "nan": None, "na": None, "nat": None, "inf": None,
        "money": "1.05", "day": "2024-03-05", "stamp": "2024-03-05T14:15:11+00:00",
        "np_time": "2024-03-05T14:15:11", "set": ["a", "b"], "tuple": [1, 2],
        "path": "/tmp/x",
        "row": {"when": "2024-01-01T00:00:00+00:00", "tags": ["x"], "colour": "red"},
        "frame": [{"a": 1.0, "l": ["x"]}, {"a": None, "l": []}],
        "3": "int key",
    }
    with pytest.raises(TypeError, match="no JSON form"):
        plain(object())


def test_the_encoder_keeps_text_readable_and_terminals_safe():
    text = to_json({"p": "a/b", "name": "Grünfeld", "evil": "\x1b[2J\u202e\x9b"})
    assert '"a/b"' in text and "Grünfeld" in text
    assert "\x1b" not in text and "\u202e" not in text and "\x9b" not in text
    assert json.loads(text)["evil"] == "\x1b[2J\u202e\x9b"
    assert to_json([1, {"a": 2}], indent=None) == '[1, {"a": 2}]'

