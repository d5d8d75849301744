"""`make corpus-report`: how every site's parser and the engine fare on a folder of real files.

For each format: files claimed, hand chunks seen, unique hands (by site and hand id), hands
imported, rejects by reason (unique by hand text), and the engine's error and warning findings
by code on the unique imported hands, plus the hold'em import rate (imported / hold'em hands,
where every reject but ``unsupported_game`` counts as a hold'em hand we failed) and the
imported hands that had lines read past (``ignored_line`` findings: hands, and lines).
Files no format claims that hold hand histories (:func:`parsers.shape.looks_like_hands`) are
counted in their own row, ``(unknown format)``: each of their hands is a reject
``unknown_format``, as the import stores it.

This reads the files in place and stores nothing: it is the measurement behind the parsers'
acceptance numbers, rerunnable by anyone with the corpus (../shared/corpus or a path given).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from parsers.errors import AmbiguousFormatError, UnknownFormatError
from parsers.read import split_file
from parsers.shape import looks_like_hands, split_unknown
from parsers.text import decode
from pipeline.engine import replay
from pipeline.engine.result import Severity
from pipeline.ingest.parse import leading_reject

REPO = Path(__file__).resolve().parents[2]


@dataclass
class SiteTally:
    """Counts for one format; unique sets keep duplicate copies of a hand from counting twice."""

    files: int = 0
    chunks: int = 0
    imported: set[str] = field(default_factory=set)
    imported_heads: set[str] = field(default_factory=set)  # first lines of imported hands
    rejected: dict[str, str] = field(default_factory=dict)  # text digest -> reason
    heads: dict[str, str] = field(default_factory=dict)  # text digest -> first line
    examples: dict[str, str] = field(default_factory=dict)  # reason -> "file:line detail"
    errors: Counter[str] = field(default_factory=Counter)
    warnings: Counter[str] = field(default_factory=Counter)
    ignored_hands: int = 0  # imported hands with at least one line read past
    ignored: Counter[str] = field(default_factory=Counter)  # ignored line text -> times
    unknown_files: list[str] = field(default_factory=list)
    error_hands: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def row(self) -> dict[str, object]:
        # a broken copy of a hand that imported elsewhere (same header line) loses nothing
        reasons = Counter(
            reason for digest, reason in self.rejected.items()
            if self.heads.get(digest) not in self.imported_heads
        )
        failed = sum(n for r, n in reasons.items() if r != "unsupported_game")
        holdem = len(self.imported) + failed
        return {
            "files": self.files,
            "hands_seen": self.chunks,
            "unique": len(self.imported) + sum(reasons.values()),
            "imported": len(self.imported),
            "rejected_by_reason": dict(reasons),
            "holdem_import_rate": round(len(self.imported) / holdem, 5) if holdem else None,
            "error_findings": dict(self.errors),
            "ignored_line_hands": self.ignored_hands,
            "ignored_lines": sum(self.ignored.values()),
            "ignored_line_texts": dict(self.ignored.most_common(40)),
            "unknown_format_files": self.unknown_files,
            "warning_findings": dict(self.warnings),
            "hands_with_errors": {c: sorted(h)[:20] for c, h in self.error_hands.items()},
            "reject_examples": self.examples,
        }


def _head(text: str) -> str:
    return text.lstrip().split("\n", 1)[0].strip()


def _manifest_marks(root: Path) -> dict[Path, str]:
    """MANIFEST.tsv's marks per file (EMBEDDED, EXPECTED-OUTPUT, CONVERTED...), where present:
    in ``root`` or a parent of it (so one site's folder can be measured alone)."""
    base = root.resolve()
    for folder in (base, *base.parents):
        manifest = folder / "MANIFEST.tsv"
        if manifest.is_file():
            break
    else:
        return {}
    marks: dict[Path, str] = {}
    for line in manifest.read_text(encoding="utf-8").splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) >= 10:
            marks[folder / cols[0]] = cols[9]
    return marks


#: The row of files no format claims that hold hand histories.
UNKNOWN = "(unknown format)"


def _unclaimed(data: bytes, path: Path, root: Path, tally: SiteTally) -> None:
    """A file no format claims: counted only when it holds hand histories, each piece of it a
    reject ``unknown_format`` (as :mod:`pipeline.ingest.parse` stores it)."""
    text, encoding = decode(data)
    if not looks_like_hands(text):
        return
    tally.files += 1
    tally.unknown_files.append(str(path.relative_to(root)))
    for chunk in split_unknown(text, encoding, data):
        tally.chunks += 1
        digest = hashlib.sha1(chunk.text.strip().encode()).hexdigest()
        tally.rejected.setdefault(digest, "unknown_format")
        tally.heads.setdefault(digest, _head(chunk.text))
        where = f"{path.relative_to(root)}:{chunk.line}"
        tally.examples.setdefault("unknown_format", f"{where} {_head(chunk.text)}"[:200])


def measure(root: Path) -> dict[str, dict[str, object]]:
    """Per format counts. Files the manifest marks EMBEDDED (hands inside test source code) or
    EXPECTED-OUTPUT are not hand-history files and are left out; CONVERTED files (written by a
    converter, not the site) are counted under their own row, "<format> (converted)"."""
    marks = _manifest_marks(root)
    tallies: dict[str, SiteTally] = defaultdict(SiteTally)
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        mark = marks.get(path.resolve(), "")
        if "EMBEDDED" in mark or "EXPECTED-OUTPUT" in mark:
            continue
        data = path.read_bytes()
        try:
            split = split_file(data)
        except AmbiguousFormatError:
            continue
        except UnknownFormatError:
            _unclaimed(data, path, root, tallies[UNKNOWN])
            continue
        if not split.chunks:  # claimed, but no hand header where the format cuts hands
            _unclaimed(data, path, root, tallies[UNKNOWN])
            continue
        tally = tallies[split.format.name + (" (converted)" if "CONVERTED" in mark else "")]
        tally.files += 1
        for lead in leading_reject(split.text, split.chunks[0], str(path), split.format):
            tally.chunks += 1  # the end of a hand the file does not start: a reject, as stored
            digest = hashlib.sha1(lead.reject.raw_text.strip().encode()).hexdigest()
            tally.rejected.setdefault(digest, lead.reject.reason)
            tally.heads.setdefault(digest, _head(lead.reject.raw_text))
            tally.examples.setdefault(lead.reject.reason,
                                      f"{path.relative_to(root)}:1 {lead.reject.detail}"[:200])
        for outcome in split.hands(str(path)):
            chunk, hand, err = outcome.chunk, outcome.hand, outcome.error
            tally.chunks += 1
            if hand is None:
                digest = hashlib.sha1(chunk.text.strip().encode()).hexdigest()
                tally.rejected.setdefault(digest, err.reason)
                tally.heads.setdefault(digest, _head(chunk.text))
                where = f"{path.relative_to(root)}:{chunk.line + max(err.line - 1, 0)}"
                tally.examples.setdefault(err.reason, f"{where} {err.detail}"[:200])
                continue
            if hand.hand_id in tally.imported:
                continue
            tally.imported.add(hand.hand_id)
            tally.imported_heads.add(_head(chunk.text))
            if hand.ignored_lines:
                tally.ignored_hands += 1
                tally.ignored.update(ig.text for ig in hand.ignored_lines)
            for f in replay(hand).findings:
                if f.severity is Severity.ERROR:
                    tally.errors[f.code] += 1
                    tally.error_hands[f.code].append(hand.hand_id)
                elif f.severity is Severity.WARNING:
                    tally.warnings[f.code] += 1
    return {name: t.row() for name, t in sorted(tallies.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=str(REPO.parent / "shared" / "corpus"))
    parser.add_argument("--json", action="store_true", help="full JSON (with examples)")
    args = parser.parse_args(argv)
    root = Path(args.root)
    if not root.is_dir():
        print(f"corpus-report: no folder at {root}", file=sys.stderr)
        return 1
    rows = measure(root)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    print(f"{'format':<23}{'files':>6}{'seen':>8}{'unique':>8}{'imported':>9}{'holdem%':>9}"
          f"{'ignored':>8}{'errors':>8}  rejects by reason; error findings by code")
    for name, r in rows.items():
        rate = r["holdem_import_rate"]
        rate_text = f"{100 * rate:.2f}" if rate is not None else "-"
        errors = sum(r["error_findings"].values())
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(r["rejected_by_reason"].items()))
        codes = ", ".join(f"{k} {v}" for k, v in sorted(r["error_findings"].items()))
        print(f"{name:<23}{r['files']:>6}{r['hands_seen']:>8}{r['unique']:>8}{r['imported']:>9}"
              f"{rate_text:>9}{r['ignored_line_hands']:>8}{errors:>8}  {reasons}"
              + (f"; errors: {codes}" if codes else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
