"""The station's configuration file (TOML). Every key has a default."""

from __future__ import annotations

import ipaddress
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from basestation.i18n import shipped
from firmware_protocol.enums import AskPlayers, PadPlace, ResultEntry

PLAYER_NUMBERS = tuple(ask.value for ask in AskPlayers)  # never, first, every (SPEC.md 14)
RESULT_ENTRIES = tuple(entry.value for entry in ResultEntry)  # result, tricks (SPEC.md 14.8)
PAD_PLACES = tuple(place.value for place in PadPlace)  # tables, ns, ew (SPEC.md 14.10)


class ConfigError(ValueError):
    """The configuration file is unreadable or holds an impossible value."""


@dataclass(frozen=True)
class SectionConfig:
    letter: str
    movement: str = "mitchell"
    tables: int = 7
    boards: int = 28
    phantom: bool = False
    # When the pads ask the players for their numbers: never, first (round), every (round).
    player_numbers: str = "first"
    # How its pads take a board's result: result (=, +1, -1) or tricks (taken).
    result_entry: str = "result"
    # Rankings on the pads after each round (else only once published), hiding the first
    # and the last rounds named.
    round_rankings: bool = False
    rankings_hide_first: int = 0
    rankings_hide_last: int = 0
    # Its pads stay at their tables, or move with the round-1 ns or ew pairs (own phones).
    pads: str = "tables"


PLACES = ("section", "room")


@dataclass(frozen=True)
class EventScoring:
    """How a pairs event is scored and placed (docs/ARCHITECTURE.md, "Across the field")."""

    # Every section's results on a board matchpointed together (the Scorer's "Score all
    # sections"); else each section apart.
    across_the_field: bool = False
    # Pairs placed per "section" and direction (as the Scorer places them), or across the
    # "room" (in their direction); both places are shown.
    places: str = "section"
    # A handicap event: pairs placed by their percentage plus half their players' handicaps
    # added (scoring/handicap.py); the raw places are shown too.
    handicap: bool = False

    def __post_init__(self) -> None:
        if self.places not in PLACES:
            raise ConfigError(f"places must be section or room, not {self.places!r}")


@dataclass(frozen=True)
class NewEvent:
    """What the set-up page sends: the event, its sections, deals and players."""

    name: str
    regulations: str
    sections: tuple[SectionConfig, ...]
    held_on: date | None = None
    deals: Mapping[int, str] = field(default_factory=dict)  # board -> PBN deal, every section
    players: Mapping[int, str] = field(default_factory=dict)  # number -> name
    # number -> national number; a player listed without one keeps the club list's
    national: Mapping[int, str] = field(default_factory=dict)
    # number -> handicap; a player listed without one keeps the club list's
    handicaps: Mapping[int, float] = field(default_factory=dict)
    event_format: str = "pairs"  # or a teams or Swiss format (scoring/event_formats.py)
    rounds: int = 0  # a Swiss event's rounds
    # An event whose session has not ended is closed only when this says so (the set-up page
    # asks the director first); else a Conflict, and nothing changes.
    close_open: bool = True
    scoring: EventScoring = EventScoring()


@dataclass(frozen=True)
class EventConfig:
    name: str
    regulations: str = "nz"
    hand_records: str | None = None
    players: str | None = None
    sections: tuple[SectionConfig, ...] = ()
    # teams, swiss-teams or swiss-pairs: each section's tables then count its teams (pairs)
    # and boards the boards of a match; a Swiss plays `rounds` rounds.
    format: str = "pairs"
    rounds: int = 0
    scoring: EventScoring = EventScoring()


@dataclass(frozen=True)
class SerialConfig:
    port: str
    baud: int = 115200
    channel: int = 16


@dataclass(frozen=True)
class ConsoleLink:
    """Another event's console on this computer (or elsewhere), linked from the grid."""

    name: str
    url: str  # http(s)://..., or ":<port>": the same host the grid was opened by


@dataclass(frozen=True)
class StationConfig:
    id: str = "club"
    secret: str = field(default="change-me", repr=False)
    database: str = "sqlite:///basestation.db"
    http: str = "127.0.0.1:8000"
    director_password: str = field(default="change-me", repr=False)
    # The PIN a pad may give to take over a table (SPEC.md 6.8); none: only the grid's
    # authorisation. Kept here (or in BASESTATION_DIRECTOR_PIN), off the command line.
    director_pin: str | None = field(default=None, repr=False)
    mqtt_url: str | None = None
    mqtt_username: str | None = None  # the broker's login for the station (deploy/ ACL)
    mqtt_password: str | None = field(default=None, repr=False)
    # The station keeps the pads' broker logins through mosquitto's dynamic-security plugin,
    # logged in as its admin (deploy/mosquitto/mosquitto.conf).
    mqtt_dynamic_security: bool = False
    # The station ids whose pad topics its units' logins reach: its own (empty), or every
    # room's of one database (INSTALL.md, "Two rooms").
    mqtt_logins_for: tuple[str, ...] = ()
    # The broker's listeners the pads use ("mqtt://0.0.0.0:1883", "ws://0.0.0.0:9001"), when
    # not the station's own url: `serve` tries each without a login before it starts.
    mqtt_pads_listeners: tuple[str, ...] = ()
    serial: tuple[SerialConfig, ...] = ()
    event: EventConfig | None = None
    feedback: frozenset[str] = field(default_factory=lambda: frozenset({"traveller", "par"}))
    # Empty: every section of the open event. Otherwise only these (one process per room).
    sections: tuple[str, ...] = ()
    backups: str | None = None  # folder for end-of-session SQLite backups
    # The pages over TLS: the certificate (chain) and its key, PEM files.
    tls_certificate: str | None = None
    tls_key: str | None = None
    # Addresses of a proxy in front of the pages (one doing TLS, say), trusted to say the
    # client's address and scheme (X-Forwarded-For, X-Forwarded-Proto); none by default.
    proxies: tuple[str, ...] = ()
    consoles: tuple[ConsoleLink, ...] = ()  # [[console]]: the other events' consoles
    # [club]: the club's name and its national body's club number (NZ Bridge's computer
    # code), which the Scorer's XML carries (`club`, `club_no`).
    club_name: str = ""
    club_number: str = ""
    # [club] language: the pads' language until a pad chooses its own (basestation/i18n).
    club_language: str = "en"

    @property
    def backup_folder(self) -> Path | None:
        """Where end-of-session backups go: `backups`, else beside a SQLite database file."""
        if self.backups is not None:
            return Path(self.backups)
        if not self.database.startswith("sqlite:///") or ":memory:" in self.database:
            return None  # PostgreSQL is backed up with pg_dump (deploy/INSTALL.md)
        return Path(self.database.removeprefix("sqlite:///")).parent / "backups"

    @property
    def http_host(self) -> str:
        return self.http.rsplit(":", 1)[0]

    @property
    def http_port(self) -> int:
        return int(self.http.rsplit(":", 1)[1])


def _section(raw: dict[str, Any]) -> SectionConfig:
    letter = str(raw.get("letter", "")).upper()
    if len(letter) != 1 or not letter.isalpha():
        raise ConfigError(f"event.section: letter must be one letter A-Z, got {letter!r}")
    return SectionConfig(
        letter=letter,
        movement=str(raw.get("movement", "mitchell")),
        tables=int(raw.get("tables", 7)),
        boards=int(raw.get("boards", 28)),
        phantom=bool(raw.get("phantom", False)),
        player_numbers=_player_numbers(raw.get("player_numbers", "first")),
        result_entry=_result_entry(raw.get("result_entry", "result")),
        round_rankings=bool(raw.get("round_rankings", False)),
        rankings_hide_first=_rounds_hidden(raw, "rankings_hide_first"),
        rankings_hide_last=_rounds_hidden(raw, "rankings_hide_last"),
        pads=_pads(raw.get("pads", "tables")),
    )


def _places(value: object) -> str:
    if value not in PLACES:
        raise ConfigError(f"event.places must be one of {', '.join(PLACES)}, got {value!r}")
    return str(value)


def _pads(value: object) -> str:
    if value not in PAD_PLACES:
        raise ConfigError(f"event.section: pads must be one of {', '.join(PAD_PLACES)}, "
                          f"got {value!r}")
    return str(value)


def _player_numbers(value: object) -> str:
    if value not in PLAYER_NUMBERS:
        raise ConfigError(f"event.section: player_numbers must be one of "
                          f"{', '.join(PLAYER_NUMBERS)}, got {value!r}")
    return str(value)


def _result_entry(value: object) -> str:
    if value not in RESULT_ENTRIES:
        raise ConfigError(f"event.section: result_entry must be one of "
                          f"{', '.join(RESULT_ENTRIES)}, got {value!r}")
    return str(value)


def _rounds_hidden(raw: dict[str, Any], name: str) -> int:
    value = raw.get(name, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ConfigError(f"event.section: {name} must be a number of rounds, got {value!r}")
    return value


def parse_config(raw: dict[str, Any], base: Path | None = None) -> StationConfig:
    """Builds the configuration from parsed TOML; relative paths are taken from `base`."""
    station = raw.get("station", {})
    mqtt = raw.get("mqtt", {})
    event_raw = raw.get("event")
    event = None

    def resolve(path: str | None) -> str | None:
        if path is None or base is None:
            return path
        return str((base / path).resolve())

    if event_raw is not None:
        sections = tuple(_section(s) for s in event_raw.get("section", []))
        letters = [s.letter for s in sections]
        if len(set(letters)) != len(letters):
            raise ConfigError(f"event.section: a section letter appears twice in {letters}")
        event = EventConfig(
            name=str(event_raw.get("name", "Session")),
            regulations=str(event_raw.get("regulations", "nz")),
            hand_records=resolve(event_raw.get("hand_records")),
            players=resolve(event_raw.get("players")),
            sections=sections,
            format=str(event_raw.get("format", "pairs")),
            rounds=_rounds(event_raw.get("rounds", 0)),
            scoring=EventScoring(
                across_the_field=_flag(event_raw.get("across_the_field", False),
                                       "event.across_the_field"),
                places=_places(event_raw.get("places", "section")),
                handicap=_flag(event_raw.get("handicap", False), "event.handicap")),
        )
    database = str(station.get("database", "sqlite:///basestation.db"))
    if base is not None and database.startswith("sqlite:///") and not database.startswith(
        "sqlite:////"
    ):
        database = "sqlite:///" + str(base / database.removeprefix("sqlite:///"))
    http = str(station.get("http", "127.0.0.1:8000"))
    if ":" not in http:
        raise ConfigError(f"station.http must be host:port, got {http!r}")
    feedback = station.get("feedback", ["traveller", "par"])
    own_sections = tuple(str(letter).upper() for letter in station.get("sections", []))
    if any(len(letter) != 1 or not letter.isalpha() for letter in own_sections):
        raise ConfigError(f"station.sections: letters A-Z, got {list(own_sections)}")
    return StationConfig(
        id=str(station.get("id", "club")),
        secret=str(station.get("secret", "change-me")),
        database=database,
        http=http,
        director_password=str(station.get("director_password", "change-me")),
        director_pin=_pin(station.get("director_pin")),
        mqtt_url=mqtt.get("url"),
        mqtt_username=_optional(mqtt.get("username")),
        mqtt_password=_optional(mqtt.get("password")),
        mqtt_dynamic_security=_flag(mqtt.get("dynamic_security", False), "mqtt.dynamic_security"),
        mqtt_logins_for=_station_ids(mqtt.get("logins_for", [])),
        mqtt_pads_listeners=_listeners(mqtt.get("pads_listeners", [])),
        serial=tuple(
            SerialConfig(str(s["port"]), int(s.get("baud", 115200)), int(s.get("channel", 16)))
            for s in raw.get("serial", [])
        ),
        event=event,
        feedback=frozenset(str(f) for f in feedback),
        sections=own_sections,
        backups=resolve(_optional(station.get("backups"))),
        **_tls(station, resolve),
        proxies=_proxies(station.get("proxies", [])),
        consoles=tuple(_console(c) for c in raw.get("console", [])),
        club_name=_club(raw, "name"),
        club_number=_club(raw, "number"),
        club_language=_language(_club(raw, "language") or "en"),
    )


def _language(code: str) -> str:
    """[club] language: one the station ships a catalog for."""
    languages = shipped()
    if code not in languages:
        raise ConfigError(f"club.language must be one of {', '.join(languages)}, not {code!r}")
    return code


def _club(raw: dict[str, Any], key: str) -> str:
    """[club] name or number: text (a number is taken as its digits)."""
    club = raw.get("club", {})
    if not isinstance(club, dict):
        raise ConfigError(f"club must be a table (name = \"...\", number = \"...\"), "
                          f"not {club!r}")
    value = club.get(key, "")
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise ConfigError(f"club.{key} must be text, not {value!r}")
    return str(value).strip()


def _tls(station: dict[str, Any], resolve: Any) -> dict[str, str | None]:
    certificate, key = (_optional(station.get(k)) for k in ("tls_certificate", "tls_key"))
    if (certificate is None) != (key is None):
        raise ConfigError("station.tls_certificate and station.tls_key go together: the "
                          "certificate and its key, both PEM files")
    return {"tls_certificate": resolve(certificate), "tls_key": resolve(key)}


def _proxies(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ConfigError(f"station.proxies must be a list of addresses, not {value!r}")
    for address in value:
        try:
            ipaddress.ip_address(str(address))
        except ValueError:
            raise ConfigError(f"station.proxies: {address!r} is not an IP address (the "
                              "proxy's own, e.g. \"127.0.0.1\")") from None
    return tuple(str(address) for address in value)


def _pin(value: Any) -> str | None:
    if value is None:
        return None
    pin = str(value)
    if not 1 <= len(pin) <= 8 or not pin.isascii() or not pin.isprintable():
        raise ConfigError("station.director_pin must be 1 to 8 printable characters (a pad "
                          "types it), e.g. director_pin = \"4821\"")
    return pin


def _station_ids(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(
            isinstance(v, str) and v and not set(v) & set("/+#") for v in value):
        raise ConfigError(f"mqtt.logins_for must be a list of station ids, not {value!r}")
    return tuple(value)


LISTENER_SCHEMES = ("mqtt", "mqtts", "ws", "wss")


def _listeners(value: Any) -> tuple[str, ...]:
    """[mqtt] pads_listeners: the broker's listeners as URLs, scheme://address:port."""
    if not isinstance(value, list):
        raise ConfigError(f"mqtt.pads_listeners must be a list of the broker's listeners, "
                          f"e.g. [\"mqtt://0.0.0.0:1883\", \"ws://0.0.0.0:9001\"], not {value!r}")
    for url in value:
        parsed = urlsplit(url) if isinstance(url, str) else None
        try:
            port = parsed.port if parsed is not None else None
        except ValueError:
            port = None
        if parsed is None or parsed.scheme not in LISTENER_SCHEMES or not parsed.hostname \
                or port is None or parsed.username:
            raise ConfigError(f"mqtt.pads_listeners: {url!r} is not a listener: scheme "
                              f"({', '.join(LISTENER_SCHEMES)}), the address it is bound to and "
                              "its port, e.g. \"ws://0.0.0.0:9001\"")
    return tuple(value)


def _console(raw: Any) -> ConsoleLink:
    """A [[console]]: name = "...", url = "http://host:port/" or ":port" (this host)."""
    name, url = (raw.get("name"), raw.get("url")) if isinstance(raw, dict) else (None, None)
    same_host = isinstance(url, str) and url.startswith(":") and url[1:].isdigit()
    if not isinstance(name, str) or not name.strip() or not isinstance(url, str) or not (
            same_host or (urlsplit(url).scheme in ("http", "https") and urlsplit(url).netloc)):
        raise ConfigError(f"console: needs a name and a url (http://host:port or :port), "
                          f"not {raw!r}")
    return ConsoleLink(name.strip(), url)


def _rounds(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
        raise ConfigError(f"event.rounds must be a whole number of rounds (0-20), not {value!r}")
    return value


def _flag(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{key} must be true or false, not {value!r}")
    return value


def _optional(value: Any) -> str | None:
    return None if value is None else str(value)


def _is_default(value: str) -> bool:
    """The built-in "change-me", deploy/station.toml's CHANGE-ME placeholders, or nothing."""
    return not value.strip() or value.strip().lower().startswith("change-me")


def is_loopback(host: str) -> bool:
    """Whether `host` is this computer only (a name other than localhost may be anywhere)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def network_defaults(config: StationConfig) -> list[str]:
    """Why `config` must not run: the default secret or director password while the pads or
    the director's pages can be reached from the network. Empty when it may run (the demo
    and the tests, on this computer only, keep the defaults)."""
    pages = not is_loopback(config.http_host)
    broker = urlsplit(config.mqtt_url).hostname if config.mqtt_url else None
    problems = []
    if _is_default(config.secret) and (pages or (broker and not is_loopback(broker))):
        where = (f"the station's pages (the pads' too) are open to the network on "
                 f"{config.http}" if pages else f"the pads reach the broker at {config.mqtt_url}")
        problems.append(f"station.secret is the default while {where}: every pad's key "
                        "derives from it, so anyone could pose as a pad. Set [station] secret "
                        "to a long random value of your own (deploy/install.sh writes one).")
    if _is_default(config.director_password) and pages:
        problems.append(f"station.director_password is the default while the director's "
                        f"pages are open to the network on {config.http}. Set [station] "
                        f"director_password to a password of your own, or [station] http to "
                        f"127.0.0.1:{config.http_port} to keep the pages on this computer.")
    elif pages and (why := _weak(config.director_password, MIN_PASSWORD)):
        problems.append(f"station.director_password is {why} while the director's pages are "
                        f"open to the network on {config.http}: it needs at least "
                        f"{MIN_PASSWORD} characters that nobody could guess. Set [station] "
                        f"director_password to a longer one, or [station] http to "
                        f"127.0.0.1:{config.http_port} to keep the pages on this computer.")
    return problems


MIN_SECRET = 16  # characters: every pad's key derives from the secret
MIN_PASSWORD = 8  # characters: the director's, when the pages are on the network
SHORT_PATTERN = 8  # a secret that is a shorter run repeated is as weak as that run


def _weak(value: str, least: int) -> str | None:
    """Why `value` is as good as short: fewer than `least` characters, or a run of fewer
    than SHORT_PATTERN repeated ("aaaa...", "abab..."); None when it is not."""
    value = value.strip()
    if len(value) < least:
        return f"too short ({len(value)} characters)"
    for size in range(1, min(SHORT_PATTERN, len(value))):
        if value == (value[:size] * (len(value) // size + 1))[:len(value)]:
            return ("too short (one character repeated)" if size == 1 else
                    f"too short ({size} characters repeated)")
    return None


def served_defaults(config: StationConfig) -> list[str]:
    """Why `basestation serve` must not run `config`, wherever its pages and broker are: the
    built-in or a short secret, the built-in director password. A station on this computer
    only may still be reached from the network (a TLS proxy in front of its pages, the pads'
    broker listener on the network while the station uses its loopback one), so only the
    demo, which serves nobody's club, keeps the built-in ones. Empty when it may run."""
    problems = []
    secret = config.secret.strip()
    if _is_default(secret):
        problems.append("station.secret is the default: every pad's key derives from it, so "
                        "anyone could pose as a pad. Set [station] secret to a long random "
                        "value of your own (deploy/install.sh writes one).")
    elif why := _weak(secret, MIN_SECRET):
        problems.append(f"station.secret is {why}: every "
                        f"pad's key derives from it, so it needs at least {MIN_SECRET} that "
                        "nobody could guess. Set [station] secret to a long random value of "
                        "your own (deploy/install.sh writes one).")
    if _is_default(config.director_password):
        problems.append("station.director_password is the default: anyone who reaches the "
                        "director's pages (through a proxy in front of them too) could act as "
                        "the director. Set [station] director_password to a password of your "
                        "own.")
    return problems


def open_broker(config: StationConfig) -> list[str]:
    """Why `serve` must not run: a broker the station reaches without a login (so one that
    takes anyone, pads' frames from strangers included) while the pads reach it from the
    network (its address, or the station's pages, off this computer). Frames from a stranger
    there, claiming any unit, share the station's one connection with every pad's. Empty when
    it may run (the demo and the tests keep an open broker on this computer)."""
    parsed = urlsplit(config.mqtt_url) if config.mqtt_url else None
    if parsed is None or config.mqtt_username or parsed.username:
        return []
    broker_off = not is_loopback(parsed.hostname or "")
    if not broker_off and is_loopback(config.http_host):
        return []
    where = (f"the broker at {config.mqtt_url} is on the network" if broker_off else
             f"the station's pages (and so its pads) are open to the network on {config.http}")
    return [f"mqtt.username is not set while {where}: a broker without logins lets anyone on "
            "the network publish as any pad, and a flood of such frames slows every pad. Set "
            "up the broker as deploy/ ships it, with a login for each pad (deploy/INSTALL.md, "
            "section 2), and set [mqtt] username and password to the station's login."]


def listeners_to_try(config: StationConfig) -> list[str]:
    """The broker's listeners `serve` tries without a login before it starts, because pads
    reach them from the network: [mqtt] pads_listeners (one bound to loopback only while the
    pages are on this computer too is this computer's alone), or when those are not named,
    the station's own url, which the pads then share, once a login is set (without one
    open_broker judges it) and the pads reach it from the network."""
    if not config.mqtt_url:
        return []
    pages_here = is_loopback(config.http_host)
    if config.mqtt_pads_listeners:
        return [url for url in config.mqtt_pads_listeners
                if not (pages_here and is_loopback(urlsplit(url).hostname or ""))]
    parsed = urlsplit(config.mqtt_url)
    logged_in = bool(config.mqtt_username or parsed.username)
    if not logged_in or (pages_here and is_loopback(parsed.hostname or "")):
        return []
    host = parsed.hostname or "127.0.0.1"
    return [f"mqtt://{f'[{host}]' if ':' in host else host}:{parsed.port or 1883}"]


def load_config(path: Path | None) -> StationConfig:
    """Reads `path` (None: all defaults)."""
    if path is None:
        return parse_config({})
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: {exc}") from exc
    return parse_config(raw, base=path.parent)
