"""The import contracts of pyproject.toml ([tool.importlinter]) hold: the station's core runs
one way from the wiring down, the pure packages import no server, only the command line
starts the simulator (docs/ARCHITECTURE.md, "Packages and the direction of dependencies")."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(*args: str) -> subprocess.CompletedProcess[str]:
    command = Path(sys.executable).parent / "lint-imports"
    return subprocess.run([str(command), "--no-cache", *args, str(ROOT / "pyproject.toml")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


def test_every_import_contract_is_kept() -> None:
    found = lint_imports()
    assert found.returncode == 0, found.stdout + found.stderr
    assert "0 broken" in found.stdout


def test_the_core_contract_names_each_folder_of_the_station() -> None:
    """A folder added to basestation/station is placed in the core's layers, not left out of
    the contract (a module in no layer may import anything)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    core = next(c for c in config["contracts"] if c["id"] == "core")
    named = {part.strip().rsplit(".", 1)[-1] for layer in core["layers"]
             for part in layer.split("|")}
    station = ROOT / "basestation" / "station"
    present = {p.stem for p in station.iterdir()
               if (p.is_dir() and (p / "__init__.py").exists())
               or (p.suffix == ".py" and p.stem != "__init__")}
    assert present == named


def test_the_pages_never_reach_into_the_hub_or_the_rules() -> None:
    """The web app reads the station through its reads (`Station.session`, `units`, `floods`)
    and acts through its services (`director`, `pads`), never its hub or rules: those change
    only in the hub's turn (docs/ARCHITECTURE.md, "Reads and commands")."""
    import ast

    found = []
    for path in sorted((ROOT / "basestation" / "api").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in {"rules", "hub"}:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
    assert found == []


def test_the_store_builds_no_sql_text_by_hand() -> None:
    """Writes go through SQLAlchemy Core, reads through the ORM (docs/ARCHITECTURE.md,
    "Storage"): no statement is written out as text outside the migrations."""
    found = []
    for path in sorted((ROOT / "basestation").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        text = path.read_text()
        found += [f"{path.relative_to(ROOT)}: {word}"
                  for word in ("exec_driver_sql", "sa.text(", "import text") if word in text]
    assert found == []
