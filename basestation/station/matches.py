"""Teams and Swiss events on the pads: the first movement, live matches and standings, and
the Swiss draw of each next round, pushed to the pads as new game data.

A Swiss section's movement holds the rounds drawn so far. When the last of them is complete
(or the director closes it early), the next round is drawn from the standings and the section
gets the longer movement through the director's change_movement, the same path as any
mid-session change: every pad of the section logs in again and receives its new round.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

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
from basestation.scoring.match_scoring import (
    Match,
    draw_round,
    draw_with_troika,
    event_matches,
    event_standings,
)
from basestation.scoring.regulations import regulations as regulations_named
from basestation.scoring.swiss import Standing
from basestation.scoring.vp import VpScale
from basestation.station.scores import traveller_result

if TYPE_CHECKING:
    from basestation.station.app import Station
    from basestation.station.batch import Batch
    from basestation.station.config import SectionConfig
    from basestation.station.session import SessionRules
    from basestation.station.session_state import SessionState
    from basestation.station.state import HeldResult, SectionState

log = logging.getLogger(__name__)

PAIRS = "pairs"
FORMATS: tuple[str, ...] = (PAIRS, *MATCH_KINDS)
SWISS = frozenset({SWISS_TEAMS, SWISS_PAIRS})
MAX_BOARD = 255  # the pad protocol's board numbers
MAX_TABLE = 255  # and its table numbers: a section's tables, or a teams event's teams


def check_format(event_format: str, rounds: int) -> None:
    """MovementError (a ValueError) for a format the station does not run."""
    if event_format not in FORMATS:
        raise MovementError(f"unknown event format {event_format!r}; choose one of "
                            f"{', '.join(FORMATS)}")
    if event_format in SWISS and rounds < 1:
        raise MovementError("a Swiss event needs its number of rounds (at least 1)")


def boards_needed(event_format: str, entrants: int, per_match: int, rounds: int) -> int:
    """Board numbers a teams or Swiss event uses: each round its own, or in an American
    Whist (an odd number of teams) one set a team."""
    if event_format == TEAMS:
        return entrants * per_match if entrants % 2 else (entrants - 1) * per_match
    if event_format == SWISS_TEAMS and entrants % 2:
        return (rounds + rounds // 2) * per_match  # a third set for each Troika
    return rounds * per_match


def section_movement(spec: SectionConfig, event_format: str, rounds: int) -> Movement:
    """A new section's movement. In a teams or Swiss event `spec.tables` is the number of
    teams (or pairs, in Swiss pairs) and `spec.boards` the boards of each match."""
    check_format(event_format, rounds)
    if event_format == PAIRS:
        return generate(spec.movement, spec.tables, spec.boards, phantom=spec.phantom)
    entrants, per_match = spec.tables, spec.boards
    who = "pairs" if event_format == SWISS_PAIRS else "teams"
    if boards_needed(event_format, entrants, per_match, rounds) > MAX_BOARD:
        raise MovementError(f"{entrants} {who} playing {per_match} boards a match need board "
                            f"numbers past {MAX_BOARD}; play fewer boards a match")
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
        raise MovementError(f"a {event_format} event needs an even number of {who}, "
                            f"not {entrants}")
    if event_format == TEAMS:
        return match_movement(TEAMS, round_robin(entrants), per_match)
    return match_movement(event_format, [draw_round(seeds, 1, seeds, [])], per_match,
                          total_rounds=rounds)


def rounds_to_draw(rules: SessionState) -> bool:
    """A Swiss event with rounds still to draw is not complete, whatever is held."""
    return rules.event_format in SWISS and any(
        s.movement.rounds < rules.format_rounds for s in rules.sections.values())


def _scale(rules: SessionRules) -> VpScale:
    return VpScale(regulations_named(rules.regulations).vp_scale)


def matches_now(rules: SessionRules, state: SectionState) -> list[Match]:
    """The section's matches, scored from the results held now (boards in at both tables),
    the director's adjusted scores and IMP penalties with them."""
    scores = {}
    for held in state.all_results():
        result = traveller_result(held)
        if result is not None:
            scores[(held.round, held.table, held.board)] = result
    return event_matches(state.movement, scores, scale=_scale(rules),
                         regulations=regulations_named(rules.regulations),
                         imp_penalties=imp_penalties(rules, state.letter))


def imp_penalties(rules: SessionRules, letter: str) -> dict[tuple[int, int], int]:
    """IMPs off each entrant per round, from the director's penalties in the section."""
    off: dict[tuple[int, int], int] = {}
    for held in rules.match_penalties:
        p = held.penalty
        if p.section == letter and p.imps and p.round is not None:
            off[(p.round, p.entrant)] = off.get((p.round, p.entrant), 0) + p.imps
    return off


def vp_penalties(rules: SessionRules, letter: str) -> dict[int, Decimal]:
    """VPs off each entrant's total, from the director's penalties in the section."""
    off: dict[int, Decimal] = {}
    for held in rules.match_penalties:
        p = held.penalty
        if p.section == letter and p.vps:
            off[p.entrant] = off.get(p.entrant, Decimal(0)) + Decimal(str(p.vps))
    return off


class MatchBoard(NamedTuple):
    """One board of a match: what each of its tables holds, and each team's IMPs once the
    board is compared (in at both tables, played or adjusted)."""

    board: int
    held: list[HeldResult | None]
    imps_a: int | None
    imps_b: int | None


def match_boards(state: SectionState, match: Match) -> list[MatchBoard]:
    """The match board by board, in the movement's order of its boards."""
    seats = list(zip(match.rounds or (match.round,) * len(match.tables), match.tables,
                     strict=True))
    result = match.result
    won = dict(zip(match.compared_boards, result.board_imps, strict=True))
    won_b = dict(zip(match.compared_boards,
                     result.board_imps_b or [-imps for imps in result.board_imps], strict=True))
    return [MatchBoard(board, [state.held(table, round_, board) for round_, table in seats],
                       won.get(board), won_b.get(board)) for board in match.boards]


def entrants_of(state: SectionState) -> list[int]:
    return sorted({n for a in state.movement.assignments for n in (a.ns, a.ew) if n is not None})


def standings_now(rules: SessionRules, state: SectionState) -> list[Standing]:
    return event_standings(entrants_of(state), matches_now(rules, state),
                           vp_penalties(rules, state.letter))


def round_complete(state: SectionState, round_: int) -> bool:
    """Every board of the round has an entry at every table playing it."""
    return all(state.held(a.table, round_, board) is not None
               for a in state.movement.round_of(round_) if a.ns is not None and a.ew is not None
               for board in a.boards)


def draw_next_round(rules: SessionRules, letter: str, batch: Batch, *, why: str) -> int:
    """Draws the section's next Swiss round and sends it to the pads; returns its number."""
    state = rules.sections.get(letter)
    if state is None:
        raise LookupError(f"no section {letter}")
    if rules.event_format not in SWISS:
        raise ValueError(f"a {rules.event_format} event has no Swiss draw")
    movement = state.movement
    if movement.rounds >= rules.format_rounds:
        raise ValueError(f"all {rules.format_rounds} rounds are drawn already")
    history = match_rounds(movement)
    ranked = [row.entrant for row in standings_now(rules, state)]
    next_round = movement.rounds + 1
    entrants = entrants_of(state)
    troika = None
    if movement.kind == SWISS_TEAMS and len(entrants) % 2:
        draw, troika = draw_with_troika(entrants, next_round, ranked, history,
                                        troikas_of(movement).get(movement.rounds))
    else:
        draw = draw_round(entrants, next_round, ranked, history)
    longer = add_round(movement, draw, rules.format_rounds, troika=troika)
    rules.change_movement(letter, longer, batch, why=why)
    return next_round


def draw_completed_rounds(rules: SessionRules, batch: Batch) -> list[tuple[str, int]]:
    """Draws the next round of every Swiss section whose last drawn round is complete."""
    drawn = []
    for letter, state in list(rules.sections.items()):
        if (rules.event_format in SWISS and state.movement.rounds < rules.format_rounds
                and round_complete(state, state.movement.rounds)):
            round_ = draw_next_round(rules, letter, batch,
                                     why=f"Swiss draw for round {state.movement.rounds + 1}")
            drawn.append((letter, round_))
    return drawn


async def draw_rounds_as_they_end(station: Station) -> None:
    """Runs with the station: after each result, a Swiss round that is complete is drawn.
    Once at start too: a station stopped between a round's last result and its draw draws it
    as soon as it is back."""
    events = station.bus.subscribe()
    first = True
    try:
        while True:
            if not first:
                event = await events.get()
                if event.get("type") != "result":
                    continue
            first = False
            if station.rules.event_format not in SWISS:
                continue
            try:
                drawn = await _draw(station)
            except ValueError:
                log.exception("the Swiss draw failed; the director can draw the round")
                continue
            for letter, round_ in drawn:
                log.info("section %s: round %s drawn", letter, round_)
    finally:
        station.bus.unsubscribe(events)


async def _draw(station: Station) -> list[tuple[str, int]]:
    """Draws what is due, trying again while the station is too busy to take it: the round's
    last result may be the last event for a long while, so a draw given up would never come."""
    from basestation.station.hub import StationBusy  # the hub imports this module's users

    while True:
        try:
            drawn: list[tuple[str, int]] = await station.hub.act(
                lambda batch: draw_completed_rounds(station.rules, batch))
            return drawn
        except StationBusy:
            log.warning("the station was too busy to draw the next Swiss round; trying again")
            await asyncio.sleep(1.0)


def _vps(value: Decimal) -> float:
    return float(value)


def match_json(m: Match) -> dict[str, Any]:
    return {"round": m.round, "rounds": list(m.rounds), "tables": list(m.tables),
            "a": m.team_a, "b": m.team_b, "boards": list(m.boards), "compared": m.compared,
            "finished": m.finished, "imps_a": m.result.imps_a, "imps_b": m.result.imps_b,
            # A match not begun has no VPs yet (not an even 10-10).
            "vp_a": _vps(m.result.vp_a) if m.compared else None,
            "vp_b": _vps(m.result.vp_b) if m.compared else None,
            "imp_penalty_a": m.result.penalty_a, "imp_penalty_b": m.result.penalty_b}


def standing_json(s: Standing) -> dict[str, Any]:
    return {"rank": s.rank, "entrant": s.entrant, "vps": _vps(s.vps),
            "swiss_points": _vps(s.swiss_points), "imps": s.imps}


def planned_rounds(rules: SessionRules) -> int:
    """A Swiss event's rounds, or the rounds of a teams round robin."""
    if rules.event_format == TEAMS and rules.sections:
        return max(s.movement.rounds for s in rules.sections.values())
    return rules.format_rounds


def matches_json(rules: SessionRules, *,
                 match_extra: Callable[[SectionState, Match], dict[str, Any]] | None = None,
                 standing_extra: Callable[[str, Standing], dict[str, Any]] | None = None,
                 ) -> dict[str, Any]:
    """The event's matches round by round and the standings, as the grid and the demo show;
    the results page adds to each match and standing what its sheets need (the extras)."""
    sections = []
    for letter, state in rules.sections.items():
        matches = matches_now(rules, state)
        off = vp_penalties(rules, letter)
        table = event_standings(entrants_of(state), matches, off)
        sections.append({
            "section": letter,
            "rounds_drawn": state.movement.rounds,
            "current_round": state.current_round,
            "matches": [{**match_json(m), **(match_extra(state, m) if match_extra else {})}
                        for m in matches],
            "standings": [{**standing_json(s), "vp_penalty": _vps(off.get(s.entrant, Decimal(0))),
                           **(standing_extra(letter, s) if standing_extra else {})}
                          for s in table],
        })
    return {"format": rules.event_format, "rounds": planned_rounds(rules), "sections": sections}
