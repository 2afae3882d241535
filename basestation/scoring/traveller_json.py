"""Reading Traveller JSON (docs/ARCHITECTURE.md, Contracts) into a checked Session."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

from basestation.domain.board import Vulnerability, dealer_of, vulnerability_of
from basestation.domain.contract import ContractError, parse_contract, score_ns
from basestation.domain.said import Said, said_of
from basestation.scoring.adjusted import AdjustedScoreError, parse_adjusted
from basestation.scoring.regulations import Fault
from basestation.scoring.standings import two_field_of
from basestation.scoring.traveller import (
    Artificial,
    BoardTraveller,
    Method,
    Penalty,
    ScoringError,
    Session,
    TravellerResult,
    WeightedOutcome,
)
from firmware_protocol.messages import Seat

MAX_WEIGHTED_OUTCOMES = 5


def parse_traveller_json(data: Mapping[str, Any]) -> Session:
    """Checks and reads a traveller file; a ScoringError names board, pair and problem."""
    if not isinstance(data, Mapping):
        raise ScoringError("a traveller file is a JSON object with a 'boards' list")
    try:
        method = Method(data.get("scoring", "matchpoints"))
    except ValueError:
        raise ScoringError(
            f"scoring must be matchpoints, butler or cross-imps, not {data.get('scoring')!r}"
        ) from None
    boards_data = data.get("boards")
    if not isinstance(boards_data, list) or not boards_data:
        raise ScoringError("a traveller file needs a non-empty 'boards' list")
    read = [_board(item) for item in boards_data]
    boards = tuple(board for board, _ in read)
    expected = data.get("expected")
    if expected is not None and (not _is_int(expected) or expected < 1):
        raise ScoringError(f"expected must be a whole number of results, not {expected!r}")
    two_field = _two_field(data.get("two_field"), boards)
    _check_pairs_once(boards, two_field)
    _check_board_numbers_once(boards)
    if expected is not None:
        for board in boards:
            for section, count in _results_per_section(board).items():
                if count > expected:
                    raise ScoringError(
                        f"board {board.board}{_in_section(section)}: {count} results, more than "
                        f"the {expected} expected"
                    )
    penalties = tuple(_penalty(item) for item in data.get("penalties") or [])
    across = data.get("across_the_room", False)
    if not isinstance(across, bool):
        raise ScoringError("across_the_room must be true or false")
    places = data.get("places")
    if places not in (None, "room", "section"):
        raise ScoringError(f"places must be room or section, not {places!r}")
    room_places = None if places is None else places == "room"
    handicaps = _handicaps(data.get("handicaps"), two_field)
    sat_out: dict[tuple[str, str | None, int], tuple[int, ...]] = {}
    for board, alone in read:
        for section, side, pair in alone:
            key = (section, side if two_field_of(two_field, section) else None, pair)
            sat_out[key] = (*sat_out.get(key, ()), board.board)
    return Session(method, boards, expected, penalties, across, two_field, room_places,
                   handicaps, sat_out)


def _handicaps(data: Any, two_field: bool | Mapping[str, bool],
               ) -> dict[tuple[str, str | None, int], float] | None:
    """A handicap session's pairs' handicaps: [{"pair", "direction"?, "section"?,
    "handicap"}], each the pair's players' handicaps added."""
    if data is None:
        return None
    if not isinstance(data, list):
        raise ScoringError("handicaps must be a list of {pair, direction, section, handicap}")
    found: dict[tuple[str, str | None, int], float] = {}
    for item in data:
        if not isinstance(item, Mapping) or not _is_int(item.get("pair")):
            raise ScoringError(f"a handicap needs a pair number: {item!r}")
        where = f"handicap of pair {item['pair']}"
        section = item.get("section", "")
        direction = item.get("direction")
        if not isinstance(section, str) or direction not in (None, "NS", "EW"):
            raise ScoringError(f"{where}: section must be a letter, direction NS, EW or null")
        if two_field_of(two_field, section) != (direction is not None):
            raise ScoringError(f"{where}: give a direction (NS or EW) for a pair of a "
                               "two-field section, and none for one of a one-field section")
        value = item.get("handicap")
        if not _is_number(value) or not -100 < value < 100:
            raise ScoringError(f"{where}: handicap must be a number of percentage points")
        key = (section, direction, item["pair"])
        if key in found:
            raise ScoringError(f"{where}: given twice")
        found[key] = float(value)
    return found


def _two_field(given: Any, boards: Sequence[BoardTraveller]) -> bool | dict[str, bool]:
    """As given (true or false for every section, or an object of section letters), else
    each section's from its results: a Mitchell has two fields, a Howell one."""
    if isinstance(given, bool):
        return given
    sections = sorted({r.section for board in boards for r in board.results})
    if given is None:
        return {section: _looks_two_field([_section_board(board, section) for board in boards])
                for section in sections}
    if not isinstance(given, Mapping) or not all(
            isinstance(k, str) and isinstance(v, bool) for k, v in given.items()):
        raise ScoringError("two_field must be true or false, or an object of section letters "
                           "each true or false (a Mitchell true, a Howell false)")
    missing = [section for section in sections if section not in given]
    if missing:
        raise ScoringError(f"two_field does not say whether section {missing[0]} is a "
                           "Mitchell (true) or a Howell (false)")
    return dict(given)


def _section_board(board: BoardTraveller, section: str) -> BoardTraveller:
    return BoardTraveller(board.board, board.vulnerability, board.dealer,
                          tuple(r for r in board.results if r.section == section))


def _board(data: Any) -> tuple[BoardTraveller, list[tuple[str, str, int]]]:
    """The board, and each pair that sat it out against the phantom (section, side, pair):
    a result naming one pair only."""
    if not isinstance(data, Mapping) or not _is_int(data.get("board")) or data["board"] < 1:
        raise ScoringError(f"every board needs a board number from 1: {data!r}")
    number: int = data["board"]
    try:
        vulnerability = Vulnerability(data.get("vulnerable", vulnerability_of(number).value))
    except ValueError:
        raise ScoringError(
            f"board {number}: vulnerable must be None, NS, EW or All, not {data['vulnerable']!r}"
        ) from None
    try:
        dealer = Seat(data.get("dealer", dealer_of(number).value))
    except ValueError:
        raise ScoringError(f"board {number}: dealer must be N, E, S or W") from None
    results_data = data.get("results", [])
    if not isinstance(results_data, list):
        raise ScoringError(f"board {number}: results must be a list")
    results = tuple(
        result
        for item in results_data
        if (result := _result(number, vulnerability, item)) is not None
    )
    return BoardTraveller(number, vulnerability, dealer, results), [
        alone for item in results_data if (alone := _sat_out(number, item)) is not None]


def _sat_out(board: int, data: Mapping[str, Any]) -> tuple[str, str, int] | None:
    """The pair of a phantom's result that names one pair only (its side and number)."""
    ns, ew = data.get("ns"), data.get("ew")
    if (ns is None) == (ew is None):
        return None
    side, pair = ("NS", ns) if ns is not None else ("EW", ew)
    if not _is_int(pair) or pair < 1:
        raise ScoringError(f"board {board}: pair numbers must be whole numbers from 1: {data!r}")
    section = data.get("section", "")
    if not isinstance(section, str):
        raise ScoringError(f"board {board}, {side} {pair}: section must be a letter")
    return section, side, pair


def _result(board: int, vulnerability: Vulnerability, data: Any) -> TravellerResult | None:
    if not isinstance(data, Mapping):
        raise ScoringError.of("scoring.result_object", board=board, data=repr(data))
    ns, ew = data.get("ns"), data.get("ew")
    if ns is None or ew is None or data.get("phantom"):
        return None  # a phantom's board is not a result
    if not (_is_int(ns) and _is_int(ew)) or ns < 1 or ew < 1:
        raise ScoringError.of("scoring.pair_numbers", board=board, data=repr(data))
    where = ScoringError.said("scoring.where", board=board, ns=ns, ew=ew)
    section = data.get("section", "")
    if not isinstance(section, str):
        raise ScoringError.of("scoring.section", where=where)
    fields: dict[str, Any] = {"ns": ns, "ew": ew, "section": section}
    kinds = [key for key in ("contract", "adjusted", "weighted", "split") if key in data]
    if "score_ns" in data and "contract" not in data:
        kinds.append("score_ns")
    if len(kinds) > 1:
        raise ScoringError.of("scoring.only_one", where=where, kinds=", ".join(kinds))
    if not kinds and "mp_override" not in data:
        raise ScoringError.of("scoring.no_result", where=where)
    kind = kinds[0] if kinds else None
    if kind == "contract":
        fields.update(_played(where, vulnerability, data))
    elif kind == "score_ns":
        fields["score_ns"] = _points(where, "score_ns", data["score_ns"])
    elif kind == "adjusted":
        try:
            fields["artificial"] = Artificial(*parse_adjusted(str(data["adjusted"])))
        except AdjustedScoreError as error:
            raise ScoringError.of("scoring.nested", where=where, problem=said_of(error)) from None
    elif kind == "weighted":
        fields["weighted"] = _weighted(where, data["weighted"])
    elif kind == "split":
        split = data["split"]
        if not isinstance(split, Mapping) or set(split) != {"ns", "ew"}:
            raise ScoringError.of("scoring.split", where=where)
        fields["split"] = (_points(where, "split ns", split["ns"]),
                           _points(where, "split ew", split["ew"]))
    if "mp_override" in data:
        override = data["mp_override"]
        if (not isinstance(override, Sequence) or len(override) != 2
                or not all(_is_number(value) and value >= 0 for value in override)):
            raise ScoringError.of("scoring.mp_override", where=where)
        fields["mp_override"] = (float(override[0]), float(override[1]))
    fields["arrowswitch"] = _flag(where, "arrowswitch", data.get("arrowswitch", False))
    fouled = data.get("fouled", False)
    if isinstance(fouled, bool):
        fields["fouled"] = int(fouled)
    elif _is_int(fouled) and fouled >= 0:
        fields["fouled"] = fouled
    else:
        raise ScoringError.of("scoring.fouled", where=where)
    fault = data.get("fault", {})
    if not isinstance(fault, Mapping) or not set(fault) <= {"ns", "ew"}:
        raise ScoringError.of("scoring.fault_form", where=where)
    try:
        fields["fault_ns"] = Fault(fault.get("ns", "none"))
        fields["fault_ew"] = Fault(fault.get("ew", "none"))
    except ValueError:
        raise ScoringError.of("scoring.fault", where=where) from None
    return TravellerResult(**fields)


def _played(where: Said, vulnerability: Vulnerability, data: Mapping[str, Any]) -> dict[str, Any]:
    try:
        contract = parse_contract(str(data["contract"]))
    except ContractError as error:
        raise ScoringError.of("scoring.nested", where=where, problem=said_of(error)) from None
    if contract.passed_out:
        return {"contract": contract, "score_ns": 0}
    try:
        declarer = Seat(str(data.get("declarer", "")).upper())
    except ValueError:
        raise ScoringError.of("scoring.declarer", where=where, contract=str(contract)) from None
    tricks = data.get("tricks")
    if not _is_int(tricks) or not 0 <= tricks <= 13:
        raise ScoringError.of("scoring.tricks", where=where, tricks=repr(tricks))
    points = score_ns(contract, declarer, tricks, vulnerability)
    given = data.get("score_ns")
    if given is not None and given != points:
        raise ScoringError.of("scoring.score_differs", where=where, given=str(given),
                              contract=str(contract), declarer=str(declarer), tricks=tricks,
                              points=points)
    lead = data.get("lead")
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "score_ns": points,
            "lead": None if lead is None else str(lead)}


def _weighted(where: Said, data: Any) -> tuple[WeightedOutcome, ...]:
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_WEIGHTED_OUTCOMES:
        raise ScoringError.of("scoring.weighted", where=where, most=MAX_WEIGHTED_OUTCOMES)
    outcomes = []
    for item in data:
        if not isinstance(item, Mapping) or not _is_number(item.get("weight")):
            raise ScoringError.of("scoring.weighted_outcome", where=where)
        if item["weight"] <= 0:
            raise ScoringError.of("scoring.weight", where=where, weight=item["weight"])
        outcomes.append(WeightedOutcome(_points(where, "score_ns", item.get("score_ns")),
                                        float(item["weight"])))
    total = sum(outcome.weight for outcome in outcomes)
    if not math.isclose(total, 100.0, abs_tol=1e-6):
        raise ScoringError.of("scoring.weights_total", where=where, total=total)
    return tuple(outcomes)


def _penalty(data: Any) -> Penalty:
    if not isinstance(data, Mapping) or not _is_int(data.get("pair")):
        raise ScoringError(f"a penalty needs a pair number: {data!r}")
    where = f"penalty for pair {data['pair']}"
    percent = data.get("percent")
    if not _is_number(percent) or not 0 < percent <= 100:
        raise ScoringError(f"{where}: percent of a top must be above 0 and at most 100")
    direction = data.get("direction")
    if direction not in (None, "NS", "EW"):
        raise ScoringError(f"{where}: direction must be NS, EW or null")
    board = data.get("board")
    if board is not None and not _is_int(board):
        raise ScoringError(f"{where}: board must be a board number")
    return Penalty(data["pair"], direction, float(percent), board, str(data.get("section", "")))


def _looks_two_field(boards: Sequence[BoardTraveller]) -> bool:
    """A Mitchell has the same number NS and EW on one board; a Howell never does.

    A pair number seen in both directions, but never on the same board, is a one-field event.
    """
    seen_ns: set[tuple[str, int]] = set()
    seen_ew: set[tuple[str, int]] = set()
    for board in boards:
        ns = {(result.section, result.ns) for result in board.results}
        ew = {(result.section, result.ew) for result in board.results}
        if ns & ew:
            return True
        seen_ns |= ns
        seen_ew |= ew
    return not seen_ns & seen_ew


def _check_pairs_once(boards: Sequence[BoardTraveller],
                      two_field: bool | Mapping[str, bool]) -> None:
    for board in boards:
        seen: set[tuple[str, str, int]] = set()
        for result in board.results:
            apart = two_field_of(two_field, result.section)
            for direction, pair in (("NS", result.ns), ("EW", result.ew)):
                key = (result.section, direction if apart else "", pair)
                if key in seen:
                    name = f"{direction} pair {pair}" if apart else f"pair {pair}"
                    raise ScoringError(
                        f"board {board.board}{_in_section(result.section)}: {name} has two "
                        "results on this board"
                    )
                seen.add(key)


def _check_board_numbers_once(boards: Sequence[BoardTraveller]) -> None:
    numbers = [board.board for board in boards]
    repeated = sorted({number for number in numbers if numbers.count(number) > 1})
    if repeated:
        raise ScoringError(f"board {repeated[0]} appears twice; give each board once")


def _results_per_section(board: BoardTraveller) -> dict[str, int]:
    counts: dict[str, int] = {}
    for result in board.results:
        counts[result.section] = counts.get(result.section, 0) + 1
    return counts


def _in_section(section: str) -> str:
    return f" (section {section})" if section else ""


def _points(where: Said | str, name: str, value: Any) -> int:
    if not _is_int(value) or value % 10 != 0:
        raise ScoringError.of("scoring.points", where=where, name=name, value=repr(value))
    return int(value)


def _flag(where: Said | str, name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ScoringError.of("scoring.flag", where=where, name=name)
    return value


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)
