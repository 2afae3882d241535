"""The configuration file: defaults, deploy/station.toml's example, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from basestation.station.config import ConfigError, EventScoring, load_config, parse_config


def test_no_file_runs_on_sqlite_with_no_links() -> None:
    config = load_config(None)
    assert config.database.startswith("sqlite:///")
    assert config.mqtt_url is None and config.serial == () and config.event is None


def test_the_design_example(tmp_path: Path) -> None:
    path = tmp_path / "station.toml"
    path.write_text("""
[station]
id = "club"
secret = "s"
database = "sqlite:///basestation.db"
http = "127.0.0.1:8000"
[mqtt]
url = "mqtt://127.0.0.1:1883"
[[serial]]
port = "/dev/ttyUSB0"
baud = 115200
channel = 16
[event]
name = "Tuesday pairs"
regulations = "nz"
hand_records = "deals.pbn"
[[event.section]]
letter = "A"
movement = "mitchell"
tables = 7
boards = 28
""")
    config = load_config(path)
    assert config.database == f"sqlite:///{tmp_path / 'basestation.db'}"
    assert config.serial[0].port == "/dev/ttyUSB0" and config.serial[0].channel == 16
    assert config.event is not None and config.event.sections[0].tables == 7
    assert config.event.hand_records == str(tmp_path / "deals.pbn")
    assert (config.http_host, config.http_port) == ("127.0.0.1", 8000)


@pytest.mark.parametrize(("raw", "problem"), [
    ({"event": {"section": [{"letter": "AB"}]}}, "one letter"),
    ({"event": {"section": [{"letter": "A"}, {"letter": "a"}]}}, "twice"),
    ({"station": {"http": "8000"}}, "host:port"),
    ({"event": {"format": "swiss-teams", "rounds": "four"}}, "whole number of rounds"),
])
def test_impossible_values_are_named(raw: dict[str, object], problem: str) -> None:
    with pytest.raises(ConfigError, match=problem):
        parse_config(raw)


def test_unreadable_toml_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[station\n")
    with pytest.raises(ConfigError, match=r"bad\.toml"):
        load_config(path)


async def test_a_swiss_night_from_the_config_file(tmp_path: Path) -> None:
    from basestation.station.app import Station

    path = tmp_path / "station.toml"
    path.write_text("""
[station]
database = "sqlite:///club.db"
[event]
name = "Swiss teams"
format = "swiss-teams"
rounds = 4
[[event.section]]
letter = "A"
tables = 8
boards = 3
""")
    station = Station(load_config(path))
    await station.start()
    try:
        assert (station.session.event_format, station.session.format_rounds) == ("swiss-teams", 4)
        movement = station.session.sections["A"].movement
        assert (movement.kind, movement.tables, movement.rounds) == ("swiss-teams", 8, 1)
    finally:
        await station.stop()


def test_other_events_consoles_and_whose_pads_the_logins_reach() -> None:
    config = parse_config({"console": [{"name": "Second event", "url": ":8001"},
                                       {"name": "Hall", "url": "http://hall.local:8000/"}],
                           "mqtt": {"logins_for": ["room-a", "room-b"]}})
    assert [(c.name, c.url) for c in config.consoles] == [
        ("Second event", ":8001"), ("Hall", "http://hall.local:8000/")]
    assert config.mqtt_logins_for == ("room-a", "room-b")


@pytest.mark.parametrize("raw", [
    {"console": [{"name": "x", "url": "8001"}]},
    {"console": [{"name": "x", "url": "ftp://host/"}]},
    {"console": [{"name": "", "url": ":8001"}]},
    {"console": [{"url": ":8001"}]},
    {"console": ["http://host:8001"]},
    {"mqtt": {"logins_for": "room-a"}},
    {"mqtt": {"logins_for": ["room/a"]}},
    {"mqtt": {"logins_for": ["+"]}},
])
def test_a_console_or_logins_for_that_cannot_be_is_named(raw: dict[str, object]) -> None:
    with pytest.raises(ConfigError, match=r"console|mqtt\.logins_for"):
        parse_config(raw)


def test_the_club_is_named_for_the_scorers_xml() -> None:
    config = parse_config({"club": {"name": " Crockfords Bridge Club ", "number": 123}})
    assert (config.club_name, config.club_number) == ("Crockfords Bridge Club", "123")
    assert (parse_config({}).club_name, parse_config({}).club_number) == ("", "")
    with pytest.raises(ConfigError, match=r"club\.number must be text"):
        parse_config({"club": {"number": True}})
    with pytest.raises(ConfigError, match="club must be a table"):
        parse_config({"club": "Crockfords"})


def test_an_event_scored_across_the_field() -> None:
    event = parse_config({"event": {"name": "Wednesday", "across_the_field": True,
                                    "places": "room"}}).event
    assert event is not None
    assert (event.scoring.across_the_field, event.scoring.places) == (True, "room")
    plain = parse_config({"event": {"name": "Thursday"}}).event
    assert plain is not None and plain.scoring == EventScoring()
    with pytest.raises(ConfigError, match=r"event\.places must be one of section, room"):
        parse_config({"event": {"name": "Friday", "places": "overall"}})


def test_the_clubs_language_is_one_the_station_ships() -> None:
    assert parse_config({}).club_language == "en"
    assert parse_config({"club": {"language": "nl"}}).club_language == "nl"
    for wrong in ("xx", "NL", "klingon", "../en"):
        with pytest.raises(ConfigError, match=r"club\.language must be one of en, de, es, fr"):
            parse_config({"club": {"language": wrong}})
    with pytest.raises(ConfigError, match=r"club\.language must be text"):
        parse_config({"club": {"language": 7.5}})
