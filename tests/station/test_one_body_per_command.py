"""Each director's command has one body (docs/ARCHITECTURE.md, "Where each command's body
lives"): every public method of `DirectorService` calls exactly one method of one part, a
part of the session's rules (`self._rules.<part>.<method>`) or one of the service's own
(`self._<part>.<method>`), and the parts are the ones the module map names."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "basestation" / "station" / "commands" / "director.py"
RULES_PARTS = {"session", "director", "director_seats", "tables", "merges", "movements",
               "switches", "console"}
OWN_PARTS = {"_opening", "_swiss", "_history", "_competitions"}


def _part_calls(method: ast.AsyncFunctionDef) -> list[str]:
    """`part.method` for each call or bound method of a part in the method's body."""
    found = []
    for node in ast.walk(method):
        if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Attribute):
            continue
        holder = node.value
        if isinstance(holder.value, ast.Attribute) and holder.value.attr == "_rules" \
                and isinstance(holder.value.value, ast.Name) and holder.value.value.id == "self":
            found.append(f"rules.{holder.attr}.{node.attr}")
        elif isinstance(holder.value, ast.Name) and holder.value.id == "self" \
                and holder.attr in OWN_PARTS:
            found.append(f"{holder.attr}.{node.attr}")
    return found


def test_every_command_calls_one_method_of_one_part() -> None:
    tree = ast.parse(SERVICE.read_text())
    service = next(node for node in tree.body
                   if isinstance(node, ast.ClassDef) and node.name == "DirectorService")
    methods = [node for node in service.body if isinstance(node, ast.AsyncFunctionDef)
               and not node.name.startswith("_")]
    assert len(methods) >= 40
    bodies = {method.name: _part_calls(method) for method in methods}
    assert {name: calls for name, calls in bodies.items() if len(calls) != 1} == {}
    parts = {call.split(".")[-2] for calls in bodies.values() for call in calls}
    assert parts <= RULES_PARTS | OWN_PARTS
