"""The files of the years before (issue 49): the Scorer's XML, USEBIO 1.2 and a PBN file of one
game a table, read by `basestation score` (which refused the last with "board 1 appears
twice"); a file that does not parse or contradicts itself refused with the line and the
reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from basestation.cli import app
from basestation.formats.past_session import PBN, SCORER, USEBIO, PastFileError, read_past
from basestation.formats.roster import Player
from tests.api.conftest import ok
from tests.api.scorer_night import club_night


def score(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["score", str(path), "--json"])
    return result.exit_code, result.output


def _by_pair(ranking: list[dict[str, Any]]) -> dict[tuple[str, Any, Any], dict[str, Any]]:
    return {(r.get("section", ""), r["pair"], r["direction"]): r for r in ranking}


async def test_the_stations_own_exports_read_back_and_score_the_same(
        director: httpx.AsyncClient, tmp_path: Path) -> None:
    event_id, _special = await club_night(director)
    results = await ok(await director.get(f"/api/events/{event_id}/results"))
    want = _by_pair(results["rankings"])
    for kind, route in ((SCORER, f"/api/events/{event_id}/scorer.xml"),
                        (USEBIO, "/api/exports/usebio")):
        text = (await director.get(route)).text
        past = read_past(text)
        assert past.kind == kind and past.name == "Tuesday evening"
        assert str(past.held_on) == "2026-03-17" and sorted(past.hand_records) == list(
            range(1, 11))
        assert {p.players[0].national for p in past.pairs} >= {"NZB5001"}
        path = tmp_path / f"{kind.split()[0].lower()}.xml"
        path.write_text(text, encoding="utf-8")
        code, output = score(path)
        assert code == 0, output
        got = _by_pair(json.loads(output)["ranking"])
        assert got.keys() == want.keys()
        for key, row in want.items():  # the same percentages, the same places
            assert (got[key]["pct"], got[key]["rank_label"]) == (row["pct"], row["rank_label"])
            # The Scorer's phantom lines say who sat out; USEBIO has none: totals as played.
            factored = row["factored_total"] if kind == SCORER else row["total"]
            assert got[key]["factored_total"] == factored, (kind, key)


PBN_GAMES = """% PBN 2.1
% Three tables, two boards, one game a table (as other scoring programs write them)
[Event "Thursday afternoon"]
[Date "2019.05.16"]
[Board "1"]
[North "Ann Smith"]
[South "Bob Brown"]
[East "Cy Young"]
[West "Di Dee"]
[PairId_NS "1"]
[PairId_EW "1"]
[Table "1"]
[Round "1"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "4S"]
[Declarer "S"]
[Result "10"]
[Score "NS 420"]

[Event "Thursday afternoon"]
[Board "1"]
[PairId_NS "2"]
[PairId_EW "2"]
[Table "2"]
[Round "2"]
[Contract "4S"]
[Declarer "S"]
[Result "9"]

[Event "Thursday afternoon"]
[Board "1"]
[PairId_NS "3"]
[PairId_EW "3"]
[Table "3"]
[Round "3"]
[Contract "3NTX"]
[Declarer "W"]
[Result "7"]

[Event "Thursday afternoon"]
[Board "2"]
[PairId_NS "1"]
[PairId_EW "1"]
[Table "1"]
[Round "1"]
[Contract "Pass"]

[Event "Thursday afternoon"]
[Board "2"]
[PairId_NS "2"]
[PairId_EW "2"]
[Table "2"]
[Round "2"]
[Contract "2H"]
[Declarer "N"]
[Result "8"]

[Event "Thursday afternoon"]
[Board "2"]
[PairId_NS "3"]
[PairId_EW "3"]
[Table "3"]
[Round "3"]
[Contract "1NT"]
[Declarer "E"]
[Result "8"]
"""


def test_a_pbn_file_of_one_game_a_table_is_scored(tmp_path: Path) -> None:
    past = read_past(PBN_GAMES)
    assert (past.kind, past.name, str(past.held_on)) == (PBN, "Thursday afternoon",
                                                         "2019-05-16")
    first = next(p for p in past.pairs if (p.pair, p.direction) == (1, "NS"))
    assert first.players == (Player("Ann Smith"), Player("Bob Brown"))
    path = tmp_path / "thursday.pbn"
    path.write_text(PBN_GAMES, encoding="utf-8")
    code, output = score(path)
    assert code == 0, output
    scored = json.loads(output)
    # By hand. Board 1 (none vulnerable): 4S= +420 (4), 4S-1 -50 (0), 3NTX by W two down
    # +300 (2). Board 2 (NS vulnerable): pass 0 (2), 2H= +110 (4), 1NT+1 by E -120 (0).
    # NS 1: 4 + 2 = 6 of 8; NS 2: 0 + 4 = 4; NS 3: 2 + 0 = 2.
    ns = {r["pair"]: r for r in scored["ranking"] if r["direction"] == "NS"}
    assert {p: r["total"] for p, r in ns.items()} == {1: 6, 2: 4, 3: 2}
    assert [[r["score_ns"] for r in b["results"]] for b in scored["boards"]] == [
        [420, -50, 300], [0, 110, -120]]


def test_bad_or_self_contradicting_files_are_refused_with_line_and_reason(
        tmp_path: Path) -> None:
    cases = {
        "broken.xml": ('<session club="x">\n<sections>\n</session>\n', "line 3: not well-formed"),
        "wrong_score.pbn": (PBN_GAMES.replace('[Score "NS 420"]', '[Score "NS 450"]'),
                            "line 3: board 1, NS 1 v EW 1: the score 450 is not what 4S by S "
                            "taking 10 tricks scores (420)"),
        "two_tables.pbn": (PBN_GAMES.replace('[Table "2"]\n[Round "2"]', '[Table "2"]\n'
                                             '[Round "1"]').replace(
            '[PairId_NS "2"]\n[PairId_EW "2"]\n[Table "2"]',
            '[PairId_NS "1"]\n[PairId_EW "2"]\n[Table "2"]', 1),
            "NS pair 1 has a second result on board 1"),
        "no_pairs.pbn": (PBN_GAMES.replace('[PairId_EW "3"]\n', "", 1),
                         "board 1: the game does not say its pairs"),
        "doctype.xml": ('<?xml version="1.0"?>\n<!DOCTYPE session [<!ENTITY a "b">]>\n'
                        "<session/>\n", "line 2: a DOCTYPE"),
    }
    for name, (text, said) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        code, output = score(path)
        assert code == 1 and said in output, (name, output)
        with pytest.raises(PastFileError):
            read_past(text)


async def test_a_total_its_board_results_do_not_give_is_refused(
        director: httpx.AsyncClient) -> None:
    event_id, _special = await club_night(director)
    text = (await director.get(f"/api/events/{event_id}/scorer.xml")).text
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "<pair " in line)
    total = lines[at].split('match_points="')[1].split("/")[0]
    lines[at] = lines[at].replace(f'match_points="{total}/', f'match_points="{float(total) + 5}/')
    with pytest.raises(PastFileError, match=rf"line {at + 1}: pair \d+ \w+'s total"):
        read_past("\n".join(lines))
    # A pair at two tables in one round: its second line moved to another table.
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if '<result tab="1"' in line
                 and 'rnd="1"' in line)
    moved = lines[first].replace('tab="1"', 'tab="2"').replace('bd="', 'bd="9', 1)
    lines.insert(first + 1, moved)
    with pytest.raises(PastFileError, match=rf"line {first + 2}: "):
        read_past("\n".join(lines))
