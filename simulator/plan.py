"""The results a simulated session means to produce: plausible bridge, table by table.

Each table's contract comes from the board's double-dummy tricks (the side that can take the
most tricks declares its best strain, bids about what it can make), with the usual table
variation: a second-best strain, an overbid, a trick more or less than double dummy.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from basestation.movements import Movement
from firmware_protocol.messages import NotPlayed, Result, Seat, Strain
from simulator.deals import double_dummy, hands

GAME_LEVEL = {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}
PARTNER = {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}


@dataclass(frozen=True)
class Intended:
    """What really happened at one table on one board (None contract fields: passed out)."""

    section: str
    table: int
    round: int
    board: int
    ns: int
    ew: int
    contract: str
    declarer: Seat | None
    tricks: int | None
    lead: str | None

    @property
    def key(self) -> tuple[str, int, int, int]:
        return (self.section, self.table, self.round, self.board)

    def result(self, **changes: object) -> Result:
        fields: dict[str, object] = {
            "section": self.section, "table": self.table, "round": self.round,
            "board": self.board, "ns": self.ns, "ew": self.ew, "contract": self.contract,
            "declarer": self.declarer, "tricks": self.tricks, "lead": self.lead}
        fields.update(changes)
        return Result(**fields)  # type: ignore[arg-type]

    def not_played(self) -> NotPlayed:
        return NotPlayed(self.section, self.table, self.round, self.board, self.ns, self.ew)


def play_board(deal: str, rng: random.Random) -> tuple[str, Seat | None, int | None, str | None]:
    """One table's contract, declarer, tricks and lead on this deal."""
    dd = double_dummy(deal)
    best = max(dd.values())
    if best <= 6 and rng.random() < 0.6:
        return "PASS", None, None, None
    # The side with the best double-dummy strain declares; ties broken at random.
    options = sorted(dd.items(), key=lambda item: (item[1], rng.random()), reverse=True)
    (strain, declarer), _ = options[0]
    if rng.random() < 0.2:  # a different strain for the same side
        side = {declarer, PARTNER[declarer]}
        others = [(key, tricks) for key, tricks in options[1:]
                  if key[1] in side and key[0] != strain and tricks >= dd[(strain, declarer)] - 1]
        if others:
            (strain, declarer), _ = others[0]
    if rng.random() < 0.2:
        declarer = PARTNER[declarer]  # partner got there first
    makes = dd[(strain, declarer)]
    level = _bid_level(strain, makes, rng)
    tricks = min(13, max(0, makes + rng.choice((-1, 0, 0, 0, 0, 1))))
    doubled = "X" if tricks <= level + 4 and rng.random() < 0.5 else ""
    lead = rng.choice(hands(deal)[declarer.lho])
    return f"{level}{strain.value}{doubled}", declarer, tricks, lead


def _bid_level(strain: Strain, makes: int, rng: random.Random) -> int:
    can = makes - 6
    game = GAME_LEVEL[strain]
    if can >= 7 and rng.random() < 0.4:
        return 7
    if can >= 6 and rng.random() < 0.7:
        return 6
    if can >= game:
        return game
    level = max(1, can)
    if rng.random() < 0.25:
        level += 1  # pushed one higher in the auction
    return min(level, 7)


def plan_section(letter: str, movement: Movement, deals: dict[int, str],
                 rng: random.Random) -> dict[tuple[str, int, int, int], Intended]:
    """Every result the section will produce, keyed by (section, table, round, board)."""
    plan: dict[tuple[str, int, int, int], Intended] = {}
    for assignment in movement.assignments:
        if assignment.ns is None or assignment.ew is None:
            continue  # a sit-out: no result
        for board in assignment.boards:
            contract, declarer, tricks, lead = play_board(deals[board], rng)
            intended = Intended(letter, assignment.table, assignment.round, board,
                                assignment.ns, assignment.ew, contract, declarer, tricks, lead)
            plan[intended.key] = intended
    return plan
