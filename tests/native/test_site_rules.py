"""The per-site rules table of the native engine (engine/sites.rs) is the Python engine's
(pipeline/engine/sites.py), field for field, for every site either table names: the two
cores replay a hand by the same conventions or their rows could not be identical.

A site the Python table lists with the generic rules needs no Rust entry (the Rust table
gives every unlisted site the generic rules too); any other entry must be in both.
"""

from __future__ import annotations

import dataclasses
import enum

import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

from pipeline.engine import sites  # noqa: E402


def _fields(rules: sites.SiteRules) -> dict[str, str]:
    out = {}
    for f in dataclasses.fields(rules):
        v = getattr(rules, f.name)
        out[f.name] = v.value if isinstance(v, enum.Enum) else str(v)
    return out


def test_both_cores_read_the_same_rules_for_every_site() -> None:
    table = {site: dict(fields) for site, fields in native.site_rules()}
    generic = table.pop("")
    assert generic == _fields(sites.GENERIC)
    named = set(table) | set(sites._RULES)
    assert {"pokerstars", "ggpoker", "ignition"} <= named
    for site in sorted(named):
        assert table.get(site, generic) == _fields(sites.rules_for(site)), site


def test_no_site_the_native_core_reads_runs_the_old_rules() -> None:
    """LEGACY (the rules before the per-site table) is no site's entry in either core: the
    sites the native core reads (and PHH, which reads its venue's) have their own answers."""
    legacy = _fields(sites.LEGACY)
    table = dict(native.site_rules())
    for site in ("pokerstars", "ggpoker", "ignition", "phh", ""):
        assert dict(table.get(site, table[""])) != legacy, site
        assert sites.rules_for(site) != sites.LEGACY, site
    assert sites.rules_for("ignition").extra_small_blind is sites.Liveness.FROM_LOG


def test_the_rust_table_names_every_field() -> None:
    want = {f.name for f in dataclasses.fields(sites.SiteRules)}
    for site, fields in native.site_rules():
        assert {k for k, _ in fields} == want, site


# ---- both cores alike under every rule set ---------------------------------------------------

#: The rule sets of sites.py a site can be given (the names the native hook knows).
RULE_SETS = ("GENERIC", "_DEAD", "LEGACY", "_BIG_THREE")


def _money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


def mutate_posts(text: str, seed: int) -> str:
    """Each simulated PokerStars hand with one change aimed at a per-site rule: an extra small
    blind from a seat outside the blinds, one post of small plus big blind, a zero post, a
    returning big blind whose player then leaves (his actions dropped), header stakes that
    are not the posted blinds (the previous level), or a preflop fold printed ahead of its
    turn (an advance fold)."""
    import random
    import re

    rng = random.Random(seed)
    out = []
    for hand in text.split("\n\n\n"):
        lines = hand.split("\n")
        sb_at = next((i for i, x in enumerate(lines) if ": posts small blind $" in x), None)
        bb_at = next((i for i, x in enumerate(lines) if ": posts big blind $" in x), None)
        hole = next((i for i, x in enumerate(lines) if x.startswith("*** HOLE CARDS")), None)
        if sb_at is None or bb_at is None or hole is None:
            out.append(hand)
            continue
        sb = round(float(lines[sb_at].rsplit("$", 1)[1].split()[0]) * 100)
        bb = round(float(lines[bb_at].rsplit("$", 1)[1].split()[0]) * 100)
        actors = [x.split(": ", 1)[0] for x in lines[hole + 1:] if re.search(
            r": (folds|calls|raises|checks|bets)", x)]
        blinds = {lines[sb_at].split(": ", 1)[0], lines[bb_at].split(": ", 1)[0]}
        others = [a for a in dict.fromkeys(actors) if a not in blinds]
        kind = rng.randrange(6)
        if not others and kind != 4:
            kind = 4
        who = rng.choice(others) if others else ""
        if kind == 0:
            lines.insert(bb_at + 1, f"{who}: posts small blind {_money(sb)}")
        elif kind == 1:
            lines.insert(bb_at + 1, f"{who}: posts big blind {_money(sb + bb)}")
        elif kind == 2:
            lines.insert(bb_at + 1, f"{who}: posts big blind $0.00")
        elif kind == 3:
            body = [x for x in lines[hole + 1:] if not (x.startswith(f"{who}: ") and re.search(
                r": (folds|calls|raises|checks|bets)", x))]
            lines = lines[:bb_at + 1] + [f"{who}: posts big blind {_money(bb)}"] + \
                lines[bb_at + 1:hole + 1] + body
        elif kind == 4:
            lines[0] = lines[0].replace(f"({_money(sb)}/{_money(bb)}",
                                        f"({_money(2 * sb)}/{_money(2 * bb)}", 1)
        else:  # the last preflop fold printed first, right after the hole cards
            street_end = next((i for i in range(hole + 1, len(lines))
                               if lines[i].startswith("*** ")), len(lines))
            folds = [i for i in range(hole + 1, street_end) if lines[i].endswith(": folds")]
            if folds:
                line = lines.pop(folds[-1])
                dealt = hole + 1
                while dealt < len(lines) and lines[dealt].startswith("Dealt to "):
                    dealt += 1
                lines.insert(dealt, line)
        out.append("\n".join(lines))
    return "\n\n\n".join(out)


def _report(name: str, t) -> None:  # noqa: ANN001 - a parity Tally
    print(f"\n{name}: {t.line()}\n  deferred by reason: {dict(t.deferred.most_common())}")
    assert not t.mismatches, "\n".join(t.mismatches[:20])


@pytest.mark.parametrize("name", RULE_SETS)
def test_pokerstars_hands_alike_under_every_rule_set(name: str, give_rules) -> None:  # noqa: ANN001
    """Simulated hands with posts aimed at each rule, and randomly mutated hands, through both
    cores with PokerStars given each rule set in turn: every row identical."""
    from tests.native.parity import Tally, compare_file, run_mutated, sim_configs, simulated_text

    give_rules("pokerstars", name)
    t = Tally()
    for k, (kind, kw) in enumerate(sim_configs()):
        text = mutate_posts(simulated_text(40, 300 + k, **kw), 300 + k)
        compare_file(text.encode(), f"posts-{kind}.txt", t)
    run_mutated(t, 20, seed=31)
    _report(f"pokerstars as {name}", t)
    assert t.compared > 0.7 * t.chunks


@pytest.mark.corpus
@pytest.mark.parametrize("fmt", ("ggpoker", "ignition"))
def test_mutated_site_hands_alike_under_the_generic_rules(fmt: str, give_rules) -> None:  # noqa: ANN001
    from tests.native.parity_sites import SiteTally, compare_site_file, corpus_files, mutate_hands

    files = corpus_files(fmt)
    if not files:
        pytest.skip("real corpus not present (../shared/corpus or $SIDEPOT_CORPUS)")
    give_rules(fmt, "GENERIC")
    t = SiteTally()
    for k, p in enumerate(files[::25]):
        compare_site_file(mutate_hands(p.read_bytes(), fmt, 500 + k), f"mutated-{p.name}", fmt, t)
    print(f"\n{fmt} as GENERIC: {t.line()}")
    assert not t.mismatches, "\n".join(t.mismatches[:20])
