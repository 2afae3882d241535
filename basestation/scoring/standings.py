"""Running totals per pair, board by board, so one changed board updates them cheaply."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from basestation.scoring.handicap import handicapped
from basestation.scoring.matchpoints import percentage, round_matchpoints
from basestation.scoring.regulations import Regulations
from basestation.scoring.scored import RankingEntry, ScoredBoard, ScoredResult, SessionRule
from basestation.scoring.traveller import Penalty

# A pair: its section, its direction in a two-field movement (else None), its number.
PairKey = tuple[str, str | None, int]
# A scored board: its number and the section it was scored in ("" across the room).
BoardKey = tuple[int, str]


@dataclass(frozen=True, slots=True)
class _Award:
    """An artificial score awaiting Law 12C2c: nominal percentage, rule, board top."""

    percent: float
    rule: SessionRule
    top: float


@dataclass(slots=True)
class _Tally:
    """One pair's scores: compared boards in sums, artificial awards kept apart."""

    points: float = 0.0  # matchpoints (or IMPs) on compared boards
    top: float = 0.0  # the tops of those boards
    boards: int = 0  # boards with a score (each board's entries are kept by the board)
    awards: dict[BoardKey, _Award] = field(default_factory=dict)


def two_field_of(two_field: bool | Mapping[str, bool], section: str) -> bool:
    """Whether the section's pairs are two fields (a Mitchell: NS and EW apart) or one (a
    Howell): one answer for the session, or one per section (a section not named: two)."""
    if isinstance(two_field, bool):
        return two_field
    return two_field.get(section, True)


class Standings:
    """Totals, Law 12C2c and rankings, kept up to date one board at a time.

    `two_field` is one answer for every section or one per section: scored across the field,
    a Mitchell section gives two fields (its NS pairs, its EW pairs) and a Howell one. Places
    are given per section and direction and across the room (per direction, a Howell's pairs
    a field of their own); `room_places` says which is the pair's `rank` (by default the room's
    when the boards are matchpointed across the room, else the section's).
    """

    def __init__(self, regulations: Regulations, *, in_imps: bool,
                 two_field: bool | Mapping[str, bool], across_the_room: bool,
                 room_places: bool | None = None) -> None:
        self.regulations = regulations
        self.in_imps = in_imps
        self.two_field = two_field
        self.across_the_room = across_the_room
        self.room_places = across_the_room if room_places is None else room_places
        self._tallies: dict[PairKey, _Tally] = {}
        # Per board, its pairs in order and what each got: points (the board's top is in
        # _tops, none in IMPs) or an artificial award.
        self._board_entries: dict[BoardKey, tuple[list[PairKey], list[float | _Award]]] = {}
        self._tops: dict[BoardKey, float] = {}
        # One key object per pair, shared by every board the pair plays.
        self._pairs: dict[PairKey, PairKey] = {}
        # One object per score value, shared by every entry with that value.
        self._values: dict[float, float] = {}
        # The boards each pair sat out (it met the phantom): its total is factored for them.
        self._sat_out: Mapping[PairKey, tuple[int, ...]] = {}

    def set_sat_out(self, sat_out: Mapping[PairKey, tuple[int, ...]]) -> None:
        """The boards each pair sat out against the phantom (section, direction or None in
        one field, number): `factored_total` scales its total up to them."""
        self._sat_out = sat_out

    def pair_keys(self, line: ScoredResult) -> tuple[PairKey, PairKey]:
        section = line.result.section
        ns: PairKey
        ew: PairKey
        if two_field_of(self.two_field, section):
            ns, ew = (section, "NS", line.result.ns), (section, "EW", line.result.ew)
        else:
            ns, ew = (section, None, line.result.ns), (section, None, line.result.ew)
        pairs = self._pairs
        return pairs.setdefault(ns, ns), pairs.setdefault(ew, ew)

    def replace_board(self, scored: ScoredBoard) -> None:
        """Takes out what this board gave before and puts in what it gives now."""
        key = (scored.board, scored.section)
        self.remove_board(key)
        pairs: list[PairKey] = []
        entries: list[float | _Award] = []
        seen: set[PairKey] = set()
        top = scored.top or 0.0
        self._tops[key] = top
        in_imps = self.in_imps
        compared_top = 0.0 if in_imps else top
        for line in scored.results:
            ns_key, ew_key = self.pair_keys(line)
            for pair, points, award, rule in (
                (ns_key, line.imp_ns if in_imps else line.mp_ns, line.ns_award, line.ns_rule),
                (ew_key, line.imp_ew if in_imps else line.mp_ew, line.ew_award, line.ew_rule),
            ):
                if points is None and award is None:
                    continue
                tally = self._tallies.get(pair)
                if tally is None:
                    tally = self._tallies[pair] = _Tally()
                if pair not in seen:
                    seen.add(pair)
                    tally.boards += 1
                entry: float | _Award
                if award is not None and not in_imps:
                    entry = tally.awards[key] = _Award(award, rule, top)
                else:
                    value = points or 0.0
                    entry = self._values.setdefault(value, value)
                    tally.points += value
                    tally.top += compared_top
                pairs.append(pair)
                entries.append(entry)
        self._board_entries[key] = (pairs, entries)

    def remove_board(self, key: BoardKey) -> None:
        compared_top = 0.0 if self.in_imps else self._tops.get(key, 0.0)
        pairs, entries = self._board_entries.pop(key, ([], []))
        # A pair listed twice on a board takes out only its last entry, once.
        last = dict(zip(pairs, entries, strict=True))
        for pair in pairs:
            tally = self._tallies[pair]
            entry = last.pop(pair, None)
            if isinstance(entry, _Award):
                del tally.awards[key]
            elif entry is not None:
                tally.points -= entry
                tally.top -= compared_top
            if entry is not None:
                tally.boards -= 1
            if not tally.boards:
                del self._tallies[pair]
        self._tops.pop(key, None)

    def session_percentage(self, pair: PairKey) -> float | None:
        """The pair's percentage on its compared boards (not its artificial ones)."""
        tally = self._tallies.get(pair)
        if tally is None or tally.top <= 0:
            return None
        return 100 * tally.points / tally.top

    def award_percent(self, pair: PairKey, percent: float, rule: SessionRule) -> float:
        """Law 12C2c: a non-offender doing better, or an offender doing worse, on the other
        boards of the session gets that percentage instead of the artificial award."""
        if not self.regulations.session_percentage_rule or rule is SessionRule.NONE:
            return percent
        session = self.session_percentage(pair)
        if session is None:
            return percent
        if rule is SessionRule.NON_OFFENDER:
            return max(percent, session)
        return min(percent, session)

    def apply_session_rule(self, scored: ScoredBoard) -> ScoredBoard:
        """The board with each artificial award as Law 12C2c now makes it."""
        if self.in_imps or all(
            line.ns_award is None and line.ew_award is None for line in scored.results
        ):
            return scored
        top = scored.top or 0.0
        lines = []
        for line in scored.results:
            ns_key, ew_key = self.pair_keys(line)
            changes: dict[str, float] = {}
            if line.ns_award is not None:
                pct = self.award_percent(ns_key, line.ns_award, line.ns_rule)
                changes["mp_ns"] = round_matchpoints(pct * top / 100, top, self.regulations)
                changes["pct_ns"] = round(pct, self.regulations.pct_decimals)
            if line.ew_award is not None:
                pct = self.award_percent(ew_key, line.ew_award, line.ew_rule)
                changes["mp_ew"] = round_matchpoints(pct * top / 100, top, self.regulations)
                changes["pct_ew"] = round(pct, self.regulations.pct_decimals)
            lines.append(replace(line, **changes))  # type: ignore[arg-type]
        return replace(scored, results=tuple(lines))

    def _factored(self, pair: PairKey, total: float, maximum: float, boards: int,
                  ) -> tuple[int, float, float]:
        """Boards sat out, and the total and maximum as if the pair had played them at the
        same rate (docs/ARCHITECTURE.md, "Phantoms and sit-outs"): each board sat out adds
        its top in the pair's field (a board nobody scored, the pair's average top) to the
        maximum, and the total is scaled by the same ratio, so the percentage stands."""
        sat_out = self._sat_out.get(pair, ())
        if not sat_out or self.in_imps or maximum <= 0:
            return len(sat_out), total, maximum
        field = self._field_section(pair[0])
        average = maximum / max(boards, 1)
        full = maximum + sum(self._tops.get((board, field), average) for board in sat_out)
        return len(sat_out), round(total * full / maximum, 2), round(full, 6)

    def _field_section(self, section: str) -> str:
        return "" if self.across_the_room else section

    def _penalty_points(self, pair: PairKey, penalties: Iterable[Penalty]) -> float:
        """Matchpoints off the pair's total: a percentage of the top of the board named, or of
        the biggest top in the pair's field when no board is named."""
        section, direction, number = pair
        field_section = self._field_section(section)
        points = 0.0
        for penalty in penalties:
            if (penalty.pair, penalty.section) != (number, section):
                continue
            if direction is not None and penalty.direction not in (None, direction):
                continue
            if penalty.board is not None:
                top = self._tops.get((penalty.board, field_section), 0.0)
            else:
                top = max((top for (_, where), top in self._tops.items()
                           if where == field_section), default=0.0)
            points += penalty.percent * top / 100
        return points

    def ranking(self, penalties: Iterable[Penalty] = (),
                handicaps: Callable[[str, str | None, int], float] | None = None,
                ) -> tuple[RankingEntry, ...]:
        """Every pair, ranked within its field (section and direction) and overall. With
        `handicaps` (a pair's handicap by section, direction and number), a handicap session:
        pairs are placed by their percentage plus half their handicap (scoring/handicap.py),
        and their places on the raw percentage kept beside."""
        penalties = tuple(penalties)
        rows = []
        for pair, tally in self._tallies.items():
            total, available = tally.points, tally.top
            for award in tally.awards.values():
                pct = self.award_percent(pair, award.percent, award.rule)
                total += round_matchpoints(pct * award.top / 100, award.top, self.regulations)
                available += award.top
            if self.in_imps:
                pct_value: float | None = None
                # Pairs who played fewer boards are compared on IMPs per board.
                key = total / max(tally.boards, 1)
                total = round(total, 2)
            else:
                total = round(total - self._penalty_points(pair, penalties), 2)
                pct_value = percentage(total, available, self.regulations)
                key = pct_value
            rows.append((pair, total, pct_value, key, tally.boards,
                         0.0 if self.in_imps else round(available, 6)))
        factored = [self._factored(pair, total, maximum, boards)
                    for pair, total, _pct, _key, boards, maximum in rows]
        raw_keys = [row[3] for row in rows]
        given: list[float | None] = [None] * len(rows)
        scored: list[float | None] = [None] * len(rows)
        keys = raw_keys
        if handicaps is not None and not self.in_imps:
            given = [handicaps(*pair) for pair, *_ in rows]
            scored = [None if row[2] is None else
                      handicapped(row[2], given[i] or 0.0, self.regulations.pct_decimals)
                      for i, row in enumerate(rows)]
            keys = [raw if pct is None else pct for raw, pct in zip(raw_keys, scored,
                                                                    strict=True)]
        sections = [(pair[0], pair[1]) for pair, *_ in rows]
        rooms = [("", pair[1]) for pair, *_ in rows]
        in_section = _field_ranks(keys, sections)
        in_room = _field_ranks(keys, rooms)
        overall = _ranks(list(range(len(rows))), keys)
        placed = in_room if self.room_places else in_section
        raw = _field_ranks(raw_keys, rooms if self.room_places else sections)
        entries = [
            RankingEntry(
                pair=pair[2], direction=pair[1], total=total, pct=pct_value,
                rank=placed[i][0], tied=placed[i][1], section=pair[0], boards=boards,
                overall_rank=overall[i][0], overall_tied=overall[i][1], maximum=maximum,
                section_rank=in_section[i][0], section_tied=in_section[i][1],
                room_rank=in_room[i][0], room_tied=in_room[i][1],
                handicap=given[i], handicapped_pct=scored[i],
                raw_rank=raw[i][0], raw_tied=raw[i][1], sat_out=factored[i][0],
                factored_total=factored[i][1], factored_maximum=factored[i][2],
            )
            for i, (pair, total, pct_value, _key, boards, maximum) in enumerate(rows)
        ]
        direction_order = {"NS": 0, "EW": 1, None: 2}
        entries.sort(key=lambda entry: (
            "" if self.room_places else entry.section, direction_order[entry.direction],
            entry.rank, entry.section, entry.pair))
        return tuple(entries)


def _field_ranks(keys: list[float], fields: list[tuple[str, str | None]],
                 ) -> dict[int, tuple[int, bool]]:
    """Each row's rank within its field (section or "" for the room, and direction)."""
    by_field: dict[tuple[str, str | None], list[int]] = {}
    for index, where in enumerate(fields):
        by_field.setdefault(where, []).append(index)
    ranks: dict[int, tuple[int, bool]] = {}
    for members in by_field.values():
        ranks.update(_ranks(members, [keys[i] for i in members]))
    return ranks


def _ranks(members: list[int], keys: list[float]) -> dict[int, tuple[int, bool]]:
    """Competition ranks (1, 2=, 2=, 4) by key, highest first, with tie flags."""
    # Keys are compared as printed, so a tie on the results sheet is a tie here.
    rounded = [round(key, 6) for key in keys]
    order = sorted(range(len(members)), key=lambda i: -rounded[i])
    result: dict[int, tuple[int, bool]] = {}
    counts: dict[float, int] = {}
    for value in rounded:
        counts[value] = counts.get(value, 0) + 1
    rank = 0
    previous: float | None = None
    for position, i in enumerate(order, start=1):
        if rounded[i] != previous:
            rank, previous = position, rounded[i]
        result[members[i]] = (rank, counts[rounded[i]] > 1)
    return result
