"""The director's switches on the running session as the grid's buttons use them: each
changes the session and then tells every pad the station can reach, so a pad shows the
station stopped, running or ended at once (SPEC.md 6.7)."""

from __future__ import annotations

from basestation.station.effects.batch import Batch
from basestation.station.rules.composed import SessionRules


def pause_or_resume(rules: SessionRules, running: bool, batch: Batch) -> bool:
    """Pauses (pads are told the station is stopped, entry waits) or resumes; returns whether
    the session runs now. Pausing neither ends the session nor publishes anything."""
    rules.switches.set_running(running, batch)
    rules.session.tell_status(batch)  # each pad with its own section's round
    return rules.session.running


def end_session(rules: SessionRules, batch: Batch) -> list[str]:
    """Ends the session: entry stops on every pad, each told the session has ended, and the
    end-of-session backup is taken. While tables still play their round the end waits for
    them: they play on, the others are told entry has stopped; returns those tables."""
    waiting = rules.switches.end_session(batch)
    rules.session.tell_status(batch)
    return waiting
