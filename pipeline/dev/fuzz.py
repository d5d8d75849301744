"""`make fuzz`: a coverage-guided search (atheris) for inputs that break the importer's promise.

The promise (see :mod:`pipeline.ingest.run`): for any bytes, :func:`parse_bytes` returns, and
after :func:`pipeline.ingest.pool.pack` (what an import does with it) every hand chunk is either a
replayed hand that fits the store or a reject with a reason. An
``internal_error`` reject is a caught bug in a parser or the engine: the harness reports it
as a crash too (``--allow-internal`` keeps going), so each one can be fixed at its source.

Run: ``python -m pipeline.dev.fuzz [-max_total_time=600] [corpus_dir ...]``. The sample
hands seed the search. The harness is not part of the library; it needs ``pip install atheris``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from pipeline.ingest.pack import pack
from pipeline.ingest.parse import parse_bytes
from pipeline.store.db import storable_problem

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "samples"
_STATE = {"allow_internal": False}


def check(data: bytes) -> None:
    """The property under test; raises AssertionError (a finding) when it is broken."""
    parsed = parse_bytes(data, "fuzz.txt")
    assert parsed.skip is None or not parsed.skip.startswith("internal_error"), parsed.skip
    assert 0 <= parsed.consumed <= len(data)
    packed = pack(parsed)  # rejects the hands that do not fit the store ("unstorable")
    assert packed.rows.n_hands == sum(1 for at in packed.rows_at if at >= 0)
    for i, o in enumerate(parsed.outcomes):
        assert (o.hand is None) != (o.reject is None)
        reject = o.reject or packed.rejects.get(i)
        assert (reject is None) == (packed.rows_at[i] >= 0)
        if reject is not None:
            assert reject.reason
            if reject.reason == "internal_error" and not _STATE["allow_internal"]:
                raise AssertionError(f"internal_error: {reject.detail}")
        else:
            problem = storable_problem(o.hand, o.replay)
            assert problem is None, problem


def _seeds() -> str:
    folder = Path(tempfile.mkdtemp(prefix="sidepot-fuzz-"))
    for path in SAMPLES.glob("*.txt"):
        text = path.read_bytes()
        for i, hand in enumerate(text.split(b"\n\n\n")):
            (folder / f"{path.stem}-{i}.txt").write_bytes(hand)
    return str(folder)


def main(argv: list[str]) -> int:
    try:
        import atheris
    except ImportError:
        sys.stderr.write("make fuzz needs atheris: `.venv/bin/pip install atheris` "
                         "(it builds only on CPython releases it supports)\n")
        return 2
    if "--allow-internal" in argv:
        argv = [a for a in argv if a != "--allow-internal"]
        _STATE["allow_internal"] = True
    if not any(not a.startswith("-") for a in argv[1:]):
        argv = [*argv, _seeds()]
    atheris.instrument_all()  # coverage feedback from the parsers, the engine and ingest
    atheris.Setup(argv, check)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
