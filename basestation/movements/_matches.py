"""Match movements: teams (a home and an away table per match) and Swiss pairs (one table).

In a teams match team A's pairs sit North-South at A's home table and East-West at B's, and
both tables play the same boards (club-directors-manual.txt, "Teams"). The station names a
team's North-South pair and East-West pair by the team's number (a two-field movement).
In Swiss pairs each table is one match, NS v EW; pairs are one field.
"""

from __future__ import annotations

from collections.abc import Sequence

from basestation.movements._model import Movement, MovementError, build

Pairing = tuple[int, int]

TEAMS = "teams"
SWISS_TEAMS = "swiss-teams"
SWISS_PAIRS = "swiss-pairs"
MATCH_KINDS = (TEAMS, SWISS_TEAMS, SWISS_PAIRS)


def round_robin(teams: int) -> list[list[Pairing]]:
    """Every team plays every other once: teams - 1 rounds (the circle method).

    club-directors-manual.txt, "Round Robin": "Every team plays every other team; Number
    rounds = number teams -1 (8 teams = 7 rounds)". An odd field needs a Troika or an
    American Whist movement, which this does not make.
    """
    if teams < 2 or teams % 2:
        raise MovementError(f"a round robin here needs an even number of teams, not {teams}")
    others = list(range(2, teams + 1))
    rounds: list[list[Pairing]] = []
    for _ in range(teams - 1):
        circle = [1, *others]
        half = teams // 2
        rounds.append([(circle[i], circle[teams - 1 - i]) for i in range(half)])
        others = [others[-1], *others[:-1]]  # team 1 stays, the rest turn one place
    return rounds


def boards_of_round(round_: int, per_round: int) -> tuple[int, ...]:
    """Each round plays its own boards: round 1 boards 1..per_round, round 2 the next, ..."""
    first = (round_ - 1) * per_round + 1
    return tuple(range(first, first + per_round))


def match_movement(kind: str, rounds: Sequence[Sequence[Pairing]], boards_per_round: int,
                   total_rounds: int | None = None) -> Movement:
    """The movement for the rounds drawn so far: match i of a round at tables 2i-1 and 2i
    (teams) or at table i (Swiss pairs). Board numbers run on round by round; `total_rounds`
    (default: the rounds given) sizes the board numbering for rounds still to be drawn."""
    if kind not in MATCH_KINDS:
        raise MovementError(f"unknown match kind {kind!r}; choose one of {', '.join(MATCH_KINDS)}")
    if not rounds:
        raise MovementError("a match movement needs at least one round drawn")
    if boards_per_round < 1:
        raise MovementError(f"a match needs at least one board, not {boards_per_round}")
    teams = kind != SWISS_PAIRS
    per_table = 2 if teams else 1
    tables = max(len(matches) for matches in rounds) * per_table
    seats: list[tuple[int, int, int | None, int | None, tuple[int, ...]]] = []
    for number, matches in enumerate(rounds, start=1):
        boards = boards_of_round(number, boards_per_round)
        entrants = [e for pair in matches for e in pair]
        for a, b in matches:
            if a == b:
                raise MovementError(f"round {number}: {a} cannot play itself")
        if len(set(entrants)) != len(entrants):
            raise MovementError(f"round {number}: an entrant plays two matches")
        for index, (a, b) in enumerate(matches):
            if teams:
                seats.append((number, 2 * index + 1, a, b, boards))  # A's home table
                seats.append((number, 2 * index + 2, b, a, boards))  # B's home table
            else:
                seats.append((number, index + 1, a, b, boards))
    planned = max(total_rounds or len(rounds), len(rounds))
    return build(kind, tables, boards_per_round * planned, len(rounds), two_field=teams,
                 seats=seats)


def matches_of(movement: Movement, round_: int) -> list[tuple[Pairing, tuple[int, ...]]]:
    """A round's matches as ((A, B), tables): A sits NS at the first table listed."""
    found: list[tuple[Pairing, tuple[int, ...]]] = []
    per_table = 1 if movement.kind == SWISS_PAIRS else 2
    for assignment in movement.round_of(round_):
        if assignment.ns is None or assignment.ew is None:
            continue
        if per_table == 1:
            found.append(((assignment.ns, assignment.ew), (assignment.table,)))
        elif assignment.table % 2 == 1:
            found.append(((assignment.ns, assignment.ew),
                          (assignment.table, assignment.table + 1)))
    return found


def match_rounds(movement: Movement) -> list[list[Pairing]]:
    """Every round's pairings, as drawn (the history a Swiss draw needs)."""
    return [[pair for pair, _ in matches_of(movement, r)] for r in range(1, movement.rounds + 1)]
