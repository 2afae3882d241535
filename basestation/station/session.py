"""The session's rules as the hub and the API use them: the open session's state
(session_state), the pads' rules (pad_rules), the director's commands (director) and switches
(switches), all sharing one replace-result path.
"""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.director import DirectorActions
from basestation.station.pad_rules import PadRules
from basestation.station.switches import SessionSwitches


@dataclass
class SessionRules(PadRules, DirectorActions, SessionSwitches):
    """The open event: its state, what the pads may do and what the director may do."""
