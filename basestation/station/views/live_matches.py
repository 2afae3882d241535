"""A teams or Swiss event's matches and standings, live: scored from the results the station
holds now, with the director's penalties."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple, Protocol

from basestation.scoring.event_formats import entrants_of, imp_penalties, vp_penalties
from basestation.scoring.match_scoring import Match, event_matches, event_standings
from basestation.scoring.regulations import regulations as regulations_named
from basestation.scoring.swiss import Standing
from basestation.scoring.vp import VpScale
from basestation.station.session.scores import traveller_result

if TYPE_CHECKING:
    from decimal import Decimal

    from basestation.scoring.penalties import MatchPenalty
    from basestation.station.session.memory import HeldResult, SectionState
    from basestation.station.session.state import HeldMatchPenalty


class LiveSession(Protocol):
    """What the live matches read of the open session: its state (session/state.py), or the
    rules composed around it (session.SessionRules)."""

    @property
    def regulations(self) -> str: ...

    @property
    def event_format(self) -> str: ...

    @property
    def format_rounds(self) -> int: ...

    @property
    def sections(self) -> Mapping[str, SectionState]: ...

    @property
    def match_penalties(self) -> list[HeldMatchPenalty]: ...


def matches_now(rules: LiveSession, state: SectionState) -> list[Match]:
    """The section's matches, scored from the results held now (boards in at both tables),
    the director's adjusted scores and IMP penalties with them."""
    scores = {}
    for held in state.all_results():
        result = traveller_result(held)
        if result is not None:
            scores[(held.round, held.table, held.board)] = result
    regulations = regulations_named(rules.regulations)
    return event_matches(state.movement, scores, scale=VpScale(regulations.vp_scale),
                         regulations=regulations,
                         imp_penalties=imp_penalties(penalties_of(rules), state.letter))


def penalties_of(rules: LiveSession) -> list[MatchPenalty]:
    return [held.penalty for held in rules.match_penalties]


def vps_off(rules: LiveSession, letter: str) -> dict[int, Decimal]:
    """VPs off each entrant's total in the section."""
    return vp_penalties(penalties_of(rules), letter)


def standings_now(rules: LiveSession, state: SectionState) -> list[Standing]:
    return event_standings(entrants_of(state.movement), matches_now(rules, state),
                           vps_off(rules, state.letter))


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


def round_complete(state: SectionState, round_: int) -> bool:
    """Every board of the round has an entry at every table playing it."""
    return all(state.held(a.table, round_, board) is not None
               for a in state.movement.round_of(round_) if a.ns is not None and a.ew is not None
               for board in a.boards)
