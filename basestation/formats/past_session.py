"""A session from the years before the station, read from the file another scoring program
wrote: NZ Bridge's Scorer XML (formats/scorer_xml.py's format), USEBIO 1.2 (a pairs event),
or a PBN games file with one game a table (its Board, Contract, Declarer and Result tags,
the pairs in PairId_NS and PairId_EW, as other scoring programs write it).

Everything is read before anything is used: a file that does not parse, or that contradicts
itself (a score its contract does not give, a total its board results do not give, a pair on
one board twice or at two tables in one round), is refused with the line and the reason
(`PastFileError`), so nothing of it is half taken. `traveller_of` turns a session into the
traveller file `basestation score` reads; the station imports it into the club's history
(station/commands/history_import.py).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any
from xml.parsers import expat

from basestation.domain.board import vulnerability_of
from basestation.domain.cards import CardError, parse_card
from basestation.domain.contract import ContractError, parse_contract, score_ns
from basestation.domain.said import Said, SaidError, SaidValue, saying
from basestation.formats.roster import Player
from firmware_protocol.messages import Seat

SCORER, USEBIO, PBN = "Scorer XML", "USEBIO", "PBN"
TOTAL_SLACK = 0.06  # matchpoints: totals are printed to one or two decimals


# Why a past session's file cannot be taken, by message key (the station's refusals table
# takes these in). `what` is the file's own name for a field; `why` the XML reader's words.
PAST_WORDS: dict[str, str] = {
    "past.at_line": "line {line}: {reason}",
    "past.xml_root": "an XML file whose root is <{root}>: neither the Scorer's <session> nor "
                     "<USEBIO>",
    "past.doctype": "a DOCTYPE or entity declaration: not taken in a results file",
    "past.not_xml": "not well-formed XML ({why})",
    "past.empty": "an empty file",
    "past.whole": "{what} must be a whole number, not {value}",
    "past.at_least": "{what} must be at least {low}, not {number}",
    "past.number": "{what} must be a number, not {value}",
    "past.date": "the date {text} is not a day (dd/mm/yyyy)",
    "past.cont": "cont {cont} is not a contract (4 S, 1 NT x, N P)",
    "past.res": "res {res} must be =, +1, -2 ...",
    "past.phantom": "a phantom's line (-9999) where neither pair, or both, is among the "
                    "section's pairs",
    "past.dir": "dir must be N, E or H, not {dir}",
    "past.score": "the score {text} is not a bridge score",
    "past.lead": "the lead {text} is not a card (CT, HK)",
    "past.events": "a USEBIO file with {count} EVENTs: one pairs event a file",
    "past.event_type": "a USEBIO {kind} event: only pairs events are taken",
    "past.direction": "DIRECTION must be NS or EW, not {direction}",
    "past.traveller_section": "a TRAVELLER_LINE that does not say its SECTION, in a file of "
                              "several sections",
    "past.contract": "CONTRACT {contract} is not a contract",
    "past.score_table": "a ScoreTable: this is a traveller file (basestation score reads it), "
                        "not one game a table",
    "past.no_games": "no game with a Board tag: not a PBN games file",
    "past.game_pairs": "board {board}: the game does not say its pairs (PairId_NS and "
                       "PairId_EW)",
    "past.game_contract": "board {board}: the game has no Contract",
    "past.game_not_contract": "board {board}: Contract {contract} is not a contract",
    "past.no_results": "no board results: nothing to take",
    "past.pair": "pair {pair}",
    "past.side_pair": "{side} pair {pair}",
    "past.pair_side": "pair {pair} {side}",
    "past.second_result": "{name} has a second result on board {board} (the first at line "
                          "{first})",
    "past.two_tables": "pair {pair} is at table {table} and at table {other} (line {line}) in "
                       "round {round}",
    "past.where": "board {board}, NS {ns} v EW {ew}",
    "past.declarer": "{where}: {contract} needs a declarer N, E, S or W, not {declarer}",
    "past.tricks": "{where}: {tricks} tricks cannot be",
    "past.score_differs": "{where}: the score {score} is not what {contract} by {declarer} "
                          "taking {tricks} tricks scores ({scored})",
    "past.total": "{who}'s total {given:g} is not what its board results give ({total:.2f})",
    "past.no_day": "the file does not say the day it was played: give it",
    "past.seat_clash": "table {table} in round {round} has NS {ns} v EW {ew} here and NS "
                       "{held_ns} v EW {held_ew} at line {line}",
    "past.section": "section {section}: {problem}",
    "past.percentage": "{who}'s percentage {pct:g} is not its total {given:g} of the "
                       "{out_of:g} its boards give",
}


def past_said(key: str, /, **values: SaidValue) -> Said:
    """A sentence of `PAST_WORDS`, a `PastFileError`'s reason."""
    return saying(PAST_WORDS, key, **values)


class PastFileError(SaidError):
    """The file cannot be taken: `line` (None: the whole file) and the reason (a sentence of
    `PAST_WORDS`: the error's key and values say "line {line}: {reason}" or the reason)."""

    def __init__(self, line: int | None, reason: Said) -> None:
        self.line, self.reason = line, str(reason)
        super().__init__(f"line {line}: {reason}" if line is not None else str(reason))
        at: dict[str, SaidValue] = {"line": line or 0, "reason": reason}
        self.key, self.values = ((reason.key, reason.values) if line is None else
                                 ("past.at_line", at))


@dataclass(frozen=True, slots=True)
class PastLine:
    """One table's line on a board, or a board a pair sat out against the phantom."""

    line: int  # where in the file
    section: str
    board: int
    ns: int | None  # None: the phantom's seat
    ew: int | None
    table: int | None = None
    round: int | None = None
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    score_ns: int | None = None
    adjusted: bool = False  # the director's adjusted score (its matchpoints in mp_*)
    mp_ns: float | None = None
    mp_ew: float | None = None

    @property
    def phantom(self) -> bool:
        return self.ns is None or self.ew is None


@dataclass(frozen=True, slots=True)
class PastPair:
    line: int
    section: str
    pair: int
    direction: str | None  # "NS", "EW", None in one field (a Howell)
    players: tuple[Player, ...]
    total: float | None = None  # as the file gives it (the Scorer's: factored)
    maximum: float | None = None
    pct: float | None = None  # raw
    place: str | None = None
    handicap: float | None = None


@dataclass(frozen=True)
class PastSession:
    kind: str  # SCORER, USEBIO or PBN
    name: str
    held_on: date | None
    digest: str  # of the file's bytes: the same file imported twice is the same session
    lines: tuple[PastLine, ...]
    pairs: tuple[PastPair, ...] = ()
    hand_records: dict[int, str] = field(default_factory=dict)
    across_the_field: bool = False
    handicap: bool = False
    club_no: str = ""

    @property
    def sections(self) -> list[str]:
        return sorted({line.section for line in self.lines} | {p.section for p in self.pairs})

    def two_field(self, section: str) -> bool:
        """A Mitchell section (NS and EW pairs numbered apart) or a Howell (one field)."""
        pairs = [p for p in self.pairs if p.section == section]
        if pairs:
            return any(p.direction is not None for p in pairs)
        lines = [x for x in self.lines if x.section == section and not x.phantom]
        ns, ew = {x.ns for x in lines}, {x.ew for x in lines}
        same_board = any(x.ns == y.ew for x in lines for y in lines if x.board == y.board)
        return same_board or not ns & ew


def read_past(text: str) -> PastSession:
    """The session in `text`, whichever of the three it is; checked (see the module)."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("<"):
        root = _xml(text)
        if root.tag == "session":
            past = _scorer(root, digest)
        elif root.tag.upper() == "USEBIO":
            past = _usebio(root, digest)
        else:
            raise PastFileError(root.line, past_said("past.xml_root", root=root.tag))
    else:
        past = _pbn(text, digest)
    check(past)
    return past


# -- XML with line numbers ------------------------------------------------------------------


@dataclass
class Node:
    tag: str
    attrib: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]

    def path(self, *tags: str) -> list[Node]:
        nodes = [self]
        for tag in tags:
            nodes = [c for n in nodes for c in n.all(tag)]
        return nodes

    def value(self, tag: str) -> str | None:
        child = self.find(tag)
        return None if child is None else child.text.strip()


def _xml(text: str) -> Node:
    """The document as nodes that know their line; no DTD, no entities (a file from
    elsewhere must not make the parser fetch or expand anything)."""
    parser = expat.ParserCreate()
    stack: list[Node] = []
    roots: list[Node] = []

    def start(tag: str, attrib: dict[str, str]) -> None:
        node = Node(tag, attrib, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

    def data(chunk: str) -> None:
        if stack:
            stack[-1].text += chunk

    def refuse(*_args: Any) -> None:
        raise PastFileError(parser.CurrentLineNumber, past_said("past.doctype"))

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = data
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(text.lstrip("\ufeff"), True)
    except expat.ExpatError as error:
        why = expat.errors.messages[error.code]
        raise PastFileError(error.lineno, past_said("past.not_xml", why=why)) from None
    if not roots:
        raise PastFileError(None, past_said("past.empty"))
    return roots[0]


def _int(value: str | None, line: int, what: str, low: int = 1) -> int:
    try:
        number = int((value or "").strip())
    except ValueError:
        raise PastFileError(line, past_said("past.whole", what=what, value=repr(value))) from None
    if number < low:
        raise PastFileError(line, past_said("past.at_least", what=what, low=low, number=number))
    return number


def _float(value: str | None, line: int, what: str) -> float | None:
    if value is None or not value.strip():
        return None
    try:
        return float(value)
    except ValueError:
        raise PastFileError(line, past_said("past.number", what=what, value=repr(value))) from None


def _date(text: str | None, line: int) -> date | None:
    """dd/mm/yyyy (the Scorer's, USEBIO's) or yyyy.mm.dd (PBN's) or yyyy-mm-dd."""
    if not text or not text.strip() or "?" in text:
        return None
    found = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", text.strip())
    try:
        if found:
            day, month, year = (int(g) for g in found.groups())
            return date(year, month, day)
        found = re.fullmatch(r"(\d{4})[.-](\d{1,2})[.-](\d{1,2})", text.strip())
        if found:
            year, month, day = (int(g) for g in found.groups())
            return date(year, month, day)
    except ValueError:
        pass
    raise PastFileError(line, past_said("past.date", text=repr(text)))


# -- the Scorer's XML -----------------------------------------------------------------------


def _scorer(root: Node, digest: str) -> PastSession:
    attrs = root.attrib
    lines = []
    for part in root.path("board_results", "brsection"):
        section = part.attrib.get("sectid", "").strip()
        for result in part.all("result"):
            lines.append(_scorer_line(section, result))
    pairs = []
    for part in root.path("scores", "scsection"):
        section = part.attrib.get("sectid", "").strip()
        for pair in part.all("pair"):
            pairs.append(_scorer_pair(section, pair))
    # The phantom's lines: the pair not among the section's pairs is the phantom.
    known = {(p.section, p.direction, p.pair) for p in pairs}
    lines = [_phantom_seat(line, known) for line in lines]
    hands = {}
    for board in root.path("hand_records", "board"):
        number = _int(board.attrib.get("bd"), board.line, "bd")
        seats = [board.attrib.get(seat, "") for seat in ("north", "east", "south", "west")]
        if any(seats):
            hands[number] = "N:" + " ".join(seats)
    handicap = any(s.attrib.get("handicap") == "Y" for s in root.path("sections", "section"))
    return PastSession(SCORER, attrs.get("event_name", "").strip() or "Imported session",
                       _date(attrs.get("event_date"), root.line), digest, tuple(lines),
                       tuple(pairs), hands, attrs.get("field_scoring") == "Y", handicap,
                       attrs.get("club_no", "").strip())


def _scorer_line(section: str, node: Node) -> PastLine:
    a, line = node.attrib, node.line
    board = _int(a.get("bd"), line, "bd")
    ns, ew = _int(a.get("ns"), line, "ns"), _int(a.get("ew"), line, "ew")
    base: dict[str, Any] = {"line": line, "section": section, "board": board, "ns": ns,
                            "ew": ew, "table": _int(a.get("tab"), line, "tab"),
                            "round": _int(a.get("rnd"), line, "rnd")}
    if a.get("mp_ns") == "-9999":
        return PastLine(**base, mp_ns=None, mp_ew=-9999)  # the phantom's: placed below
    mp_ns, mp_ew = (_tenths(a.get(k), line, k) for k in ("mp_ns", "mp_ew"))
    score, cont = a.get("score", "").strip(), a.get("cont", "").strip()
    if score == "Adj":
        return PastLine(**base, adjusted=True, mp_ns=mp_ns, mp_ew=mp_ew)
    if cont.upper() in ("N P", "NP", "PASS"):
        return PastLine(**base, contract="PASS", score_ns=0, mp_ns=mp_ns, mp_ew=mp_ew)
    contract = "".join(cont.split()).upper()
    try:
        parsed = parse_contract(contract)
    except ContractError:
        raise PastFileError(line, past_said("past.cont", cont=repr(cont))) from None
    res = a.get("res", "").strip()
    if not re.fullmatch(r"=|[+-]\d{1,2}", res):
        raise PastFileError(line, past_said("past.res", res=repr(res)))
    tricks = parsed.level + 6 + (0 if res == "=" else int(res))
    return PastLine(**base, contract=str(parsed), declarer=a.get("dec", "").strip().upper(),
                    tricks=tricks, lead=_lead(a.get("lead"), line),
                    score_ns=_score(score, line), mp_ns=mp_ns, mp_ew=mp_ew)


def _phantom_seat(line: PastLine, known: set[tuple[str, str | None, int]]) -> PastLine:
    if line.mp_ew != -9999:
        return line
    ns_known = (line.section, "NS", line.ns) in known or (line.section, None, line.ns) in known
    ew_known = (line.section, "EW", line.ew) in known or (line.section, None, line.ew) in known
    if ns_known == ew_known:
        raise PastFileError(line.line, past_said("past.phantom"))
    if ns_known:
        return replace(line, mp_ns=None, mp_ew=None, ew=None)
    return replace(line, mp_ns=None, mp_ew=None, ns=None)


def _scorer_pair(section: str, node: Node) -> PastPair:
    a, line = node.attrib, node.line
    direction = {"N": "NS", "E": "EW", "H": None}.get(a.get("dir", "").strip().upper(), "?")
    if direction == "?":
        raise PastFileError(line, past_said("past.dir", dir=repr(a.get("dir"))))
    players = tuple(Player(a[f"player_name_{i}"].strip(),
                           a.get(f"nzb_no_{i}", "").strip() or None)
                    for i in (1, 2) if a.get(f"player_name_{i}", "").strip())
    total = maximum = None
    points = a.get("match_points", "").strip()
    if points:
        given, _, most = points.partition("/")
        total, maximum = (_float(given, line, "match_points"),
                          _float(most, line, "match_points"))
    return PastPair(line, section, _int(a.get("no"), line, "no"), direction, players, total,
                    maximum, _float(a.get("raw_score"), line, "raw_score"),
                    a.get("place", "").strip() or None,
                    _float(a.get("handicap"), line, "handicap"))


def _tenths(value: str | None, line: int, what: str) -> float | None:
    given = _float(value, line, what)
    return None if given is None else given / 10


def _score(text: str | None, line: int) -> int | None:
    if text is None or not text.strip():
        return None
    try:
        return int(text.strip())
    except ValueError:
        raise PastFileError(line, past_said("past.score", text=repr(text))) from None


def _lead(text: str | None, line: int) -> str | None:
    if not text or not text.strip() or text.strip() == "-":
        return None
    try:
        card = parse_card(text)
    except CardError:
        raise PastFileError(line, past_said("past.lead", text=repr(text))) from None
    return f"{card.suit.value}{card.rank}"


# -- USEBIO 1.2 -----------------------------------------------------------------------------


def _usebio(root: Node, digest: str) -> PastSession:
    events = root.all("EVENT")
    if len(events) != 1:
        raise PastFileError(root.line, past_said("past.events", count=len(events)))
    event = events[0]
    kind = event.attrib.get("EVENT_TYPE", "PAIRS").upper()
    if kind != "PAIRS":
        raise PastFileError(event.line, past_said("past.event_type", kind=kind))
    pairs = []
    for node in event.path("PARTICIPANTS", "PAIR"):
        line = node.line
        players = tuple(Player((p.value("PLAYER_NAME") or "").strip(),
                               p.value("NATIONAL_ID_NUMBER") or None)
                        for p in node.all("PLAYER") if (p.value("PLAYER_NAME") or "").strip())
        direction = (node.value("DIRECTION") or "").upper() or None
        if direction not in (None, "NS", "EW"):
            raise PastFileError(line, past_said("past.direction", direction=repr(direction)))
        pairs.append(PastPair(line, node.value("SECTION") or "A",
                              _int(node.value("PAIR_NUMBER"), line, "PAIR_NUMBER"),
                              direction, players,
                              _float(node.value("TOTAL_SCORE"), line, "TOTAL_SCORE"), None,
                              _float(node.value("PERCENTAGE"), line, "PERCENTAGE"),
                              node.value("PLACE"), _float(node.value("HANDICAP"), line,
                                                          "HANDICAP")))
    sections = sorted({p.section for p in pairs}) or ["A"]
    lines = []
    for board in event.all("BOARD"):
        number = _int(board.value("BOARD_NUMBER"), board.line, "BOARD_NUMBER")
        for node in board.all("TRAVELLER_LINE"):
            lines.append(_usebio_line(node, number, board.value("SECTION"), sections))
    hands = {}
    for board in event.path("HANDSET", "BOARD"):
        number = _int(board.value("BOARD_NUMBER"), board.line, "BOARD_NUMBER")
        seats = {h.attrib.get("DIRECTION", ""): ".".join(
            h.value(s) or "" for s in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
            for h in board.all("HAND")}
        if set(seats) == set("NESW"):
            hands[number] = "N:" + " ".join(seats[s] for s in "NESW")
    return PastSession(USEBIO, event.value("EVENT_DESCRIPTION") or "Imported session",
                       _date(event.value("DATE") or root.value("DATE"), event.line), digest,
                       tuple(lines), tuple(pairs), hands,
                       handicap=any(p.handicap is not None for p in pairs))


def _usebio_line(node: Node, board: int, section: str | None,
                 sections: list[str]) -> PastLine:
    line = node.line
    section = node.value("SECTION") or section
    if section is None:
        if len(sections) > 1:
            raise PastFileError(line, past_said("past.traveller_section"))
        section = sections[0]
    base: dict[str, Any] = {"line": line, "section": section, "board": board,
                            "ns": _int(node.value("NS_PAIR_NUMBER"), line, "NS_PAIR_NUMBER"),
                            "ew": _int(node.value("EW_PAIR_NUMBER"), line, "EW_PAIR_NUMBER"),
                            "mp_ns": _float(node.value("NS_MATCH_POINTS"), line,
                                            "NS_MATCH_POINTS"),
                            "mp_ew": _float(node.value("EW_MATCH_POINTS"), line,
                                            "EW_MATCH_POINTS")}
    if node.value("TABLE"):
        base["table"] = _int(node.value("TABLE"), line, "TABLE")
    if node.value("ROUND"):
        base["round"] = _int(node.value("ROUND"), line, "ROUND")
    contract = (node.value("CONTRACT") or "").strip()
    score = _score(node.value("SCORE"), line)
    if not contract:
        if score is None:
            return PastLine(**base, adjusted=True)
        return PastLine(**base, score_ns=score)
    try:
        parsed = parse_contract(contract)
    except ContractError:
        raise PastFileError(line, past_said("past.contract", contract=repr(contract))) from None
    if parsed.passed_out:
        return PastLine(**base, contract="PASS", score_ns=0 if score is None else score)
    return PastLine(**base, contract=str(parsed),
                    declarer=(node.value("PLAYED_BY") or "").upper(),
                    tricks=_int(node.value("TRICKS"), line, "TRICKS", low=0),
                    lead=_lead(node.value("LEAD"), line), score_ns=score)


# -- PBN: one game a table ------------------------------------------------------------------

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


def _pbn(text: str, digest: str) -> PastSession:
    games: list[tuple[int, dict[str, str]]] = []
    current: dict[str, str] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(("%", ";", "{")):
            if not stripped:
                current = None
            continue
        found = _TAG.match(stripped)
        if found is None:
            continue  # a game's auction, play or commentary
        if current is None:
            current = {}
            games.append((number, current))
        name, value = found.groups()
        if name == "ScoreTable":
            raise PastFileError(number, past_said("past.score_table"))
        current[name] = value.replace('\\"', '"').replace("\\\\", "\\")
    games = [(line, tags) for line, tags in games if "Board" in tags]
    if not games:
        raise PastFileError(None, past_said("past.no_games"))
    lines = []
    deals: dict[int, str] = {}
    players: dict[tuple[str, str, int], tuple[Player, ...]] = {}
    for line, tags in games:
        board = _int(tags["Board"], line, "Board")
        if tags.get("Deal"):
            deals.setdefault(board, tags["Deal"])
        section = tags.get("Section", "").strip() or "A"
        if "PairId_NS" not in tags or "PairId_EW" not in tags:
            raise PastFileError(line, past_said("past.game_pairs", board=board))
        ns = _int(tags["PairId_NS"], line, "PairId_NS")
        ew = _int(tags["PairId_EW"], line, "PairId_EW")
        for side, pair, seats in (("NS", ns, ("North", "South")), ("EW", ew, ("East", "West"))):
            names = tuple(Player(tags[s].strip()) for s in seats
                          if tags.get(s, "").strip() not in ("", "?", "-"))
            if names:
                players.setdefault((section, side, pair), names)
        lines.append(_pbn_line({"line": line, "section": section, "board": board, "ns": ns,
                                "ew": ew}, tags))
    first = games[0][1]
    past = PastSession(PBN, first.get("Event", "").strip() or "Imported session",
                       _date(first.get("Date"), games[0][0]), digest, tuple(lines), (), deals)
    pairs: list[PastPair] = []
    for (letter, side, number), names in sorted(
            players.items(), key=lambda x: x[0]):
        direction = side if past.two_field(letter) else None
        if direction is None and any(p.pair == number and p.section == letter for p in pairs):
            continue
        pairs.append(PastPair(0, letter, number, direction, names))
    return PastSession(PBN, past.name, past.held_on, digest, past.lines, tuple(pairs), deals)


def _pbn_line(base: dict[str, Any], tags: dict[str, str]) -> PastLine:
    """A game's table: its contract, declarer, result (tricks), lead and score."""
    line, board = base["line"], base["board"]
    if tags.get("Table", "").strip().isdecimal():
        base["table"] = int(tags["Table"])
    if tags.get("Round", "").strip().isdecimal():
        base["round"] = int(tags["Round"])
    contract = tags.get("Contract", "").strip()
    if not contract or contract in ("?", "-"):
        raise PastFileError(line, past_said("past.game_contract", board=board))
    try:
        parsed = parse_contract(contract)
    except ContractError:
        raise PastFileError(line, past_said("past.game_not_contract", board=board,
                                        contract=repr(contract))) from None
    score = None
    for tag, sign in (("Score", 1), ("Score_NS", 1), ("Score_EW", -1)):
        text = tags.get(tag, "").strip()
        if text and text not in ("?", "-"):
            parts = text.split()
            value = _score(parts[-1], line)
            if tag == "Score" and parts[0] == "EW" and value is not None:
                value = -value
            score = None if value is None else sign * value
            break
    if parsed.passed_out:
        return PastLine(**base, contract="PASS", score_ns=0)
    return PastLine(**base, contract=str(parsed), declarer=tags.get("Declarer", "").upper(),
                    tricks=_int(tags.get("Result"), line, "Result", low=0),
                    lead=_lead(tags.get("Lead"), line), score_ns=score)


# -- checks ---------------------------------------------------------------------------------


def check(past: PastSession) -> None:
    """Refuses a session that contradicts itself, naming the first line that does."""
    if not past.lines:
        raise PastFileError(None, past_said("past.no_results"))
    seen_board: dict[tuple[str, int, str, int], int] = {}
    seen_round: dict[tuple[str, str | None, int, int], tuple[int, int]] = {}
    for line in past.lines:
        apart = past.two_field(line.section)
        if not line.phantom and line.contract not in (None, "PASS"):
            _check_played(line)
        for side, pair in (("NS", line.ns), ("EW", line.ew)):
            if pair is None:
                continue
            key = (line.section, line.board, side if apart else "", pair)
            if key in seen_board:
                name = (past_said("past.side_pair", side=side, pair=pair) if apart
                        else past_said("past.pair", pair=pair))
                raise PastFileError(line.line, past_said("past.second_result", name=name,
                                                     board=line.board, first=seen_board[key]))
            seen_board[key] = line.line
            if line.round is not None and line.table is not None:
                where = (line.section, side if apart else None, pair, line.round)
                other = seen_round.setdefault(where, (line.table, line.line))
                if other[0] != line.table:
                    raise PastFileError(line.line, past_said(
                        "past.two_tables", pair=pair, table=line.table, other=other[0],
                        line=other[1], round=line.round))
    _check_totals(past)


def _check_played(line: PastLine) -> None:
    where = past_said("past.where", board=line.board, ns=str(line.ns), ew=str(line.ew))
    contract = parse_contract(line.contract or "")
    try:
        declarer = Seat(line.declarer or "")
    except ValueError:
        raise PastFileError(line.line, past_said(
            "past.declarer", where=where, contract=str(contract),
            declarer=repr(line.declarer))) from None
    if line.tricks is None or not 0 <= line.tricks <= 13:
        raise PastFileError(line.line, past_said("past.tricks", where=where,
                                                 tricks=str(line.tricks)))
    scored = score_ns(contract, declarer, line.tricks, vulnerability_of(line.board))
    if line.score_ns is not None and line.score_ns != scored:
        raise PastFileError(line.line, past_said(
            "past.score_differs", where=where, score=line.score_ns, contract=str(contract),
            declarer=str(declarer), tricks=line.tricks, scored=scored))


def _check_totals(past: PastSession) -> None:
    """A pair's total must be what its lines' matchpoints give (the Scorer's factored up to
    the boards it sat out), and its percentage what its total is of the tops."""
    if not past.pairs or any(x.mp_ns is None for x in past.lines if not x.phantom):
        return  # a file without matchpoints (PBN games): nothing to add up
    tops: dict[tuple[str, int], float] = {}
    for x in past.lines:
        if not x.phantom and not x.adjusted:
            key = (x.section, x.board)
            tops[key] = max(tops.get(key, 0.0), (x.mp_ns or 0.0) + (x.mp_ew or 0.0))
    for pair in past.pairs:
        if pair.total is None:
            continue
        mine = list(_lines_of(past, pair))
        played = [(x, mp) for x, mp in mine if mp is not None]
        total = sum(mp for _, mp in played)
        most = sum(tops.get((x.section, x.board), 0.0) for x, _ in played)
        full = most + sum(tops.get((x.section, x.board), 0.0) for x, mp in mine if mp is None)
        given = pair.total
        out_of = most
        if past.kind == SCORER and most > 0:  # the Scorer's total: factored
            total, out_of = total * full / most, full
        who = (past_said("past.pair_side", pair=pair.pair, side=pair.direction) if pair.direction
               else past_said("past.pair", pair=pair.pair))
        # Lower is a penalty taken off the total, which the percentage then follows.
        if given > total + TOTAL_SLACK or (
                given < total - TOTAL_SLACK and (pair.pct is None or out_of <= 0)):
            raise PastFileError(pair.line, past_said("past.total", who=who, given=given,
                                                     total=total))
        if pair.pct is not None and out_of > 0 and abs(100 * given / out_of - pair.pct) > 0.02:
            raise PastFileError(pair.line, past_said("past.percentage", who=who, pct=pair.pct,
                                                     given=given, out_of=out_of))


def _lines_of(past: PastSession, pair: PastPair) -> Iterable[tuple[PastLine, float | None]]:
    """The pair's lines, each with its matchpoints on it (None: sat out)."""
    for x in past.lines:
        if x.section != pair.section:
            continue
        sides = ("ns", "ew") if pair.direction is None else (pair.direction.lower(),)
        for side in sides:
            if getattr(x, side) == pair.pair:
                yield x, (None if x.phantom else getattr(x, f"mp_{side}"))


# -- what `basestation score` reads ---------------------------------------------------------


def traveller_of(past: PastSession) -> dict[str, Any]:
    """The session as a traveller file (docs/ARCHITECTURE.md, "Traveller JSON")."""
    several = len(past.sections) > 1
    boards: dict[int, list[dict[str, Any]]] = {}
    for x in past.lines:
        result: dict[str, Any] = {"ns": x.ns, "ew": x.ew}
        if several:
            result["section"] = x.section
        if x.phantom:
            pass
        elif x.adjusted:
            result["mp_override"] = [x.mp_ns or 0.0, x.mp_ew or 0.0]
        elif x.contract == "PASS":
            result["contract"] = "PASS"
        elif x.contract is not None:
            result.update(contract=x.contract, declarer=x.declarer, tricks=x.tricks)
            if x.lead:
                result["lead"] = x.lead
        else:
            result["score_ns"] = x.score_ns
        boards.setdefault(x.board, []).append(result)
    data: dict[str, Any] = {
        "scoring": "matchpoints", "across_the_room": past.across_the_field,
        "two_field": {s if several else "": past.two_field(s) for s in past.sections},
        "boards": [{"board": b, "results": r} for b, r in sorted(boards.items())]}
    if past.handicap:
        data["handicaps"] = [{"pair": p.pair, "direction": p.direction, "handicap": p.handicap,
                              **({"section": p.section} if several else {})}
                             for p in past.pairs if p.handicap is not None]
    return data
