"""The small session the kit serves a pad under test: one table, two rounds, and the result
the players enter on each board. Pure."""

from __future__ import annotations

from collections.abc import Iterable

from basestation.domain.board import vulnerability_of
from basestation.domain.contract import parse_contract, score_ns
from firmware_protocol.messages import GameData, NotPlayed, Result, RoundInfo, Seat

SECTION = "A"
TABLE = 1
NS, EW = 1, 2
ROUNDS = (RoundInfo(1, NS, EW, (1, 2, 3, 4)), RoundInfo(2, NS, EW, (5, 6, 7, 8, 9, 10)))
# What the players enter, board by board: contract, declarer, tricks, lead.
PLAYED: dict[int, tuple[str, Seat | None, int | None, str | None]] = {
    1: ("4S", Seat.S, 10, "HK"), 2: ("3NT", Seat.N, 9, "S4"), 3: ("2H", Seat.E, 8, "CA"),
    4: ("PASS", None, None, None), 5: ("1NT", Seat.W, 6, "D10"), 6: ("5DX", Seat.N, 10, "SA"),
    7: ("3C", Seat.S, 9, "H2"), 8: ("6H", Seat.E, 12, "C5"), 9: ("2S", Seat.N, 8, "DQ"),
    10: ("4H", Seat.W, 10, "SK"),
}


def round_of(board: int) -> int:
    return next(info.round for info in ROUNDS if board in info.boards)


def entry(board: int) -> Result:
    """The result the players enter on `board`."""
    contract, declarer, tricks, lead = PLAYED[board]
    return Result(SECTION, TABLE, round_of(board), board, NS, EW, contract, declarer, tricks,
                  lead)


def changed(result: Result) -> Result:
    """The director's change of a result (for correction_push): one trick more or less."""
    assert result.tricks is not None
    tricks = result.tricks - 1 if result.tricks == 13 else result.tricks + 1
    return Result(result.section, result.table, result.round, result.board, result.ns,
                  result.ew, result.contract, result.declarer, tricks, result.lead)


def score(result: Result | NotPlayed) -> int | None:
    """North-South's score, as the station's ack carries it."""
    if isinstance(result, NotPlayed):
        return None
    if result.declarer is None or result.tricks is None:
        return 0
    return score_ns(parse_contract(result.contract), result.declarer,
                    result.tricks, vulnerability_of(result.board))


def game_data(held: Iterable[Result | NotPlayed], current: int) -> GameData:
    return GameData(SECTION, TABLE, current, ROUNDS, tuple(held))
