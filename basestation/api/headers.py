"""Security headers on every answer: the pages run only the station's own script files (no
inline script, no handler attributes), cannot be framed by another page, are never read as
another type than they say, and send no Referer.

A page that needs an inline <style> or <script> of its own (the printable guide cards, the
API's /docs) lists it by hash in its own policy (`policy`), which this middleware keeps.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "Content-Security-Policy"
# Swagger UI for /docs, vendored (web/static/vendor/README.md): no script from anywhere else.
SWAGGER_JS = "/static/vendor/swagger-ui-bundle.js"
SWAGGER_CSS = "/static/vendor/swagger-ui.css"


def source_hash(text: str) -> str:
    """The CSP source allowing exactly this inline <style> or <script> text."""
    digest = hashlib.sha256(text.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def policy(*, scripts: Iterable[str] = (), styles: Iterable[str] = ()) -> str:
    """The pages' Content-Security-Policy; `scripts` and `styles` are further sources."""
    script = " ".join(["'self'", *scripts])
    style = " ".join(["'self'", *styles])
    return ("default-src 'self'; "
            f"script-src {script}; style-src {style}; "
            "img-src 'self' data:; "
            # The pad talks to the broker's WebSockets listener, on its own port; its MQTT
            # client (padmqtt.js) keeps time in a worker it makes from a blob (so a tab in the
            # background keeps its connection), which only a script of the page itself can do.
            "connect-src 'self' ws: wss:; worker-src 'self' blob:; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


SECURITY = {
    CSP: policy(),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",  # frame-ancestors, for browsers without CSP level 2
}


def add_security(headers: MutableHeaders) -> None:
    """The security headers, where the answer has not set its own."""
    for name, value in SECURITY.items():
        if name not in headers:
            headers[name] = value


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                add_security(MutableHeaders(scope=message))
            await send(message)

        await self.app(scope, receive, with_headers)


def mount_docs(app: FastAPI) -> None:
    """/docs: FastAPI's Swagger UI page (from FastAPI's own create_app defaults turned off) on
    the station's own copy of Swagger UI, with a policy allowing its one inline script by hash
    and nothing from another host."""
    page = get_swagger_ui_html(openapi_url="/openapi.json", title=f"{app.title} - API",
                               swagger_js_url=SWAGGER_JS, swagger_css_url=SWAGGER_CSS,
                               swagger_favicon_url="data:,")
    html = bytes(page.body).decode()
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)
    header = policy(scripts=list(map(source_hash, inline)))

    async def docs() -> HTMLResponse:
        return HTMLResponse(html, headers={CSP: header})

    app.add_api_route("/docs", docs, methods=["GET"], include_in_schema=False)
