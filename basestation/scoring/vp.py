"""Victory points on the WBF 20-VP scales: continuous (by formula) and the seed's discrete table.

A match shares 20 VPs: the winner's VPs come from the scale, the loser gets 20 minus that.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Context, Decimal
from enum import StrEnum
from functools import cache

__all__ = [
    "DISCRETE_BOARD_COUNTS",
    "DISCRETE_SCALE",
    "VP_TOTAL",
    "VpScale",
    "discrete_table",
    "loser_vp",
    "vp",
    "vp_continuous",
    "vp_discrete",
    "vp_table",
]

VP_TOTAL = 20
_CENT = Decimal("0.01")
_TOP = Decimal(VP_TOTAL)
_HALF = Decimal(VP_TOTAL) / 2
# Enough digits that rounding to cents is decided by the formula, not by the arithmetic.
_CONTEXT = Context(prec=40)


class VpScale(StrEnum):
    """Which 20-VP scale converts a match's IMP margin (a regulation)."""

    CONTINUOUS = "continuous"
    DISCRETE = "discrete"

    @classmethod
    def _missing_(cls, value: object) -> VpScale | None:
        # Regulations may name the scales with their body: "wbf-continuous", "WBF discrete".
        if isinstance(value, str):
            name = value.strip().lower().removeprefix("wbf").strip(" -_")
            for scale in cls:
                if scale.value == name:
                    return scale
        return None


def _raw_scale(boards: int) -> list[Decimal]:
    """The formula's VPs for 0, 1, 2, ... IMPs, rounded half-up to cents, up to the first 20."""
    ctx = _CONTEXT
    tau = ctx.divide(ctx.subtract(ctx.sqrt(Decimal(5)), Decimal(1)), Decimal(2))
    blowout = ctx.multiply(Decimal(15), ctx.sqrt(Decimal(boards)))  # B = 15 sqrt(boards)
    denominator = ctx.subtract(Decimal(1), ctx.power(tau, Decimal(3)))
    values: list[Decimal] = []
    margin = 0
    while True:
        exponent = ctx.divide(Decimal(3 * margin), blowout)
        share = ctx.divide(ctx.subtract(Decimal(1), ctx.power(tau, exponent)), denominator)
        value = min(_TOP, ctx.add(_HALF, ctx.multiply(_HALF, share)))
        values.append(value.quantize(_CENT, rounding=ROUND_HALF_UP))
        if values[-1] >= _TOP:
            return values
        margin += 1


def _make_concave(values: list[Decimal]) -> list[Decimal]:
    """Raise values by 0.01 until no one-IMP step is bigger than the step before it.

    Rounding to cents can make a step one cent bigger than the previous one (e.g. 0.47 then
    0.48). The WBF fixes this by adding 0.01 to the earlier value of the pair, which shrinks
    the bigger step and grows the smaller one. A raise can break the pair before it, so the
    scan repeats until the whole scale is concave.
    """
    fixed = list(values)
    changed = True
    while changed:
        changed = False
        for i in range(1, len(fixed) - 1):
            before = fixed[i] - fixed[i - 1]
            after = fixed[i + 1] - fixed[i]
            if after > before:
                fixed[i] += _CENT
                changed = True
    return fixed


def _check_boards(boards: int) -> None:
    if boards < 1:
        raise ValueError(f"a match has at least one board, got {boards}")


@cache
def _continuous(boards: int) -> tuple[Decimal, ...]:
    return tuple(_make_concave(_raw_scale(boards)))


def vp_table(boards: int) -> list[Decimal]:
    """The corrected continuous scale for a match of `boards`: index = IMP margin, last = 20."""
    _check_boards(boards)
    return list(_continuous(boards))


def vp_continuous(boards: int, imps: int) -> Decimal:
    """VPs (two decimals) on the WBF continuous scale for the side with this IMP margin.

    A positive margin gives the winner's VPs; a negative one gives 20 minus the winner's.
    """
    _check_boards(boards)
    table = _continuous(boards)
    winner = table[min(abs(imps), len(table) - 1)]
    return winner if imps >= 0 else _TOP - winner


# WBF Discrete VP Scale (club-directors-manual.txt, "WBF Discrete VP Scale"): per board count,
# the highest IMP margin that still earns 10, 11, ..., 19 VPs; a bigger margin earns 20.
# The seed lists each band as "low - high"; the lows are each previous high plus one, so only
# the highs are kept. The seed's copy ends at the 19 - 1 row; 20 - 0 is everything above it.
DISCRETE_SCALE: dict[int, tuple[int, ...]] = {
    6: (0, 2, 4, 7, 10, 13, 17, 21, 26, 32),
    7: (0, 2, 5, 8, 11, 14, 18, 23, 28, 35),
    8: (0, 3, 6, 9, 12, 16, 20, 25, 30, 38),
    9: (0, 3, 6, 9, 12, 16, 21, 26, 32, 40),
    10: (0, 3, 6, 9, 13, 17, 22, 27, 34, 42),
    12: (1, 4, 7, 11, 15, 19, 24, 30, 37, 46),
    14: (1, 4, 8, 12, 16, 21, 26, 33, 40, 50),
    16: (1, 4, 8, 12, 17, 22, 28, 35, 43, 53),
    20: (1, 5, 9, 14, 19, 25, 31, 39, 48, 60),
    32: (2, 7, 12, 18, 24, 32, 40, 50, 61, 76),
}
DISCRETE_BOARD_COUNTS: tuple[int, ...] = tuple(sorted(DISCRETE_SCALE))


def discrete_table(boards: int) -> list[int]:
    """The discrete scale as winner's VPs for 0, 1, 2, ... IMPs, ending at the first 20."""
    highs = _discrete_highs(boards)
    return [vp_discrete(boards, margin) for margin in range(highs[-1] + 2)]


def _discrete_highs(boards: int) -> tuple[int, ...]:
    try:
        return DISCRETE_SCALE[boards]
    except KeyError:
        counts = ", ".join(str(count) for count in DISCRETE_BOARD_COUNTS)
        raise ValueError(
            f"the discrete VP scale has no column for {boards} boards (it has {counts})"
        ) from None


def vp_discrete(boards: int, imps: int) -> int:
    """Whole VPs on the seed's discrete scale for the side with this IMP margin."""
    highs = _discrete_highs(boards)
    margin = abs(imps)
    winner = next(
        (VP_TOTAL // 2 + band for band, high in enumerate(highs) if margin <= high), VP_TOTAL
    )
    return winner if imps >= 0 else VP_TOTAL - winner


def vp(scale: VpScale, boards: int, imps: int) -> Decimal:
    """VPs for the side with this IMP margin on the chosen scale."""
    if scale is VpScale.DISCRETE:
        return Decimal(vp_discrete(boards, imps))
    return vp_continuous(boards, imps)


def loser_vp(winner_vp: Decimal) -> Decimal:
    """The other side's share of the match's 20 VPs."""
    return _TOP - winner_vp
