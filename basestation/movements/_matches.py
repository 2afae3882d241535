"""Match movements: teams (a home and an away table per match) and Swiss pairs (one table).

In a teams match team A's pairs sit North-South at A's home table and East-West at B's, and
both tables play the same boards (club-directors-manual.txt, "Teams"). The station names a
team's North-South pair and East-West pair by the team's number (a two-field movement).
In Swiss pairs each table is one match, NS v EW; pairs are one field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from basestation.movements._model import Movement, build
from basestation.movements._words import MovementError

Pairing = tuple[int, int]

TEAMS = "teams"
AMERICAN_WHIST = "american-whist"
SWISS_TEAMS = "swiss-teams"
SWISS_PAIRS = "swiss-pairs"
MATCH_KINDS = (TEAMS, SWISS_TEAMS, SWISS_PAIRS)


def round_robin(teams: int) -> list[list[Pairing]]:
    """Every team plays every other once: teams - 1 rounds (the circle method).

    club-directors-manual.txt, "Round Robin": "Every team plays every other team; Number
    rounds = number teams -1 (8 teams = 7 rounds)". An odd field plays an American Whist
    (`american_whist`).
    """
    if teams < 2 or teams % 2:
        raise MovementError.of("movement.round_robin_teams", teams=teams)
    others = list(range(2, teams + 1))
    rounds: list[list[Pairing]] = []
    for _ in range(teams - 1):
        circle = [1, *others]
        half = teams // 2
        rounds.append([(circle[i], circle[teams - 1 - i]) for i in range(half)])
        others = [others[-1], *others[:-1]]  # team 1 stays, the rest turn one place
    return rounds


# club-directors-manual.txt, "American Whist Movement": "Seeding 11 teams: Seat them in the
# order 1-9-6-3-11-4-5-10-2-7-8, i.e. the top seed at table 1, the 9th seed at table 2, etc."
ELEVEN_SEATING = (1, 9, 6, 3, 11, 4, 5, 10, 2, 7, 8)


def american_whist(teams: int, per_match: int) -> Movement:
    """An odd number of teams (5 to 13) in one full round robin, as the seed lays it out.

    Each team's NS pair stays at its home table; boards move up one table and EW pairs up
    two, the first move made before any board is played, so a match's two halves are played
    on the same boards in rounds r and teams - r. Eleven teams skip the first and last rounds
    (the two halves of one match) and play 8 of the other 10.
    """
    if teams % 2 == 0 or not 5 <= teams <= 13:
        raise MovementError.of("movement.american_whist_teams", teams=teams)
    if per_match < 1:
        raise MovementError.of("movement.match_boards", boards=per_match)
    seat = ELEVEN_SEATING if teams == 11 else tuple(range(1, teams + 1))
    moves = range(2, teams - 1) if teams == 11 else range(1, teams)
    seats = []
    for number, moved in enumerate(moves, start=1):
        for index in range(teams):
            first = ((index - moved) % teams) * per_match + 1
            seats.append((number, index + 1, seat[index], seat[(index - 2 * moved) % teams],
                          tuple(range(first, first + per_match))))
    return build(AMERICAN_WHIST, teams, teams * per_match, len(moves), two_field=True,
                 seats=seats)


def boards_of_round(round_: int, per_round: int) -> tuple[int, ...]:
    """Each round plays its own boards: round 1 boards 1..per_round, round 2 the next, ..."""
    first = (round_ - 1) * per_round + 1
    return tuple(range(first, first + per_round))


Seat = tuple[int, int, int | None, int | None, tuple[int, ...]]
Troika = tuple[int, int, int]


def match_movement(kind: str, rounds: Sequence[Sequence[Pairing]], boards_per_round: int,
                   total_rounds: int | None = None,
                   troikas: Mapping[int, Troika] | None = None) -> Movement:
    """The movement for the rounds drawn so far: match i of a round at tables 2i-1 and 2i
    (teams) or at table i (Swiss pairs), a Troika (`troikas`, by round) at the three tables
    after them. Board numbers run on round by round; `total_rounds` (default: the rounds
    given) sizes the numbering for rounds still to be drawn (a Troika's third set of boards
    is numbered after them)."""
    if kind not in MATCH_KINDS:
        raise MovementError.of("movement.match_kind", kind=repr(kind),
                               kinds=", ".join(MATCH_KINDS))
    if not rounds:
        raise MovementError.of("movement.match_no_rounds")
    if boards_per_round < 1:
        raise MovementError.of("movement.match_boards", boards=boards_per_round)
    troikas = troikas or {}
    if troikas and kind != SWISS_TEAMS:
        raise MovementError.of("movement.troika_swiss_teams")
    teams = kind != SWISS_PAIRS
    regular = max(len(matches) for matches in rounds) * (2 if teams else 1)
    planned = max(total_rounds or len(rounds), len(rounds))
    if troikas and planned % 2:
        # club-directors-manual.txt, "Troika": "If there is a Troika, the total number of
        # rounds played must be even."
        raise MovementError.of("movement.troika_rounds", rounds=planned)
    seats: list[Seat] = []
    for number, matches in enumerate(rounds, start=1):
        seats += round_seats(number, matches, boards_per_round, teams=teams)
        if number in troikas:
            seats += troika_seats(number, troikas[number], regular + 1, boards_per_round,
                                  planned)
    boards = boards_per_round * (planned + (planned // 2 if troikas else 0))
    return build(kind, regular + (3 if troikas else 0), boards, len(rounds), two_field=teams,
                 seats=seats)


def round_seats(number: int, matches: Sequence[Pairing], per_match: int, *,
                teams: bool) -> list[Seat]:
    """One round's tables: each teams match at its two tables, each pairs match at one."""
    boards = boards_of_round(number, per_match)
    entrants = [e for pair in matches for e in pair]
    for a, b in matches:
        if a == b:
            raise MovementError.of("movement.plays_itself", round=number, entrant=a)
    if len(set(entrants)) != len(entrants):
        raise MovementError.of("movement.two_matches", round=number)
    seats: list[Seat] = []
    for index, (a, b) in enumerate(matches):
        if teams:
            seats.append((number, 2 * index + 1, a, b, boards))  # A's home table
            seats.append((number, 2 * index + 2, b, a, boards))  # B's home table
        else:
            seats.append((number, index + 1, a, b, boards))
    return seats


def troika_seats(round_: int, teams: Troika, first_table: int, per_match: int,
                 total_rounds: int) -> list[Seat]:
    """Three teams play one another over two rounds on three sets of boards, laid out as
    club-directors-manual.txt, "Troika" (round 1: 1 v 3 on A, 2 v 1 on B, 3 v 2 on C;
    round 2: 1 v 2 on B, 2 v 3 on C, 3 v 1 on A). A and B are the two rounds' own boards;
    C is numbered after every round's."""
    first = round_ if round_ % 2 else round_ - 1
    a, b = boards_of_round(first, per_match), boards_of_round(first + 1, per_match)
    start = (total_rounds + first // 2) * per_match + 1
    c = tuple(range(start, start + per_match))
    t1, t2, t3 = teams
    if len(set(teams)) != 3:
        raise MovementError.of("movement.troika_teams", teams=str(teams))
    ta, tb, tc = first_table, first_table + 1, first_table + 2
    if round_ == first:
        return [(round_, ta, t1, t3, a), (round_, tb, t2, t1, b), (round_, tc, t3, t2, c)]
    return [(round_, ta, t1, t2, b), (round_, tb, t2, t3, c), (round_, tc, t3, t1, a)]


def troikas_of(movement: Movement) -> dict[int, Troika]:
    """Each round's Troika, read from its three tables: the last three, in a Swiss teams
    movement with an odd number of tables (regular matches take two each)."""
    if movement.kind != SWISS_TEAMS or movement.tables % 2 == 0:
        return {}
    found: dict[int, Troika] = {}
    for round_ in range(1, movement.rounds + 1):
        ta, tb, tc = (movement.at(round_, t) for t in range(movement.tables - 2,
                                                            movement.tables + 1))
        if ta and tb and tc and ta.ns and tb.ns and tc.ns:
            found[round_] = (ta.ns, tb.ns, tc.ns)
    return found


def add_round(movement: Movement, matches: Sequence[Pairing], total_rounds: int, *,
              troika: Troika | None = None) -> Movement:
    """The movement with one more round drawn; what was played stays as it was."""
    number = movement.rounds + 1
    per_match = len(movement.assignments[0].boards)
    teams = movement.kind != SWISS_PAIRS
    seats: list[Seat] = [(a.round, a.table, a.ns, a.ew, a.boards) for a in movement.assignments]
    seats += round_seats(number, matches, per_match, teams=teams)
    if troika is not None:
        seats += troika_seats(number, troika, movement.tables - 2, per_match, total_rounds)
    return build(movement.kind, movement.tables, movement.boards, number,
                 two_field=movement.two_field, seats=seats)


class MatchPlace(NamedTuple):
    """Where a match is played: (round, table) of each table, A sitting NS at the first.
    A teams match has two, usually in one round; in an American Whist its halves are in two
    rounds. A Swiss pairs match is one table."""

    pair: Pairing
    seats: tuple[tuple[int, int], ...]

    @property
    def round(self) -> int:
        return self.seats[0][0]

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(table for _, table in self.seats)

    @property
    def rounds(self) -> tuple[int, ...]:
        return tuple(round_ for round_, _ in self.seats)


def matches_of(movement: Movement, round_: int) -> list[MatchPlace]:
    """The matches whose first table plays in `round_`. In teams a match is the two tables
    where each side's NS pair meets the other's EW pair on the same boards."""
    return [place for place in _places(movement) if place.round == round_]


def _places(movement: Movement) -> list[MatchPlace]:
    seated = [(a.round, a.table, a.ns, a.ew, a.boards) for a in movement.assignments
              if a.ns is not None and a.ew is not None]
    if movement.kind == SWISS_PAIRS:
        return [MatchPlace((ns, ew), ((r, t),)) for r, t, ns, ew, _ in seated]
    halves = {(ns, ew, boards): (r, t) for r, t, ns, ew, boards in seated}
    places = []
    for r, t, ns, ew, boards in sorted(seated):
        away = halves.get((ew, ns, boards))
        if away is None or away < (r, t):
            continue  # listed from its first table; a half without its other is no match
        places.append(MatchPlace((ns, ew), ((r, t), away)))
    return places


def match_rounds(movement: Movement) -> list[list[Pairing]]:
    """Every round's pairings, as drawn (the history a Swiss draw needs)."""
    return [[place.pair for place in matches_of(movement, r)]
            for r in range(1, movement.rounds + 1)]
