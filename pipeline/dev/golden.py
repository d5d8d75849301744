"""Golden snapshot: every parse and replay outcome, every stored row, every export's hash.

The safety net of a refactor: snapshot before, change, snapshot after, compare. Over the real
corpus (``$SIDEPOT_CORPUS`` or ../shared/corpus) plus 11,000 simulated hands (five table
kinds, written once as PokerStars text and PHH into ``$SIDEPOT_GOLDEN_SIM``), it records per
hand chunk its offsets and a hash of the Hand and the Replay (or the reject), the rows of every
store table after an import (volatile timestamps left out), and hashes of the PHH, OHH and
PokerStars text written for every parsed hand.

usage: python -m pipeline.dev.golden snapshot OUT_DIR
       python -m pipeline.dev.golden compare DIR_A DIR_B   (exit 1 on any difference)
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("SIDEPOT_CORPUS") or REPO.parent / "shared" / "corpus")
SIM = Path(os.environ.get("SIDEPOT_GOLDEN_SIM") or REPO / "bench" / "golden-sim")


def _imports():
    from pipeline.export import ohh as ohh_writer
    from pipeline.export import phh as phh_writer
    from pipeline.export import pokerstars as ps_writer
    from pipeline.ingest.parse import parse_bytes
    from pipeline.ingest.run import import_paths
    from pipeline.sim import simulate

    return parse_bytes, import_paths, simulate, phh_writer, ohh_writer, ps_writer


def make_sim(simulate, ps_writer, phh_writer) -> str:
    """Deterministic simulated files; returns a hash of freshly generated text."""
    from parsers.model import LimitType

    configs = [
        dict(limit=LimitType.NO_LIMIT),
        dict(limit=LimitType.NO_LIMIT, antes=True, straddle=True),
        dict(limit=LimitType.POT_LIMIT),
        dict(limit=LimitType.FIXED_LIMIT),
        dict(limit=LimitType.NO_LIMIT, tournament=True, antes=True),
    ]
    h = hashlib.sha256()
    SIM.mkdir(parents=True, exist_ok=True)
    for i, cfg in enumerate(configs):
        hands = [s.hand for s in simulate(2000, 100 + i, **cfg)]
        text = ps_writer.write_hands(hands)
        h.update(text.encode())
        target = SIM / f"sim{i}.txt"
        if not target.exists():
            target.write_text(text, "utf-8")
        nortt = [s.hand for s in simulate(200, 200 + i, rake=False, run_it_twice=False, **cfg)]
        ptext = phh_writer.write_hands(nortt)
        h.update(ptext.encode())
        ptarget = SIM / f"sim{i}.phhs"
        if not ptarget.exists():
            ptarget.write_text(ptext, "utf-8")
    return h.hexdigest()


def files() -> list[Path]:
    out = sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.name not in ("MANIFEST.tsv",))
    return out + sorted(SIM.glob("sim*"))


def snapshot(out: Path) -> None:
    parse_bytes, import_paths, simulate, phh_writer, ohh_writer, ps_writer = _imports()
    out.mkdir(parents=True, exist_ok=True)
    meta = {"sim_hash": make_sim(simulate, ps_writer, phh_writer)}
    hands = []
    with open(out / "outcomes.txt", "w") as f:
        for path in files():
            data = path.read_bytes()
            fp = parse_bytes(data, str(path))
            f.write(f"FILE {path} fmt={fp.format} skip={fp.skip} consumed={fp.consumed}\n")
            for o in fp.outcomes:
                if o.reject is not None:
                    r = o.reject
                    f.write(f"  R {o.offset} {o.end} {r.line} {r.site} {r.reason} "
                            f"{hashlib.sha1(repr(r).encode()).hexdigest()}\n")
                else:
                    hands.append(o.hand)
                    hh = hashlib.sha1(repr(o.hand).encode()).hexdigest()
                    rh = hashlib.sha1(repr(o.replay).encode()).hexdigest()
                    codes = ",".join(x.code for x in o.replay.findings)
                    f.write(f"  H {o.offset} {o.end} {o.hand.hand_id} {hh} {rh} [{codes}]\n")
    # exports of the parsed hands
    eh = {}
    for name, w in (("phh", phh_writer), ("ps", ps_writer)):
        m = hashlib.sha256()
        for hand in hands:
            try:
                m.update(w.write_hand(hand).encode())
            except Exception as exc:  # noqa: BLE001
                m.update(f"ERR {type(exc).__name__} {exc}".encode())
        eh[name] = m.hexdigest()
    m = hashlib.sha256()
    for hand in hands:
        try:
            m.update(ohh_writer.dumps(ohh_writer.write_hand(hand)).encode())
        except Exception as exc:  # noqa: BLE001
            m.update(f"ERR {type(exc).__name__} {exc}".encode())
    eh["ohh"] = m.hexdigest()
    meta["exports"] = eh
    # store rows
    import duckdb

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "g.duckdb"
        summary = import_paths([str(CORPUS), str(SIM)], db)
        d = summary.to_dict()
        d.pop("seconds", None)
        d.pop("db", None)
        meta["summary"] = d
        con = duckdb.connect(str(db), read_only=True)
        tables = [r[0] for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' "
            "ORDER BY 1").fetchall()]  # what users read: the views, not the stored tables
        volatile = {"imported_at", "mtime", "refreshed_at", "updated_at"}
        for t in tables:
            cols = [r[0] for r in con.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                "AND table_schema = 'main' "
                "ORDER BY ordinal_position", [t]).fetchall()]
            keep = [c for c in cols if c not in volatile]
            rows = con.execute(
                f"SELECT {', '.join(chr(34) + c + chr(34) for c in keep)} FROM \"{t}\"").fetchall()
            lines = sorted(repr(r) for r in rows)
            with open(out / f"table_{t}.txt", "w") as f:
                f.write(" ".join(keep) + "\n")
                for line in lines:
                    f.write(line + "\n")
        con.close()
    (out / "meta.json").write_text(json.dumps(meta, indent=1, sort_keys=True))
    print("snapshot written", out, len(hands), "hands")


def compare(a: Path, b: Path) -> int:
    diffs = 0
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    for name in names:
        pa_, pb = a / name, b / name
        if not pa_.exists() or not pb.exists():
            print("MISSING", name, "in", a if not pa_.exists() else b)
            diffs += 1
            continue
        la, lb = pa_.read_text().splitlines(), pb.read_text().splitlines()
        if la != lb:
            sa, sb = set(la), set(lb)
            only_a, only_b = [x for x in la if x not in sb], [x for x in lb if x not in sa]
            print(f"DIFF {name}: {len(only_a)} only in A, {len(only_b)} only in B")
            for x in only_a[:5]:
                print("  A:", x[:300])
            for x in only_b[:5]:
                print("  B:", x[:300])
            diffs += max(1, len(only_a) + len(only_b))
    print("differences:", diffs)
    return 1 if diffs else 0


if __name__ == "__main__":
    if sys.argv[1] == "snapshot":
        snapshot(Path(sys.argv[2]))
    else:
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
