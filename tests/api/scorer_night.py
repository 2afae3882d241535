"""A New Zealand club's night on a running station, for the Scorer's XML (issue 49): two
sections, a phantom, the club's list with NZB numbers, every pair seated, hand records, every
board entered from the movement with a board passed out, a doubled no-trump led with a ten
and an artificial adjusted score; and a parser of the Scorer's XML written from the format
alone (docs/ARCHITECTURE.md, Contracts, "scorer.xml"), not from the writer."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

import httpx

from simulator.deals import random_deals
from tests.api.conftest import ok

SEED = 49
DATE = "2026-03-17"
DEALS = random_deals(10, random.Random(SEED))
PBN = "".join(f'[Board "{b}"]\n[Deal "{deal}"]\n\n' for b, deal in DEALS.items())
NIGHT = {"name": "Tuesday evening", "regulations": "nz", "sections": [
    {"letter": "A", "movement": "mitchell", "tables": 5, "boards": 10, "phantom": True},
    {"letter": "B", "movement": "mitchell", "tables": 3, "boards": 6}]}
# Every player of the night: club number, name, NZB number (one without).
CLUB = [(100 + n, f"Player {100 + n}", f"NZB{5000 + n}" if n != 7 else "") for n in range(1, 41)]
PLAYERS = "number,name,national\n" + "".join(f"{n},{name},{nzb}\n" for n, name, nzb in CLUB)
CONTRACTS = [("4S", "S", 10), ("3NT", "N", 8), ("2H", "E", 8), ("4H", "W", 11),
             ("3D", "N", 9), ("5CX", "S", 10), ("1NT", "W", 7), ("4S", "N", 11)]
LEADS = {"N": "H2", "E": "S3", "S": "D4", "W": "C5"}  # declarer -> a lead (not checked)


async def movements(director: httpx.AsyncClient) -> dict[str, dict[str, Any]]:
    sections = await ok(await director.get("/api/sections"))
    return {s["letter"]: (await ok(await director.get(
        f"/api/sections/{s['letter']}/movement")))["movement"] for s in sections}


async def seat_everyone(director: httpx.AsyncClient,
                        moves: dict[str, dict[str, Any]]) -> None:
    numbers = iter(n for n, _, _ in CLUB)
    for letter, movement in moves.items():
        pairs: set[tuple[int, str]] = set()
        for a in movement["assignments"]:
            for side in ("NS", "EW"):
                if a[side.lower()] is not None:
                    pairs.add((a[side.lower()], side if movement["two_field"] else ""))
        for pair, side in sorted(pairs):
            body: dict[str, Any] = {"players": [{"number": next(numbers)},
                                                {"number": next(numbers)}]}
            if side:
                body["side"] = side
            await ok(await director.put(f"/api/seats/{letter}/{pair}", json=body))


async def play(director: httpx.AsyncClient, moves: dict[str, dict[str, Any]],
               rng: random.Random) -> dict[str, Any]:
    """Every board the movement gives a full table; returns the special lines entered."""
    special: dict[str, Any] = {}
    for letter, movement in moves.items():
        for a in movement["assignments"]:
            if a["ns"] is None or a["ew"] is None:
                continue
            for board in a["boards"]:
                where = (f"/api/sections/{letter}/tables/{a['table']}/rounds/{a['round']}"
                         f"/boards/{board}")
                body: dict[str, Any]
                if "passed" not in special:
                    body = {"contract": "PASS"}
                    special["passed"] = (letter, board, a["ns"], a["ew"])
                elif "ten" not in special:
                    body = {"contract": "1NTX", "declarer": "E", "tricks": 5, "lead": "C10"}
                    special["ten"] = (letter, board, a["ns"], a["ew"])
                else:
                    contract, declarer, tricks = rng.choice(CONTRACTS)
                    tricks += rng.choice((-1, 0, 0, 1))
                    body = {"contract": contract, "declarer": declarer, "tricks": tricks,
                            "lead": LEADS[declarer]}
                await ok(await director.put(where, json=body))
                if "adjusted" not in special and letter == "B":
                    await ok(await director.post(where + "/ruling", json={"adjusted": "60/40"}))
                    special["adjusted"] = (letter, board, a["ns"], a["ew"])
    return special


async def club_night(director: httpx.AsyncClient) -> tuple[int, dict[str, Any]]:
    """The night played and published; its event id and the special lines."""
    await ok(await director.post("/api/players/csv", json={"csv": PLAYERS}))
    made = await ok(await director.post("/api/setup/event", json={
        **NIGHT, "date": DATE, "hand_records": PBN, "close_open": True}), 201)
    moves = await movements(director)
    await seat_everyone(director, moves)
    special = await play(director, moves, random.Random(SEED))
    await ok(await director.post(f"/api/events/{made['id']}/publish", json={}))
    special["moves"] = moves
    return made["id"], special


# -- the parser, from the format alone --------------------------------------------------------


@dataclass
class Line:
    table: int
    round: int
    board: int
    ns: int
    ew: int
    declarer: str
    contract: str  # as the station writes it: "4S", "1NTX", "PASS"; "" for none
    tricks: int | None
    lead: str
    score: int | None  # None: "Adj" or no score
    artificial: bool
    mp_ns: float | None  # matchpoints (the file holds tenths); None for the phantom's
    mp_ew: float | None
    phantom: bool


@dataclass
class Pair:
    section: str
    number: int
    direction: str | None  # "NS", "EW", None for a Howell pair
    players: list[tuple[str, str]]
    total: float
    maximum: float
    place: str
    result: float
    raw: float
    handicap: float


@dataclass
class ScorerFile:
    session: dict[str, str]
    sections: list[dict[str, str]]
    lines: dict[str, list[Line]] = field(default_factory=dict)
    pairs: list[Pair] = field(default_factory=list)
    hands: dict[int, dict[str, str]] = field(default_factory=dict)


def _contract(cont: str) -> str:
    """"4 S" -> "4S", "1 NT x" -> "1NTX", "N P" -> "PASS"."""
    if cont == "N P":
        return "PASS"
    return "".join(cont.split()).upper()


def _tricks(contract: str, res: str) -> int | None:
    if not res:
        return None
    level = int(contract[0])
    return level + 6 + (0 if res == "=" else int(res))


def _mp(value: str) -> float | None:
    if value == "-9999":
        return None
    return int(value) / 10 if value.lstrip("-").isdigit() else float(value) / 10


def read_scorer(text: str) -> ScorerFile:
    root = ET.fromstring(text.encode())
    assert root.tag == "session"
    found = ScorerFile(dict(root.attrib), [dict(s.attrib) for s in root.iterfind(
        "sections/section")])
    for part in root.iterfind("board_results/brsection"):
        lines = found.lines.setdefault(part.attrib["sectid"], [])
        for r in part.iterfind("result"):
            a = r.attrib
            contract = _contract(a["cont"]) if a["cont"] else ""
            lines.append(Line(
                table=int(a["tab"]), round=int(a["rnd"]), board=int(a["bd"]), ns=int(a["ns"]),
                ew=int(a["ew"]), declarer=a["dec"], contract=contract,
                tricks=_tricks(contract, a["res"]) if contract not in ("", "PASS") else None,
                lead=a["lead"], score=int(a["score"]) if a["score"].lstrip("-").isdigit()
                else None, artificial=a["score"] == "Adj", mp_ns=_mp(a["mp_ns"]),
                mp_ew=_mp(a["mp_ew"]), phantom=a["mp_ns"] == "-9999"))
    for part in root.iterfind("scores/scsection"):
        for p in part.iterfind("pair"):
            a = p.attrib
            total, maximum = a["match_points"].split("/")
            found.pairs.append(Pair(
                section=part.attrib["sectid"], number=int(a["no"]),
                direction={"N": "NS", "E": "EW", "H": None}[a["dir"]],
                players=[(a[f"player_name_{i}"], a[f"nzb_no_{i}"]) for i in (1, 2)],
                total=float(total), maximum=float(maximum), place=a["place"],
                result=float(a["res"]), raw=float(a["raw_score"]),
                handicap=float(a["handicap"])))
    for board in root.iterfind("hand_records/board"):
        found.hands[int(board.attrib["bd"])] = dict(board.attrib)
    return found
