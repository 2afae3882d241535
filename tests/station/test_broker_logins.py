"""What the station asks mosquitto's dynamic-security plugin for, from what the broker holds
(the plugin itself is exercised in tests/deploy/test_dynamic_security.py), and that nothing it
sends is too large for the shipped broker."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from basestation.station.effects.bus import EventBus
from basestation.station.links.dynsec import (
    BrokerLogins,
    Login,
    commands_for,
    held_logins,
    owner,
    role_name,
    text_name,
    unit_acls,
    wanted_login,
)
from basestation.station.links.mqtt import MqttLink
from basestation.station.session.memory import UnitState
from firmware_protocol.enums import FeedbackKind
from firmware_protocol.messages import Feedback, Message

SHIPPED = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto" / "mosquitto.conf"


def test_a_new_unit_gets_a_client_with_its_own_role() -> None:
    want = Login(text_name("club", 17, "pw"), enabled=True, clientid="unit-17")
    [create] = commands_for("club", 17, "pw", want, None)
    assert create == {"command": "createClient", "username": "unit-17", "password": "pw",
                      "textname": want.text, "roles": [{"rolename": "basestation-club-unit-17"}],
                      "clientid": "unit-17"}


def test_a_login_held_without_its_client_id_is_given_it() -> None:
    """A broker file from before the client id was kept to the login: modified in place."""
    want = Login(text_name("club", 17, "pw"), enabled=True, clientid="unit-17")
    [modify] = commands_for("club", 17, "pw", want, Login(want.text, True))
    assert modify["command"] == "modifyClient" and modify["clientid"] == "unit-17"


def test_a_new_unit_cut_off_is_created_disabled() -> None:
    want = Login(text_name("club", 17, "pw"), enabled=False)
    commands = commands_for("club", 17, "pw", want, None)
    assert [c["command"] for c in commands] == ["createClient", "disableClient"]


def test_only_what_differs_is_sent() -> None:
    want = Login(text_name("club", 17, "new"), enabled=True)
    assert commands_for("club", 17, "new", want, want) == []  # in step: nothing that would kick it
    held = Login(text_name("club", 17, "old"), enabled=False)
    moved = commands_for("club", 17, "new", want, held)
    assert [c["command"] for c in moved] == ["modifyClient", "enableClient"]
    assert moved[0]["password"] == "new"


def test_the_password_is_never_in_the_label() -> None:
    assert "secret-pw" not in text_name("club", 3, "secret-pw")
    assert text_name("club", 3, "a") != text_name("club", 3, "b")


def test_a_unit_may_only_use_its_own_topics() -> None:
    """Under its station's id alone: another event on the same broker is out of reach."""
    assert {(a["acltype"], a["topic"]) for a in unit_acls(("club",), 17)} == {
        ("publishClientSend", "bridge/club/pad/17/up"),
        ("publishClientSend", "bridge/club/pad/17/availability"),
        ("subscribePattern", "bridge/club/pad/17/down"),
        ("subscribePattern", "bridge/club/status")}


def test_a_login_labelled_by_another_station_is_theirs() -> None:
    assert owner(text_name("second", 17, "pw"), 17) == "second"
    assert owner(text_name("a-unit-b", 17, "pw"), 17) == "a-unit-b"
    assert owner("basestation-unit-17 login 0123456789ab", 17) is None  # before station ids
    assert owner("", 17) is None


def test_held_logins_reads_the_units_from_a_listing() -> None:
    listing = {"clients": [{"username": "basestation", "textname": "the station"},
                           {"username": "unit-4", "textname": "x", "disabled": True},
                           {"username": "unit-5", "clientid": "unit-5"}, {"username": "unit-x"}]}
    assert held_logins(listing) == {4: Login("x", False), 5: Login("", True, "unit-5")}


async def test_the_roles_go_in_messages_the_broker_accepts() -> None:
    """A congress's units: their roles, made on every connection, go in several messages,
    each far below the shipped broker's max_packet_size (a larger one would drop the
    station's connection), and the listing comes last."""
    limit = int(re.search(r"^max_packet_size (\d+)$", SHIPPED.read_text(), re.MULTILINE)
                .group(1))  # type: ignore[union-attr]
    units = {n: UnitState(n, bytes(16)) for n in range(1, 1001)}
    logins = BrokerLogins(lambda: units, EventBus(), "club")
    sent: list[bytes] = []
    logins.connected(sent.append)
    logins.disconnected()
    assert len(sent) > 1 and max(len(message) for message in sent) < limit / 2
    commands = [c for message in sent for c in json.loads(message)["commands"]]
    assert [c["rolename"] for c in commands[:-1]] == [role_name("club", n) for n in range(1, 1001)]
    assert commands[-1]["command"] == "listClients"


def test_a_station_message_too_long_for_the_broker_is_not_sent(
        caplog: pytest.LogCaptureFixture) -> None:
    """One row alone longer than a payload may be cannot be split: the station logs it and
    sends nothing, rather than have the broker drop its connection."""
    link = MqttLink(None, "mqtt://127.0.0.1:1884", "club")  # type: ignore[arg-type]
    huge = Feedback(1, FeedbackKind.TRAVELLER, ((123456789,) * 8000,))
    assert link.fit(huge) == [huge]
    link.send(Message(17, 3, huge), bytes(16))
    assert not link._outgoing
    assert "not sent to unit 17: a feedback of" in caplog.text


def test_lock_x_broker_logins_a_locked_unit_keeps_its_login_a_cut_off_one_does_not() -> None:
    """Locked, withdrawn or replaced, a unit's pad must still reach the station with what it
    holds (SPEC.md 6.5, 10.3); only a flood cuts it off for a while."""
    locked = UnitState(unit=4, key=bytes(16), locked_reason="UNIT_REPLACED")
    assert wanted_login("club", locked)[0].enabled
    locked.cut_off = 30.0
    assert not wanted_login("club", locked)[0].enabled


def test_a_login_from_before_station_ids_is_moved_to_the_stations_role() -> None:
    """An upgrade: the unit's client held under the old any-station role gets its station's."""
    want = Login(text_name("club", 17, "pw"), enabled=True)
    held = Login("basestation-unit-17 login 0123456789ab", enabled=True)
    [modify] = commands_for("club", 17, "pw", want, held)
    assert modify["command"] == "modifyClient"
    assert modify["roles"] == [{"rolename": "basestation-club-unit-17"}]
