"""The balance checker: is a movement (generated or imported) fair and playable?"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from basestation.movements._boards import board_range
from basestation.movements._model import EW, NS, Movement, PairKey, describe_pair


@dataclass(frozen=True)
class Sharing:
    """Tables playing the same boards in one round: they share them (or hold a second set)."""

    round: int
    tables: tuple[int, ...]
    boards: tuple[int, ...]


@dataclass(frozen=True)
class BalanceReport:
    """What the director sees when a movement is chosen: problems first, then the balance."""

    kind: str
    tables: int
    boards: int
    rounds: int
    two_field: bool
    problems: tuple[str, ...]
    meetings: dict[tuple[PairKey, PairKey], int]
    boards_per_pair: dict[PairKey, int]
    sit_outs: dict[PairKey, tuple[int, ...]]
    sharing: tuple[Sharing, ...]
    board_sets: int

    @property
    def ok(self) -> bool:
        return not self.problems

    def times_met(self, a: PairKey, b: PairKey) -> int:
        return self.meetings.get(_ordered(a, b), 0)

    def meeting_counts(self) -> Counter[int]:
        """How many opposing couples meet 0, 1, 2... times (a couple that can meet at all)."""
        pairs = list(self.boards_per_pair)
        counts: Counter[int] = Counter()
        for i, a in enumerate(pairs):
            for b in pairs[i + 1 :]:
                if self.two_field and a[0] == b[0]:
                    continue  # two NS pairs never meet in a Mitchell
                counts[self.times_met(a, b)] += 1
        return counts

    def summary(self) -> str:
        """A readable report, in the words a director would use."""
        fields = "two fields (NS and EW ranked apart)" if self.two_field else "one field"
        lines = [
            f"{self.kind}: {self.tables} tables, {self.boards} boards, {self.rounds} rounds, "
            f"{fields}"
        ]
        if self.problems:
            lines.append(f"NOT BALANCED: {len(self.problems)} problem(s)")
            lines.extend(f"  - {p}" for p in self.problems)
        else:
            lines.append(
                "Balanced: no pair plays a board twice; every shared board is shared by whole sets"
            )
        played = Counter(self.boards_per_pair.values())
        lines.append(
            "Boards per pair: "
            + ", ".join(f"{n} boards: {c} pairs" for n, c in sorted(played.items()))
        )
        met = self.meeting_counts()
        lines.append(
            "Meetings: "
            + ", ".join(
                f"{c} couples meet {n} time{'s' if n != 1 else ''}" for n, c in sorted(met.items())
            )
        )
        for couple, times in sorted(self.meetings.items()):
            if times > 1:
                a, b = couple
                lines.append(f"  {describe_pair(a)} meets {describe_pair(b)} {times} times")
        sitting_out = {k: v for k, v in self.sit_outs.items() if v}
        if sitting_out:
            lines.append("Sit-outs (against the phantom or not seated):")
            for pair, out in sorted(sitting_out.items(), key=lambda kv: _sort_key(kv[0])):
                lines.append(f"  {describe_pair(pair)}: round(s) {_spans(list(out))}")
        if self.sharing:
            word = "share (or hold a second set of)" if self.board_sets > 1 else "share"
            lines.append(f"Tables that {word} boards:")
            groups: dict[tuple[int, ...], list[int]] = {}
            for s in self.sharing:
                groups.setdefault(s.tables, []).append(s.round)
            for tables, rounds in groups.items():
                lines.append(
                    f"  tables {' & '.join(map(str, tables))}: "
                    f"round{'s' if len(rounds) > 1 else ''} {_spans(rounds)}"
                )
        return "\n".join(lines)


def _spans(rounds: list[int]) -> str:
    """Rounds 1, 2, 3, 5 as "1-3, 5"."""
    spans: list[list[int]] = []
    for r in sorted(rounds):
        if spans and r == spans[-1][-1] + 1:
            spans[-1].append(r)
        else:
            spans.append([r])
    return ", ".join(f"{s[0]}-{s[-1]}" if len(s) > 1 else str(s[0]) for s in spans)


def _sort_key(key: PairKey) -> tuple[str, int]:
    return (key[0] or "", key[1])


def _ordered(a: PairKey, b: PairKey) -> tuple[PairKey, PairKey]:
    return (a, b) if _sort_key(a) <= _sort_key(b) else (b, a)


def check(movement: Movement) -> BalanceReport:
    """Check every rule a movement must keep, and count what a director wants to know."""
    problems: list[str] = []
    played: dict[PairKey, set[int]] = {key: set() for key in movement.pair_keys()}
    meetings: Counter[tuple[PairKey, PairKey]] = Counter()
    sit_outs: dict[PairKey, list[int]] = {key: [] for key in movement.pair_keys()}
    sharing: list[Sharing] = []

    for r in range(1, movement.rounds + 1):
        seated: set[PairKey] = set()
        for a in movement.round_of(r):
            ns = movement.pair_key(a.ns, NS) if a.ns is not None else None
            ew = movement.pair_key(a.ew, EW) if a.ew is not None else None
            seated.update(k for k in (ns, ew) if k is not None)
            if ns is None or ew is None:
                present = ns or ew
                if present is not None:
                    sit_outs[present].append(r)
                continue
            meetings[_ordered(ns, ew)] += 1
            for key in (ns, ew):
                again = played[key].intersection(a.boards)
                if again:
                    problems.append(
                        f"{describe_pair(key)} plays board(s) {board_range(tuple(sorted(again)))}"
                        f" twice (again in round {r} at table {a.table})"
                    )
                played[key].update(a.boards)
            if len(set(a.boards)) != len(a.boards):
                problems.append(f"round {r}, table {a.table}: a board is listed twice")
        for key, out in sit_outs.items():
            if key not in seated:
                out.append(r)
        sharing.extend(_sharing_in_round(movement, r, problems))

    return BalanceReport(
        kind=movement.kind,
        tables=movement.tables,
        boards=movement.boards,
        rounds=movement.rounds,
        two_field=movement.two_field,
        problems=tuple(problems),
        meetings=dict(meetings),
        boards_per_pair={key: len(boards) for key, boards in played.items()},
        sit_outs={key: tuple(rounds) for key, rounds in sit_outs.items()},
        sharing=tuple(sharing),
        board_sets=movement.board_sets,
    )


def _sharing_in_round(movement: Movement, r: int, problems: list[str]) -> list[Sharing]:
    """Tables with a board in common must hold the same set, so the set can pass between them."""
    # A table with a missing pair plays nothing, so it shares with nobody.
    playing = [a for a in movement.round_of(r) if a.ns is not None and a.ew is not None]
    by_board: dict[int, list[int]] = {}
    for a in playing:
        for b in a.boards:
            by_board.setdefault(b, []).append(a.table)
    boards_at = {a.table: a.boards for a in playing}
    found: dict[tuple[int, ...], tuple[int, ...]] = {}
    for board, tables in sorted(by_board.items()):
        if len(tables) < 2:
            continue
        group = tuple(sorted(tables))
        sets = {tuple(sorted(boards_at[t])) for t in group}
        if len(sets) > 1:
            problems.append(
                f"round {r}: board {board} is at tables {' & '.join(map(str, group))}, "
                "which do not play the same boards, so they cannot share it"
            )
        found.setdefault(group, boards_at[group[0]])
    return [Sharing(r, tables, boards) for tables, boards in found.items()]
