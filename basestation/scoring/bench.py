"""Benchmark: full scoring of a large session, then single-result live updates.

Not a timed test; `run()` returns the figures for `basestation bench` and for reports.
"""

from __future__ import annotations

import random
import statistics
import time

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.scoring.incremental import IncrementalScorer
from basestation.scoring.regulations import NZ, Regulations
from basestation.scoring.session import score_session
from basestation.scoring.traveller import BoardTraveller, Method, Session, TravellerResult

# Plausible NS scores: part scores, games, slams, penalties, passed out.
_SCORES = (-1430, -680, -650, -620, -600, -500, -450, -420, -400, -300, -200, -170, -140, -130,
           -120, -110, -100, -90, -50, 0, 50, 90, 100, 110, 120, 130, 140, 170, 200, 300, 400,
           420, 450, 600, 620, 650, 680, 1430)


def generate_session(
    tables: int = 200, sections: int = 2, boards: int = 28, seed: int = 1
) -> Session:
    """A two-field session: each section a Mitchell with every table playing every board."""
    rng = random.Random(seed)
    per_section = tables // sections
    letters = "ABCDEFGHIJ"[:sections]
    travellers = []
    for board in range(1, boards + 1):
        results = tuple(
            TravellerResult(ns=table, ew=(table + board) % per_section + 1, section=letter,
                            score_ns=rng.choice(_SCORES))
            for letter in letters for table in range(1, per_section + 1)
        )
        travellers.append(BoardTraveller(board, vulnerability_of(board), dealer_of(board),
                                         results))
    return Session(Method.MATCHPOINTS, tuple(travellers), expected=per_section)


FULL_RUNS = 5


def run(regulations: Regulations = NZ, updates: int = 200) -> dict[str, float]:
    """Scores a 200-table, two-section, 28-board session, then times single-result updates."""
    session = generate_session()
    timings = []
    for _ in range(1 + FULL_RUNS):  # the first warms up; the median of the rest is reported
        started = time.perf_counter()
        score_session(session, regulations)
        timings.append((time.perf_counter() - started) * 1000)
    full_ms = statistics.median(timings[1:])
    scorer = IncrementalScorer(regulations, session.expected or 0)
    for board in session.boards:
        for result in board.results:
            scorer.set_result(board.board, result)
    rng = random.Random(2)
    changes = [(board, rng.choice(board.results)) for board in rng.choices(session.boards,
                                                                           k=updates)]
    started = time.perf_counter()
    for board, result in changes:
        changed = TravellerResult(ns=result.ns, ew=result.ew, section=result.section,
                                  score_ns=rng.choice(_SCORES))
        scorer.set_result(board.board, changed)
    incremental_ms = (time.perf_counter() - started) * 1000 / updates
    started = time.perf_counter()
    scorer.ranking()
    ranking_ms = (time.perf_counter() - started) * 1000
    return {"score_full_ms": round(full_ms, 2), "score_incremental_ms": round(incremental_ms, 3),
            "score_ranking_ms": round(ranking_ms, 2)}


if __name__ == "__main__":
    print(run())
