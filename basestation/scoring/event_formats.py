"""The event formats a session runs (pairs, teams, Swiss) and their movements: the first
movement of a section, the Swiss draw of each next round, and the penalties that count in a
match. Pure: the station holds the results and calls these."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from basestation.domain.said import Said
from basestation.movements import (
    MATCH_KINDS,
    SWISS_PAIRS,
    SWISS_TEAMS,
    TEAMS,
    Movement,
    MovementError,
    add_round,
    american_whist,
    generate,
    match_movement,
    match_rounds,
    round_robin,
    troikas_of,
)
from basestation.scoring.match_scoring import draw_round, draw_with_troika
from basestation.scoring.penalties import MatchPenalty
from basestation.scoring.swiss import SwissDrawError

PAIRS = "pairs"
FORMATS: tuple[str, ...] = (PAIRS, *MATCH_KINDS)


def format_said(event_format: str) -> Said | str:
    """An event's format as a sentence's value: "teams" in words (`format.teams`), for a page
    to say in its own; one the station does not run as given."""
    if event_format not in FORMATS:
        return event_format
    return MovementError.said(f"format.{event_format.replace('-', '_')}")
SWISS = frozenset({SWISS_TEAMS, SWISS_PAIRS})
MAX_BOARD = 255  # the pad protocol's board numbers
MAX_TABLE = 255  # and its table numbers: a section's tables, or a teams event's teams


def check_format(event_format: str, rounds: int) -> None:
    """MovementError (a ValueError) for a format the station does not run."""
    if event_format not in FORMATS:
        raise MovementError.of("movement.event_format", format=repr(event_format),
                               formats=", ".join(FORMATS))
    if event_format in SWISS and rounds < 1:
        raise MovementError.of("movement.swiss_rounds")


def boards_needed(event_format: str, entrants: int, per_match: int, rounds: int) -> int:
    """Board numbers a teams or Swiss event uses: each round its own, or in an American
    Whist (an odd number of teams) one set a team."""
    if event_format == TEAMS:
        return entrants * per_match if entrants % 2 else (entrants - 1) * per_match
    if event_format == SWISS_TEAMS and entrants % 2:
        return (rounds + rounds // 2) * per_match  # a third set for each Troika
    return rounds * per_match


def first_movement(event_format: str, rounds: int, *, movement: str, tables: int,
                   boards: int, phantom: bool = False) -> Movement:
    """A new section's movement. In a teams or Swiss event `tables` is the number of teams
    (or pairs, in Swiss pairs) and `boards` the boards of each match."""
    check_format(event_format, rounds)
    if event_format == PAIRS:
        return generate(movement, tables, boards, phantom=phantom)
    entrants, per_match = tables, boards
    who = "pairs" if event_format == SWISS_PAIRS else "teams"  # the words' keys
    if boards_needed(event_format, entrants, per_match, rounds) > MAX_BOARD:
        raise MovementError.of(f"movement.{who}_board_numbers", entrants=entrants,
                               boards=per_match, most=MAX_BOARD)
    if event_format == TEAMS and entrants % 2:
        # club-directors-manual.txt, "Deciding the team format": "Odd numbers between 5 and
        # 13 can play an American Whist movement."
        return american_whist(entrants, per_match)
    seeds = list(range(1, entrants + 1))
    if event_format == SWISS_TEAMS and entrants % 2 and entrants >= 3:
        # club-directors-manual.txt, "Deciding the team format": "Larger odd numbers should
        # play a Swiss format with a Troika."
        draw, troika = draw_with_troika(seeds, 1, seeds, [], None)
        return match_movement(SWISS_TEAMS, [draw], per_match, total_rounds=rounds,
                              troikas={1: troika})
    if entrants < 2 or entrants % 2:
        # club-directors-manual.txt, "Swiss Pairs on club night": "must be an even number
        # of pairs NO PHANTOM".
        raise MovementError.of(f"movement.even_{who}", format=format_said(event_format),
                               entrants=entrants)
    if event_format == TEAMS:
        return match_movement(TEAMS, round_robin(entrants), per_match)
    return match_movement(event_format, [draw_round(seeds, 1, seeds, [])], per_match,
                          total_rounds=rounds)


def entrants_of(movement: Movement) -> list[int]:
    """The pairs or teams the movement seats, in number order."""
    return sorted({n for a in movement.assignments for n in (a.ns, a.ew) if n is not None})


def rounds_to_draw(event_format: str, movements: Iterable[Movement], rounds: int) -> bool:
    """A Swiss event with rounds still to draw is not complete, whatever is held."""
    return event_format in SWISS and any(m.rounds < rounds for m in movements)


def next_swiss_round(movement: Movement, ranked: list[int], rounds: int) -> Movement:
    """The movement with its next Swiss round drawn from the entrants `ranked` best first;
    ValueError once all `rounds` are drawn."""
    if movement.rounds >= rounds:
        raise SwissDrawError.of("swiss.all_drawn", rounds=rounds)
    history = match_rounds(movement)
    next_round = movement.rounds + 1
    entrants = entrants_of(movement)
    troika = None
    if movement.kind == SWISS_TEAMS and len(entrants) % 2:
        draw, troika = draw_with_troika(entrants, next_round, ranked, history,
                                        troikas_of(movement).get(movement.rounds))
    else:
        draw = draw_round(entrants, next_round, ranked, history)
    return add_round(movement, draw, rounds, troika=troika)


def imp_penalties(penalties: Iterable[MatchPenalty], letter: str
                  ) -> dict[tuple[int, int], int]:
    """IMPs off each entrant per round, from the director's penalties in the section."""
    off: dict[tuple[int, int], int] = {}
    for p in penalties:
        if p.section == letter and p.imps and p.round is not None:
            off[(p.round, p.entrant)] = off.get((p.round, p.entrant), 0) + p.imps
    return off


def vp_penalties(penalties: Iterable[MatchPenalty], letter: str) -> dict[int, Decimal]:
    """VPs off each entrant's total, from the director's penalties in the section."""
    off: dict[int, Decimal] = {}
    for p in penalties:
        if p.section == letter and p.vps:
            off[p.entrant] = off.get(p.entrant, Decimal(0)) + Decimal(str(p.vps))
    return off
