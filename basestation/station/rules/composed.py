"""The session's rules as the hub and the API use them: one object composing the open
session's state (session/state.py) with the parts that act on it, each holding that one state:
the pads' rules (rules/pads.py), the director's commands (director), who plays for each pair or
team (director_seats) and the switches (switches). What they need of the hub comes through
an explicit interface, given when they are made (services.HubServices).

Callers reach the parts' commands and the state's fields through this object (`rules.dispatch`,
`rules.sections`), or a part itself (`rules.pads`, `rules.director`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Generic, TypeVar

from basestation.domain.cards import Deal
from basestation.station.rules.director import DirectorActions
from basestation.station.rules.director_seats import DirectorSeats
from basestation.station.rules.pads import PadRules
from basestation.station.rules.services import HubServices
from basestation.station.rules.switches import SessionSwitches
from basestation.station.session.memory import SectionState, Thresholds, UnitState
from basestation.station.session.par import ParSolver
from basestation.station.session.pin_tries import PinTries
from basestation.station.session.scores import LiveScores
from basestation.station.session.seats import Seats
from basestation.station.session.state import (
    HeldMatchPenalty,
    HeldPenalty,
    MergeOffer,
    SessionState,
)
from basestation.station.session.visitor_bound import VisitorBound

T = TypeVar("T")


class Shared(Generic[T]):
    """A field of the session's state, read and written through the rules."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, rules: SessionRules, owner: type | None = None) -> T:
        value: T = getattr(rules.session, self.name)
        return value

    def __set__(self, rules: SessionRules, value: T) -> None:
        setattr(rules.session, self.name, value)


class SessionRules:
    """The open event: its state, what the pads may do and what the director may do."""

    def __init__(self, session: SessionState | None = None,
                 hub: HubServices | None = None) -> None:
        """`hub` None: a session loaded only to be read (nothing paired, no par sent)."""
        self.session = session = session if session is not None else SessionState()
        self.pads = PadRules(session, hub)
        self.director = DirectorActions(session, hub)
        self.director_seats = DirectorSeats(session)
        self.switches = SessionSwitches(session)
        # The state's own steps.
        self.load = session.load
        self.seat = session.seat
        self.seating = session.seating
        self.tell_section = session.tell_section
        self.round_rankings = session.round_rankings
        self.rankings_moved_on = session.rankings_moved_on
        self.add_visitor = session.add_visitor
        self.status = session.status
        self.held_section = session.held_section
        self.status_for = session.status_for
        self.tell_status = session.tell_status
        self.offer_held = session.offer_held
        self.offer_clash = session.offer_clash
        self.checks = session.checks
        self.replace_result = session.replace_result
        # The pads.
        self.dispatch = self.pads.dispatch
        self.game_data = self.pads.game_data
        # The director.
        director = self.director
        self.authorise_takeover = director.authorise_takeover
        self.decide_merge = director.decide_merge
        self.director_enter = director.director_enter
        self.director_rule = director.director_rule
        self.director_move = director.director_move
        self.close_round = director.close_round
        self.add_penalty = director.add_penalty
        self.add_match_penalty = director.add_match_penalty
        self.remove_penalty = director.remove_penalty
        self.set_hand_records = director.set_hand_records
        self.set_players = director.set_players
        self.pair_unit = director.pair_unit
        self.change_movement = director.change_movement
        self.command_unit = director.command_unit
        self.lock_unit = director.lock_unit
        self.reset_unit = director.reset_unit
        self.director_seat = self.director_seats.director_seat
        self.entrant_word = self.director_seats.entrant_word
        self.players_wanted = self.director_seats.players_wanted
        # The switches.
        self.set_running = self.switches.set_running
        self.end_session = self.switches.end_session
        self.publish = self.switches.publish

    event_rows = staticmethod(SessionState.event_rows)

    @property
    def results_public(self) -> bool:
        return self.session.results_public

    @property
    def team_event(self) -> bool:
        return self.director_seats.team_event

    # The state's fields (session.state.SessionState), shared by every part.
    director_pin = Shared[str | None]()
    pin_tries = Shared[PinTries]()
    visitor_bound = Shared[VisitorBound]()
    event_id = Shared[int | None]()
    event_name = Shared[str]()
    event_date = Shared[date | None]()
    regulations = Shared[str]()
    running = Shared[bool]()
    event_format = Shared[str]()
    format_rounds = Shared[int]()
    ended = Shared[bool]()
    published = Shared[bool]()
    sections = Shared[dict[str, SectionState]]()
    section_ids = Shared[dict[str, int]]()
    deals = Shared[dict[tuple[str, int], Deal]]()
    deal_text = Shared[dict[tuple[str, int], str]]()
    feedback = Shared[frozenset[str]]()
    players = Shared[dict[int, str]]()
    national = Shared[dict[int, str]]()
    seats = Shared[Seats]()
    takeovers = Shared[set[tuple[str, int]]]()
    tables_held = Shared[set[tuple[int, str, int]]]()
    thresholds = Shared[Thresholds]()
    units = Shared[Mapping[int, UnitState]]()
    scores = Shared[LiveScores | None]()
    merge_offers = Shared[dict[int, MergeOffer]]()
    offered = Shared[set[str]]()
    penalties = Shared[list[HeldPenalty]]()
    match_penalties = Shared[list[HeldMatchPenalty]]()
    par = Shared[ParSolver]()
    own_sections = Shared[frozenset[str]]()
    completed = Shared[bool]()


