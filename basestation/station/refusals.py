"""What a command refuses, raised once and answered by one handler (`api/errors.py`).

Four kinds, as the director meets them: `NotFound` (nothing of that name: the API's 404),
`Invalid` (a request that cannot be: 422), `Conflict` (the director must confirm or do
something else first: 409) and `Forbidden` (not to be done by whoever asks: 403). Each carries
a message key and the values of its placeholders, never a sentence, so that a page can say it
in the reader's language; `str()` is the English sentence, made from the one table of
templates below (`MESSAGES`). Nothing changes when a command refuses.

Not the pads' refusals: those are naks with a protocol code (`core/refusals.py`, SPEC.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from firmware_protocol.messages import ErrorCode

Value = str | int | float

# What a protocol code means to a director: a director's entry refused as a pad's would be,
# or a pad's message refused by the codec (api/errors.py).
CODE_WORDS: Final[Mapping[ErrorCode, str]] = {
    ErrorCode.INVALID_CONTRACT: "that is not a contract: give a level from 1 to 7 and a strain "
                                "(C, D, H, S or NT), with X or XX if doubled, or PASS",
    ErrorCode.INVALID_TRICKS: "the number of tricks is missing or not from 0 to 13",
    ErrorCode.INVALID_LEAD: "the lead is not a card (e.g. HK, D10 or DT)",
    ErrorCode.WRONG_PAIRS: "those pairs do not play that board at that table in that round",
    ErrorCode.NOT_YOUR_BOARD: "that board is not played at that table in that round",
    ErrorCode.BOARD_OUT_OF_RANGE: "the section has no board with that number",
    ErrorCode.NO_SUCH_TABLE: "the section has no table with that number",
    ErrorCode.NO_SUCH_SECTION: "there is no section with that letter",
    ErrorCode.WRONG_ROUND: "that table does not play that round",
    ErrorCode.ALREADY_PLAYED: "that board already has a result there",
    ErrorCode.CORRECTION_CLOSED: "that round is closed for corrections",
    ErrorCode.STOPPED: "the session is paused or ended",
    ErrorCode.UNIT_REPLACED: "that unit has been replaced by another at its table",
    ErrorCode.UNIT_LOCKED: "that unit has been locked out",
    ErrorCode.OTHER_EVENT: "that entry belongs to another event",
}


def code_key(code: ErrorCode) -> str:
    """The message key of a protocol code's refusal: "entry.invalid_contract"."""
    return f"entry.{code.value.lower()}"


# Every refusal's English sentence, by key; `{name}` is one of its values. A value that is
# itself a sentence (`{problem}`) comes from pure code that says why in its own words.
MESSAGES: Final[Mapping[str, str]] = {
    # the event and the session
    "event.none_open": "no event is open",
    "event.not_found": "no event {event}",
    "event.still_in_play": "{event} is still in play: confirm to close it and open {new}",
    "event.invalid": "{problem}",
    "session.ended": "the session has already ended",
    "session.ending": "the session already ends once table {tables} has finished",
    "session.ending_tables": "the session already ends once tables {tables} have finished",
    "session.no_new_round": "the session ends once the tables still playing have finished: "
                            "no new round begins",
    # sections, tables, rounds and boards
    "section.not_found": "no section {section}",
    "section.not_in_event": "there is no section {section} in the event",
    "section.last_round": "section {section} is already in its last round",
    "section.no_board": "section {section} has no board {board}",
    "section.no_round_drawn": "section {section} has no round {round} drawn",
    "table.not_found": "no table {section}{table}",
    "table.no_takeover": "no takeover is waiting at table {section}{table}",
    "table.no_pad": "no pad holds table {section}{table}: authorise a takeover instead",
    "board.not_in_play": "board {board} is not in play at table {table} in round {round}",
    "board.not_played": "board {board} is not played at table {table} in round {round}",
    "board.no_such": "no board {board} in section {section}",
    "board.taken": "board {board} already has a result there: erase it first",
    "hand_records.invalid": "{problem}",
    # results and rulings
    "result.not_held": "nothing held for that board at that table in that round",
    "ruling.sit_out": "a sit-out has no result to rule on",
    "ruling.invalid": "{problem}",
    # movements
    "movement.invalid": "{problem}",
    "movement.kind": "movement must be one of {kinds}",
    "movement.no_phantom": "play has started and this movement has no phantom: a late pair "
                           "could only join by adding a table before round 1",
    "movement.results_clash": "{count} result(s) already held do not fit the new movement, "
                              "e.g. board {board} at table {table} in round {round}",
    "swiss.not_swiss": "a {format} event has no Swiss draw",
    "swiss.all_drawn": "all {rounds} rounds are drawn already",
    "swiss.no_draw": "{problem}",
    # units
    "unit.not_found": "no unit {unit}",
    "unit.no_table": "unit {unit} holds no table",
    # merge offers
    "merge.not_found": "no open merge offer {offer}",
    "merge.over_held": "Board {board} at table {section}{table} (round {round}) already has "
                       "{held}; confirm to replace it with unit {unit}'s {offered}.",
    "merge.over_held_offered": "Board {board} at table {section}{table} (round {round}) "
                               "already has {held}; confirm to replace it with the offered "
                               "{offered}.",
    # players and seats
    "visitor.no_name": "a visitor needs a name",
    "seat.player_count": "{who} needs {wanted} players, not {given}",
    "seat.visitor_name": "player {place} of {who}: a visitor needs a name",
    "seat.no_player": "player {place} of {who}: give a number on the club's list or a "
                      "visitor's name",
    "seat.not_listed": "player {number} is not on the club's list: add them to the list, or "
                       "seat them as a visitor by name",
    "seat.twice": "player {number} is given twice for {who}",
    "seat.team_side": "a team is seated at once or as its NS or EW pair, not {side}",
    "seat.say_side": "section {section} has NS and EW pairs: say whether pair {entrant} is "
                     "the NS or the EW pair",
    "seat.one_field": "the pairs of section {section} sit either way (one field): seat pair "
                      "{entrant} without NS or EW",
    "seat.not_playing": "{who} does not play in the movement",
    # penalties
    "penalty.not_found": "no penalty {penalty}",
    "penalty.say_side": "say whether pair {pair} sits NS or EW",
    "penalty.no_pair": "section {section} has no pair {pair}",
    "penalty.no_side_pair": "section {section} has no {side} pair {pair}",
    "penalty.pairs_event": "VP and IMP penalties are for teams and Swiss events; in a pairs "
                           "event a penalty is a percentage of a top",
    "penalty.no_entrant": "section {section} has no {who} {entrant}",
    "penalty.too_many_vps": "a VP penalty of {vps:g} is more than a whole match ({total} VPs)",
    "penalty.no_match": "{who} {entrant} plays no match in round {round}",
    # the console
    "threshold.unknown": "{name} is not an alert threshold",
    "clock.no_time": "a round needs some time: give minutes per board or per round",
    "rankings.none_left": "hiding the first {hide_first} and the last {hide_last} rounds "
                          "leaves none of section {section}'s {rounds} rounds to show the "
                          "rankings after",
    # competitions
    "competition.not_found": "there is no competition {competition}",
    "competition.no_event": "there is no event {event}",
    "competition.not_in": "event {event} is not in the competition '{name}'",
    "competition.rules": "{problem}; nothing was changed.",
    "competition.too_many": "The competition '{name}' holds {events} events already, more "
                            "than {sessions} sessions; nothing was changed.",
    "competition.full": "The competition '{name}' has {sessions} sessions and holds {events} "
                        "events already: change its number of sessions first; nothing was "
                        "changed.",
    "competition.not_pairs": "{event} is a {format} event: a ladder ranks the percentages of "
                             "pairs events; nothing was changed.",
    "competition.rules_differ": "{event} is also in the competition '{other}', whose rules "
                                "differ ({there} there, {here} here): an event in two "
                                "competitions needs the same rules in both; nothing was "
                                "changed.",
    # the years before
    "past.invalid": "{problem}",
    "past.imported": "This file was imported already, as event {event} ({name}, {date}); "
                     "nothing was changed.",
    # a director's entry refused as a pad's would be (SPEC.md's codes, in words)
    **{code_key(code): CODE_WORDS.get(code, code.value.replace("_", " ").lower())
       for code in ErrorCode},
}


class Refused(Exception):
    """A command that cannot be done as asked; nothing changed. `key` names the message in
    `MESSAGES`, `values` fill its placeholders; `str()` is the English sentence."""

    def __init__(self, key: str, /, **values: Value) -> None:
        self.key = key
        self.values: dict[str, Value] = values
        super().__init__(english(key, values))


class NotFound(Refused):
    """Nothing of that name: no such section, table, unit, offer, penalty or competition."""


class Invalid(Refused):
    """A request that cannot be: a ruling, a result, a movement or a setting refused."""


class Conflict(Refused):
    """The director must confirm or do something else first (a merge over a held entry,
    closing an event still in play, handing over the table of a unit that holds none)."""


class Forbidden(Refused):
    """Not to be done by whoever asks it, whatever the values."""


def english(key: str, values: Mapping[str, Value]) -> str:
    """The refusal's sentence in English (the languages will have a table each)."""
    return MESSAGES[key].format_map(values)


def code_refusal(code: ErrorCode) -> Invalid:
    """A director's entry refused for a protocol code, in the director's words."""
    return Invalid(code_key(code))


__all__ = ["CODE_WORDS", "MESSAGES", "Conflict", "Forbidden", "Invalid", "NotFound",
           "Refused", "Value", "code_key", "code_refusal", "english"]
