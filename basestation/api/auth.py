"""Director login: the password from the config (kept only as a hash), session tokens,
and a limit on login attempts (and on other tries by address: wrong pairing codes)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import defaultdict, deque

ATTEMPTS_PER_MINUTE = 5
TOKEN_HOURS = 12


class Tries:
    """How many tries (logins, wrong pairing codes) each address made in the last minute."""

    KEPT = 10_000  # addresses remembered; beyond, those quiet for a minute are forgotten

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._at: dict[str, deque[float]] = defaultdict(deque)

    def allowed(self, client: str) -> bool:
        """False while `client` has used up its tries for the last minute."""
        now = time.monotonic()
        tries = self._at.get(client)
        while tries and now - tries[0] > 60:
            tries.popleft()
        return tries is None or len(tries) < self.per_minute

    def add(self, client: str) -> None:
        now = time.monotonic()
        if len(self._at) >= self.KEPT:
            for quiet in [c for c, t in self._at.items() if not t or now - t[-1] > 60]:
                del self._at[quiet]
        self._at[client].append(now)


class DirectorAuth:
    def __init__(self, password: str) -> None:
        self._salt = secrets.token_bytes(16)
        self._hash = self._digest(password)
        self._tokens: dict[str, float] = {}
        self._attempts = Tries(ATTEMPTS_PER_MINUTE)

    def _digest(self, password: str) -> bytes:
        return hashlib.scrypt(password.encode(), salt=self._salt, n=2**14, r=8, p=1)

    def allowed(self, client: str) -> bool:
        """False while `client` has used up its login attempts for the last minute."""
        return self._attempts.allowed(client)

    def login(self, client: str, password: str) -> str | None:
        self._attempts.add(client)
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
