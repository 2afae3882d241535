"""The rankings a section's pads are shown after each round, when the director asks for them
(SPEC.md 14.9): as they stand after the last round every table of the section has
completed, never a round in progress, and never after a round the setting hides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from basestation.scoring import IncrementalScorer, TravellerResult, regulations
from basestation.scoring.handicap import pair_handicap
from basestation.scoring.traveller import Penalty
from basestation.station.session.memory import SectionState
from basestation.station.session.scores import traveller_result
from basestation.station.session.seating import short_name
from basestation.station.session.seats import Seats
from firmware_protocol.messages import HANDICAPPED, Feedback, FeedbackKind, Row

MAX_NAMES = 120  # bytes of a ranking row's names cell: two short names and " & "


def completed_round(section: SectionState) -> int:
    """The last round every table of the section has entered all its boards for (0: none)."""
    done = 0
    for round_ in range(1, section.movement.rounds + 1):
        if not section.round_complete(round_):
            return done
        done = round_
    return done


def shown_round(section: SectionState) -> int | None:
    """The round whose rankings the section's pads may show now (None: none)."""
    if section.rankings is None:
        return None
    done = completed_round(section)
    return done if done and section.rankings.shows(done, section.movement.rounds) else None


def ranking_after(section: SectionState, round_: int, preset: str, seats: Seats,
                  players: dict[int, str], *, penalties: Iterable[Penalty] = (),
                  handicaps: Mapping[int, float] | None = None) -> Feedback:
    """The section's rankings scored on the results of rounds 1 to `round_` only (with the
    penalties given so far): each row rank, pair, direction (None in a one-field movement),
    total, percent x 100 and names. With the players' `handicaps` (a handicap event), the
    handicapped ranking, said so (SPEC.md 14.9)."""
    movement = section.movement
    due = [a for a in movement.assignments
           if a.round <= round_ and a.ns is not None and a.ew is not None]

    def expected(board: int, _section: str) -> int:
        return sum(1 for a in due if board in a.boards)

    def results(board: int, _section: str) -> list[TravellerResult]:
        return [r for held in section.by_board.get(board, ())
                if held.round <= round_ and (r := traveller_result(held)) is not None]

    scorer = IncrementalScorer(regulations(preset), expected, two_field=movement.two_field,
                               source=results)
    scorer.set_penalties(penalties)
    for board in sorted({b for a in due for b in a.boards}):
        scorer.rescore(board, section.letter)
    handicap = None
    if handicaps is not None:
        def handicap(letter: str, direction: str | None, pair: int) -> float:
            return pair_handicap(handicaps.get(n) for n in seats.of(letter, pair, direction))
    rows: list[Row] = []
    for entry in scorer.ranking(handicap):
        if entry.section != section.letter:
            continue
        shown = entry.pct if handicaps is None else entry.handicapped_pct
        pct = None if shown is None else round(shown * 100)
        side = None if entry.direction is None else entry.direction
        numbers = seats.of(section.letter, entry.pair, side)
        names = " & ".join(n for number in numbers if number
                           if (n := short_name(players.get(number))) is not None)
        cut = names.encode("utf-8")[:MAX_NAMES].decode("utf-8", errors="ignore")
        rows.append((entry.rank, entry.pair, entry.direction, round(entry.total), pct, cut))
    return Feedback(board=0, kind=FeedbackKind.RANKING, rows=tuple(rows), round=round_,
                    ranking=None if handicaps is None else HANDICAPPED)
