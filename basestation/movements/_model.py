"""The movement itself: who sits where, round by round, and which boards they play."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from basestation.domain.said import Said
from basestation.movements._words import MovementError

NS = "NS"
EW = "EW"
ONE_FIELD = "ALL"

# A pair as the station names it: its direction field ("NS"/"EW", or None in a one-field
# movement where a pair changes direction) and its number within that field.
PairKey = tuple[str | None, int]

# Kinds whose boards come in two identical sets, so one board may be at two tables at once.
TWO_SET_KINDS = frozenset({"web", "bowman-ewing"})


@dataclass(frozen=True)
class Assignment:
    """One table in one round: the pairs sitting NS and EW (None: missing pair) and the boards."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "table": self.table,
            "ns": self.ns,
            "ew": self.ew,
            "boards": list(self.boards),
        }


@dataclass(frozen=True)
class Movement:
    """A whole movement for one section, with indexes built once for the station's lookups."""

    kind: str
    tables: int
    boards: int
    rounds: int
    two_field: bool
    assignments: tuple[Assignment, ...]
    _by_seat: dict[tuple[int, int], Assignment] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _by_board: dict[tuple[int, int], tuple[int, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _by_pair: dict[tuple[PairKey, int], tuple[int, str]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    # Each round's and each table's assignments, in order (asked for with every result).
    _by_round: dict[int, tuple[Assignment, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _by_table: dict[int, tuple[Assignment, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        if self.tables < 1:
            raise MovementError.of("movement.no_tables", tables=self.tables)
        if self.rounds < 1:
            raise MovementError.of("movement.no_rounds", rounds=self.rounds)
        by_seat: dict[tuple[int, int], Assignment] = {}
        by_board: dict[tuple[int, int], list[int]] = {}
        by_pair: dict[tuple[PairKey, int], tuple[int, str]] = {}
        for a in self.assignments:
            where = MovementError.said("movement.where", round=a.round, table=a.table)
            if not 1 <= a.round <= self.rounds:
                raise MovementError.of("movement.round_outside", where=where, rounds=self.rounds)
            if not 1 <= a.table <= self.tables:
                raise MovementError.of("movement.table_outside", where=where, tables=self.tables)
            if (a.round, a.table) in by_seat:
                raise MovementError.of("movement.listed_twice", where=where)
            by_seat[a.round, a.table] = a
            for board in a.boards:
                if not 1 <= board <= self.boards:
                    raise MovementError.of("movement.board_outside", where=where, board=board,
                                           boards=self.boards)
                by_board.setdefault((a.round, board), []).append(a.table)
            if not self.two_field and a.ns is not None and a.ns == a.ew:
                raise MovementError.of("movement.both_sides", where=where, pair=a.ns)
            for direction, number in ((NS, a.ns), (EW, a.ew)):
                if number is None:
                    continue
                key = self.pair_key(number, direction)
                if (key, a.round) in by_pair:
                    other, _ = by_pair[key, a.round]
                    raise MovementError.of("movement.pair_twice", where=where,
                                           pair=pair_said(key), other=other, round=a.round)
                by_pair[key, a.round] = (a.table, direction)
        object.__setattr__(self, "_by_seat", by_seat)
        object.__setattr__(self, "_by_board", {k: tuple(sorted(v)) for k, v in by_board.items()})
        object.__setattr__(self, "_by_pair", by_pair)
        by_round: dict[int, list[Assignment]] = {}
        by_table: dict[int, list[Assignment]] = {}
        for a in sorted(self.assignments, key=lambda a: (a.round, a.table)):
            by_round.setdefault(a.round, []).append(a)
        for a in sorted(self.assignments, key=lambda a: (a.table, a.round)):
            by_table.setdefault(a.table, []).append(a)
        object.__setattr__(self, "_by_round", {r: tuple(v) for r, v in by_round.items()})
        object.__setattr__(self, "_by_table", {t: tuple(v) for t, v in by_table.items()})

    def pair_key(self, number: int, direction: str | None) -> PairKey:
        """The station's name for a pair: the direction counts only in a two-field movement."""
        return (direction, number) if self.two_field else (None, number)

    def at(self, round: int, table: int) -> Assignment | None:
        """Who plays which boards at this table in this round (None: no such table/round)."""
        return self._by_seat.get((round, table))

    def tables_for(self, round: int, board: int) -> tuple[int, ...]:
        """The tables where this board is in play in this round (several when tables share)."""
        return self._by_board.get((round, board), ())

    def seat_of(self, pair: int, direction: str | None, round: int) -> tuple[int, str] | None:
        """(table, "NS"/"EW") of a pair in a round, or None when it sits out or is unknown.

        In a two-field movement the direction names the field (NS 3 is not EW 3); in a
        one-field movement it is ignored, since a pair may sit either way.
        """
        if self.two_field and direction not in (NS, EW):
            return None
        return self._by_pair.get((self.pair_key(pair, direction), round))

    def pairs(self) -> dict[str, tuple[int, ...]]:
        """The pair numbers in play per field: {"NS": ..., "EW": ...} or {"ALL": ...}."""
        if self.two_field:
            ns = sorted({a.ns for a in self.assignments if a.ns is not None})
            ew = sorted({a.ew for a in self.assignments if a.ew is not None})
            return {NS: tuple(ns), EW: tuple(ew)}
        numbers = {n for a in self.assignments for n in (a.ns, a.ew) if n is not None}
        return {ONE_FIELD: tuple(sorted(numbers))}

    def pair_keys(self) -> tuple[PairKey, ...]:
        return tuple(
            (None if name == ONE_FIELD else name, number)
            for name, numbers in self.pairs().items()
            for number in numbers
        )

    def round_of(self, round: int) -> tuple[Assignment, ...]:
        """Every table's assignment in one round, in table order."""
        return self._by_round.get(round, ())

    def table_rounds(self, table: int) -> tuple[Assignment, ...]:
        """One table's assignments, in round order: what its guide card shows."""
        return self._by_table.get(table, ())

    @property
    def board_sets(self) -> int:
        """How many identical sets of boards the movement needs (two for a web)."""
        return 2 if self.kind in TWO_SET_KINDS else 1

    def to_json(self) -> dict[str, object]:
        """Exactly the Movement JSON of docs/ARCHITECTURE.md's contracts."""
        ordered = sorted(self.assignments, key=lambda a: (a.round, a.table))
        return {
            "kind": self.kind,
            "tables": self.tables,
            "boards": self.boards,
            "rounds": self.rounds,
            "two_field": self.two_field,
            "assignments": [a.to_json() for a in ordered],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Movement:
        """Read the Movement JSON back; any missing or mistyped field is a MovementError."""
        if not isinstance(data, Mapping):
            raise MovementError.of("movement.json_object")
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise MovementError.of("movement.json_kind")
        two_field = data.get("two_field")
        if not isinstance(two_field, bool):
            raise MovementError.of("movement.json_two_field")
        numbers = {name: _whole(data.get(name), name) for name in ("tables", "boards", "rounds")}
        raw = data.get("assignments")
        if not isinstance(raw, list):
            raise MovementError.of("movement.json_assignments")
        return cls(
            kind=kind,
            tables=numbers["tables"],
            boards=numbers["boards"],
            rounds=numbers["rounds"],
            two_field=two_field,
            assignments=tuple(_assignment_from_json(item, i) for i, item in enumerate(raw)),
        )


def describe_pair(key: PairKey) -> str:
    return str(pair_said(key))


def pair_said(key: PairKey) -> Said:
    """A pair as a sentence's value: "pair 3", "NS pair 3"."""
    direction, number = key
    if direction is None:
        return MovementError.said("movement.pair", number=number)
    return MovementError.said("movement.side_pair", side=direction, number=number)


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MovementError.of("movement.json_whole", name=name)
    return value


def _optional_pair(value: object, name: str, where: Said) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MovementError.of("movement.json_pair", where=where, name=name)
    return value


def _assignment_from_json(item: object, index: int) -> Assignment:
    where = MovementError.said("movement.json_where", number=index + 1)
    if not isinstance(item, Mapping):
        raise MovementError.of("movement.json_item", where=where)
    boards = item.get("boards")
    if not isinstance(boards, list) or not all(
        isinstance(b, int) and not isinstance(b, bool) for b in boards
    ):
        raise MovementError.of("movement.json_boards", where=where)
    return Assignment(
        round=_whole(item.get("round"), "round"),
        table=_whole(item.get("table"), "table"),
        ns=_optional_pair(item.get("ns"), "ns", where),
        ew=_optional_pair(item.get("ew"), "ew", where),
        boards=tuple(boards),
    )


def build(
    kind: str,
    tables: int,
    /,
    boards: int,
    rounds: int,
    *,
    two_field: bool,
    seats: Iterable[tuple[int, int, int | None, int | None, tuple[int, ...]]],
) -> Movement:
    """A movement from (round, table, ns, ew, boards) rows, as every generator produces."""
    return Movement(
        kind=kind,
        tables=tables,
        boards=boards,
        rounds=rounds,
        two_field=two_field,
        assignments=tuple(
            Assignment(r, t, ns, ew, b) for r, t, ns, ew, b in sorted(seats, key=_round_table)
        ),
    )


def _round_table(seat: tuple[int, int, int | None, int | None, tuple[int, ...]]) -> tuple[int, int]:
    return (seat[0], seat[1])
