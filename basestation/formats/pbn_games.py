"""PBN 2.1 games in export format (PBN 2.1, 2 and 3): what every game of the station's PBN
files shares.

Each game opens with the 15 tags of the Mandatory Tag Set in the standard's order, then its
other tags sorted by name, then its tables (ScoreTable before TotalScoreTable, as sorted by
name too); a single space between tokens, CR LF at every line's end, an empty line between
games. A game stands for a board's traveller, not one table's play, so the four players,
Declarer, Contract and Result are not one table's: the players are "" (not applicable: their
names are in the tables) and the other three "?" (so no reader takes the game for a board
passed out). Dealer and Vulnerable follow the board number; Deal is the hand record, dealer
first, or "" when the station was given none for that board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date

from basestation.domain.board import dealer_of, vulnerability_of

MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
             "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
END = "\r\n"
# Hand records by section letter and board number ("" for a file that has no sections).
Deals = Mapping[tuple[str, int], str]


def quoted(text: str) -> str:
    """A PBN string token: in double quotes, with quotes and backslashes escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tag(name: str, value: str) -> str:
    return f"[{name} {quoted(value)}]"


def dealer_first(deal: str, board: int) -> str:
    """A PBN deal given from any seat, rewritten from the board's dealer with every suit's
    cards in descending order, as export format asks."""
    from endplay.types import Deal, Player  # here: endplay's import costs half a second

    first = Player.find(dealer_of(board).value)
    return str(Deal(deal).to_pbn(first))


def pbn_date(held_on: date | None) -> str:
    return held_on.strftime("%Y.%m.%d") if held_on else "????.??.??"


@dataclass(frozen=True)
class PbnEvent:
    """What every game of one file shares: the event, its day, how it is scored (PBN's
    Scoring tag: "MP", "IMP") and its hand records."""

    name: str
    held_on: date | None
    scoring: str
    deals: Deals = field(default_factory=dict)

    def deal(self, section: str, board: int) -> str:
        found = self.deals.get((section, board))
        return dealer_first(found, board) if found else ""


def game_tags(event: PbnEvent, section: str, board: int,
              supplemental: Mapping[str, str]) -> list[str]:
    """A board's game: the Mandatory Tag Set in order, then `supplemental` by name."""
    values = {"Event": event.name, "Site": "?", "Date": pbn_date(event.held_on),
              "Board": str(board), "West": "", "North": "", "East": "", "South": "",
              "Dealer": dealer_of(board).value, "Vulnerable": vulnerability_of(board).value,
              "Deal": event.deal(section, board), "Scoring": event.scoring,
              "Declarer": "?", "Contract": "?", "Result": "?"}
    return ([tag(name, values[name]) for name in MANDATORY]
            + [tag(name, supplemental[name]) for name in sorted(supplemental)])


def pbn_file(games: Iterable[list[str]], export: bool = True) -> str:
    """The games, an empty line between each two, under the version line (and the export
    line when every game has the Mandatory Tag Set)."""
    lines = ["% PBN 2.1", "% EXPORT"] if export else ["% PBN 2.1"]
    for number, game in enumerate(games):
        if number:
            lines.append("")
        lines += game
    return END.join(lines) + END
