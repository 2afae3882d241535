"""The published website of an event, gathered from the database: the results document the
results page reads, each pair's (or team's) players with their national numbers, each board's
par, the ladder of every competition the event is in, and the USEBIO XML with the hand
records (and, for a pairs event, the Scorer's XML with them). `basestation publish` writes it
to a folder; the results page offers it as a zip.

Read in a worker thread (or by the command line, without a station): it reads the database
only, never the open event's working memory.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from basestation.api.competitions_data import ClubList
from basestation.api.exports_data import event_and_roster, hand_records
from basestation.api.routes.competitions import ladder_document
from basestation.api.routes.event_results import results_document
from basestation.api.scorer_data import scorer_xml
from basestation.formats.match_event import MatchEvent
from basestation.formats.roster import Player
from basestation.formats.usebio import write_usebio, write_usebio_matches
from basestation.formats.website import render_site
from basestation.station.config import StationConfig
from basestation.station.refusals import Invalid, NotFound
from basestation.station.session.state import SessionState
from basestation.store.repository import Store
from firmware_protocol.messages import Row

Par = Callable[[str, int], tuple[Row, ...]]


class PublishError(Invalid):
    """The website cannot be made or written: the message says why; nothing was changed."""


class NoSuchEvent(NotFound, PublishError):
    pass


def _players(players: tuple[Player, ...]) -> list[dict[str, Any]]:
    return [{"name": p.name, "national": p.national} for p in players]


def website(store: Store, event_id: int, par: Par,
            config: StationConfig | None = None) -> dict[str, str]:
    """Every file of the event's website by its path in the site; `config` names the club
    (the Scorer's XML) and its language, the pages' (`[club] language`) unless the director
    set another on /setup."""
    config = config or StationConfig()
    snap = store.snapshot(event_id)
    event = snap.event
    if event is None:
        raise NoSuchEvent("website.no_event", event=event_id)
    session = SessionState()
    session.load(snap, {})
    seatings = store.seatings(event_id)
    # A dict from here: the site's templates read it, with the players and par added.
    results = results_document(session, seatings, is_open=False).model_dump()
    if not results["event"]["results"]:
        raise PublishError("website.no_results", name=event.name)
    if not event.published:
        raise PublishError("website.unpublished", name=event.name)
    scored, roster = event_and_roster(session, seatings)
    for row in results["rankings"]:
        row["players"] = _players(roster.of(row["section"], row["pair"], row.get("direction")))
    for section in (results["matches"] or {}).get("sections", []):
        for row in section["standings"]:
            row["players"] = _players(roster.of(section["section"], row["entrant"]))
    for board in results["travellers"]:
        deal = board["deal"]
        board["par"] = [{"contract": c, "declarer": d, "score": s}
                        for c, d, s in (par(deal, board["board"]) if deal else ())]
    deals = hand_records(session)
    if isinstance(scored, MatchEvent):
        usebio, scorer = write_usebio_matches(scored, roster, deals), None
    else:
        usebio = write_usebio(scored, session.event_name or "Pairs", roster, deals,
                              session.event_date)
        scorer = scorer_xml(session, seatings, config)
    club = ClubList.of(session)
    ladders = [ladder_document(store, club, row, ids, director=False)
               for row, ids in store.competitions() if event_id in ids]
    # The club's language as set on /setup (stored), else station.toml's.
    return render_site(results, ladders, usebio, scorer,
                       session.club_language or config.club_language)


def write_folder(files: dict[str, str], out: Path) -> None:
    """Writes the site into `out` (made if missing); refused when `out` is a file or cannot
    be written to, before any file is written."""
    if out.exists() and not out.is_dir():
        raise PublishError("website.a_file", folder=str(out))
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".basestation-write-check"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise PublishError("website.unwritable", folder=str(out),
                           why=str(exc.strerror or exc)) from exc
    for path, text in files.items():
        (out / path).write_text(text, encoding="utf-8")


def zipped(files: dict[str, str], folder: str) -> bytes:
    """The site as a zip holding one folder, ready to unpack onto the club's web host."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in sorted(files.items()):
            archive.writestr(f"{folder}/{path}", text)
    return buffer.getvalue()
