"""Hypothesis strategies for every message body, within the ranges SPEC.md gives."""

from __future__ import annotations

from hypothesis import strategies as st

from firmware_protocol.enums import (
    AskPlayers,
    ControlCommand,
    ErrorCode,
    FeedbackKind,
    ResultFlag,
    Seat,
    StationState,
)
from firmware_protocol.fields import RANKS, SUITS
from firmware_protocol.messages import (
    Ack,
    Body,
    Control,
    Correction,
    CorrectionPush,
    Feedback,
    GameData,
    Heartbeat,
    Hello,
    Locked,
    Login,
    Message,
    Nak,
    NotPlayed,
    Players,
    Resend,
    Result,
    RoundInfo,
    Seating,
    SeatPlayer,
    Status,
)

sections = st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
small = st.integers(1, 255)
pairs = st.integers(1, 0xFFFF)
batteries = st.none() | st.integers(0, 100)
seqs = st.integers(0, 0xFFFF_FFFF)
units = st.integers(1, 0xFFFF)
ascii_text = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=8)
contracts = st.builds(
    lambda level, strain, doubling: f"{level}{strain}{doubling}",
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
)
leads = st.none() | st.builds(lambda suit, rank: suit + rank, st.sampled_from(SUITS),
                              st.sampled_from(RANKS))


@st.composite
def played(draw: st.DrawFn, cls: type[Result] | type[Correction] = Result,
           section: str | None = None, table: int | None = None) -> Result | Correction:
    place = (section or draw(sections), table or draw(small), draw(small), draw(small),
             draw(pairs), draw(pairs))
    if draw(st.booleans()) and draw(st.booleans()):
        return cls(*place, "PASS", None, None, None)
    return cls(*place, draw(contracts), draw(st.sampled_from(Seat)), draw(st.integers(0, 13)),
               draw(leads))


def results(section: str | None = None, table: int | None = None) -> st.SearchStrategy[Result]:
    return played(Result, section, table)  # type: ignore[return-value]


def not_played(section: str | None = None,
               table: int | None = None) -> st.SearchStrategy[NotPlayed]:
    return st.builds(NotPlayed, st.just(section) if section else sections,
                     st.just(table) if table else small, small, small, pairs, pairs)


def entries(section: str | None = None,
            table: int | None = None) -> st.SearchStrategy[Result | NotPlayed]:
    return results(section, table) | not_played(section, table)


round_infos = st.builds(RoundInfo, small, st.none() | pairs, st.none() | pairs,
                        st.lists(small, max_size=8).map(tuple))


@st.composite
def game_data(draw: st.DrawFn) -> GameData:
    section, table = draw(sections), draw(small)
    parts = draw(st.integers(1, 255))
    return GameData(section, table, draw(small), tuple(draw(st.lists(round_infos, max_size=5))),
                    tuple(draw(st.lists(entries(section, table), max_size=6))),
                    draw(st.integers(1, parts)), parts)


@st.composite
def correction_pushes(draw: st.DrawFn) -> CorrectionPush:
    entry = draw(st.none() | entries())
    if entry is None:
        return CorrectionPush(draw(sections), draw(small), draw(small), draw(small), None)
    return CorrectionPush(entry.section, entry.table, entry.round, entry.board, entry)


texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=4)
cells = st.none() | st.integers(-(2**31) + 1, 2**31 - 1) | texts


@st.composite
def feedback(draw: st.DrawFn) -> Feedback:
    parts = draw(st.integers(1, 255))
    rows = draw(st.lists(st.lists(cells, max_size=3).map(tuple), max_size=3))
    return Feedback(draw(st.integers(0, 255)), draw(st.sampled_from(FeedbackKind)), tuple(rows),
                    draw(st.integers(1, parts)), parts)


# A name only with a player number (SPEC.md 14.2).
seat_players = st.builds(SeatPlayer, st.none() | st.just(0)) | st.builds(
    SeatPlayer, st.integers(1, 0xFFFF_FFFF),
    st.none() | st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6))
seatings = st.builds(Seating, sections, small, small, st.sampled_from(AskPlayers),
                     st.none() | pairs, st.none() | pairs, seat_players, seat_players,
                     seat_players, seat_players)

bodies: st.SearchStrategy[Body] = st.one_of(
    st.builds(Hello, ascii_text, batteries, small),
    st.builds(Login, sections, small, st.none() | ascii_text, st.booleans()),
    st.builds(Players, sections, small, small, *[st.integers(0, 0xFFFF_FFFF)] * 4),
    results(),
    not_played(),
    played(Correction),
    st.builds(Resend, st.none() | small),
    st.builds(Heartbeat, batteries),
    st.builds(Ack, seqs, st.none() | st.integers(-32767, 32767),
              st.lists(st.sampled_from(ResultFlag)).map(tuple)),
    st.builds(Nak, seqs, st.sampled_from(ErrorCode), st.none() | entries(),
              st.none() | st.text(max_size=16)),
    game_data(),
    st.builds(Status, st.sampled_from(StationState), st.none() | small),
    feedback(),
    correction_pushes(),
    st.builds(Control, st.sampled_from(ControlCommand)),
    st.builds(Locked, st.sampled_from(ErrorCode)),
    seatings,
)

events = st.integers(0, 0xFFFF_FFFF)


@st.composite
def any_message(draw: st.DrawFn) -> Message:
    """A message of either version: version 2 carries an event and may use its codes."""
    body = draw(bodies)
    code = body.code if isinstance(body, Nak) else body.reason if isinstance(body, Locked) else None
    version = 2 if code is not None and code.since == 2 else draw(st.sampled_from((1, 2)))
    event = draw(events) if version == 2 else 0
    return Message(draw(units), draw(seqs), body, version, event)


messages = any_message()
