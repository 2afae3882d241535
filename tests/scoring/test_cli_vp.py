"""`basestation vp --boards N --imps M [--scale continuous|discrete]` (ARCHITECTURE.md,
Contracts)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from basestation.cli import app


@pytest.mark.parametrize(
    ("arguments", "printed"),
    [
        # club-directors-manual.txt, "Continuous VP Scale": 6 boards, 2 and 9 IMPs.
        (["--boards", "6", "--imps", "2"], "10.99"),
        (["--boards", "6", "--imps", "9"], "13.90"),
        (["--boards", "6", "--imps", "9", "--scale", "continuous"], "13.90"),
        (["--boards", "6", "--imps", "-9"], "13.90"),  # the winner's VPs either way
        (["--boards", "6", "--imps", "0"], "10.00"),
        (["--boards", "6", "--imps", "60"], "20.00"),
        (["--boards", "6", "--imps", "9", "--scale", "discrete"], "14"),
        (["--boards", "32", "--imps", "77", "--scale", "discrete"], "20"),
    ],
)
def test_vp_prints_the_winners_vps(arguments: list[str], printed: str) -> None:
    result = CliRunner().invoke(app, ["vp", *arguments])
    assert result.exit_code == 0, result.output
    assert result.output == printed + "\n"


@pytest.mark.parametrize(
    "arguments",
    [
        ["--boards", "6", "--imps", "9", "--scale", "swiss"],
        ["--boards", "0", "--imps", "9"],
        ["--boards", "11", "--imps", "9", "--scale", "discrete"],
        ["--imps", "9"],
    ],
)
def test_vp_rejects_bad_arguments(arguments: list[str]) -> None:
    result = CliRunner().invoke(app, ["vp", *arguments])
    assert result.exit_code == 2
