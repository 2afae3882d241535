"""A competition's ladder: players or pairs ranked over several sessions by the competition's
rules, as the club directors' manual sets them (seeds/club-directors-manual.txt, "Ladders" and
"Competitions/ Ladders"):

- the total number of sessions in the competition, however many have been played so far;
- the number a player (or pair) must play to qualify;
- the number that count: "6, 5, 5" means those who played all 6 have their weakest excluded,
  and everyone is averaged over 5;
- pairs or individual ranking: an individual ladder ranks players, each with the percentage of
  the pair they played in that session;
- whether players must change partner at least once (the three-night matches, "3, 3, 3"):
  then a player who played every session with the same partner does not qualify.

Players are known by their club numbers; 0 (a visitor without one) is nobody's to rank, nor
is a pair with such a visitor in a pairs ladder.
Equal averages (as printed, to two decimals) are ranked equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PAIRS = "pairs"
INDIVIDUAL = "individual"
KINDS = (PAIRS, INDIVIDUAL)


# Why no ladder can be run by some rules, by message key (the station's refusals table takes
# these in, so a page can say them in the director's language).
LADDER_WORDS: dict[str, str] = {
    "ladder.kind": "a ladder ranks pairs or individuals, not '{kind}'",
    "ladder.no_sessions": "a competition has at least one session",
    "ladder.qualify_over": "{qualify} sessions to qualify is more than the competition's "
                           "{sessions}",
    "ladder.qualify_none": "a player must play at least one session to qualify",
    "ladder.count_none": "at least one session must count",
    "ladder.count_over": "{count} sessions to count is more than the competition's {sessions}",
    "ladder.count_over_qualify": "{count} sessions to count is more than the {qualify} a "
                                 "player needs to qualify: someone who qualified would have "
                                 "too few sessions to count",
    "ladder.change_partner": "players who must change partner are ranked as individuals: "
                             "make it an individual ladder",
}


class LadderRulesError(ValueError):
    """Rules no ladder can be run by: `key` (LADDER_WORDS) and `values` say why, and so does
    the English message."""

    def __init__(self, key: str, /, **values: str | int) -> None:
        super().__init__(LADDER_WORDS[key].format_map(values))
        self.key, self.values = key, values


@dataclass(frozen=True, slots=True)
class LadderRules:
    kind: str = PAIRS
    sessions: int = 1  # in the whole competition, played or not
    qualify: int = 1  # sessions a player or pair must play to be ranked
    count: int = 1  # the best this many sessions are averaged
    change_partner: bool = False  # players must change partner at least once

    def check(self) -> None:
        """Raises LadderRulesError (a ValueError) for rules no ladder can be run by."""
        if self.kind not in KINDS:
            raise LadderRulesError("ladder.kind", kind=self.kind)
        if self.sessions < 1:
            raise LadderRulesError("ladder.no_sessions")
        if self.qualify < 1:
            raise LadderRulesError("ladder.qualify_none")
        if self.qualify > self.sessions:
            raise LadderRulesError("ladder.qualify_over", qualify=self.qualify,
                                   sessions=self.sessions)
        if self.count < 1:
            raise LadderRulesError("ladder.count_none")
        if self.count > self.sessions:
            raise LadderRulesError("ladder.count_over", count=self.count, sessions=self.sessions)
        if self.count > self.qualify:
            raise LadderRulesError("ladder.count_over_qualify", count=self.count,
                                   qualify=self.qualify)
        if self.change_partner and self.kind == PAIRS:
            raise LadderRulesError("ladder.change_partner")


@dataclass(frozen=True, slots=True)
class PairScore:
    """One pair's percentage in one session, with its players' club numbers."""

    players: tuple[int, ...]
    pct: float


@dataclass(frozen=True, slots=True)
class SessionScores:
    """One session of the competition (a stored event) and every pair's percentage in it."""

    event: int
    pairs: tuple[PairScore, ...]


@dataclass(frozen=True, slots=True)
class Played:
    """One session an entrant played: the event, the percentage, the partner(s)."""

    event: int
    pct: float
    partners: tuple[int, ...]
    counted: bool


@dataclass(frozen=True, slots=True)
class LadderRow:
    """A ranked player (individual ladder) or pair (pairs ladder)."""

    rank: int
    tied: bool
    players: tuple[int, ...]
    average: float  # of the sessions that count, to two decimals
    played: tuple[Played, ...]

    @property
    def rank_label(self) -> str:
        return f"{self.rank}{'=' if self.tied else ''}"


@dataclass(frozen=True, slots=True)
class NotQualified:
    players: tuple[int, ...]
    played: tuple[Played, ...]
    why: str


@dataclass(frozen=True, slots=True)
class Ladder:
    rules: LadderRules
    sessions_played: int
    rows: tuple[LadderRow, ...]
    not_qualified: tuple[NotQualified, ...]


def run_ladder(rules: LadderRules, sessions: Sequence[SessionScores]) -> Ladder:
    """Ranks every player or pair who qualified by the average of their best sessions."""
    rules.check()
    if len(sessions) > rules.sessions:
        raise ValueError(f"the competition has {rules.sessions} sessions, not "
                         f"{len(sessions)}")
    plays: dict[tuple[int, ...], list[tuple[int, float, tuple[int, ...]]]] = {}
    for session in sessions:
        seen: set[tuple[int, ...]] = set()
        for pair in session.pairs:
            known = tuple(sorted(n for n in pair.players if n))
            for entrant in _entrants(rules.kind, known, len(pair.players)):
                if entrant in seen:  # one entry per session, the first (a data slip)
                    continue
                seen.add(entrant)
                partners = tuple(n for n in known if n not in entrant)
                plays.setdefault(entrant, []).append((session.event, pair.pct, partners))
    ranked: list[tuple[float, tuple[int, ...], tuple[Played, ...]]] = []
    left: list[NotQualified] = []
    for entrant, entrant_plays in plays.items():
        best = sorted(range(len(entrant_plays)), key=lambda i: -entrant_plays[i][1])
        counted = set(best[:rules.count])
        played = tuple(Played(event, pct, partners, i in counted)
                       for i, (event, pct, partners) in enumerate(entrant_plays))
        why = _not_qualified(rules, played)
        if why:
            left.append(NotQualified(entrant, played, why))
            continue
        average = round(sum(p.pct for p in played if p.counted) / rules.count, 2)
        ranked.append((average, entrant, played))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    averages = [r[0] for r in ranked]
    rows = tuple(LadderRow(averages.index(average) + 1, averages.count(average) > 1, entrant,
                           average, played) for average, entrant, played in ranked)
    left.sort(key=lambda n: (-len(n.played), n.players))
    return Ladder(rules, len(sessions), rows, tuple(left))


def _entrants(kind: str, known: tuple[int, ...], seated: int) -> tuple[tuple[int, ...], ...]:
    if kind == INDIVIDUAL:
        return tuple((n,) for n in known)
    # A pair with a visitor (no number) is not one the ladder can follow from night to night.
    return (known,) if known and len(known) == seated else ()


def _not_qualified(rules: LadderRules, played: tuple[Played, ...]) -> str:
    if len(played) < rules.qualify:
        return f"played {len(played)} of the {rules.qualify} sessions needed to qualify"
    if rules.change_partner and len({p.partners for p in played}) == 1:
        return "played every session with the same partner"
    return ""
