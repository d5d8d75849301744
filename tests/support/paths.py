"""Where the tests find the repository, the bundled samples and the site fixtures."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "data" / "samples"
#: Hand-history files written for the site tests (tests/parsers/sites/fixtures/<site>/).
FIXTURES = REPO / "tests" / "parsers" / "sites" / "fixtures"
