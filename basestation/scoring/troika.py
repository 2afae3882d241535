"""The Swiss teams draw with an odd field: who plays the Troika, and the other matches.

club-directors-manual.txt, "Troika": "three teams play one another over two rounds ... It is
best to have the three bottom-ranked teams play the Troika"; "Swiss Teams": "The top team
plays the second team (or the highest-ranked team that it hasn't already played) ... Teams
should not play each other twice, so the draw may have to be rearranged".

A Troika starts in an odd round r and ends in r + 1; meanwhile the rest are drawn for round r
now and again for round r + 1 from the standings then. So the Troika and round r's matches
are chosen together, and the draw is the best by this order:

1. Fewest repeat meetings over the two rounds: meetings inside the Troika, in round r's
   matches, and the fewest round r + 1 will be forced into (whatever its standings, it cannot
   do better than a pairing of the rest that avoids every meeting so far).
2. The Troika lowest: its three places counted from the bottom (0 = last), smallest first,
   compared in turn; so the last team plays it whenever it can, then the next-to-last, ...
3. Round r's matches from the top: each entrant in turn (the highest not yet drawn) takes
   an opponent it has not met before one it has, then the highest-ranked. Repeats that
   cannot be avoided so fall as low in the field as they can.

The search is exact: Troikas from the bottom, round r's draws in the order of 3 (a
depth-first walk that meets them best first), cut off by lower bounds on repeats. In a usual
round the first Troika and the plain Swiss draw of the rest already do, and nothing else is
tried. `TRIES` bounds the search in fields where repeats are forced (far fewer steps past
17 entrants, where a step can take a general matching); past it the best draw found is kept.
A big field meets that only when some entrant has met nearly everyone, where no draw is
good.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from basestation.scoring.swiss import Pairing, _walk_down, swiss_draw

__all__ = ["TRIES", "Troika", "draw_repeats", "troika_draw", "troikas_from_the_bottom"]

Troika = tuple[int, int, int]
Met = frozenset[frozenset[int]]
TRIES = 20_000  # steps (Troikas and draws tried) before the best draw found is kept


def troikas_from_the_bottom(entrants: int) -> Iterator[tuple[int, int, int]]:
    """Every three places (0 = top), lowest first by the order of 2 above."""
    last = entrants - 1
    for d1, d2, d3 in combinations(range(entrants), 3):
        yield last - d3, last - d2, last - d1


def draw_repeats(order: Sequence[int], met: Collection[frozenset[int]]) -> int:
    """The fewest meetings again any pairing of `order` must have."""
    return len(order) // 2 - _most_fresh(tuple(order), frozenset(met))


def troika_draw(ranked: Sequence[int],
                played: Collection[frozenset[int]]) -> tuple[Troika, list[Pairing]]:
    """The Troika (best-placed first) and the other matches of its first round.

    `ranked` is every entrant, best first; `played` the meetings so far."""
    order = tuple(ranked)
    n = len(order)
    if len(set(order)) != n:
        raise ValueError("an entrant is listed twice in the ranking")
    if n < 3 or n % 2 == 0:
        raise ValueError(f"a Troika needs an odd field of at least 3, got {n}")
    met: Met = frozenset(frozenset(p) for p in played)
    search = _Search(order, met)
    for places in troikas_from_the_bottom(n):
        troika = tuple(order[p] for p in places)
        inside = sum(frozenset(p) in met for p in combinations(troika, 2))
        if inside >= search.best_total:
            continue
        rest = tuple(e for e in order if e not in troika)
        search.try_troika((troika[0], troika[1], troika[2]), inside, rest)
        if search.best_total == 0 or search.tries > search.limit:
            break
    assert search.best is not None
    return search.best


class _Search:
    def __init__(self, order: tuple[int, ...], met: Met) -> None:
        self.order = order
        self.met = met
        self.best: tuple[Troika, list[Pairing]] | None = None
        self.best_total = len(order) + 3  # more than any draw has
        self.tries = 0
        self.troika: Troika = (0, 0, 0)  # the one being tried, its meetings inside, the rest
        self.inside = 0
        self.rest: tuple[int, ...] = ()
        # Past 17 a repeat count can take a general matching (tens of ms): fewer steps.
        self.limit = TRIES if len(order) <= 17 else TRIES // 500

    def try_troika(self, troika: Troika, inside: int, rest: tuple[int, ...]) -> None:
        self.tries += 1
        floor = draw_repeats(rest, self.met)  # each of the two rounds has at least these
        if inside + 2 * floor >= self.best_total:
            return
        if floor == 0:
            # The usual round: the plain Swiss draw, if round r + 1 can still be all new.
            plain = swiss_draw(rest, self.met)
            if self._second_round(rest, plain) == 0:
                self._keep(troika, inside, plain)
                return
        self.troika, self.inside, self.rest = troika, inside, rest
        self._walk([], 0, self.met)

    def _second_round(self, rest: tuple[int, ...], first: list[Pairing]) -> int:
        return draw_repeats(rest, self.met | {frozenset(p) for p in first})

    def _keep(self, troika: Troika, total: int, draw: list[Pairing]) -> None:
        if total < self.best_total:
            self.best_total = total
            self.best = troika, list(draw)

    def _walk(self, drawn: list[Pairing], again: int, used: Met) -> None:
        """Round r's draws for the Troika tried, best first; `again` counts their repeats
        so far, `used` is the meetings so far with the matches drawn."""
        troika, inside, rest = self.troika, self.inside, self.rest
        self.tries += 1
        if self.tries > self.limit and self.best is not None:
            return
        seated = {e for pair in drawn for e in pair}
        free = tuple(e for e in rest if e not in seated)
        if not free:
            self._keep(troika, inside + again + draw_repeats(rest, used), drawn)
            return
        # Lower bound: the rest of round r, and round r + 1 without the matches drawn.
        bound = inside + again + draw_repeats(free, self.met) + draw_repeats(rest, used)
        if bound >= self.best_total:
            return
        top, others = free[0], free[1:]
        new = [o for o in others if frozenset((top, o)) not in self.met]
        old = [o for o in others if frozenset((top, o)) in self.met]
        for opponent in new + old:
            pair = frozenset((top, opponent))
            self._walk([*drawn, (top, opponent)], again + (pair in self.met), used | {pair})
            if self.best_total <= bound or (self.tries > self.limit
                                            and self.best is not None):
                return


def _most_fresh(order: tuple[int, ...], met: Met) -> int:
    """The most matches of entrants who have not met, in one pairing of `order`."""
    # Quick first: a walk down the ranking, or down its two halves interleaved (which
    # stays clear of the meetings a walk down has just made), pairs everyone anew.
    if any(not _walk_down(tried, met)[1] for tried in (order, order[::2] + order[1::2])):
        return len(order) // 2
    if len(order) <= 16:
        edges = tuple(sum(1 << j for j, b in enumerate(order)
                          if b != a and frozenset((a, b)) not in met) for a in order)
        return _most_in(edges, (1 << len(order)) - 1)
    import networkx as nx

    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(order)
    graph.add_edges_from((a, b) for a, b in combinations(order, 2)
                         if frozenset((a, b)) not in met)
    return len(nx.max_weight_matching(graph, maxcardinality=True))


@lru_cache(maxsize=65536)
def _most_in(edges: tuple[int, ...], free: int) -> int:
    """Maximum matching among the entrants in bitmask `free` (`edges[i]`: who i may meet)."""
    if free == 0:
        return 0
    first = (free & -free).bit_length() - 1
    rest = free & ~(1 << first)
    best = _most_in(edges, rest)
    partners = edges[first] & rest
    while partners:
        low = partners & -partners
        best = max(best, 1 + _most_in(edges, rest & ~low))
        partners &= ~low
        if best == bin(free).count("1") // 2:
            break
    return best
