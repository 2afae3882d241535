"""Swiss events: standings with the Swiss-point tie-break, the Swiss draw, seeded first rounds.

Entrants (teams, or pairs in Swiss pairs) are numbered; a match is a `MatchResult`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from basestation.domain.said import SaidError
from basestation.scoring.teams import MatchResult

__all__ = [
    "SWISS_WORDS",
    "Pairing",
    "Standing",
    "SwissDrawError",
    "already_played",
    "seeded_first_rounds",
    "standings",
    "swiss_draw",
    "swiss_points",
]

Pairing = tuple[int, int]

# Why no Swiss round can be drawn, by message key (the station's refusals table takes these in).
SWISS_WORDS: dict[str, str] = {
    "swiss.all_drawn": "all {rounds} rounds are drawn already",
    "swiss.listed_twice": "an entrant is listed twice in the ranking",
    "swiss.odd_entrants": "a Swiss draw needs an even number of entrants, got {count}",
    "swiss.seeded_entries": "the seeded draw needs an even number of at least 4 entries, got "
                            "{entries}",
}


class SwissDrawError(SaidError):
    """No draw can be made (a ValueError): said in `SWISS_WORDS`."""

    WORDS: ClassVar[dict[str, str]] = SWISS_WORDS


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's place after some rounds."""

    rank: int
    entrant: int
    vps: Decimal
    swiss_points: Decimal
    imps: int  # net IMPs over all matches, the last tie-break


def _totals(matches: Iterable[MatchResult]) -> tuple[dict[int, Decimal], dict[int, int]]:
    vps: dict[int, Decimal] = {}
    net: dict[int, int] = {}
    for match in matches:
        vps[match.team_a] = vps.get(match.team_a, Decimal(0)) + match.vp_a
        vps[match.team_b] = vps.get(match.team_b, Decimal(0)) + match.vp_b
        net[match.team_a] = net.get(match.team_a, 0) + match.margin
        net[match.team_b] = net.get(match.team_b, 0) + match.margin_of(match.team_b)
    return vps, net


def swiss_points(matches: Sequence[MatchResult]) -> dict[int, Decimal]:
    """Per entrant, the VPs its opponents won, leaving out their matches against it.

    club-directors-manual.txt, "Swiss Teams": "the total of all the VPs won by each team they
    played excluding the result of the match between the two teams".
    """
    vps, _ = _totals(matches)
    points: dict[int, Decimal] = dict.fromkeys(vps, Decimal(0))
    for match in matches:
        for team in (match.team_a, match.team_b):
            opponent = match.opponent_of(team)
            points[team] += vps[opponent] - match.vp_of(opponent)
    return points


def standings(entrants: Iterable[int], matches: Sequence[MatchResult],
              adjustments: Mapping[int, Decimal] | None = None) -> list[Standing]:
    """Entrants ranked by VPs, then Swiss points, then net IMPs (the Scorer order in the seed).

    Entrants equal on all three share a rank; they are listed by entrant number.
    `adjustments` are VPs the director took off (a penalty), off the entrant's total only.
    """
    vps, net = _totals(matches)
    for entrant, off in (adjustments or {}).items():
        vps[entrant] = vps.get(entrant, Decimal(0)) - off
    swiss = swiss_points(matches)
    keyed = sorted(
        (
            (-vps.get(entrant, Decimal(0)), -swiss.get(entrant, Decimal(0)), -net.get(entrant, 0)),
            entrant,
        )
        for entrant in set(entrants)
    )
    ranked: list[Standing] = []
    for position, (key, entrant) in enumerate(keyed, start=1):
        tied = bool(ranked) and keyed[position - 2][0] == key
        ranked.append(
            Standing(
                rank=ranked[-1].rank if tied else position,
                entrant=entrant,
                vps=-key[0],
                swiss_points=-key[1],
                imps=-key[2],
            )
        )
    return ranked


def already_played(matches: Iterable[MatchResult]) -> set[frozenset[int]]:
    """The pairs of entrants that have met, for `swiss_draw`."""
    return {frozenset((match.team_a, match.team_b)) for match in matches}


def swiss_draw(ranked: Sequence[int], played: Collection[frozenset[int]]) -> list[Pairing]:
    """The next round's matches: from the top, each takes the best-placed opponent not yet met.

    `ranked` is the entrants best first (see `standings`). When taking the nearest opponent
    would leave someone lower down with nobody new to play, the higher entrant takes its next
    choice. Repeat meetings happen only when no draw avoids them, and then as few as possible.
    Needs an even number of entrants (an odd field plays a Troika or gives a bye, which is the
    director's choice).

    The plain walk down the ranking settles most rounds in one pass. When it strands someone,
    the last few matches it made are undone and the entrants left are drawn by one
    maximum-weight matching (polynomial, never a search of every draw), whose weights put
    fewest repeats first, then each entrant from the top as near as it can be; if they cannot
    all meet someone new, twice as many matches are undone, up to the whole field.
    """
    order = tuple(ranked)
    if len(set(order)) != len(order):
        raise SwissDrawError.of("swiss.listed_twice")
    if len(order) % 2:
        raise SwissDrawError.of("swiss.odd_entrants", count=len(order))
    met = frozenset(frozenset(pair) for pair in played)
    walked, stranded = _walk_down(order, met)
    undo = 2
    while stranded:
        # The matches kept are the seed's choices whenever the rest can all be fresh: each
        # took the best opponent not yet met, and a fresh completion exists.
        kept = walked[: max(0, len(walked) - undo)]
        seated = {entrant for pair in kept for entrant in pair}
        rest = _matched(tuple(e for e in order if e not in seated), met)
        if not kept or not any(frozenset(pair) in met for pair in rest):
            return kept + rest
        undo *= 2
    return walked


def _walk_down(order: tuple[int, ...],
               met: frozenset[frozenset[int]]) -> tuple[list[Pairing], bool]:
    """Top v the highest not yet met, then the next free, ...: the matches made, and whether
    someone was left with nobody new to play (the walk stops there)."""
    free = list(order)
    draw: list[Pairing] = []
    while free:
        top = free.pop(0)
        index = next((i for i, other in enumerate(free) if frozenset((top, other)) not in met),
                     None)
        if index is None:
            return draw, True
        draw.append((top, free.pop(index)))
    return draw, False


def _matched(order: tuple[int, ...], met: frozenset[frozenset[int]]) -> list[Pairing]:
    """The draw as a maximum-weight perfect matching on ranking positions.

    Position i's edge to j > i weighs base**(n-1-i) * (n-j): whatever entrants lower down
    get, the highest entrant whose opponent differs decides (base = 2n outweighs all below).
    A fresh meeting adds more than every such weight together, so repeats come first.
    Integer weights keep the matching exact.
    """
    import networkx as nx

    n = len(order)
    base = 2 * n
    fresh = n * base**n
    graph: nx.Graph[int] = nx.Graph()
    for i in range(n):
        place = base ** (n - 1 - i)
        for j in range(i + 1, n):
            new = frozenset((order[i], order[j])) not in met
            graph.add_edge(i, j, weight=place * (n - j) + (fresh if new else 0))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((min(a, b), max(a, b)) for a, b in matching)
    return [(order[i], order[j]) for i, j in pairs]


def seeded_first_rounds(entries: int) -> tuple[list[Pairing], list[Pairing]]:
    """Patrick Carter's seeded draw for rounds 1 and 2 (seeds 1 = strongest .. `entries`).

    club-directors-manual.txt, "Seeding and Draw for Swiss": with 20 entries, round 1 is
    1 v 11 .. 10 v 20 and round 2 is 1 v 10 .. 5 v 6 and 11 v 20 .. 15 v 16, so each entrant's
    two opponents' seeds add up to 21. When the entries do not divide by 4, a pool of 6 in the
    middle plays among itself and the rest are drawn the same way. The seed does not say how
    the pool of 6 is drawn; here its top three meet its bottom three in both rounds
    (a v d, b v e, c v f, then a v e, b v f, c v d).
    """
    if entries < 4 or entries % 2:
        raise SwissDrawError.of("swiss.seeded_entries", entries=entries)
    seeds = list(range(1, entries + 1))
    if entries % 4 == 0:
        return _balanced_rounds(seeds)
    middle_start = (entries - 6) // 2
    pool = seeds[middle_start : middle_start + 6]
    outer = seeds[:middle_start] + seeds[middle_start + 6 :]
    outer_1, outer_2 = _balanced_rounds(outer) if outer else ([], [])
    a, b, c, d, e, f = pool
    pool_1 = [(a, d), (b, e), (c, f)]
    pool_2 = [(a, e), (b, f), (c, d)]
    return _in_seed_order(outer_1 + pool_1), _in_seed_order(outer_2 + pool_2)


def _balanced_rounds(seeds: Sequence[int]) -> tuple[list[Pairing], list[Pairing]]:
    """Round 1: top half v bottom half in order; round 2: each half folded on itself."""
    half = len(seeds) // 2
    quarter = half // 2
    top, bottom = seeds[:half], seeds[half:]
    first = [(top[i], bottom[i]) for i in range(half)]
    second = [(top[i], top[half - 1 - i]) for i in range(quarter)] + [
        (bottom[i], bottom[half - 1 - i]) for i in range(quarter)
    ]
    return first, second


def _in_seed_order(pairings: Iterable[Pairing]) -> list[Pairing]:
    return sorted(pairings)
