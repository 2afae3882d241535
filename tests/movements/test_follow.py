"""Pads that move with the pairs: which movements allow it, and where each pad goes."""

from __future__ import annotations

import pytest

from basestation.movements import (
    Assignment,
    Movement,
    MovementError,
    check_pads_follow,
    followed_pair,
    followed_pairs,
    generate,
    table_of,
)


@pytest.mark.parametrize("tables", [3, 4, 7])
@pytest.mark.parametrize("side", ["NS", "EW"])
def test_a_mitchell_lets_pads_follow_either_direction(tables: int, side: str) -> None:
    movement = generate("mitchell", tables, 2 * tables)
    check_pads_follow(movement, side)
    pairs = followed_pairs(movement, side)
    assert len(pairs) == tables
    for round_ in range(1, movement.rounds + 1):
        seen = {table_of(movement, pair, round_) for pair in pairs}
        assert seen == set(range(1, tables + 1))  # one pad at each table, every round


def test_in_a_mitchell_the_ew_pad_moves_up_a_table() -> None:
    movement = generate("mitchell", 3, 6)
    first = followed_pair(movement, "EW", 1, 1)
    assert first == ("EW", 1)
    assert [table_of(movement, first, r) for r in (1, 2, 3)] == [1, 2, 3]
    assert followed_pair(movement, "EW", 2, 2) == ("EW", 1)
    assert followed_pair(movement, "NS", 2, 2) == ("NS", 2)  # NS sit still


def test_a_howell_where_round_one_pairs_meet_is_refused_naming_round_and_pairs() -> None:
    movement = generate("howell", 4, 28)
    with pytest.raises(MovementError,
                       match=r"pair 1 and pair 3 \(both EW in round 1\) meet at table 1 in "
                             r"round 4"):
        check_pads_follow(movement, "EW")
    with pytest.raises(MovementError, match=r"meet at table \d+ in round \d+"):
        check_pads_follow(movement, "NS")


def test_a_table_in_play_left_without_a_followed_pair_is_refused() -> None:
    def two_rounds(*second: Assignment) -> Movement:
        return Movement("custom", 2, 4, 2, False, (
            Assignment(1, 1, 1, 2, (1, 2)), Assignment(1, 2, 3, 4, (3, 4)), *second))

    met = two_rounds(Assignment(2, 1, 2, 4, (3, 4)), Assignment(2, 2, 1, 3, (1, 2)))
    with pytest.raises(MovementError, match=r"pair 2 and pair 4 .* at table 1 in round 2"):
        check_pads_follow(met, "EW")
    alone = two_rounds(Assignment(2, 1, 1, 3, (3, 4)), Assignment(2, 2, 4, None, (1, 2)))
    with pytest.raises(MovementError, match="table 1 has none of them in round 2"):
        check_pads_follow(alone, "EW")
    check_pads_follow(two_rounds(Assignment(2, 1, 4, 1, (3, 4)),
                                 Assignment(2, 2, 2, 3, (1, 2))), "EW")  # one a table


def test_only_ns_or_ew_may_be_followed() -> None:
    with pytest.raises(MovementError, match="NS or the EW"):
        check_pads_follow(generate("mitchell", 3, 6), "north")
