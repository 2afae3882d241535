"""Hand records from PBN (endplay) and the club's player list from CSV."""

from __future__ import annotations

import pytest
from endplay.parsers import pbn

from basestation.formats.handrecords import MAX_DEALS, HandRecordError, parse_hand_records
from basestation.formats.players import PlayerListError, parse_players

PBN = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

[Event "Club"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
"""


def test_deals_are_read_by_board() -> None:
    deals = parse_hand_records(PBN)
    assert sorted(deals) == [1, 2]
    assert deals[1] == "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    # Board 2's deal starts at East; it comes back starting at North.
    assert deals[2].startswith("N:432.AKQJ.T98.765 ")


def test_a_file_with_no_boards_is_refused() -> None:
    with pytest.raises(HandRecordError, match="no boards"):
        parse_hand_records("")


def test_more_deals_than_the_station_takes_are_refused_before_they_are_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    boards = [f'[Board "{n}"]\n[Deal "{deal}"]\n' for n in range(1, MAX_DEALS + 2)]
    assert len(parse_hand_records("\n".join(boards[:MAX_DEALS]))) == MAX_DEALS
    monkeypatch.setattr(pbn, "loads", lambda _: pytest.fail("parsed"))
    with pytest.raises(HandRecordError) as refused:
        parse_hand_records("\n".join(boards))
    assert str(refused.value) == (f"the file holds {MAX_DEALS + 1} deals; the station takes "
                                  f"at most {MAX_DEALS}: keep this session's boards")


def test_players_with_or_without_a_header() -> None:
    assert parse_players("number,name\n101,Ann Smith\n102,\"Bo, Jr\"\n") == {
        101: "Ann Smith", 102: "Bo, Jr"}
    assert parse_players("7,Cy\n\n") == {7: "Cy"}


@pytest.mark.parametrize(("text", "problem"), [
    ("1,Ann\n1,Bea\n", "appears twice"),
    ("1,Ann\nx,Bea\n", "line 2"),
    ("1,\n", "line 1"),
])
def test_a_bad_player_row_is_named(text: str, problem: str) -> None:
    with pytest.raises(PlayerListError, match=problem):
        parse_players(text)
