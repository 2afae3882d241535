"""What the exports write, gathered from the station: who played for each pair or team (with
national numbers), and a teams or Swiss event's matches and standings."""

from __future__ import annotations

from decimal import Decimal

from basestation.api.views import pair_numbers, scored_session
from basestation.formats.match_event import (
    BoardPlayed,
    MatchEvent,
    MatchPlayed,
    Placing,
    TableLine,
)
from basestation.formats.roster import Entrant, Player, Roster
from basestation.movements import SWISS_PAIRS
from basestation.scoring import ScoredSession
from basestation.scoring.event_formats import PAIRS, entrants_of
from basestation.scoring.match_scoring import Match
from basestation.station.session.memory import HeldResult, SectionState
from basestation.station.session.state import SessionState
from basestation.station.views.live_matches import match_boards, matches_now, standings_now
from basestation.store.models import SeatingRow


def players_of(session: SessionState, numbers: tuple[int, ...]) -> tuple[Player, ...]:
    # 0 is a player the pad was given no number for (a visitor, say): left out.
    return tuple(Player(session.players.get(n, f"player {n}"), session.national.get(n))
                 for n in numbers if n)


def pairs_roster(session: SessionState, seatings: list[SeatingRow],
                 scored: ScoredSession) -> Roster:
    """The players of every ranked pair."""
    found: dict[Entrant, tuple[Player, ...]] = {}
    for entry in scored.ranking:
        numbers = pair_numbers(session, seatings, entry.section, entry.pair, entry.direction)
        found[(entry.section, entry.pair, entry.direction)] = players_of(session, numbers)
    return Roster(found)


def match_roster(session: SessionState, seatings: list[SeatingRow]) -> Roster:
    """Every team's players (and its NS and EW pairs'), or every Swiss pair's."""
    found: dict[Entrant, tuple[Player, ...]] = {}
    for letter, state in session.sections.items():
        for entrant in entrants_of(state.movement):
            if session.event_format == SWISS_PAIRS:
                found[(letter, entrant, None)] = players_of(
                    session, pair_numbers(session, seatings, letter, entrant, None))
                continue
            sides = {side: pair_numbers(session, seatings, letter, entrant, side)
                     for side in ("NS", "EW")}
            whole = session.seats.held.get((letter, entrant, ""))  # a team seated at once
            found[(letter, entrant, None)] = players_of(
                session, whole if whole is not None else sides["NS"] + sides["EW"])
            if whole is None:
                for side, numbers in sides.items():
                    found[(letter, entrant, side)] = players_of(session, numbers)
    return Roster(found)


def match_event(session: SessionState) -> MatchEvent | None:
    """The event's matches and standings as scored now; None for a pairs event."""
    if session.event_format == PAIRS:
        return None
    matches: list[MatchPlayed] = []
    standings: list[Placing] = []
    for letter, state in session.sections.items():
        played = matches_now(session, state)
        matches += [_match(letter, state, m) for m in played]
        for row in standings_now(session, state):
            boards = sum(m.compared for m in played if row.entrant in (m.team_a, m.team_b))
            standings.append(Placing(letter, row.rank, row.entrant, row.vps, row.swiss_points,
                                     row.imps, boards))
    return MatchEvent(session.event_name, session.event_format, tuple(matches), tuple(standings))


def _match(letter: str, state: SectionState, match: Match) -> MatchPlayed:
    boards = tuple(BoardPlayed(b.board, tuple(_line(h) for h in b.held if h is not None),
                               b.imps_a) for b in match_boards(state, match))
    result = match.result
    begun = match.compared > 0  # a match not begun has no VPs yet (not an even 10-10)
    return MatchPlayed(letter, match.round, match.team_a, match.team_b, match.tables,
                       len(match.boards), match.compared, result.imps_a, result.imps_b,
                       Decimal(result.vp_a) if begun else None,
                       Decimal(result.vp_b) if begun else None, boards)


def _line(held: HeldResult) -> TableLine:
    return TableLine(held.table, held.round, held.ns or 0, held.ew or 0, held.contract,
                     held.declarer, held.tricks, held.lead, held.score_ns, held.adjusted)


def event_and_roster(session: SessionState, seatings: list[SeatingRow],
                     ) -> tuple[ScoredSession | MatchEvent, Roster]:
    """A pairs event's scored session, or a teams or Swiss event's matches, with who played."""
    matches = match_event(session)
    if matches is not None:
        return matches, match_roster(session, seatings)
    scored = scored_session(session, seatings)
    return scored, pairs_roster(session, seatings, scored)


def hand_records(session: SessionState) -> dict[int, str]:
    """The event's deals by board number (every section plays the same hand records)."""
    deals: dict[int, str] = {}
    for (_section, board), deal in sorted(session.deal_text.items()):
        deals.setdefault(board, deal)
    return deals
