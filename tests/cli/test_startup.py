"""The command line starts without the heavy libraries: `sidepot --help`, any command's
`--help` and a usage error load none of pandas, numpy, pyarrow, DuckDB or matplotlib.

Why it is worth a test: those libraries take about a second to load, which a user paid for
every `--help` and typo while the CLI modules imported them at the top. The commands now load
them when they run; a new top-level import anywhere under `pipeline.cli` would bring the second
back, and this fails then. Each case runs in a fresh interpreter (the test process has them
all loaded already), and asserts on the modules loaded, not on a time.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support.paths import SAMPLES

HEAVY = ("pandas", "numpy", "pyarrow", "duckdb", "matplotlib", "jinja2")

_PROBE = """
import json, sys
args, heavy = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.argv = ["sidepot", *args]
from pipeline.cli.app import app
try:
    app(standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(m for m in heavy if m in sys.modules)), file=sys.stderr)
"""


def _loaded(args: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(args), json.dumps(HEAVY)],
                          capture_output=True, text=True, timeout=120, check=False)
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("args", [
    ["--help"],
    ["import", "--help"],
    ["stats", "--help"],
    ["report", "--help"],
    ["export", "--help"],
    ["simulate", "--help"],
    ["stats", "--no-such-option"],
    ["hands", "--from", "2026-01-01", "--json", "--format", "csv"],
])
def test_the_cli_starts_without_the_heavy_libraries(args):
    assert _loaded(args) == []


def test_the_probe_sees_a_command_that_loads_them(tmp_path):
    # the same probe on a command that needs them: the check above can fail
    loaded = _loaded(["import", str(SAMPLES), "--db", str(tmp_path / "x.duckdb"), "--json"])
    assert {"duckdb", "pyarrow"} <= set(loaded)
