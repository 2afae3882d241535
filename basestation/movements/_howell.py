"""Howell movements from the seed's table guide cards (club-directors-manual.txt, section 8).

Every card but the 3-table one is cyclic: from one round to the next each moving pair's number
at a seat goes up by one (wrapping over the moving pairs), stationary pairs keep their seat,
and each table plays the next set of boards. So a card is its first line at every table.
"""

from __future__ import annotations

from dataclasses import dataclass

from basestation.movements._boards import board_set
from basestation.movements._model import Movement, build
from basestation.movements._words import MovementError


@dataclass(frozen=True)
class HowellCard:
    """Round 1 at every table: (NS, EW, first set of boards, 1-based)."""

    tables: int
    rounds: int
    moving: int  # pairs 1..moving move; higher numbers are stationary
    first_round: tuple[tuple[int, int, int], ...]


# Read from the seed's guide cards. 4 tables: only the movement instructions at the foot of
# each card survived the PDF; the first lines are derived from them (see _four_table_card).
CARDS: dict[int, HowellCard] = {
    5: HowellCard(5, 9, 9, ((3, 7, 1), (5, 2, 2), (10, 1, 3), (9, 8, 4), (6, 4, 5))),
    6: HowellCard(6, 9, 9, ((12, 1, 1), (11, 4, 2), (10, 8, 3), (2, 7, 4), (9, 6, 5), (5, 3, 6))),
    7: HowellCard(
        7,
        13,
        13,
        ((5, 12, 1), (2, 4, 2), (9, 10, 3), (14, 1, 4), (8, 13, 5), (7, 11, 6), (6, 3, 7)),
    ),
    # The seed prints EW 13 at both tables 2 and 3 in round 1; table 1's card sends its NS
    # pair (6) to table 3 EW, so table 3's EW pair is 5 (every other cell agrees).
    8: HowellCard(
        8,
        13,
        13,
        (
            (6, 10, 1),
            (8, 13, 2),
            (11, 5, 3),
            (4, 3, 4),
            (14, 2, 5),
            (7, 9, 6),
            (16, 1, 7),
            (15, 12, 8),
        ),
    ),
    # Headed "9 Tables 27 Boards" in the seed, but the card plays 13 rounds of 2 boards.
    9: HowellCard(
        9,
        13,
        13,
        (
            (18, 1, 1),
            (17, 12, 2),
            (8, 5, 3),
            (2, 10, 4),
            (13, 9, 5),
            (16, 7, 6),
            (15, 6, 7),
            (11, 4, 8),
            (14, 3, 9),
        ),
    ),
}

# 3 tables, 25 boards: five rounds of five boards, all three tables sharing in round 5.
# Pairs are cyclic; board sets are not, so the whole card is written out: per table, the
# set (1-based) played in rounds 1..5.
THREE_TABLE_SETS = ((1, 2, 3, 4, 5), (2, 3, 2, 3, 5), (4, 4, 1, 1, 5))
THREE_TABLE_FIRST_ROUND = ((6, 1), (3, 4), (5, 2))

# 4 tables, 28 boards: the seed's movement instructions (seat -> seat after each round).
FOUR_TABLE_MOVES = {
    (1, "NS"): (3, "NS"),
    (1, "EW"): (2, "NS"),
    (2, "NS"): (2, "EW"),
    (2, "EW"): (3, "EW"),
    (3, "NS"): (1, "EW"),
    (3, "EW"): (4, "EW"),
    (4, "EW"): (1, "NS"),
}


def _four_table_card() -> HowellCard:
    """Pair 8 sits NS at table 4 and meets pair 1 first, as on the other cards.

    A pair at a seat this round is one more, next round, than the pair that moves there; so
    walking the instructions backwards from table 4 EW = 1 numbers every seat. The first set
    at each table is the smallest choice (table 1 with boards 1-4) that gives every pair
    every set once, with no two tables on the same set.
    """
    pairs: dict[tuple[int, str], int] = {(4, "NS"): 8, (4, "EW"): 1}
    seat = (4, "EW")
    for _ in range(6):
        nxt = FOUR_TABLE_MOVES[seat]
        pairs[nxt] = (pairs[seat] - 2) % 7 + 1
        seat = nxt
    first_sets = _first_sets_for(pairs, rounds=7)
    return HowellCard(
        4, 7, 7, tuple((pairs[t, "NS"], pairs[t, "EW"], first_sets[t - 1]) for t in range(1, 5))
    )


def _first_sets_for(pairs: dict[tuple[int, str], int], rounds: int) -> tuple[int, ...]:
    tables = max(t for t, _ in pairs)
    for code in range(rounds ** (tables - 1)):
        starts = [1] + [code // rounds**i % rounds + 1 for i in range(tables - 1)]
        card = HowellCard(
            tables,
            rounds,
            rounds,
            tuple((pairs[t, "NS"], pairs[t, "EW"], starts[t - 1]) for t in range(1, tables + 1)),
        )
        if _each_pair_plays_each_set_once(card):
            return tuple(starts)
    raise AssertionError("no board layout fits the 4-table card")  # pragma: no cover


def _each_pair_plays_each_set_once(card: HowellCard) -> bool:
    seen: dict[int, set[int]] = {}
    in_round: set[tuple[int, int]] = set()
    for r, _t, ns, ew, s in _cyclic_rows(card):
        if (r, s) in in_round:
            return False  # two tables would need the same boards
        in_round.add((r, s))
        for p in (ns, ew):
            if s in seen.setdefault(p, set()):
                return False
            seen[p].add(s)
    return True


def _cyclic_rows(card: HowellCard) -> list[tuple[int, int, int, int, int]]:
    """(round, table, NS, EW, set) for every round of a cyclic card."""

    def advance(pair: int, r: int) -> int:
        return pair if pair > card.moving else (pair - 1 + r - 1) % card.moving + 1

    return [
        (r, t, advance(ns, r), advance(ew, r), (first - 1 + r - 1) % card.rounds + 1)
        for r in range(1, card.rounds + 1)
        for t, (ns, ew, first) in enumerate(card.first_round, start=1)
    ]


CARDS[4] = _four_table_card()
ROUNDS = {3: 5, **{t: c.rounds for t, c in CARDS.items()}}


def howell(tables: int, boards: int) -> Movement:
    if tables not in ROUNDS:
        raise MovementError.of("movement.howell_tables", tables=tables)
    rounds = ROUNDS[tables]
    if boards < rounds or boards % rounds:
        raise MovementError.of("movement.howell_boards", tables=tables, rounds=rounds,
                               usual=rounds * _usual_per_round(tables), boards=boards)
    per_round = boards // rounds
    if tables == 3:
        rows = [
            (
                r,
                t,
                (ns - 1 + r - 1) % 5 + 1,
                (ew - 1 + r - 1) % 5 + 1,
                THREE_TABLE_SETS[t - 1][r - 1],
            )
            for r in range(1, 6)
            for t, (ns, ew) in enumerate(THREE_TABLE_FIRST_ROUND, start=1)
        ]
        # Pair 6 is stationary at table 1.
        rows = [(r, t, 6 if t == 1 else ns, ew, s) for r, t, ns, ew, s in rows]
    else:
        rows = _cyclic_rows(CARDS[tables])
    seats = [(r, t, ns, ew, board_set(s - 1, per_round)) for r, t, ns, ew, s in rows]
    return build("howell", tables, boards, rounds, two_field=False, seats=seats)


def _usual_per_round(tables: int) -> int:
    return {3: 5, 4: 4, 5: 3, 6: 3}.get(tables, 2)


def guide_moves(movement: Movement) -> dict[tuple[int, str], tuple[int, str] | None]:
    """Where each seat's pair goes after a round (a guide card's foot): None = stays put."""
    moves: dict[tuple[int, str], tuple[int, str] | None] = {}
    if movement.rounds < 2:
        return moves
    for a in movement.round_of(1):
        for direction, pair in (("NS", a.ns), ("EW", a.ew)):
            if pair is None:
                continue
            nxt = movement.seat_of(pair, direction, 2)
            moves[a.table, direction] = None if nxt == (a.table, direction) else nxt
    return moves
