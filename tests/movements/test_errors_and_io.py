"""Bad input gets a MovementError naming the problem; JSON and CSV round trips; lookups."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from basestation.cli import app
from basestation.movements import (
    KINDS,
    Movement,
    MovementError,
    check,
    fit_late_pair,
    generate,
    movement_from_csv,
    movement_to_csv,
)


@pytest.mark.parametrize(
    ("kind", "tables", "boards", "words"),
    [
        ("mitchell", 0, 24, "tables"),
        ("howell", 0, 24, "tables"),
        ("mitchell", 10, 0, "boards"),
        ("mitchell", 10, 201, "201 boards cannot be set out"),
        ("mitchell", 10, 5, "at least 10 boards"),
        ("mitchell", 31, 31, "3 to 30 tables"),
        ("howell", 4, 30, "multiple of 7"),
        ("howell", 12, 26, "3 to 9 tables"),
        ("web", 20, 28, "odd number of rounds"),
        ("web", 15, 26, "even number of tables"),
        ("fat-mitchell", 9, 30, "not a multiple of 3"),
        ("skip-mitchell", 9, 27, "even number of tables"),
        ("hesitation", 7, 25, "multiple of 8"),
        ("bowman-ewing", 15, 27, "multiple of 13"),
        ("rover", 10, 27, "rover needs"),
        ("swiss", 10, 24, "unknown movement kind 'swiss'"),
    ],
)
def test_bad_sizes_are_explained(kind: str, tables: int, boards: int, words: str) -> None:
    with pytest.raises(MovementError, match=words):
        generate(kind, tables, boards)


def test_json_is_the_design_contract() -> None:
    """docs/ARCHITECTURE.md, Contracts, Movement JSON."""
    data = generate("mitchell", 10, 24).to_json()
    assert list(data) == ["kind", "tables", "boards", "rounds", "two_field", "assignments"]
    assert data["rounds"] == 12 and data["two_field"] is True
    first = data["assignments"][0]  # type: ignore[index]
    assert first == {"round": 1, "table": 1, "ns": 1, "ew": 1, "boards": [1, 2]}
    assert len(data["assignments"]) == 120  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", KINDS)
def test_json_round_trip(kind: str) -> None:
    sizes = {
        "mitchell": (7, 28),
        "howell": (5, 27),
        "hesitation": (7, 24),
        "fat-mitchell": (7, 24),
        "web": (20, 26),
        "bowman-ewing": (15, 26),
        "rover": (14, 26),
        "skip-mitchell": (10, 20),
    }
    movement = generate(kind, *sizes[kind], phantom=True)
    again = Movement.from_json(json.loads(json.dumps(movement.to_json())))
    assert again == movement
    assert again.at(3, 2) == movement.at(3, 2)


def test_bad_json_is_explained() -> None:
    with pytest.raises(MovementError, match="'assignments' must be a list"):
        Movement.from_json({"kind": "x", "tables": 1, "boards": 1, "rounds": 1, "two_field": True})
    data = generate("mitchell", 5, 25).to_json()
    data["assignments"][1]["table"] = 1  # type: ignore[index]
    with pytest.raises(MovementError, match="round 1, table 1: listed twice"):
        Movement.from_json(data)


def test_lookups() -> None:
    movement = generate("mitchell", 10, 24)
    assert movement.at(12, 1).ew == 10  # type: ignore[union-attr]
    assert movement.at(13, 1) is None
    assert movement.tables_for(1, 11) == ()  # on the relay stand
    assert movement.tables_for(2, 11) == (5,)
    assert movement.seat_of(3, "EW", 2) == (4, "EW")
    assert movement.seat_of(3, "NS", 7) == (3, "NS")
    assert movement.seat_of(3, None, 7) is None  # two fields: the direction names the pair
    assert movement.pairs() == {"NS": tuple(range(1, 11)), "EW": tuple(range(1, 11))}
    howell = generate("howell", 4, 28)
    assert howell.pairs() == {"ALL": tuple(range(1, 9))}
    assert howell.seat_of(8, None, 5) == (4, "NS")


def test_csv_round_trip_and_custom_boards() -> None:
    movement = generate("howell", 4, 28, phantom=True)
    text = movement_to_csv(movement, section="B")
    assert text.splitlines()[1] == "B,1,1,7,5,1,4,"
    again = movement_from_csv(text, kind="howell")
    assert again == movement
    custom = "A,1,1,1,1,1,3,1;3;5\nA,2,1,2,2,2,6,2 4 6\n"
    imported = movement_from_csv(custom)
    assert imported.at(1, 1).boards == (1, 3, 5)  # type: ignore[union-attr]
    assert imported.two_field  # NS 1 and EW 1 sit in the same round: two fields
    assert "1;3;5" not in movement_to_csv(imported) and "1 3 5" in movement_to_csv(imported)


def test_csv_pair_at_two_tables_names_the_row_and_the_pair() -> None:
    text = "section,table,round,ns,ew,low_board,high_board\nA,1,1,1,2,1,2\nA,2,1,3,2,3,4\n"
    with pytest.raises(MovementError, match=r"table 2.*pair 2 is also at table 1 in round 1"):
        movement_from_csv(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("A,1,1,1,1,1\n", "row 1: expected section"),
        ("A,1,x,1,1,1,2\n", "row 1: round must be a whole number"),
        ("A,1,1,1,1,4,2\n", "row 1: high board 4 is below low board 2|high board 2 is below"),
        ("A,1,1,1,1,1,2\nB,1,1,1,1,1,2\n", "sections A, B"),
        ("", "no rows"),
    ],
)
def test_bad_csv(text: str, words: str) -> None:
    with pytest.raises(MovementError, match=words):
        movement_from_csv(text)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(KINDS), st.integers(3, 30), st.integers(1, 60), st.booleans())
def test_any_request_is_a_checked_movement_or_a_clear_error(
    kind: str, tables: int, boards: int, phantom: bool
) -> None:
    try:
        movement = generate(kind, tables, boards, phantom=phantom)
    except MovementError as error:
        assert str(error)
        return
    assert check(movement).ok
    assert (
        movement_from_csv(movement_to_csv(movement), kind=kind, two_field=movement.two_field)
        == movement
    )


def test_phantom_places() -> None:
    """Section 3, "Placing the phantom" and the summary's phantom column."""
    assert generate("mitchell", 12, 24, phantom=True).at(1, 12).ns is None  # type: ignore[union-attr]
    assert generate("mitchell", 11, 26, phantom=True).at(1, 11).ns is None  # type: ignore[union-attr]
    assert generate("mitchell", 9, 26, phantom=True).at(1, 8).ns is None  # type: ignore[union-attr]
    assert generate("hesitation", 12, 26, phantom=True).at(1, 1).ns is None  # type: ignore[union-attr]
    assert generate("rover", 14, 26, phantom=True).at(1, 14).ns is None  # type: ignore[union-attr]
    howell = generate("howell", 4, 28, phantom=True)
    assert all(howell.at(r, 4).ns is None for r in range(1, 8))  # type: ignore[union-attr]
    # "If there is a phantom, 2 pairs have to sit out twice" (11 tables).
    report = check(generate("mitchell", 11, 26, phantom=True))
    assert sorted(len(v) for v in report.sit_outs.values() if v).count(2) == 2


def test_late_pair_takes_the_phantoms_place() -> None:
    movement = generate("mitchell", 10, 24, phantom=True)
    late = fit_late_pair(movement, 4)
    assert late.at(3, 10).ns is None and late.at(4, 10).ns == 10  # type: ignore[union-attr]
    assert check(late).ok


@pytest.mark.parametrize(
    ("tables", "boards", "new_boards"), [(10, 28, 26), (11, 26, 24), (15, 25, 26), (16, 26, 25)]
)
def test_late_pair_adds_a_table(tables: int, boards: int, new_boards: int) -> None:
    """Section 3, "Fitting in late players": the four worked examples."""
    bigger = fit_late_pair(generate("mitchell", tables, boards), 1)
    assert (bigger.tables, bigger.boards) == (tables + 1, new_boards)
    assert bigger.at(1, tables + 1).ns is None  # type: ignore[union-attr]
    assert check(bigger).ok


def test_late_pair_mid_session_without_phantom_is_refused() -> None:
    with pytest.raises(MovementError, match="only before round 1"):
        fit_late_pair(generate("mitchell", 10, 24), 3)


def test_cli_show_json() -> None:
    result = CliRunner().invoke(
        app,
        ["movement", "show", "--kind", "mitchell", "--tables", "10", "--boards", "24", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data == generate("mitchell", 10, 24).to_json()


def test_cli_show_table_check_and_cards(tmp_path: object) -> None:
    from pathlib import Path

    runner = CliRunner()
    shown = runner.invoke(
        app,
        ["movement", "show", "--kind", "howell", "--tables", "3", "--boards", "25", "--phantom"],
    )
    assert shown.exit_code == 0 and "PH" in shown.output
    checked = runner.invoke(
        app, ["movement", "check", "--kind", "mitchell", "--tables", "12", "--boards", "24"]
    )
    assert checked.exit_code == 0 and "tables 1 & 12" in checked.output
    out = Path(str(tmp_path)) / "cards.html"
    made = runner.invoke(
        app,
        [
            "movement",
            "cards",
            "--kind",
            "mitchell",
            "--tables",
            "10",
            "--boards",
            "24",
            "--out",
            str(out),
        ],
    )
    assert made.exit_code == 0
    html = out.read_text()
    assert "@media print" in html and "Table 10" in html and "relay boards 11-12" in html
    bad = runner.invoke(
        app, ["movement", "show", "--kind", "mitchell", "--tables", "0", "--boards", "24", "--json"]
    )
    assert bad.exit_code == 2


def test_cli_check_imported_file(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "m.csv"
    path.write_text("A,1,1,1,2,1,2\nA,2,1,3,2,3,4\n")
    result = CliRunner().invoke(app, ["movement", "check", "--csv", str(path)])
    assert result.exit_code == 2
    assert "also at table 1" in result.output
