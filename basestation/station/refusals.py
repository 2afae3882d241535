"""What a command refuses, raised once and answered by one handler (`api/errors.py`).

Four kinds, as the director meets them: `NotFound` (nothing of that name: the API's 404),
`Invalid` (a request that cannot be: 422), `Conflict` (the director must confirm or do
something else first: 409) and `Forbidden` (not to be done by whoever asks: 403). Three of
them have a narrower kind the API answers with its own status: `Gone` (a pairing code that
was good once: 410), `LoginNeeded` (the director's, and no login given: 401) and `TooMany`
(too many tries: 429, with how long to wait). Each carries
a message key and the values of its placeholders, never a sentence, so that a page can say it
in the reader's language; `str()` is the English sentence, made from the one table of
templates below (`MESSAGES`). Nothing changes when a command refuses.

Not the pads' refusals: those are naks with a protocol code (`core/refusals.py`, SPEC.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from basestation.domain.cards import CARD_WORDS
from basestation.domain.contract import CONTRACT_WORDS
from basestation.formats.handrecords import HAND_RECORD_WORDS
from basestation.formats.past_session import PAST_WORDS
from basestation.formats.players import PLAYER_LIST_WORDS
from basestation.movements import MOVEMENT_WORDS
from basestation.scoring.adjusted import ADJUSTED_WORDS
from basestation.scoring.ladder import LADDER_WORDS
from basestation.scoring.swiss import SWISS_WORDS
from basestation.scoring.traveller import SCORING_WORDS
from firmware_protocol.messages import ErrorCode


@dataclass(frozen=True)
class Phrase:
    """A message of its own among another's values: who is meant ("the NS pair of team 2"),
    or why pure code refused (a movement that cannot be). Sent as {"key", "values"}."""

    key: str
    values: Mapping[str, Value] = field(default_factory=dict)

    def __str__(self) -> str:
        return english(self.key, self.values)

    def __format__(self, spec: str) -> str:
        text = str(self)  # "cap": begins a sentence
        return text[:1].upper() + text[1:] if spec == "cap" else format(text, spec)


Value = str | int | float | Phrase

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
# itself a sentence (`{problem}`) is a phrase: pure code says why by a key of its own table
# (`domain/said.py`), spread in below.
MESSAGES: Final[Mapping[str, str]] = {
    # the event and the session
    "event.none_open": "no event is open",
    "event.not_found": "no event {event}",
    "event.still_in_play": "{event} is still in play: confirm to close it and open {new}",
    "event.invalid": "{problem}",
    "event.regulations": "regulations must be one of {choices}",
    "event.format": "format must be one of {formats}",
    "event.letters_twice": "each section needs its own letter",
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
    "section.movement": "section {section}: {problem}",
    "table.not_found": "no table {section}{table}",
    "table.no_takeover": "no takeover is waiting at table {section}{table}",
    "table.no_pad": "no pad holds table {section}{table}: authorise a takeover instead",
    "board.not_in_play": "board {board} is not in play at table {table} in round {round}",
    "board.not_played": "board {board} is not played at table {table} in round {round}",
    "board.no_such": "no board {board} in section {section}",
    "board.taken": "board {board} already has a result there: erase it first",
    "board.no_results": "no results yet on board {board} in section {section}",
    "hand_records.invalid": "{problem}",
    # results and rulings
    "result.not_held": "nothing held for that board at that table in that round",
    "ruling.sit_out": "a sit-out has no result to rule on",
    "ruling.invalid": "{problem}",
    "ruling.empty": "the ruling is empty",
    # movements
    "movement.invalid": "{problem}",
    "movement.kind": "movement must be one of {kinds}",
    "movement.no_phantom": "play has started and this movement has no phantom: a late pair "
                           "could only join by adding a table before round 1",
    "movement.results_clash": "{count} result(s) already held do not fit the new movement, "
                              "e.g. board {board} at table {table} in round {round}",
    "swiss.not_swiss": "a {format} event has no Swiss draw",
    "swiss.no_draw": "{problem}",
    # units
    "unit.not_found": "no unit {unit}",
    "unit.no_table": "unit {unit} holds no table",
    "unit.number": "unit numbers run from 1 to {most}",
    "unit.other_event": "Unit {unit} is another event's on this broker (station {station}): "
                        "its broker login stays that event's, so a pad paired here as unit "
                        "{unit} could not connect. Give each event its own unit numbers (say "
                        "1-99 and 101-199; deploy/INSTALL.md, section 6) and pair this pad as "
                        "a unit the other event does not use.",
    # a browser pad's pairing (SPEC.md 10.5)
    "pairing.unknown": "This is not a pairing link the station gave (or the station restarted "
                       "since): ask the director to pair the unit again",
    "pairing.spent": "This pairing link has been used already: each link works once. Ask the "
                     "director to pair the unit again for a new one",
    "pairing.expired": "This pairing link has expired: it works for {minutes:g} minutes. Ask "
                       "the director to pair the unit again",
    "pairing.replaced": "This pairing link was replaced by a newer one for the same unit: use "
                        "the newest, or ask the director to pair the unit again",
    "pairing.too_many": "Too many wrong pairing codes from this device: wait a minute, then "
                        "open the newest pairing link the director gave",
    "pairing.none_kept": "This browser holds no pad key: open the pairing link or QR code "
                         "from the director's Units panel",
    "pairing.paired_again": "Unit {unit} was paired again since this browser took its key: "
                            "open the newest pairing link from the director's Units panel",
    # the director's login, and where a change comes from
    "origin.cookie_alone": "The director's login cookie came without saying which page sent "
                           "it: make changes from the station's own pages, or use a bearer "
                           "token.",
    "origin.other": "Changes are taken only from the station's own pages, not from {origin}: "
                    "open the station's address itself.",
    "login.needed": "director login required",
    "login.unpublished": "the results are not published yet: the director publishes them "
                         "once the session is over (and can log in to see them now)",
    "login.wrong_password": "wrong password",
    "login.too_many": "too many login attempts; wait",
    # merge offers
    "merge.not_found": "no open merge offer {offer}",
    "merge.over_held": "Board {board} at table {section}{table} (round {round}) already has "
                       "{held}; confirm to replace it with unit {unit}'s {offered}.",
    "merge.over_held_offered": "Board {board} at table {section}{table} (round {round}) "
                               "already has {held}; confirm to replace it with the offered "
                               "{offered}.",
    # an entry in the director's words (session/entries.py), as the pad shows it
    "held.adjusted": "adjusted {score}",
    "held.not_played": "not played",
    "held.passed_out": "passed out, NS 0",
    "held.played": "{result} by {declarer}, NS {score}",
    "held.played_lead": "{result} by {declarer}, lead {lead}, NS {score}",
    "held.unreadable": "an entry it cannot read",
    "held.north": "North",
    "held.east": "East",
    "held.south": "South",
    "held.west": "West",
    # players and seats
    "visitor.no_name": "a visitor needs a name",
    "player.not_listed": "there is no player {number} in the club's list",
    "player.period": "the period starts ({since}) after it ends ({until})",
    "players.invalid": "{problem}",
    "players.visitor_numbers": "player {number}: numbers above {base} are kept for visitors; "
                               "nothing of the file was stored",
    "players.number": "player numbers run from 1 to {most}, not {number}",
    "players.national": "player {number}'s national number is longer than {most} characters",
    "players.twice": "player {number} is in the list twice",
    "entrant.pair": "pair {entrant} of section {section}",
    "entrant.pair_side": "{side} pair {entrant} of section {section}",
    "entrant.team": "team {entrant} of section {section}",
    "entrant.team_side": "the {side} pair of team {entrant} of section {section}",
    "seat.player_count": "{who} needs {wanted} players, not {given}",
    "seat.players_between": "{least} to {most}",
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
    "penalty.pair": "pair",
    "penalty.team": "team",
    # the console
    "threshold.unknown": "{name} is not an alert threshold",
    "club.language_unknown": "the station has no language {code}: it has {languages}",
    "clock.no_time": "a round needs some time: give minutes per board or per round",
    # competitions
    "competition.not_found": "there is no competition {competition}",
    "competition.no_event": "there is no event {event}",
    "competition.not_in": "event {event} is not in the competition '{name}'",
    "competition.ladder_rules": "{problem:cap}; nothing was changed.",
    "ladder.rules": "{kind}, {sessions} sessions, {qualify} to qualify, {count} to count",
    "ladder.rules_change": "{kind}, {sessions} sessions, {qualify} to qualify, {count} to "
                           "count, partners must change",
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
    # files the director takes away
    "scorer.not_pairs": "The Scorer's XML holds a pairs session: this event's results go to "
                        "the website as USEBIO (results.xml).",
    "website.no_event": "There is no event {event}; nothing was written.",
    "website.no_results": "{name} has no results yet: there is nothing to publish; nothing "
                          "was written.",
    "website.unpublished": "The results of {name} are not published yet: publish them first "
                           "(the grid's Publish, or the results page's 'Publish these "
                           "results'); nothing was written.",
    "website.a_file": "{folder} is a file, not a folder; nothing was written.",
    "website.unwritable": "The folder {folder} cannot be written to ({why}); nothing was "
                          "written.",
    # the years before
    "past.invalid": "{problem}",
    "past.unread": "{problem}; nothing was imported.",
    "past.imported": "This file was imported already, as event {event} ({name}, {date}); "
                     "nothing was changed.",
    # pure code's own, said where it refuses (movements/_model.py)
    **MOVEMENT_WORDS,
    **LADDER_WORDS,
    **SWISS_WORDS,
    **CARD_WORDS,
    **HAND_RECORD_WORDS,
    **PLAYER_LIST_WORDS,
    **PAST_WORDS,
    **SCORING_WORDS,
    **CONTRACT_WORDS,
    **ADJUSTED_WORDS,
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


class Gone(NotFound):
    """Something that was good once and is no longer (a pairing code spent or replaced)."""


class LoginNeeded(Forbidden):
    """The director's, and the request carries no director login (or a wrong password)."""


class TooMany(Forbidden):
    """Too many tries from one address: refused unchecked for a while (`retry_after`
    seconds, when it is known)."""

    def __init__(self, key: str, /, *, retry_after: int | None = None, **values: Value) -> None:
        super().__init__(key, **values)
        self.retry_after = retry_after


def english(key: str, values: Mapping[str, Value]) -> str:
    """The refusal's sentence in English (the languages will have a table each)."""
    return MESSAGES[key].format_map(values)


def plain(values: Mapping[str, Value]) -> dict[str, Any]:
    """The values as JSON holds them: a phrase as its own {"key", "values"}."""
    return {name: {"key": v.key, "values": plain(v.values)} if isinstance(v, Phrase) else v
            for name, v in values.items()}


def said(exc: object) -> Value:
    """What pure code said when it refused (or a sentence of its, `domain/said.py`): its
    message key and values when it gives them (and the table has them), a value that is a
    sentence of its own as a phrase too; else its own sentence."""
    key, values = getattr(exc, "key", None), getattr(exc, "values", None)
    if isinstance(key, str) and key in MESSAGES and isinstance(values, Mapping):
        return Phrase(key, {name: _value(v) for name, v in values.items()})
    return str(exc)


def _value(value: object) -> Value:
    if isinstance(value, Phrase | str | int | float):
        return value
    return said(value)


def code_refusal(code: ErrorCode) -> Invalid:
    """A director's entry refused for a protocol code, in the director's words."""
    return Invalid(code_key(code))


__all__ = ["CODE_WORDS", "MESSAGES", "Conflict", "Forbidden", "Gone", "Invalid",
           "LoginNeeded", "NotFound", "Phrase", "Refused", "TooMany", "Value", "code_key",
           "code_refusal", "english", "plain", "said"]
