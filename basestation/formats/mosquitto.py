"""mosquitto's password hashes and its dynamic-security plugin's first configuration file:
what `basestation units mosquitto`, deploy/ and the simulator's broker write for the broker."""

from __future__ import annotations

import base64
import hashlib
import os
from typing import Any

PBKDF2_ITERATIONS = 101  # mosquitto's own default for its PBKDF2-SHA512 hashes


def pbkdf2(password: str, salt: bytes | None = None) -> tuple[str, str]:
    """(salt, hash) in base64, as mosquitto stores a password (PBKDF2-SHA512)."""
    salt = salt if salt is not None else os.urandom(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, PBKDF2_ITERATIONS)
    return base64.b64encode(salt).decode(), base64.b64encode(digest).decode()


def initial_config(admin: str, password: str, salt: bytes | None = None) -> dict[str, Any]:
    """The plugin's first configuration file: the station's login as the plugin's admin, also
    reading and writing the protocol's topics (bridge/#, every station id); anything else is
    refused until the station adds the units' logins."""
    salt_text, digest = pbkdf2(password, salt)
    control = "$CONTROL/dynamic-security/#"
    return {
        "clients": [{"username": admin, "textname": "the station (basestation)",
                     "password": digest, "salt": salt_text, "iterations": PBKDF2_ITERATIONS,
                     "roles": [{"rolename": "basestation-admin"},
                               {"rolename": "basestation-station"}]}],
        "roles": [
            {"rolename": "basestation-admin", "acls": [
                {"acltype": "publishClientSend", "topic": control, "allow": True},
                {"acltype": "publishClientReceive", "topic": control, "allow": True},
                {"acltype": "subscribePattern", "topic": control, "allow": True}]},
            {"rolename": "basestation-station", "acls": [
                {"acltype": "publishClientSend", "topic": "bridge/#", "allow": True},
                {"acltype": "publishClientReceive", "topic": "bridge/#", "allow": True},
                {"acltype": "subscribePattern", "topic": "bridge/#", "allow": True}]},
        ],
        "groups": [],
        "defaultACLAccess": {"publishClientSend": False, "publishClientReceive": True,
                             "subscribe": False, "unsubscribe": True},
    }
