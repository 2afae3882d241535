"""`basestation score` and `basestation vp`."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from basestation.formats.past_session import PastFileError, read_past, traveller_of
from basestation.formats.pbn_scores import read_pbn_traveller, write_pbn_scores
from basestation.formats.usebio import write_usebio
from basestation.scoring.regulations import UnknownRegulationsError, regulations
from basestation.scoring.scored import ScoredSession
from basestation.scoring.session import score_session
from basestation.scoring.traveller import ScoringError
from basestation.scoring.traveller_json import parse_traveller_json
from basestation.scoring.vp import VpScale, vp_continuous, vp_discrete

# --- score (matchpoint side) ---------------------------------------------------------------

def _fail(message: str) -> typer.Exit:
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(1)


def _read_traveller(path: Path) -> dict[str, object]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise _fail(f"cannot read {path}: {error.strerror}") from None
    suffix = path.suffix.lower()
    past = suffix == ".xml" or (suffix == ".pbn" and "[ScoreTable " not in text)
    if past:  # the Scorer's XML, USEBIO, or a PBN file of one game a table
        try:
            return traveller_of(read_past(text))
        except PastFileError as error:
            raise _fail(f"{path}: {error}") from None
    if suffix == ".pbn":
        return read_pbn_traveller(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail(f"{path} is not JSON (line {error.lineno}): {error.msg}") from None
    if not isinstance(data, dict):
        raise _fail(f"{path}: a traveller file is a JSON object")
    return data


def _write_atomically(path: Path, text: str) -> None:
    """Writes beside the target and renames, so a failure never leaves half a file."""
    handle, temporary = tempfile.mkstemp(dir=path.parent or Path("."), prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _print_ranking(scored: ScoredSession) -> None:
    table = Table(title=f"Ranking ({scored.regulations}, {scored.scale})")
    for heading in ("Rank", "Pair", "Direction", "Total", "%", "Boards"):
        table.add_column(heading, justify="right" if heading not in ("Direction",) else "left")
    for entry in scored.ranking:
        pair = f"{entry.section}{entry.pair}"
        table.add_row(entry.rank_label, pair, entry.direction or "", f"{entry.total:g}",
                      "" if entry.pct is None else f"{entry.pct:.2f}", str(entry.boards))
    Console().print(table)


def _score_command(
    file: Annotated[Path, typer.Argument(
        help="Traveller JSON, PBN with ScoreTables or one game a table, the Scorer's XML or "
             "USEBIO (.xml).")],
    regulations_name: Annotated[
        str, typer.Option("--regulations", help="Scoring regulations preset: nz, ebu or acbl.")
    ] = "nz",
    as_json: Annotated[bool, typer.Option("--json", help="Print the scored JSON.")] = False,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Also write the results: .pbn (PBN) or .xml (USEBIO)."),
    ] = None,
) -> None:
    """Scores a traveller file and prints the results (scored JSON with --json)."""
    try:
        rules = regulations(regulations_name)
    except UnknownRegulationsError as error:
        raise _fail(str(error)) from None
    if out is not None and out.suffix.lower() not in (".pbn", ".xml"):
        raise _fail(f"--out {out}: the file must end in .pbn or .xml")
    try:
        scored = score_session(parse_traveller_json(_read_traveller(file)), rules)
    except ScoringError as error:
        raise _fail(f"{file}: {error}") from None
    if out is not None:
        text = write_pbn_scores(scored) if out.suffix.lower() == ".pbn" else write_usebio(scored)
        try:
            _write_atomically(out, text)
        except OSError as error:
            raise _fail(f"cannot write {out}: {error.strerror}") from None
    if as_json:
        typer.echo(json.dumps(scored.to_scored_json(), indent=2))
    else:
        _print_ranking(scored)


# --- end of score ------------------------------------------------------------------------


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
    app.command("score")(_score_command)
    app.command("vp")(_vp_command)
