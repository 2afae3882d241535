from typer.testing import CliRunner

from basestation.cli import app


def test_help_lists_commands() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "demo" in result.output


def test_bench_refuses_an_unknown_stage() -> None:
    result = CliRunner().invoke(app, ["bench", "--only", "mqtt", "--only", "nope"])
    assert result.exit_code == 2
    assert "no such stage: nope" in result.output


def test_bench_runs_only_the_stages_named(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import simulator.bench

    asked: list[object] = []
    monkeypatch.setattr(simulator.bench, "run_bench",
                        lambda progress, only: asked.append(only) or {"figure": 1})
    result = CliRunner().invoke(app, ["bench", "--json", "--only", "scoring"])
    assert result.exit_code == 0, result.output
    assert asked == [frozenset({"scoring"})]
    assert '{"figure": 1}' in result.output
