"""Changing a movement mid-session: a pair withdrawing, a new movement from a round on."""

from __future__ import annotations

import pytest

from basestation.movements import (
    MovementError,
    check,
    continue_with,
    generate,
    missing_pair,
    withdraw_pair,
)


def test_a_withdrawn_pair_leaves_an_empty_seat_from_its_round() -> None:
    movement = generate("mitchell", 4, 8)
    after = withdraw_pair(movement, 3, "EW", 3)
    for a in after.assignments:
        before = movement.at(a.round, a.table)
        assert before is not None and a.boards == before.boards and a.ns == before.ns
        assert a.ew == (None if a.round >= 3 and before.ew == 3 else before.ew)
    assert missing_pair(withdraw_pair(movement, 3, "EW", 1)) == ("EW", 3)


def test_withdrawing_checks_the_pair_and_round() -> None:
    movement = generate("mitchell", 4, 8)
    with pytest.raises(MovementError, match="not in this movement"):
        withdraw_pair(movement, 9, "NS", 2)
    with pytest.raises(MovementError, match="NS or EW"):
        withdraw_pair(movement, 1, None, 2)
    with pytest.raises(MovementError, match="round 5"):
        withdraw_pair(movement, 1, "NS", 5)
    howell = withdraw_pair(generate("howell", 4, 28), 8, None, 2)
    empty = {a.round for a in howell.assignments if None in (a.ns, a.ew)}
    assert empty == set(range(2, howell.rounds + 1))  # pair 8 played round 1


def test_continue_with_keeps_the_rounds_played() -> None:
    old = generate("mitchell", 4, 8)
    new = generate("mitchell", 5, 10)
    spliced = continue_with(old, new, 3)
    assert spliced.kind == "custom" and spliced.tables == 5 and spliced.rounds == new.rounds
    for a in spliced.assignments:
        source = old if a.round < 3 else new
        assert source.at(a.round, a.table) == a
    assert check(continue_with(old, new, 1)).ok == check(new).ok
    assert continue_with(old, new, 1).kind == "mitchell"


def test_continue_with_keeps_the_fields() -> None:
    with pytest.raises(MovementError, match="keep the fields"):
        continue_with(generate("mitchell", 4, 8), generate("howell", 4, 28), 2)
    with pytest.raises(MovementError, match="round 9"):
        continue_with(generate("mitchell", 4, 8), generate("mitchell", 4, 8), 9)
