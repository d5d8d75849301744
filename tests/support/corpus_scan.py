"""Reading one site's share of the real corpus, for the ``test_*_corpus.py`` tests.

Every corpus test does the same walk: find the site's files (MANIFEST.tsv rows or corpus
folders), split each into hand chunks, parse every chunk, count each hand's outcome once
(imported, or the reject reason), and replay every imported hand for error findings. What a
test then asserts (import rate, exact reject counts, which hands may show which errors, extra
per-hand checks) is its own; the walk is here, so it is written, and fixed, once.

Counting: a hand is keyed by what identifies it in the text (most tests: its hand id), since
the corpus holds copies of the same hand in several files. A hand imported from any copy
counts as imported; otherwise the first reject reason met is its outcome.
"""

from __future__ import annotations

import ast
import csv
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from parsers import registry
from parsers.errors import ParseError, UnknownFormatError
from parsers.model import Hand
from parsers.read import split_file
from parsers.text import Chunk, decode, read_file
from pipeline.engine import Finding, Replay, Severity, replay

#: Manifest notes that mark a file as something other than a hand history. The files are still
#: split by the tests that read them, to show nothing breaks. SUMMARY rows are read like
#: histories by default: the manifest's label is a heuristic (some "summary" files hold real
#: hands), and a true tournament summary has no hand header, so it splits to nothing.
NOT_HISTORIES = ("EXPECTED-OUTPUT", "EMBEDDED")


def manifest_rows(root: Path, site: str | None = None) -> list[dict[str, str]]:
    """The rows of the corpus's MANIFEST.tsv, only ``site``'s when given."""
    with open(root / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if site is None or r["site"] == site]


def split_rows(rows: list[dict[str, str]], excluded: tuple[str, ...] = NOT_HISTORIES
               ) -> tuple[list[str], list[dict[str, str]]]:
    """(paths of the hand histories, the rows whose notes hold any of ``excluded``)."""
    others = [r for r in rows if any(m in r["notes"] for m in excluded)]
    histories = [r["path"] for r in rows if not any(m in r["notes"] for m in excluded)]
    return histories, others


def file_chunks(root: Path, paths: Iterable[str], header) -> Iterator[tuple[str, Chunk]]:
    """(path, chunk) for every hand of the files at ``paths`` (relative to ``root``), split
    at the site's ``header`` pattern."""
    for path in paths:
        chunks, _ = read_file(root / path, header)
        for chunk in chunks:
            yield path, chunk


def folder_files(root: Path, folders: Iterable[str]) -> Iterator[Path]:
    """Every file under the corpus ``folders``, in sorted order."""
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                yield path


def sniffed_chunks(root: Path, folders: Iterable[str], site, files: list[Path] | None = None,
                   marker: str | None = None) -> Iterator[tuple[str, Chunk]]:
    """(path, chunk) for every hand of the files under ``folders`` that the ``site`` module's
    sniffer claims (whatever other sniffers say), cut as its ``FORMAT`` splits.

    ``files`` collects the claimed files; a file not claimed must not hold ``marker`` (the
    text every hand of the site starts with), so no hand history goes unclaimed.
    """
    fmt = site.FORMAT
    for path in folder_files(root, folders):
        data = path.read_bytes()
        text, enc = decode(data)  # the whole text: an unclaimed file is searched for ``marker``
        if not fmt.sniff(text[: registry.SNIFF_BYTES]):
            assert marker is None or marker not in text, f"hand-history file not claimed: {path}"
            continue
        if files is not None:
            files.append(path)
        for chunk in fmt.split(text, enc, data):
            yield str(path), chunk


def detected_chunks(root: Path, folders: Iterable[str], site: str,
                    unclaimed: tuple[str, ...] = ()) -> Iterator[tuple[str, Chunk]]:
    """(path, chunk) for every hand of the files under ``folders``, each of which detection
    must give to format ``site`` alone and which must hold at least one hand; a file no
    sniffer claims is allowed only with a name ending in one of ``unclaimed`` (fpdb's
    expected outputs beside the hands)."""
    for path in folder_files(root, folders):
        try:
            split = split_file(path.read_bytes())  # AmbiguousFormatError fails the test
        except UnknownFormatError:
            assert path.name.endswith(unclaimed), path
            continue
        assert split.format.name == site, (path, split.format.name)
        assert split.chunks, path
        for chunk in split.chunks:
            yield str(path), chunk


@dataclass
class Scan:
    """What a walk over one site's hands found."""

    seen: int = 0
    #: hand key -> "ok" or the reject reason (see the module docstring)
    outcome: dict[str, str] = field(default_factory=dict)
    #: every reject by reason, copies included
    reasons: Counter[str] = field(default_factory=Counter)
    #: reason -> "path:line: error" of its first reject
    examples: dict[str, str] = field(default_factory=dict)
    #: (hand id, finding) for every error finding of every imported copy
    errors: list[tuple[str, Finding]] = field(default_factory=list)

    @property
    def unique(self) -> Counter[str]:
        """Unique hands by outcome."""
        return Counter(self.outcome.values())

    @property
    def holdem(self) -> int:
        """Unique hands of a game the parsers read (every outcome but unsupported_game)."""
        return sum(n for reason, n in self.unique.items() if reason != "unsupported_game")

    @property
    def rate(self) -> float:
        """The hold'em import rate over unique hands."""
        return self.unique["ok"] / self.holdem

    def rejects(self) -> dict[str, int]:
        """Unique hands by reject reason, the expected unsupported games left out."""
        return {r: n for r, n in self.unique.items() if r not in ("ok", "unsupported_game")}

    def error_codes(self) -> set[tuple[str, str]]:
        """(hand id, code) of every error finding."""
        return {(hand_id, f.code) for hand_id, f in self.errors}

    def unexplained(self, known: Iterable[str] = ()) -> dict[str, list[str]]:
        """Hand id -> "code: message" of the error findings of hands not in ``known``."""
        known = set(known)
        out: dict[str, list[str]] = {}
        for hand_id, f in self.errors:
            if hand_id not in known:
                out.setdefault(hand_id, []).append(f"{f.code}: {f.message}")
        return out

    def summary(self, label: str) -> str:
        """A few lines for ``pytest -s`` after ``label`` ("Winamax corpus: files=83"): counts,
        outcomes, one example per reject reason."""
        rate = f"; hold'em import rate {self.rate:.4%}" if self.holdem else ""
        lines = [f"\n{label} hands_seen={self.seen} unique={len(self.outcome)}",
                 f"unique by outcome: {dict(self.unique)}{rate}",
                 f"rejects by reason (all copies): {dict(self.reasons)}"]
        lines += [f"  {reason}: {example[:200]}" for reason, example in self.examples.items()]
        return "\n".join(lines)


def scan(chunks: Iterable[tuple[str, Chunk]], parse: Callable[[Chunk, str], Hand],
         key: Callable[[Chunk], str], *, ok_by_hand_id: bool = False,
         check: Callable[[Chunk, Hand, Replay], None] | None = None) -> Scan:
    """Parse and replay every (path, chunk); only a ParseError may escape ``parse``, and it
    must carry a reason.

    ``key`` names a chunk's hand in ``outcome``; with ``ok_by_hand_id`` an imported hand is
    counted under its parsed hand id instead (where the text's key is only a fallback for
    rejects). ``check(chunk, hand, replay)`` runs a test's own assertions on each import.
    """
    s = Scan()
    for path, chunk in chunks:
        s.seen += 1
        k = key(chunk)
        try:
            hand = parse(chunk, path)
        except ParseError as err:  # anything else fails the test by escaping
            assert err.reason, f"reject without a reason: {err}"
            s.reasons[err.reason] += 1
            s.examples.setdefault(err.reason, f"{path}:{chunk.line + err.line - 1}: {err}")
            s.outcome.setdefault(k, err.reason)
            continue
        s.outcome[hand.hand_id if ok_by_hand_id else k] = "ok"
        r = replay(hand)
        s.errors += [(hand.hand_id, f) for f in r.findings if f.severity is Severity.ERROR]
        if check is not None:
            check(chunk, hand, r)
    return s


def fpdb_expected(path: Path) -> dict[str, dict]:
    """An fpdb ``.hp`` expected-output file: player -> row (amounts in cents)."""
    return ast.literal_eval(path.read_text(encoding="utf-8"))
