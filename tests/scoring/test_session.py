"""Whole sessions: across the room, Law 12C2c, penalties, rankings, bad input, IMPs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from basestation.scoring import (
    IncrementalScorer,
    ScoringError,
    deduction_for_tables,
    parse_traveller_json,
    regulations,
    score_session,
)
from basestation.scoring.traveller import TravellerResult

NZ = regulations("nz")


def _ranking(scored: Any) -> dict[tuple[str, str | None, int], Any]:
    return {(entry.section, entry.direction, entry.pair): entry for entry in scored.ranking}


# club-directors-manual.txt, section 4, "Scoring across the room – John Skipper": NS scores
# of sections A and B on three boards. (The seed's own percentages and totals fix A1 and A2 at
# 3 matchpoints in their section and 7 across the room; its "2" and "6" are misprints.)
ACROSS = {
    "A": [[-50, 170, 200], [-50, 170, 200], [1010, 420, 620], [480, 430, 630]],
    "B": [[980, 430, 650], [980, 170, 650], [980, 170, 200], [980, 170, 650]],
}


def _across_json(across: bool) -> dict[str, Any]:
    boards = []
    for number in range(1, 4):
        results = [
            {"section": section, "ns": pair, "ew": (pair + number) % 4 + 1,
             "score_ns": scores[pair - 1][number - 1]}
            for section, scores in ACROSS.items() for pair in range(1, 5)
        ]
        boards.append({"board": number, "results": results})
    return {"scoring": "matchpoints", "boards": boards, "across_the_room": across,
            "two_field": True}


def test_scoring_across_the_room_example() -> None:
    separately = _ranking(score_session(parse_traveller_json(_across_json(False)), NZ))
    assert [separately[("A", "NS", pair)].total for pair in (1, 2, 3, 4)] == [3, 3, 14, 16]
    assert [separately[("A", "NS", pair)].pct for pair in (4, 3, 1)] == [88.89, 77.78, 16.67]
    assert [separately[("B", "NS", pair)].total for pair in (1, 2, 3, 4)] == [13, 9, 5, 9]
    assert separately[("A", "NS", 4)].rank == 1
    together = _ranking(score_session(parse_traveller_json(_across_json(True)), NZ))
    assert [together[("A", "NS", pair)].total for pair in (1, 2, 3, 4)] == [7, 7, 30, 25]
    assert [together[("B", "NS", pair)].total for pair in (1, 2, 3, 4)] == [34, 25, 15, 25]
    # "B1 - 80.9%, A3 = 71.4%, B2, B4 and A4 = 59.5%" (the seed cuts to one decimal).
    assert together[("B", "NS", 1)].pct == 80.95
    assert together[("A", "NS", 3)].pct == 71.43
    assert {together[key].pct for key in (("B", "NS", 2), ("B", "NS", 4), ("A", "NS", 4))} == {
        59.52}
    assert [together[key].rank_label for key in (("B", "NS", 1), ("A", "NS", 3),
                                                 ("A", "NS", 4))] == ["1", "2", "3="]


def _session(boards: list[list[dict[str, Any]]], **extra: Any) -> dict[str, Any]:
    return {"scoring": "matchpoints",
            "boards": [{"board": n, "results": r} for n, r in enumerate(boards, start=1)],
            **extra}


def _mitchell(tables: int, boards: int, seed: int = 1) -> list[list[dict[str, Any]]]:
    rng = random.Random(seed)
    return [[{"ns": t, "ew": (t + b) % tables + 1, "score_ns": rng.choice(range(-500, 700, 10))}
             for t in range(1, tables + 1)] for b in range(boards)]


def test_law_12c2c_uses_the_session_percentage_on_the_other_boards() -> None:
    boards = _mitchell(5, 6)
    # Board 1: NS 1 (non-offender) gets AVE+, EW opponents AVE-.
    boards[0][0] = {"ns": 1, "ew": boards[0][0]["ew"], "adjusted": "AVE+/AVE-"}
    plain = _session(boards)
    scored = score_session(parse_traveller_json(plain), NZ)
    ranking = _ranking(scored)
    ns1 = ranking[("", "NS", 1)]
    # Percentage on the other five boards, from their matchpoints.
    others = [line for board in scored.boards[1:] for line in board.results
              if line.result.ns == 1]
    other_pct = 100 * sum(line.mp_ns for line in others) / (8 * len(others))  # type: ignore[misc]
    awarded = scored.boards[0].results[0].pct_ns
    assert awarded == round(max(60.0, other_pct), 2)
    ew = boards[0][0]["ew"]
    ew_others = [line for board in scored.boards[1:] for line in board.results
                 if line.result.ew == ew]
    ew_pct = 100 * sum(line.mp_ew for line in ew_others) / (8 * len(ew_others))  # type: ignore[misc]
    assert scored.boards[0].results[0].pct_ew == round(min(40.0, ew_pct), 2)
    assert ns1.boards == 6
    # Without the rule the awards stay at 60 and 40.
    off = score_session(parse_traveller_json(plain), NZ.with_changes(session_percentage_rule=False))
    assert (off.boards[0].results[0].pct_ns, off.boards[0].results[0].pct_ew) == (60, 40)


def test_law_12c2c_forced_both_ways() -> None:
    # NS 1 beats everyone on board 2, so on its other boards it has 100%: AVE+ becomes 100%.
    # EW 1 is bottom on board 2 (0%): its AVE- becomes 0%.
    boards = [
        [{"ns": 1, "ew": 1, "adjusted": "AVE+/AVE-"}, {"ns": 2, "ew": 2, "score_ns": 100}],
        [{"ns": 1, "ew": 1, "score_ns": 600}, {"ns": 2, "ew": 2, "score_ns": 100}],
    ]
    scored = score_session(parse_traveller_json(_session(boards)), NZ)
    first = scored.boards[0].results[0]
    assert (first.pct_ns, first.pct_ew, first.mp_ns, first.mp_ew) == (100, 0, 2, 0)


def test_matchpoint_deduction_chart() -> None:
    # club-directors-manual.txt, "7 PENALTIES", "Matchpoint Deductions": tables 4 to 25 by
    # penalties of 5% to 50% of a top.
    rows = {
        4: [0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1, 2.4, 2.7, 3],
        5: [0.4, 0.8, 1.2, 1.6, 2, 2.4, 2.8, 3.2, 3.6, 4],
        6: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5],
        7: [0.6, 1.2, 1.8, 2.4, 3, 3.6, 4.2, 4.8, 5.4, 6],
        8: [0.7, 1.4, 2.1, 2.8, 3.5, 4.2, 4.9, 5.6, 6.3, 7],
        9: [0.8, 1.6, 2.4, 3.2, 4, 4.8, 5.6, 6.4, 7.2, 8],
        10: [0.9, 1.8, 2.7, 3.6, 4.5, 5.4, 6.3, 7.2, 8.1, 9],
        11: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        12: [1.1, 2.2, 3.3, 4.4, 5.5, 6.6, 7.7, 8.8, 9.9, 11],
        13: [1.2, 2.4, 3.6, 4.8, 6, 7.2, 8.4, 9.6, 10.8, 12],
        14: [1.3, 2.6, 3.9, 5.2, 6.5, 7.8, 9.1, 10.4, 11.7, 13],
        15: [1.4, 2.8, 4.2, 5.6, 7, 8.4, 9.8, 11.2, 12.6, 14],
        16: [1.5, 3, 4.5, 6, 7.5, 9, 10.5, 12, 13.5, 15],
        17: [1.6, 3.2, 4.8, 6.4, 8, 9.6, 11.2, 12.8, 14.4, 16],
        18: [1.7, 3.4, 5.1, 6.8, 8.5, 10.2, 11.9, 13.6, 15.3, 17],
        19: [1.8, 3.6, 5.4, 7.2, 9, 10.8, 12.6, 14.4, 16.2, 18],
        20: [1.9, 3.8, 5.7, 7.6, 9.5, 11.4, 13.3, 15.2, 17.1, 19],
        21: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20],
        22: [2.1, 4.2, 6.3, 8.4, 10.5, 12.6, 14.7, 16.8, 18.9, 21],
        23: [2.2, 4.4, 6.6, 8.8, 11, 13.2, 15.4, 17.6, 19.8, 22],
        24: [2.3, 4.6, 6.9, 9.2, 11.5, 13.8, 16.1, 18.4, 20.7, 23],
        25: [2.4, 4.8, 7.2, 9.6, 12, 14.4, 16.8, 19.2, 21.6, 24],
    }
    for tables, row in rows.items():
        assert [deduction_for_tables(tables, percent) for percent in range(5, 55, 5)] == row
    # "13 tables playing 26 boards ... 10% would take 2.4 MP off"; a 16-table web and a
    # 13-table Mitchell: "3 + 2.4 = 5.4".
    assert deduction_for_tables(13, 10) == 2.4
    assert deduction_for_tables(16, 10) + deduction_for_tables(13, 10) == 5.4


def test_penalty_comes_off_the_session_total() -> None:
    boards = _mitchell(13, 2)
    data = _session(boards, penalties=[{"pair": 3, "direction": "NS", "board": 1, "percent": 10}])
    with_penalty = _ranking(score_session(parse_traveller_json(data), NZ))
    without = _ranking(score_session(parse_traveller_json(_session(boards)), NZ))
    assert without[("", "NS", 3)].total - with_penalty[("", "NS", 3)].total == pytest.approx(2.4)
    assert without[("", "EW", 3)].total == with_penalty[("", "EW", 3)].total


def test_ranks_share_ties_and_rank_each_field() -> None:
    boards = [[{"ns": 1, "ew": 1, "score_ns": 100}, {"ns": 2, "ew": 2, "score_ns": 100},
               {"ns": 3, "ew": 3, "score_ns": -50}]]
    scored = score_session(parse_traveller_json(_session(boards)), NZ)
    labels = [(entry.direction, entry.pair, entry.rank_label) for entry in scored.ranking]
    assert labels == [("NS", 1, "1="), ("NS", 2, "1="), ("NS", 3, "3"),
                      ("EW", 3, "1"), ("EW", 1, "2="), ("EW", 2, "2=")]
    json = scored.to_scored_json()
    assert json["regulations"] == "nz" and json["scale"] == "double"
    assert json["boards"][0] == {"board": 1, "top": 4, "results": [
        {"ns": 1, "ew": 1, "score_ns": 100, "mp_ns": 3.0, "mp_ew": 1.0, "pct_ns": 75.0,
         "pct_ew": 25.0, "imp_ns": None},
        {"ns": 2, "ew": 2, "score_ns": 100, "mp_ns": 3.0, "mp_ew": 1.0, "pct_ns": 75.0,
         "pct_ew": 25.0, "imp_ns": None},
        {"ns": 3, "ew": 3, "score_ns": -50, "mp_ns": 0.0, "mp_ew": 4.0, "pct_ns": 0.0,
         "pct_ew": 100.0, "imp_ns": None}]}


def test_howell_is_one_field() -> None:
    boards = [[{"ns": 1, "ew": 2, "score_ns": 100}, {"ns": 3, "ew": 4, "score_ns": 50}],
              [{"ns": 2, "ew": 3, "score_ns": 100}, {"ns": 4, "ew": 1, "score_ns": 50}]]
    scored = score_session(parse_traveller_json(_session(boards)), NZ)
    assert all(entry.direction is None for entry in scored.ranking)
    assert len(scored.ranking) == 4


def test_fewer_boards_are_factored_by_percentage() -> None:
    boards = _mitchell(5, 4)
    del boards[0][2]  # a sit-out: that pair plays one board fewer
    scored = score_session(parse_traveller_json(_session(boards)), NZ)
    short = [entry for entry in scored.ranking if entry.boards == 3]
    assert len(short) == 2


def test_butler_session_fills_imps() -> None:
    boards = _mitchell(6, 3)
    boards[1][0] = {"ns": 1, "ew": boards[1][0]["ew"], "adjusted": "AVE+/AVE-"}
    scored = score_session(parse_traveller_json(_session(boards, scoring="butler")), NZ)
    json = scored.to_scored_json()
    line = json["boards"][0]["results"][0]
    assert line["mp_ns"] is None and isinstance(line["imp_ns"], float)
    assert json["boards"][1]["results"][0]["imp_ns"] == 3
    assert json["scale"] == "imps"
    assert all(entry["pct"] is None for entry in json["ranking"])
    cross = score_session(parse_traveller_json(_session(boards, scoring="cross-imps")), NZ)
    assert cross.boards[0].results[0].imp_ns is not None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"contract": "8S", "declarer": "S", "tricks": 10},
         r"board 1, NS 1 v EW 1: not a contract"),
        ({"contract": "4S", "declarer": "S", "tricks": 14}, r"board 1, NS 1 v EW 1: tricks"),
        ({"contract": "4S", "declarer": "Q", "tricks": 10}, r"needs a declarer"),
        ({"contract": "4S", "declarer": "S", "tricks": 10, "score_ns": 600}, r"does not match"),
        ({"weighted": [{"score_ns": 420, "weight": 70}, {"score_ns": -50, "weight": 20}]},
         r"board 1, NS 1 v EW 1: weights must add up to 100%, not 90%"),
        ({"adjusted": "70/30/10"}, r"not an adjusted score"),
        ({"score_ns": 425}, r"multiple of 10"),
        ({}, r"no result"),
    ],
)
def test_bad_results_name_board_pair_and_problem(change: dict[str, Any], message: str) -> None:
    data = _session([[{"ns": 1, "ew": 1, **change}, {"ns": 2, "ew": 2, "score_ns": 100}]])
    with pytest.raises(ScoringError, match=message):
        parse_traveller_json(data)


def test_a_pair_twice_on_one_board_is_refused() -> None:
    data = _session([[{"ns": 1, "ew": 1, "score_ns": 100}, {"ns": 1, "ew": 2, "score_ns": 50},
                      {"ns": 2, "ew": 1, "score_ns": 0}]])
    with pytest.raises(ScoringError, match="board 1: NS pair 1 has two results"):
        parse_traveller_json(data)


def test_other_bad_files() -> None:
    with pytest.raises(ScoringError, match="scoring must be"):
        parse_traveller_json({"scoring": "rubber", "boards": [{"board": 1}]})
    with pytest.raises(ScoringError, match="boards"):
        parse_traveller_json({"scoring": "matchpoints"})
    with pytest.raises(ScoringError, match="more than the 1 expected"):
        parse_traveller_json(_session(_mitchell(2, 1), expected=1))
    with pytest.raises(ValueError, match="no scoring regulations called 'wbf'"):
        regulations("wbf")


def _result(data: dict[str, Any]) -> TravellerResult:
    board = parse_traveller_json({"boards": [{"board": 1, "results": [data]}]}).boards[0]
    return board.results[0]


def test_incremental_scorer_matches_full_scoring() -> None:
    rng = random.Random(7)
    boards = _mitchell(8, 6, seed=3)
    boards[2][3] = {"ns": 4, "ew": boards[2][3]["ew"], "adjusted": "AVE+/AVE-"}
    data = _session(boards, expected=8)
    full = score_session(parse_traveller_json(data), NZ)
    scorer = IncrementalScorer(NZ, 8)
    entries = [(n, result) for n, board in enumerate(boards, 1) for result in board]
    rng.shuffle(entries)
    for number, entry in entries:
        scorer.set_result(number, _result({**entry, "score_ns": 9990}
                                          if "score_ns" in entry else entry))
    # Corrections: every result entered wrongly first is now put right.
    for number, entry in entries:
        scorer.set_result(number, _result(entry))
    assert scorer.ranking() == full.ranking
    assert scorer.scored_board(3) is not None
    board3 = scorer.scored_board(3)
    assert board3 is not None
    assert sorted((line.result.ns, line.mp_ns) for line in board3.results) == sorted(
        (line.result.ns, line.mp_ns) for line in full.boards[2].results)
    # Removing a result rescoring only its board.
    before = {(e.direction, e.pair): e.total for e in scorer.ranking()}
    scorer.remove_result(1, boards[0][0]["ns"], boards[0][0]["ew"])
    after = {(e.direction, e.pair): e.total for e in scorer.ranking()}
    assert before != after


def test_a_scorer_with_a_source_keeps_no_results_and_scores_the_same() -> None:
    boards = _mitchell(8, 6, seed=5)
    full = score_session(parse_traveller_json(_session(boards, expected=8)), NZ)
    held: dict[int, list[TravellerResult]] = {}
    scorer = IncrementalScorer(NZ, 8, source=lambda board, _section: held.get(board, []))
    assert scorer.scored_board(1) is None  # nothing scored yet
    for number, board in enumerate(boards, 1):
        held[number] = [_result(entry) for entry in board]
        scorer.rescore(number)
    assert scorer.ranking() == full.ranking
    assert not scorer._results  # read from the source, never copied
    board2 = scorer.scored_board(2)
    assert board2 is not None and len(board2.results) == 8
    held[2] = held[2][1:]  # the caller's copy changed: rescoring picks it up
    scorer.rescore(2)
    board2 = scorer.scored_board(2)
    assert board2 is not None and len(board2.results) == 7
    with pytest.raises(TypeError, match="use rescore"):
        scorer.set_result(1, held[1][0])
    with pytest.raises(TypeError, match="use set_board"):
        IncrementalScorer(NZ, 8).rescore(1)
