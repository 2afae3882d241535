"""The simulated club's player list: two players for each pair (or for each of a team's two
pairs), numbered by section, side and entrant, with made-up names, so a simulated session's
results carry names. The demo loads it into the station; the tables enter its numbers."""

from __future__ import annotations

from collections.abc import Iterable

from basestation.movements import Movement

FIRST = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fred", "Gwen", "Hugh", "Iris", "Jack", "Kate",
         "Liam", "Mere", "Nico", "Olga", "Paul", "Rua", "Sam", "Tia", "Wiremu")
LAST = ("Smith", "Jones", "Brown", "White", "Ngata", "Walker", "Young", "King", "Tane",
        "Wilson", "Clarke", "Hall", "Patel", "Chen", "Moore", "Reid", "Scott", "Green")


def number_of(letter: str, entrant: int, side: str, seat: int) -> int:
    """The number of a pair's first (seat 0) or second (seat 1) player: 1AEEES, with A the
    section, EEE the entrant and S the seat (1-2 North-South, 3-4 East-West)."""
    section = ord(letter) - ord("A") + 1
    return 1_000_000 + section * 10_000 + entrant * 10 + (1 if side == "NS" else 3) + seat


def name_of(number: int) -> str:
    return f"{FIRST[number * 7 % len(FIRST)]} {LAST[number // 3 % len(LAST)]}"


def pair_numbers(letter: str, entrant: int, side: str) -> tuple[int, int]:
    """The pair that plays `side` for the entrant (a pair of a two-field movement, or a
    team's pair)."""
    return number_of(letter, entrant, side, 0), number_of(letter, entrant, side, 1)


def club_list(sections: Iterable[tuple[str, Movement]]) -> dict[int, str]:
    """Every player of every pair the movements seat, with a name."""
    players: dict[int, str] = {}
    for letter, movement in sections:
        for assignment in movement.assignments:
            for entrant, side in ((assignment.ns, "NS"), (assignment.ew, "EW")):
                if entrant is not None:
                    for number in pair_numbers(letter, entrant, side):
                        players[number] = name_of(number)
    return players
