"""`basestation swiss-bench`: figures for the Swiss draw at 100+ entrants."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from basestation.cli import app
from basestation.scoring.swiss_bench import congress


def test_swiss_bench_prints_each_case_for_the_field_asked() -> None:
    # 20 entrants reach each case, the whole field matched too; 100 took 4 s of CPU (71 s in
    # a busy suite), a benchmark's run that `basestation swiss-bench` makes by default.
    done = CliRunner().invoke(app, ["swiss-bench", "--entrants", "20", "--json"])
    assert done.exit_code == 0, done.output
    figures = json.loads(done.output)
    assert set(figures) == {
        "swiss_draw_20_round8_ms",
        "swiss_draw_20_matching_ms",
        "swiss_draw_20_whole_field_ms",
    }
    assert all(value >= 0 for value in figures.values())


def test_swiss_bench_refuses_an_odd_field() -> None:
    done = CliRunner().invoke(app, ["swiss-bench", "--entrants", "101"])
    assert done.exit_code != 0
    assert "even" in done.output


def test_a_congress_night_is_drawn_fast() -> None:
    # `bench --json` (the swiss stage) and `swiss-bench` report these two figures.
    figures = congress(rounds=6)
    assert set(figures) == {"swiss_draw_120_ms", "troika_draw_121_ms"}
    assert all(0 <= value < 5000 for value in figures.values())  # loose: a busy machine
