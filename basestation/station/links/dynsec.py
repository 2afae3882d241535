"""Broker logins kept in step with the unit registry through mosquitto's dynamic-security plugin.

Each unit logs in as `unit-<id>` with the password SPEC.md 10.3 derives from its key, under a
role of its own that lets it publish only on its own up/availability topics and subscribe only
to its own down topic and the station's status, under this station's id alone: a second event
on the same broker (another station id) keeps its own units, which cannot reach this one. A
unit's login held by another station is left alone (and said): unit ids are the broker's. A
locked (withdrawn, replaced) unit keeps its login: the station takes nothing new from it, but
the entries it still holds must reach the director (a merge offer or a conflict,
docs/ARCHITECTURE.md), and its pad must hear why it is locked. Only a unit cut off for
flooding has its login disabled for a while, which also drops its connection; pairing the unit
again (a new key, so a new password) shuts a lost pad out for good. The station, the plugin's
admin, sends the commands over its own MQTT connection (`$CONTROL/dynamic-security/v1`) and
reads the answers; nothing here ever stops the station: a refusal is logged and shown in
/api/status.

The broker's clients carry in their text name the role and a fingerprint of the password, so
after a restart of either side only what differs is sent again: a password or role change kicks
a connected pad, so it must not happen for nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from basestation.station.effects.bus import EventBus
from basestation.station.session.memory import UnitState
from firmware_protocol import topics
from firmware_protocol.security import mqtt_password, unit_username

log = logging.getLogger(__name__)

CONTROL = "$CONTROL/dynamic-security/v1"
RESPONSE = f"{CONTROL}/response"
ANSWER_WAIT = 5.0  # seconds before a silent broker is reported (plugin not loaded?)
# A role's command is about 500 bytes: messages of this many stay far below the broker's
# max_packet_size (deploy/mosquitto/mosquitto.conf), which would drop the station's connection.
COMMANDS_PER_MESSAGE = 50

Command = dict[str, Any]


def role_name(station: str, unit: int) -> str:
    return f"basestation-{station}-unit-{unit}"


def owner(text: str, unit: int) -> str | None:
    """The station id a held client's label names (None: a label from before station ids, or
    none, which any station may take over)."""
    role = text.split(" login ", 1)[0]
    prefix, suffix = "basestation-", f"-unit-{unit}"
    if role.startswith(prefix) and role.endswith(suffix) and len(role) > len(prefix + suffix):
        return role[len(prefix):-len(suffix)]
    return None


def unit_acls(stations: tuple[str, ...], unit: int) -> list[Command]:
    """Only its own topics, under the given station ids only (the station's own; the rooms
    sharing one database, INSTALL.md): publish up and availability, subscribe to down and the
    status."""
    allow = []
    for station in stations:
        allow += [("publishClientSend", topics.up(station, unit)),
                  ("publishClientSend", topics.availability(station, unit)),
                  ("subscribePattern", topics.down(station, unit)),
                  ("subscribePattern", topics.status(station))]
    return [{"acltype": kind, "topic": topic, "allow": True} for kind, topic in allow]


def text_name(station: str, unit: int, password: str) -> str:
    """What the broker's client is labelled with: its role and which password it holds (a
    fingerprint of it, never the password), so a restart can tell what is already in step."""
    fingerprint = hashlib.sha256(password.encode()).hexdigest()[:12]
    return f"{role_name(station, unit)} login {fingerprint}"


@dataclass(frozen=True)
class Login:
    """A unit's login as the broker holds it (or should): `clientid`, the only client id it
    may connect with (its user name), so that on no listener, the station's own included,
    does a pad's login take the station's session or another's."""

    text: str
    enabled: bool
    clientid: str = ""


def wanted_login(station: str, unit: UnitState) -> tuple[Login, str]:
    """Enabled unless the unit is cut off for a while for flooding. A locked unit keeps its
    login so that what its pad still holds reaches the director (the station refuses it
    anything new)."""
    password = mqtt_password(unit.key)
    enabled = not unit.cut_off
    return (Login(text_name(station, unit.unit, password), enabled, unit_username(unit.unit)),
            password)


def commands_for(station: str, unit: int, password: str, want: Login,
                 held: Login | None) -> list[Command]:
    """The commands that take the broker's client from `held` (None: none yet) to `want`."""
    username = unit_username(unit)
    commands: list[Command] = []
    login: Command = {"username": username, "password": password, "textname": want.text,
                      "roles": [{"rolename": role_name(station, unit)}]}
    if want.clientid:
        login["clientid"] = want.clientid
    if held is None:
        commands.append({"command": "createClient", **login})
        held = Login(want.text, True, want.clientid)
    elif (held.text, held.clientid) != (want.text, want.clientid):
        commands.append({"command": "modifyClient", **login})
    if held.enabled != want.enabled:
        commands.append({"command": "enableClient" if want.enabled else "disableClient",
                         "username": username})
    return commands


def held_logins(listing: Mapping[str, Any]) -> dict[int, Login]:
    """The unit clients in a verbose listClients answer's data."""
    held: dict[int, Login] = {}
    for client in listing.get("clients", []):
        name = str(client.get("username", ""))
        if name.startswith("unit-") and name[5:].isdigit():
            held[int(name[5:])] = Login(str(client.get("textname", "")),
                                        not client.get("disabled", False),
                                        str(client.get("clientid", "")))
    return held


class BrokerLogins:
    """Keeps the broker's unit logins in step with `units` (the hub's registry)."""

    def __init__(self, units: Callable[[], Mapping[int, UnitState]], bus: EventBus,
                 station: str, stations: tuple[str, ...] = ()) -> None:
        self.units = units
        self.bus = bus
        self.station = station
        self.stations = stations or (station,)  # whose topics its units may use
        self.problem: str | None = None  # the last refusal or silence, in a sentence
        self._send: Callable[[bytes], None] | None = None
        self._held: dict[int, Login] | None = None  # as the broker holds them (None: unknown)
        self._asked: dict[int, Login] = {}  # as last asked for (in flight or done)
        self._roles: set[int] = set()  # roles made (or found) on this connection
        self._waiting: dict[str, str] = {}  # correlation data -> its message's last command's
        self._outcomes: dict[str, tuple[int, Login]] = {}  # last command -> what all achieve
        self._list_tag = ""
        self._looking: dict[str, int] = {}  # a getClient's correlation data -> its unit
        self._ids = itertools.count(1)
        self._answered = asyncio.Event()
        self._listing: asyncio.TimerHandle | None = None

    # -- the MQTT link's side ----------------------------------------------------------------

    def connected(self, send: Callable[[bytes], None]) -> None:
        """The link is up: make every unit's role, then list what the broker holds."""
        self._send, self._held, self._asked, self._roles = send, None, {}, set()
        self._waiting.clear()
        self._outcomes.clear()
        self._looking.clear()
        roles = [self._create_role(unit) for unit in sorted(self.units())]
        for start in range(0, len(roles), COMMANDS_PER_MESSAGE):
            self._post(roles[start:start + COMMANDS_PER_MESSAGE], outcome=None)
        self._list_tag = self._post([{"command": "listClients", "verbose": True}], outcome=None)
        loop = asyncio.get_running_loop()
        self._listing = loop.call_later(ANSWER_WAIT, self._silent)

    def disconnected(self) -> None:
        self._send, self._held = None, None
        if self._listing is not None:
            self._listing.cancel()

    def answer(self, payload: bytes) -> None:
        """An answer on the plugin's response topic (anyone's: only ours are read)."""
        try:
            responses = json.loads(payload)["responses"]
        except (ValueError, KeyError, TypeError):
            return
        for response in responses if isinstance(responses, list) else []:
            tag = response.get("correlationData") if isinstance(response, dict) else None
            if tag not in self._waiting:
                continue
            self._took(str(tag), response)
        self._answered.set()
        self._answered = asyncio.Event()

    # -- the station's side ------------------------------------------------------------------

    async def run(self) -> None:
        """Follows the committed unit events (paired, re-paired, locked, reset, replaced)."""
        events = self.bus.subscribe()
        try:
            while True:
                event = await events.get()
                unit = event.where().unit
                if event.event_type in ("unit", "alert") and unit is not None:
                    self.sync(unit)
        finally:
            self.bus.unsubscribe(events)

    def sync(self, unit: int) -> None:
        """Sends what the broker lacks for `unit`; nothing if it is in step or unknown yet."""
        state = self.units().get(unit)
        if state is None or self._send is None or self._held is None:
            return  # the listing on (re)connection takes care of it
        other = self._other(unit)
        if other is not None:
            self.problem = (f"Broker logins: unit {unit}'s login belongs to another event on "
                            f"this broker (station {other}); give this event's pads other "
                            "unit numbers.")
            log.warning("unit %d's broker login belongs to station %s: left alone", unit, other)
            return
        want, password = wanted_login(self.station, state)
        before = self._asked.get(unit, self._held.get(unit))
        commands = commands_for(self.station, unit, password, want, before)
        if not commands:
            return
        if unit not in self._roles:
            commands.insert(0, self._create_role(unit))
        self._asked[unit] = want
        self._post(commands, outcome=(unit, want))

    def _other(self, unit: int) -> str | None:
        """The station id of another event whose login the broker holds for `unit`."""
        held = None if self._held is None else self._held.get(unit)
        other = owner(held.text, unit) if held is not None else None
        return other if other != self.station else None

    async def elsewhere(self, unit: int, timeout: float = 3.0) -> str | None:
        """The station id of another event on this broker whose login `unit` is (pairing it
        here would leave that login alone and this event's pad shut out), asked of the broker
        afresh: another station may have made it since the listing. None: free, this
        station's, or no answer in time."""
        if self._send is None or self._held is None:
            return None
        tag = self._post([{"command": "getClient", "username": unit_username(unit)}],
                         outcome=None)
        self._looking[tag] = unit
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while tag in self._looking:
                    await self._answered.wait()
        return self._other(unit)

    def in_step(self, unit: int) -> bool:
        state = self.units().get(unit)
        if state is None or self._held is None:
            return False
        return self._held.get(unit) == wanted_login(self.station, state)[0]

    async def settle(self, unit: int, timeout: float = 3.0) -> bool:
        """Whether the broker holds `unit`'s login as it should, waiting up to `timeout`."""
        self.sync(unit)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while not self.in_step(unit):
                    await self._answered.wait()
        return self.in_step(unit)

    def status(self) -> str:
        """A sentence for /api/status."""
        if self.problem is not None:
            return self.problem
        if self._send is None:
            return "Broker logins: waiting for the broker."
        if self._held is None:
            return "Broker logins: asking the broker what it holds."
        behind = [u for u in self.units() if not self.in_step(u)]
        if behind:
            return f"Broker logins: {len(behind)} unit(s) being brought in step."
        return f"Broker logins: in step for all {len(self.units())} units."

    # -- inside ------------------------------------------------------------------------------

    def _create_role(self, unit: int) -> Command:
        self._roles.add(unit)
        return {"command": "createRole", "rolename": role_name(self.station, unit),
                "acls": unit_acls(self.stations, unit)}

    def _post(self, commands: list[Command], *, outcome: tuple[int, Login] | None) -> str:
        """Sends `commands` in one message; once the last is answered, and none refused, the
        broker holds `outcome`. Returns the last command's correlation data."""
        tags = [f"basestation-{next(self._ids)}" for _ in commands]
        for command, tag in zip(commands, tags, strict=True):
            command["correlationData"] = tag
            self._waiting[tag] = tags[-1]
        if outcome is not None:
            self._outcomes[tags[-1]] = outcome
        if self._send is not None:
            self._send(json.dumps({"commands": commands}).encode())
        return tags[-1]

    def _took(self, tag: str, response: dict[str, Any]) -> None:
        last = self._waiting.pop(tag)
        command, error = response.get("command"), response.get("error")
        if command == "createRole" and error == "Role already exists":
            return  # made on an earlier connection
        if command == "createClient" and error == "Client already exists":
            # Made since the listing, by another station (another event) or this one before:
            # asked for, it is then taken over if ours, or left alone and said if not.
            outcome = self._outcomes.pop(last, None)
            if outcome is not None:
                self._asked.pop(outcome[0], None)
                self._looking[self._post([{"command": "getClient", "username": unit_username(
                    outcome[0])}], outcome=None)] = outcome[0]
            return
        if tag in self._looking:
            unit = self._looking.pop(tag)
            if error is None and self._held is not None:
                self._held.update(held_logins({"clients": [response.get("data", {}).get(
                    "client", {})]}))
                self.sync(unit)
            return
        if error is not None:
            outcome = self._outcomes.pop(last, None)
            what = f" for unit {outcome[0]}" if outcome else ""
            self.problem = (f"Broker logins: the broker refused {command}{what} "
                            f"({error}); see the station's log.")
            log.warning("dynamic-security %s%s refused: %s", command, what, error)
            if outcome is not None:
                self._asked.pop(outcome[0], None)  # sent again at the next change or connection
            return
        if tag == self._list_tag:
            if self._listing is not None:
                self._listing.cancel()
            self._held = held_logins(response.get("data", {}))
            self.problem = None  # a fresh start: what is wrong now shows again below
            for unit in sorted(self.units()):
                self.sync(unit)
        elif tag in self._outcomes and self._held is not None:
            unit, login = self._outcomes.pop(tag)
            self._held[unit] = login

    def _silent(self) -> None:
        if self._send is not None and self._held is None:
            self.problem = ("Broker logins: the broker does not answer the dynamic-security "
                            "plugin; is the plugin loaded and the station its admin "
                            "(deploy/mosquitto/mosquitto.conf)?")
            log.warning("no answer from the broker's dynamic-security plugin")
