"""The session's rules as the hub uses them: the open session's state (session/state.py) and
the parts that act on it, each holding that one state: the pads' rules (rules/pads.py), the
director's commands on results, rounds, penalties, players and units (director), a table and
its pad (tables), the merge offers (merges), a section's movement (movements), who plays for
each pair or team (director_seats), the switches (switches) and the console's settings
(console). What they need of the hub comes through an explicit interface, given when they are
made (services.HubServices).

Nothing is forwarded: callers use the part that owns a method or field (`rules.pads.dispatch`,
`rules.session.sections`).
"""

from __future__ import annotations

from basestation.station.rules.console import Console
from basestation.station.rules.director import DirectorActions
from basestation.station.rules.director_seats import DirectorSeats
from basestation.station.rules.merges import Merges
from basestation.station.rules.movement_changes import MovementChanges
from basestation.station.rules.pads import PadRules
from basestation.station.rules.services import HubServices
from basestation.station.rules.switches import SessionSwitches
from basestation.station.rules.tables import TableActions
from basestation.station.session.state import SessionState


class SessionRules:
    """The open event: its state, what the pads may do and what the director may do."""

    def __init__(self, session: SessionState | None = None,
                 hub: HubServices | None = None) -> None:
        """`hub` None: a session loaded only to be read (nothing paired, no par sent)."""
        self.session = session = session if session is not None else SessionState()
        self.pads = PadRules(session, hub)
        self.director = director = DirectorActions(session, hub)
        self.director_seats = DirectorSeats(session)
        self.tables = TableActions(session, director)
        self.merges = Merges(session, director)
        self.movements = MovementChanges(session)
        self.switches = SessionSwitches(session)
        self.console = Console(session)
