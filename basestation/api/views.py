"""What the pages read: held results, travellers, score cards and the scored session, each
as the frozen model its route answers with (api/responses.py re-exports them)."""

from __future__ import annotations

from basestation.domain.cards import Deal, Suit
from basestation.scoring import RankingEntry, ScoredBoard, ScoredSession
from basestation.scoring.handicap import pair_handicap
from basestation.station.effects.shapes import Given, Shape
from basestation.station.session.entries import entry_words, held_fields
from basestation.station.session.memory import HeldResult
from basestation.station.session.state import SessionState
from basestation.store.models import SeatingRow
from firmware_protocol.messages import Seat


class EntryOut(Shape):
    """What a board's entry says: a result, not played, or an adjusted score."""

    kind: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    lead: str | None
    adjusted: str | None
    score_ns: int | None


class HeldOut(EntryOut):
    section: str
    table: int
    round: int
    board: int
    ns: int | None
    ew: int | None
    flags: list[str]
    source: str
    unit: int | None


class ScorecardRowOut(HeldOut):
    """A board the pair played: the held result, their side and their score on it."""

    direction: str
    opponents: int | None
    opponents_names: str
    mp: int | float | None
    pct: int | float | None


class TravellerLineOut(Given):
    """A scored line, with the held result's fields (`held_json`) when the station holds it."""

    section: str | None = None
    table: int | None = None
    round: int | None = None
    board: int | None = None
    ns: int | None = None
    ew: int | None = None
    kind: str | None = None  # result, not_played, adjusted
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    adjusted: str | None = None  # the director's ruling, as the pages show it
    score_ns: int | None = None
    flags: list[str] | None = None
    source: str | None = None  # pad or director
    unit: int | None = None
    mp_ns: int | float | None = None
    mp_ew: int | float | None = None
    pct_ns: int | float | None = None
    pct_ew: int | float | None = None
    imp_ns: int | float | None = None
    ns_names: str | None = None
    ew_names: str | None = None


class TravellerOut(Shape):
    section: str
    board: int
    top: int | float | None
    deal: str | None = None  # PBN, when the hand records are loaded
    results: list[TravellerLineOut]


class RankingOut(Given):
    section: str
    pair: int
    direction: str | None
    names: str
    total: int | float
    pct: int | float | None
    rank: int
    rank_label: str  # "3", or "3=" for a tie
    overall_rank: int
    boards: int
    event: int | None = None  # GET /api/rankings: the open event's id
    maximum: int | float | None = None  # the matchpoints the boards it played could give
    section_place: str | None = None  # its place in its section and direction ("2=")
    room_place: str | None = None  # and across the room, in its direction
    handicap: float | None = None  # a handicap event: the pair's (its players' added)
    handicapped_pct: float | None = None  # its percentage plus half its handicap
    raw_place: str | None = None  # its place on the raw percentage
    ranking: str | None = None  # GET /api/rankings: "handicapped" or "raw", what `rank` is
    sat_out: int | None = None  # boards it sat out against the phantom
    factored_total: int | float | None = None  # its total factored up to them
    factored_maximum: int | float | None = None


def held_json(held: HeldResult) -> HeldOut:
    """A held entry for the director's API: the pages' fields, the adjusted score and the
    unit that entered it."""
    return HeldOut.model_validate({**held_fields(held), "adjusted": held.adjusted,
                                   "unit": held.unit})


# What the director reads about a flag the station put on an entry, wherever it came from.
FLAG_SENTENCES = {
    "LEAD_DECLARER_MISMATCH": "The lead is not from the hand on declarer's left in the hand "
                              "record: check the lead and the declarer.",
    "SUSPECT_WRONG_SIDE": "The score looks given to the wrong side: the other tables scored "
                          "the opposite.",
}


def entered_sentence(held: HeldResult) -> str:
    """The station's answer to the director's result: what it holds now, and what to check."""
    said = [f"Board {held.board} at table {held.section}{held.table}, round {held.round}: "
            f"{entry_words(held)}, sent to the pad."]
    said += [FLAG_SENTENCES[f] for f in held.flags if f in FLAG_SENTENCES]
    return " ".join(said)


def deal_pbn(deal: Deal) -> str:
    """The deal as a PBN Deal value, North first."""
    hands = []
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        cards = deal.hands[seat].cards
        hands.append(".".join(
            "".join(sorted((c.rank for c in cards if c.suit is suit), key="AKQJT98765432".index))
            for suit in Suit))
    return "N:" + " ".join(hands)


def scored_boards(session: SessionState) -> list[ScoredBoard]:
    scores = session.scores
    if scores is None:
        return []
    scores.refresh()
    found = []
    for letter, state in session.sections.items():
        for board in range(1, state.movement.boards + 1):
            scored = scores.section_board(letter, board)
            if scored is not None and scored.results:
                found.append(scored)
    return found


def ranking(session: SessionState, seatings: list[SeatingRow] | None = None,
            ) -> tuple[RankingEntry, ...]:
    """The pairs ranked; in a handicap event by the handicapped percentage, each pair's
    handicap its players' added (who plays as `pair_numbers` says)."""
    scores = session.scores
    if scores is None:
        return ()
    scores.refresh()
    if not session.scoring.handicap:
        return scores.scorer.ranking()

    def handicap(section: str, direction: str | None, pair: int) -> float:
        numbers = pair_numbers(session, seatings or [], section, pair, direction)
        return pair_handicap(session.handicaps.get(n) for n in numbers if n)

    return scores.scorer.ranking(handicap)


def scored_session(session: SessionState,
                   seatings: list[SeatingRow] | None = None) -> ScoredSession:
    """The session as scored live: the same figures the grid and pads show."""
    scores = session.scores
    regulations = scores.scorer.regulations if scores is not None else None
    name = regulations.name if regulations is not None else session.regulations
    scale = regulations.scale.value if regulations is not None else "double"
    return ScoredSession(name, scale, tuple(scored_boards(session)),
                         ranking(session, seatings))


def traveller_json(session: SessionState, scored: ScoredBoard,
                   seatings: list[SeatingRow] | None = None) -> TravellerOut:
    """A scored board with each line's contract, declarer, lead and ruling beside its score,
    the NS and EW names, and the deal (PBN) when the hand records are loaded."""
    state = session.sections[scored.section]
    held = {(h.ns, h.ew): h for h in state.results_for_board(scored.board)}
    lines = []
    for line in scored.results:
        ns, ew = line.result.ns, line.result.ew
        entry = held.get((ns, ew))
        lines.append(TravellerLineOut.model_validate({
            **line.to_json(), **(held_json(entry).model_dump() if entry else {}),
            "mp_ns": line.mp_ns, "mp_ew": line.mp_ew,
            "ns_names": side_names(session, seatings or [], scored.section, ns, "NS"),
            "ew_names": side_names(session, seatings or [], scored.section, ew, "EW")}))
    return TravellerOut(section=scored.section, board=scored.board, top=scored.top,
                        deal=session.deal_text.get((scored.section, scored.board)),
                        results=lines)


def scorecard(session: SessionState, section: str, pair: int, direction: str | None,
              seatings: list[SeatingRow] | None = None) -> list[ScorecardRowOut]:
    """A pair's boards in the order played, with opponents (and their names), score and
    matchpoints."""
    state = session.sections[section]
    scores = session.scores
    if scores is not None:
        scores.refresh()  # boards are scored from the held results: score them as they stand
    rows = []
    for held in sorted(state.all_results(), key=lambda h: (h.round, h.board)):
        sides = {"NS": held.ns, "EW": held.ew}
        mine = [side for side, number in sides.items()
                if number == pair and direction in (None, side)]
        if not mine:
            continue
        side = mine[0]
        opponents = held.ew if side == "NS" else held.ns
        mp = pct = None
        scored = scores.section_board(section, held.board) if scores else None
        for line in scored.results if scored else ():
            if (line.result.ns, line.result.ew) == (held.ns, held.ew):
                mp = line.mp_ns if side == "NS" else line.mp_ew
                pct = line.pct_ns if side == "NS" else line.pct_ew
        rows.append(ScorecardRowOut.model_validate({
            **held_json(held).model_dump(), "direction": side, "opponents": opponents,
            "opponents_names": side_names(session, seatings or [], section, opponents,
                                          "EW" if side == "NS" else "NS"),
            "mp": mp, "pct": pct}))
    return rows


def pair_numbers(session: SessionState, seatings: list[SeatingRow], section: str, pair: int,
                 direction: str | None) -> tuple[int, ...]:
    """Who plays for the pair or team: as seated (by the director, or from the numbers
    entered at a table), else, for an event stored before seats were kept, the numbers
    entered at the pair's first table. () when nobody said."""
    seated = session.seats.of(section, pair, direction)
    if seated:
        return seated
    # Not per call in a hot path: rankings are read by people, a few times a session.
    state = session.sections.get(section)
    for seat in seatings:
        if seat.section != section or state is None:
            continue
        assignment = state.movement.at(seat.round, seat.table_no)
        if assignment is None:
            continue
        if assignment.ns == pair and direction in (None, "NS"):
            return seat.north, seat.south
        if assignment.ew == pair and direction in (None, "EW"):
            return seat.east, seat.west
    return ()


def pair_names(session: SessionState, seatings: list[SeatingRow], section: str, pair: int,
               direction: str | None) -> str:
    """The pair's or team's names, "" when nobody said who plays."""
    return player_names(session, pair_numbers(session, seatings, section, pair, direction))


def side_names(session: SessionState, seatings: list[SeatingRow], section: str,
               pair: int | None, side: str) -> str:
    """The names of the pair sitting `side` ("NS"/"EW") in a result: in a two-field movement
    that side's pair (a team's pair at that side), in a one-field one the pair itself."""
    state = session.sections.get(section)
    if pair is None or state is None:
        return ""
    direction = side if state.movement.two_field else None
    return pair_names(session, seatings, section, pair, direction)


def player_names(session: SessionState, numbers: tuple[int, ...]) -> str:
    # 0 is a player the pad was given no number for (a visitor, say): left out, not "?".
    return " & ".join(session.players.get(n, f"player {n}") for n in numbers if n)


def rankings_json(session: SessionState, seatings: list[SeatingRow]) -> list[RankingOut]:
    """Every pair's total, percentage and rank within its field, with the pair's names."""
    kind = "handicapped" if session.scoring.handicap else "raw"
    return [RankingOut.model_validate({
        **entry.to_json(), "section": entry.section, "ranking": kind,
        "names": pair_names(session, seatings, entry.section, entry.pair, entry.direction)})
            for entry in ranking(session, seatings)]
