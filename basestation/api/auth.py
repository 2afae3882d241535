"""Director login: the password from the config (kept only as a hash), session tokens,
and a limit on login attempts."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import defaultdict, deque

ATTEMPTS_PER_MINUTE = 5
TOKEN_HOURS = 12


class DirectorAuth:
    def __init__(self, password: str) -> None:
        self._salt = secrets.token_bytes(16)
        self._hash = self._digest(password)
        self._tokens: dict[str, float] = {}
        self._attempts: dict[str, deque[float]] = defaultdict(deque)

    def _digest(self, password: str) -> bytes:
        return hashlib.scrypt(password.encode(), salt=self._salt, n=2**14, r=8, p=1)

    def allowed(self, client: str) -> bool:
        """False while `client` has used up its login attempts for the last minute."""
        now = time.monotonic()
        attempts = self._attempts[client]
        while attempts and now - attempts[0] > 60:
            attempts.popleft()
        return len(attempts) < ATTEMPTS_PER_MINUTE

    def login(self, client: str, password: str) -> str | None:
        self._attempts[client].append(time.monotonic())
        if not hmac.compare_digest(self._digest(password), self._hash):
            return None
        token = secrets.token_urlsafe(32)
        self._tokens[token] = time.monotonic() + TOKEN_HOURS * 3600
        return token

    def valid(self, token: str | None) -> bool:
        if not token:
            return False
        expiry = self._tokens.get(token)
        return expiry is not None and expiry > time.monotonic()

    def logout(self, token: str) -> None:
        self._tokens.pop(token, None)
