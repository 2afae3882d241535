"""The audit log in the director's words: each stored action and its detail as one line, and
who did it, with no protocol code or field name of the station's on the page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from basestation.domain.contract import result_notation

Detail = dict[str, Any]

LABELS = {
    "start": "Session started", "stop": "Session paused", "end": "Session ended",
    "publish": "Results published", "unpublish": "Results withdrawn", "enter": "Result entered",
    "erase": "Result erased", "ruling": "Ruling", "move_result": "Result moved",
    "close_round": "Round closed", "penalty": "Penalty", "remove_penalty": "Penalty removed",
    "hand_records": "Hand records loaded", "players": "Player list changed",
    "pair": "Unit paired", "command": "Command sent to unit", "lock": "Unit locked out",
    "reset": "Unit reset", "paired": "New unit heard", "login": "Logged in to a table",
    "replace": "Unit replaced", "authorise_takeover": "Takeover authorised",
    "cancel_takeover": "Takeover withdrawn", "wrong_pin": "Wrong director's PIN",
    "visitor": "Visitor added", "too_many_visitors": "Pad's visitors refused: too many",
    "pairing_code": "Pad took its key by its pairing link",
    "wrong_pairing_code": "Wrong pairing code",
    "pairing_codes_limited": "Pairing codes refused unchecked for a minute",
    "merge": "Pad's entry held for the director",
    "movement": "Movement changed", "open_event": "Event opened", "close_event": "Event closed",
    "seat": "Players seated", "thresholds": "Alerts changed",
    "club_language": "Club's language set",
    "round_minutes": "Round clock set", "player_numbers": "Player numbers asked",
    "result_entry": "Result entry set", "pads": "Pads' places set",
    "round_rankings": "Rankings on the pads set",
    "pair_moved": "Table taken by a pad following its pair",
    "other_screen": "A second screen took the unit",
    "competition": "Competition created", "competition rules": "Competition's rules changed",
    "competition event": "Event's competition changed",
}
PLACE = ("section", "table", "round", "board")
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
COMMANDS = {"reset": "start afresh", "stop": "stop taking entries",
            "start": "take entries again", "relogin": "log in again",
            "resend": "send again every result it holds"}
ASKED = {"never": "never", "first": "at the first round a table plays",
         "every": "every round"}
ENTRY = {"result": "against the contract (=, +1, -1)", "tricks": "as the tricks declarer took"}
PADS = {"tables": "each stays at its table", "ns": "each moves with its North-South pair",
        "ew": "each moves with its East-West pair"}
RULINGS = {"weighted": "a weighted score", "split": "a split score",
           "mp_override": "matchpoints set by the director", "arrowswitch": "arrow-switched",
           "fouled": "a fouled board"}
ALERTS = {"silent_minutes": "a unit silent for {} minutes",
          "bad_mac_run": "{} messages in a row from a unit that fail their check",
          "rounds_behind": "a table {} rounds behind"}
WHO = {"director": "director", "recovery": "director (a pad's entry accepted)"}


def describe(action: str, detail: Detail) -> str:
    """One line a director reads: what was done, where, and the rest of the detail."""
    words = [LABELS.get(action, action.replace("_", " ").capitalize())]
    place = [f"{key} {detail[key]}" for key in PLACE if detail.get(key) is not None]
    rest = [w for w in DETAIL.get(action, _plain)(detail) if w]
    if place:
        words.append(": " + ", ".join(place))
    if rest:
        words.append(("; " if place else ": ") + ", ".join(rest))
    return "".join(words)


def who(actor: str) -> str:
    """Who acted, as the log's Who column says it."""
    return WHO.get(actor, actor)


def _plain(detail: Detail) -> list[str]:
    """The director's reason, when there is one, first and without its key; then the rest."""
    rest = [str(detail["why"])] if detail.get("why") else []
    return rest + [f"{key.replace('_', ' ')} {value}" for key, value in detail.items()
                   if key not in (*PLACE, "why") and value not in (None, "", [])]


def _entry(detail: Detail) -> list[str]:
    if detail.get("kind") == "not_played":
        return ["not played"]
    contract = detail.get("contract")
    if not contract or contract == "PASS" or detail.get("declarer") is None:
        return ["passed out" if contract == "PASS" else contract or "no contract"]
    seat = SEATS.get(detail["declarer"], detail["declarer"])
    return [f"{result_notation(contract, detail.get('tricks'))} by {seat}"]


def _ruling(detail: Detail) -> list[str]:
    ruling = detail.get("ruling") or {}
    said = [f"adjusted score {ruling['adjusted']}"] if ruling.get("adjusted") else []
    said += [words for name, words in RULINGS.items() if ruling.get(name)]
    if ruling.get("fault"):
        said.append(f"at fault: {ruling['fault']}")
    return said


def _replaced(detail: Detail) -> list[str]:
    how = detail.get("authorised")
    return [f"unit {detail.get('old')} by unit {detail.get('new')}",
            f"authorised {how}" if how else ""]


def _seated(detail: Detail) -> list[str]:
    players = ", ".join(str(p) for p in detail.get("players", []))
    side, entrant = detail.get("side"), detail.get("entrant")
    # A pair has its side in a Mitchell; a team, or a Howell's pair, has none.
    return [f"{side} pair {entrant}" if side else f"pair or team {entrant}",
            f"players {players}"]


def _penalty(detail: Detail) -> list[str]:
    if detail.get("percent") is not None:
        return [f"{detail['percent']}% to pair {detail.get('pair')}"]
    amount = f"{detail['vps']:g} VPs" if detail.get("vps") else f"{detail.get('imps')} IMPs"
    return [f"{amount} to number {detail.get('entrant')}"]


def _clock(detail: Detail) -> list[str]:
    return [f"{detail.get('minutes_per_board', 0):g} minutes a board and "
            f"{detail.get('minutes_per_round', 0):g} a round, {detail.get('minutes', 0):g} "
            "minutes in all"]


def _rankings(detail: Detail) -> list[str]:
    if not detail.get("shown"):
        return ["only once the results are published"]
    hidden = [f"not after the first {detail['hide_first']}" if detail.get("hide_first") else "",
              f"not after the last {detail['hide_last']}" if detail.get("hide_last") else ""]
    return ["after each round", *hidden]


def _alerts(detail: Detail) -> list[str]:
    return ["raised for " + " or ".join(words.format(detail[name])
                                        for name, words in ALERTS.items() if name in detail)]


def _boards(numbers: list[int]) -> str:
    """1, 2, 3, 5 as "1-3, 5"."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


DETAIL: dict[str, Callable[[Detail], list[str]]] = {
    "enter": _entry, "ruling": _ruling, "replace": _replaced, "seat": _seated,
    "penalty": _penalty, "round_minutes": _clock, "round_rankings": _rankings,
    "thresholds": _alerts,
    "club_language": lambda d: [str(d.get("language"))],
    "pair": lambda d: [f"unit {d.get('unit')}"],
    "command": lambda d: [f"unit {d.get('unit')} told to "
                          f"{COMMANDS.get(d.get('command', ''), d.get('command'))}"],
    "merge": lambda d: ["accepted" if d.get("accepted") else "declined"],
    "move_result": lambda d: [f"to board {d.get('to_board')}",
                              f"pairs {d.get('ns')} and {d.get('ew')}"],
    "remove_penalty": lambda d: [],
    "hand_records": lambda d: [f"boards {_boards(d.get('boards', []))}"],
    "players": lambda d: [f"{d.get('count')} players"],
    "open_event": lambda d: [str(d.get("name", "")), f"{d.get('deals')} deals",
                             f"{d.get('players')} players on the club's list"],
    "player_numbers": lambda d: [ASKED.get(d.get("ask", ""), str(d.get("ask")))],
    "result_entry": lambda d: [ENTRY.get(d.get("entry", ""), str(d.get("entry")))],
    "pads": lambda d: [PADS.get(d.get("pads", ""), str(d.get("pads")))],
    "pair_moved": lambda d: [f"unit {d.get('left')}'s pair had moved on"],
    "visitor": lambda d: [f"{d.get('name')}, number {d.get('number')}"],
    "competition": lambda d: [str(d.get("name", "")), str(d.get("rules", ""))],
    "competition rules": lambda d: [str(d.get("competition", "")), str(d.get("rules", ""))],
    "competition event": lambda d: [("added to " if d.get("added") else "taken out of ")
                                    + str(d.get("competition", ""))],
}
