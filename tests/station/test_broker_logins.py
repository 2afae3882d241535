"""What the station asks mosquitto's dynamic-security plugin for, from what the broker holds
(the plugin itself is exercised in tests/deploy/test_dynamic_security.py)."""

from __future__ import annotations

from basestation.station.links.dynsec import (
    Login,
    commands_for,
    held_logins,
    text_name,
    unit_acls,
)


def test_a_new_unit_gets_a_client_with_its_own_role() -> None:
    want = Login(text_name(17, "pw"), enabled=True)
    [create] = commands_for(17, "pw", want, None)
    assert create == {"command": "createClient", "username": "unit-17", "password": "pw",
                      "textname": want.text, "roles": [{"rolename": "basestation-unit-17"}]}


def test_a_locked_new_unit_is_created_disabled() -> None:
    commands = commands_for(17, "pw", Login(text_name(17, "pw"), enabled=False), None)
    assert [c["command"] for c in commands] == ["createClient", "disableClient"]


def test_only_what_differs_is_sent() -> None:
    want = Login(text_name(17, "new"), enabled=True)
    assert commands_for(17, "new", want, want) == []  # in step: nothing that would kick it
    moved = commands_for(17, "new", want, Login(text_name(17, "old"), enabled=False))
    assert [c["command"] for c in moved] == ["modifyClient", "enableClient"]
    assert moved[0]["password"] == "new"


def test_the_password_is_never_in_the_label() -> None:
    assert "secret-pw" not in text_name(3, "secret-pw")
    assert text_name(3, "a") != text_name(3, "b")


def test_a_unit_may_only_use_its_own_topics() -> None:
    assert {(a["acltype"], a["topic"]) for a in unit_acls(17)} == {
        ("publishClientSend", "bridge/+/pad/17/up"),
        ("publishClientSend", "bridge/+/pad/17/availability"),
        ("subscribePattern", "bridge/+/pad/17/down"),
        ("subscribePattern", "bridge/+/status")}


def test_held_logins_reads_the_units_from_a_listing() -> None:
    listing = {"clients": [{"username": "basestation", "textname": "the station"},
                           {"username": "unit-4", "textname": "x", "disabled": True},
                           {"username": "unit-5"}, {"username": "unit-x"}]}
    assert held_logins(listing) == {4: Login("x", False), 5: Login("", True)}
