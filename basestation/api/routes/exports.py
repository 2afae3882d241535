"""Exports for the scoring program and the national body: PBN, USEBIO and CSV."""

from __future__ import annotations

import csv
import io

from fastapi import APIRouter
from fastapi.responses import Response

from basestation.api.deps import ResultsReader, StationDep
from basestation.api.views import scored_session
from basestation.formats.pbn_scores import write_pbn_scores
from basestation.formats.usebio import write_usebio
from basestation.scoring import TravellerResult

router = APIRouter(prefix="/api/exports", tags=["exports"], dependencies=[ResultsReader])


def _download(text: str, media_type: str, name: str) -> Response:
    return Response(text, media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/pbn", response_class=Response)
async def pbn(station: StationDep) -> Response:
    """The scored session as PBN with ScoreTable and TotalScoreTable."""
    return _download(write_pbn_scores(scored_session(station.rules)), "text/plain", "results.pbn")


@router.get("/usebio", response_class=Response)
async def usebio(station: StationDep) -> Response:
    """The scored session as a USEBIO 1.2 XML document."""
    session = scored_session(station.rules)
    return _download(write_usebio(session, station.rules.event_name or "Pairs"),
                     "application/xml", "results.xml")


@router.get("/csv", response_class=Response)
async def results_csv(station: StationDep) -> Response:
    """Every traveller line with its matchpoints, one row per board per table."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "board", "ns", "ew", "contract", "declarer", "tricks", "lead",
                     "adjusted", "score_ns", "mp_ns", "mp_ew", "pct_ns", "pct_ew"])
    for board in scored_session(station.rules).boards:
        for line in board.results:
            result = line.result
            writer.writerow([board.section, board.board, result.ns, result.ew,
                             result.contract or "", result.declarer or "", result.tricks,
                             result.lead or "", _award(result), line.score_ns, line.mp_ns,
                             line.mp_ew, line.pct_ns, line.pct_ew])
    return _download(out.getvalue(), "text/csv", "results.csv")


@router.get("/rankings.csv", response_class=Response)
async def rankings_csv(station: StationDep) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "direction", "rank", "pair", "total", "pct", "boards"])
    for entry in scored_session(station.rules).ranking:
        writer.writerow([entry.section, entry.direction or "", entry.rank_label, entry.pair,
                         entry.total, entry.pct, entry.boards])
    return _download(out.getvalue(), "text/csv", "rankings.csv")


def _award(result: TravellerResult) -> str:
    if result.artificial is None:
        return ""
    return f"{result.artificial.ns}/{result.artificial.ew}"
