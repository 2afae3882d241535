"""Double-dummy analysis (endplay's solver): par contracts and the tricks table of a deal.

endplay's solver crashes the process when two threads run it at once (the station's par
thread and a simulator in the same process), so every call here holds one lock.
A deal's tricks table, the slow part (about 0.12 s of CPU), is solved once in a process:
its par for any dealer and vulnerability, and the simulator's play, read the same table.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from endplay.dds.ddtable import DDTable

_SOLVER = threading.Lock()
STRAINS = ("S", "H", "D", "C", "NT")  # endplay's Denom order
SEATS = ("N", "E", "S", "W")  # endplay's Player order
_DOUBLING = {1: "", 2: "X", 4: "XX"}  # endplay's Penalty values


class ParContract(NamedTuple):
    contract: str  # "4S", "3NTX"
    declarer: str  # N, E, S or W
    score: int  # North-South's par score


@lru_cache(maxsize=1024)  # about 1 KB a deal
def _table(deal_pbn: str) -> DDTable:
    """The deal's tricks table; called with _SOLVER held."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    return calc_dd_table(Deal(deal_pbn))


def par_contracts(deal_pbn: str, board: int, dealer: str) -> tuple[ParContract, ...]:
    """The deal's par contracts with `dealer` (N, E, S or W) dealing board `board`."""
    with _SOLVER:  # endplay imported under the lock: two threads at once see it half made
        from endplay.dds import par
        from endplay.types import Player

        result = par(_table(deal_pbn), board, Player(SEATS.index(dealer)))
        score = result.score
        # endplay's par list must be read in one pass, each contract as it is yielded.
        return tuple(
            ParContract(f"{c.level}{STRAINS[c.denom.value]}{_DOUBLING.get(c.penalty.value, '')}",
                        SEATS[c.declarer.value], score)
            for c in result)


def tricks_table(deal_pbn: str) -> dict[tuple[str, str], int]:
    """Tricks each declarer (N, E, S, W) takes in each strain (S, H, D, C, NT) with best
    play, keyed (strain, declarer)."""
    with _SOLVER:
        from endplay.types import Denom, Player

        table = _table(deal_pbn)
    return {(strain, seat): int(table[Denom(STRAINS.index(strain)), Player(SEATS.index(seat))])
            for strain in STRAINS for seat in SEATS}
