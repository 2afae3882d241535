"""The session's rules as the hub and the API use them: the open session's state
(session_state), the pads' rules (pad_rules), the director's commands (director), who plays
for each pair or team (director_seats) and switches (switches), all sharing one
replace-result path.
"""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.director import DirectorActions
from basestation.station.director_seats import DirectorSeats
from basestation.station.pad_rules import PadRules
from basestation.station.switches import SessionSwitches


@dataclass
class SessionRules(PadRules, DirectorActions, DirectorSeats, SessionSwitches):
    """The open event: its state, what the pads may do and what the director may do."""
