"""PBN ScoreTable reading (quote-aware) and writing, and USEBIO output."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from basestation.formats.pbn_scores import read_pbn_traveller, split_row, write_pbn_scores
from basestation.formats.usebio import write_usebio
from basestation.scoring import ScoringError, parse_traveller_json, regulations, score_session

PBN = '''% PBN 2.1
[Event "Tuesday pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Names_NS\\20L;Contract\\5L;Declarer;Result;Lead"]
 1  1 "Ann Smith - Bob Jones"  4S  S 10 HK
 2  2 "O'Neil \\"Jr\\" - Lee"   3NTX E  7 -
 3  3 "Pat - Sam"              Pass - - -

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]
1 2 620 -
2 3 - 100
3 1 170 -
'''


def test_split_row_keeps_quoted_values_whole() -> None:
    row = ' 1  1 "Ann Smith - Bob Jones"  4S'
    assert split_row(row) == ["1", "1", "Ann Smith - Bob Jones", "4S"]
    assert split_row('2 "say \\"hi\\"" x') == ["2", 'say "hi"', "x"]
    with pytest.raises(ValueError, match="unclosed"):
        split_row('1 "open')


def test_read_pbn_score_tables() -> None:
    data = read_pbn_traveller(PBN)
    session = parse_traveller_json(data)
    first = session.boards[0].results
    assert [r.score_ns for r in first] == [420, 300, 0]
    assert first[0].lead == "HK"
    assert [r.score_ns for r in session.boards[1].results] == [620, -100, 170]


def test_bad_pbn_rows_name_board_and_line() -> None:
    with pytest.raises(ScoringError, match="board 1, line 9: 5 values for 7 columns"):
        short_row = PBN.replace(' 3  3 "Pat - Sam"              Pass - - -', "3 3 x Pass -")
        read_pbn_traveller(short_row)


def test_write_pbn_and_read_it_back() -> None:
    scored = score_session(parse_traveller_json(read_pbn_traveller(PBN)), regulations("nz"))
    text = write_pbn_scores(scored)
    assert "MP_NS" in text and "Percentage_EW" in text and "[TotalScoreTable" in text
    again = parse_traveller_json(read_pbn_traveller(text))
    assert [r.score_ns for r in again.boards[0].results] == [420, 300, 0]


def test_usebio_has_participants_and_traveller_lines() -> None:
    scored = score_session(parse_traveller_json(read_pbn_traveller(PBN)), regulations("ebu"))
    root = ET.fromstring(write_usebio(scored).split("\n", 1)[1])
    assert root.tag == "USEBIO"
    lines = root.findall("./EVENT/BOARD/TRAVELLER_LINE")
    assert len(lines) == 6
    assert lines[0].findtext("NS_MATCH_POINTS") == "4.0"
    assert len(root.findall("./EVENT/PARTICIPANTS/PAIR")) == 6
