"""Double-dummy analysis (endplay's solver): par contracts and the tricks table of a deal.

endplay's solver crashes the process when two threads run it at once (the station's par
thread and a simulator in the same process), so every call here holds one lock.
"""

from __future__ import annotations

import threading
from typing import NamedTuple

_SOLVER = threading.Lock()
STRAINS = ("S", "H", "D", "C", "NT")  # endplay's Denom order
SEATS = ("N", "E", "S", "W")  # endplay's Player order
_DOUBLING = {1: "", 2: "X", 4: "XX"}  # endplay's Penalty values


class ParContract(NamedTuple):
    contract: str  # "4S", "3NTX"
    declarer: str  # N, E, S or W
    score: int  # North-South's par score


def par_contracts(deal_pbn: str, board: int, dealer: str) -> tuple[ParContract, ...]:
    """The deal's par contracts with `dealer` (N, E, S or W) dealing board `board`."""
    from endplay.dds import par
    from endplay.types import Deal, Player

    with _SOLVER:
        result = par(Deal(deal_pbn), board, Player(SEATS.index(dealer)))
        score = result.score
        # endplay's par list must be read in one pass, each contract as it is yielded.
        return tuple(
            ParContract(f"{c.level}{STRAINS[c.denom.value]}{_DOUBLING.get(c.penalty.value, '')}",
                        SEATS[c.declarer.value], score)
            for c in result)


def tricks_table(deal_pbn: str) -> dict[tuple[str, str], int]:
    """Tricks each declarer (N, E, S, W) takes in each strain (S, H, D, C, NT) with best
    play, keyed (strain, declarer)."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    with _SOLVER:
        table = calc_dd_table(Deal(deal_pbn))
    return {(strain, seat): int(table[Denom(STRAINS.index(strain)), Player(SEATS.index(seat))])
            for strain in STRAINS for seat in SEATS}
