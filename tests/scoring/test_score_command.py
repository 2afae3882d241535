"""`basestation score`: traveller JSON in, scored JSON out; errors name board and pair."""

from __future__ import annotations

import json
from pathlib import Path

from endplay.parsers import pbn as endplay_pbn
from typer.testing import CliRunner

from basestation.cli import app
from tests.formats.test_pbn_export import assert_export_format

# The Traveller JSON example (docs/ARCHITECTURE.md, Contracts), with board 1's passed-out
# and adjusted lines.
TRAVELLER = {
    "scoring": "matchpoints",
    "boards": [{"board": 1, "vulnerable": "None", "dealer": "N", "results": [
        {"ns": 1, "ew": 1, "contract": "4S", "declarer": "S", "tricks": 10, "lead": "HK"},
        {"ns": 2, "ew": 2, "contract": "3NTX", "declarer": "E", "tricks": 7},
        {"ns": 3, "ew": 3, "contract": "PASS"},
        {"ns": 4, "ew": 4, "adjusted": "60/40"},
        {"ns": 5, "ew": 5, "contract": "4H", "declarer": "N", "tricks": 10, "arrowswitch": True},
        {"ns": 6, "ew": 6, "contract": "4H", "declarer": "N", "tricks": 9, "fouled": True},
        {"ns": 7, "ew": 7, "score_ns": 420}]}],
}


def test_score_json(tmp_path: Path) -> None:
    path = tmp_path / "travellers.json"
    path.write_text(json.dumps(TRAVELLER))
    outcome = CliRunner().invoke(app, ["score", str(path), "--regulations", "ebu", "--json"])
    assert outcome.exit_code == 0, outcome.output
    scored = json.loads(outcome.stdout)
    assert scored["regulations"] == "ebu" and scored["scale"] == "double"
    board = scored["boards"][0]
    assert board["top"] == 12
    assert set(board["results"][0]) == {"ns", "ew", "score_ns", "mp_ns", "mp_ew", "pct_ns",
                                        "pct_ew", "imp_ns"}
    assert board["results"][3]["mp_ns"] == 7.2  # 60% of 12
    assert board["results"][2]["score_ns"] == 0
    assert {entry["direction"] for entry in scored["ranking"]} == {"NS", "EW"}
    assert {"pair", "direction", "total", "pct", "rank"} <= set(scored["ranking"][0])


def test_score_table_and_out_files(tmp_path: Path) -> None:
    path = tmp_path / "travellers.json"
    path.write_text(json.dumps(TRAVELLER))
    for name in ("results.pbn", "results.xml"):
        outcome = CliRunner().invoke(app, ["score", str(path), "--out", str(tmp_path / name)])
        assert outcome.exit_code == 0, outcome.output
        assert "Ranking" in outcome.stdout
    written = (tmp_path / "results.pbn").read_bytes().decode()  # as written: CR LF kept
    assert "[TotalScoreTable" in written
    assert_export_format(written)  # PBN 2.1's export format, which endplay reads back
    assert [b.board_num for b in endplay_pbn.loads(written)] == [
        b["board"] for b in TRAVELLER["boards"]]
    assert "<USEBIO" in (tmp_path / "results.xml").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "results.pbn", "results.xml", "travellers.json"]


def test_bad_input_exits_non_zero_and_writes_nothing(tmp_path: Path) -> None:
    bad = json.loads(json.dumps(TRAVELLER))
    bad["boards"][0]["results"][1]["tricks"] = 14
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    out = tmp_path / "results.pbn"
    outcome = CliRunner().invoke(app, ["score", str(path), "--json", "--out", str(out)])
    assert outcome.exit_code == 1
    assert "board 1, NS 2 v EW 2: tricks must be 0 to 13, not 14" in outcome.output
    assert not out.exists()
    unknown = CliRunner().invoke(app, ["score", str(path), "--regulations", "wbf"])
    assert unknown.exit_code == 1 and "presets are acbl, ebu, nz, pl" in unknown.output
