"""`basestation demo --format ... --json` end to end: every format played through the real
station on simulated pads, and the printed standings checked from the printed results."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest
from typer.testing import CliRunner

from basestation.cli import app
from basestation.scoring.imps import butler_imps, imps
from basestation.scoring.vp import VpScale, vp

pytestmark = pytest.mark.integration


def _demo(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "basestation", "demo", "--exit-when-done", "--json",
         "--speed", "3000", *args],
        capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    data: dict[str, Any] = json.loads(done.stdout)
    assert data["summary"]["mismatches"] == 0
    return data


def _scores(data: dict[str, Any]) -> dict[tuple[int, int, int], int]:
    return {(r["round"], r["table"], r["board"]): r["score_ns"] for r in data["results"]}


def _check_matches(data: dict[str, Any], *, pairs: bool) -> None:
    """Recomputes every match from the results, and the standings from the matches."""
    scores = _scores(data)
    [section] = data["sections"]
    vps: dict[int, Decimal] = defaultdict(Decimal)
    for match in section["matches"]:
        assert match["finished"]
        round_ = match["round"]
        if pairs:
            # Swiss pairs: each board's datum is over every table of the round.
            [table] = match["tables"]
            won = []
            for board in match["boards"]:
                tables = sorted(t for (r, t, b) in scores if r == round_ and b == board)
                field = [scores[(round_, t, board)] for t in tables]
                won.append(butler_imps(field, 1)[tables.index(table)])
        else:
            home, away = zip(match["rounds"], match["tables"], strict=True)
            won = [imps(scores[(*home, b)] - scores[(*away, b)]) for b in match["boards"]]
        assert match["imps_a"] == sum(i for i in won if i > 0)
        assert match["imps_b"] == -sum(i for i in won if i < 0)
        vp_a = vp(VpScale.CONTINUOUS, len(match["boards"]), sum(won))
        assert Decimal(str(match["vp_a"])) == vp_a
        vps[match["a"]] += vp_a
        vps[match["b"]] += 20 - vp_a
    table = section["standings"]
    assert {row["entrant"]: Decimal(str(row["vps"])) for row in table} == dict(vps)
    ordered = [(-row["vps"], -row["swiss_points"], -row["imps"]) for row in table]
    assert ordered == sorted(ordered)  # VPs, then Swiss points, then IMPs


def _no_repeats(data: dict[str, Any]) -> None:
    met = [frozenset((m["a"], m["b"])) for m in data["sections"][0]["matches"]]
    assert len(met) == len(set(met))


def test_teams_round_robin() -> None:
    data = _demo("--format", "teams", "--entrants", "4", "--boards-per-match", "3")
    assert data["format"] == "teams" and data["rounds"] == 3
    assert len(data["results"]) == 3 * 4 * 3  # rounds x tables x boards
    _check_matches(data, pairs=False)
    _no_repeats(data)


def test_an_odd_number_of_teams_plays_an_american_whist() -> None:
    # club-directors-manual.txt, "Deciding the team format": "Odd numbers between 5 and 13
    # can play an American Whist movement"; the two halves of a match are played apart.
    data = _demo("--format", "teams", "--entrants", "5", "--boards-per-match", "2")
    assert data["rounds"] == 4 and len(data["results"]) == 4 * 5 * 2
    matches = data["sections"][0]["matches"]
    assert len(matches) == 10 and all(m["rounds"][0] != m["rounds"][1] for m in matches)
    _check_matches(data, pairs=False)
    _no_repeats(data)


def test_swiss_teams_draws_each_round_from_the_standings() -> None:
    data = _demo("--format", "swiss-teams", "--entrants", "8", "--rounds", "3",
                 "--boards-per-match", "3")
    section = data["sections"][0]
    assert section["rounds_drawn"] == 3
    # club-directors-manual.txt, "Seeding and Draw for Swiss - Patrick Carter": rounds 1 and
    # 2 are seeded (8 entries: 1 v 5 .. 4 v 8, then 1 v 4, 2 v 3, 5 v 8, 6 v 7).
    by_round = defaultdict(list)
    for match in section["matches"]:
        by_round[match["round"]].append((match["a"], match["b"]))
    assert by_round[1] == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert by_round[2] == [(1, 4), (2, 3), (5, 8), (6, 7)]
    _check_matches(data, pairs=False)
    _no_repeats(data)


def test_swiss_pairs_against_the_datum() -> None:
    data = _demo("--format", "swiss-pairs", "--entrants", "8", "--rounds", "3",
                 "--boards-per-match", "2")
    _check_matches(data, pairs=True)
    _no_repeats(data)


def test_pairs_json_keeps_the_pairs_demo() -> None:
    data = _demo("--tables", "3")
    assert data["format"] == "pairs"
    assert len(data["results"]) == data["summary"]["planned"]
    assert {row["direction"] for row in data["standings"]} == {"NS", "EW"}


def test_an_odd_swiss_teams_field_plays_a_troika() -> None:
    # club-directors-manual.txt, "Deciding the team format": "Larger odd numbers should play
    # a Swiss format with a Troika."
    data = _demo("--format", "swiss-teams", "--entrants", "7", "--rounds", "4",
                 "--boards-per-match", "2")
    matches = data["sections"][0]["matches"]
    troika = [m for m in matches if m["rounds"][0] != m["rounds"][1]]
    assert len(troika) == 6  # two Troikas of three matches
    assert {frozenset((m["a"], m["b"])) for m in troika if m["round"] == 1} == {
        frozenset((5, 6)), frozenset((5, 7)), frozenset((6, 7))}  # the bottom three seeds
    _check_matches(data, pairs=False)
    _no_repeats(data)


def test_an_odd_field_is_refused_plainly() -> None:
    # In this process (as the next test): the command refuses before it starts anything, and
    # a process of its own cost 3.5 s of CPU a refusal, its imports.
    for args, why in ((["swiss-pairs", "--entrants", "7"], "even number of pairs"),
                      (["swiss-teams", "--entrants", "7", "--rounds", "3"], "must be even")):
        done = CliRunner().invoke(app, ["demo", "--exit-when-done", "--json", "--format", *args])
        assert done.exit_code != 0
        assert why in done.stderr


def test_hand_records_short_of_the_events_boards_are_refused_plainly(tmp_path: Any) -> None:
    pbn = tmp_path / "two.pbn"
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    pbn.write_text("".join(f'[Board "{b}"]\n[Deal "{deal}"]\n\n' for b in (1, 2)))
    done = CliRunner().invoke(app, ["demo", "--exit-when-done", "--json", "--format", "teams",
                                    "--entrants", "4", "--hand-records", str(pbn)])
    assert done.exit_code != 0
    assert "no board 3" in done.stderr
