"""The director's console settings for the night: the alert thresholds, each section's
round length and when its pads ask for player numbers. Changed in turn with pad traffic
and stored with the batch, so a restart keeps them (docs/ARCHITECTURE.md, "Kept across a
restart")."""

from __future__ import annotations

from basestation.station.batch import Batch
from basestation.station.session import SessionRules
from basestation.station.state import Thresholds
from basestation.store import repository as repo
from firmware_protocol.enums import AskPlayers, ResultEntry

THRESHOLD_NAMES = ("silent_minutes", "bad_mac_run", "rounds_behind")


def set_thresholds(rules: SessionRules, changes: dict[str, float | int],
                   batch: Batch) -> Thresholds:
    """Changes the thresholds given (the others stay) and stores all of them."""
    limits = rules.thresholds
    for name, value in changes.items():
        if name not in THRESHOLD_NAMES:
            raise ValueError(f"{name} is not an alert threshold")
        setattr(limits, name, value)
    batch.ops.append(repo.save_thresholds(limits.silent_minutes, limits.bad_mac_run,
                                          limits.rounds_behind))
    batch.ops.append(repo.audit(rules.event_id, "director", "thresholds", **changes))
    batch.event("thresholds", **limits.to_json())
    return limits


def set_round_minutes(rules: SessionRules, section: str, minutes: float,
                      batch: Batch) -> Thresholds:
    """The section's round length, for its round clock."""
    if section not in rules.sections:
        raise LookupError(f"no section {section}")
    rules.thresholds.round_minutes[section] = minutes
    batch.ops.append(repo.set_round_minutes(rules.section_ids[section], minutes))
    batch.ops.append(repo.audit(rules.event_id, "director", "round_minutes", section=section,
                                minutes=minutes))
    batch.event("round_minutes", section=section, minutes=minutes)
    rules.tell_section(rules.sections[section], batch)  # the pads' round clocks
    return rules.thresholds


def set_player_numbers(rules: SessionRules, section: str, ask: AskPlayers,
                       batch: Batch) -> AskPlayers:
    """When the section's pads ask the players for their numbers. Stored with the section;
    every pad of the section is told at once with its round's seating (SPEC.md 14)."""
    state = rules.sections.get(section)
    if state is None:
        raise LookupError(f"no section {section}")
    state.ask = ask
    batch.ops.append(repo.set_player_numbers(rules.section_ids[section], ask.value))
    batch.ops.append(repo.audit(rules.event_id, "director", "player_numbers", section=section,
                                ask=ask.value))
    batch.event("player_numbers", section=section, ask=ask.value)
    rules.tell_section(state, batch)
    return ask


def set_result_entry(rules: SessionRules, section: str, entry: ResultEntry,
                     batch: Batch) -> ResultEntry:
    """How the section's pads take a board's result: "=", "+1", "-1" (the default), or the
    tricks taken. Stored with the section; its pads are told with their round's seating."""
    state = rules.sections.get(section)
    if state is None:
        raise LookupError(f"no section {section}")
    state.result_entry = entry
    batch.ops.append(repo.set_result_entry(rules.section_ids[section], entry.value))
    batch.ops.append(repo.audit(rules.event_id, "director", "result_entry", section=section,
                                entry=entry.value))
    batch.event("result_entry", section=section, entry=entry.value)
    rules.tell_section(state, batch)
    return entry


__all__ = ["THRESHOLD_NAMES", "set_player_numbers", "set_result_entry", "set_round_minutes",
           "set_thresholds"]
