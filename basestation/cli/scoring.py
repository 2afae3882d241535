"""`basestation score` and `basestation vp`."""

from __future__ import annotations

import typer

from basestation.scoring.vp import VpScale, vp_continuous, vp_discrete


def _vp_command(
    boards: int = typer.Option(..., "--boards", min=1, help="Boards in the match."),
    imps: int = typer.Option(..., "--imps", help="The IMP margin of the match."),
    scale: str = typer.Option(
        "continuous", "--scale", help="VP scale: continuous (WBF formula) or discrete."
    ),
) -> None:
    """Prints the winner's VPs on the WBF 20-VP scale (continuous: two decimals)."""
    try:
        chosen = VpScale(scale)
    except ValueError:
        raise typer.BadParameter("continuous or discrete", param_hint="--scale") from None
    margin = abs(imps)  # the winner's VPs, whichever side won
    if chosen is VpScale.DISCRETE:
        try:
            typer.echo(vp_discrete(boards, margin))
        except ValueError as problem:
            raise typer.BadParameter(str(problem), param_hint="--boards") from None
    else:
        typer.echo(vp_continuous(boards, margin))


def register(app: typer.Typer) -> None:
    """Adds the scoring commands to the main app."""
    app.command("vp")(_vp_command)
