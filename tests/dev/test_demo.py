"""`make demo` prints what users get: the stats as the CLI's table, not an object's repr."""

from __future__ import annotations

from pipeline.dev import demo


def test_the_demo_prints_the_stats_table(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    demo.main()
    out = capsys.readouterr().out
    stats = out.split("== sidepot stats\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert stats[0].split()[:3] == ["player", "site", "currency"]
    assert set(stats[1]) <= {"-", " "}
    assert any(line.startswith("sidepot_hero ") for line in stats[2:])
    assert "Grid(" not in out
    assert (tmp_path / "demo.duckdb").exists() and (tmp_path / "demo-winnings.png").exists()
