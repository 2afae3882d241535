"""The pages' static files served from memory: each read and gzip-compressed once, at start.

Every answer carries an ETag from the file's content hash and `Cache-Control: no-cache`, so a
browser keeps its copy but asks each time whether it still holds (a 304 with no body when it
does): a new release's files are never stale. A browser that takes gzip gets the compressed
copy (a phone's pad loads a third of the bytes). Compressed here once, not by Starlette's
GZipMiddleware, which would compress every answer again on each request (and the API's too).
Only GET and HEAD; a path not in the table at start is a 404, so nothing outside the folder is
ever read.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, Response
from starlette.types import Receive, Scope, Send

CACHE = "no-cache"  # kept, but asked about each time: a new release shows at once
# Below this a file gains little from gzip, and images are compressed already.
SMALLEST = 256
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
MEDIA = {".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json",
         ".css": "text/css", ".html": "text/html", ".md": "text/markdown",
         ".txt": "text/plain"}


@dataclass(frozen=True)
class Encoded:
    """One answer's body as it is, its gzip copy (None where gzip gains nothing) and ETag."""

    body: bytes
    gzipped: bytes | None
    etag: str
    media_type: str


def encode(body: bytes, media_type: str) -> Encoded:
    """`body`'s ETag (a weak one: both encodings are the same content) and gzip copy."""
    etag = f'W/"{hashlib.sha256(body).hexdigest()[:20]}"'
    gzipped = None
    if len(body) >= SMALLEST and media_type.startswith(COMPRESSIBLE):
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        gzipped = packed if len(packed) < len(body) else None
    return Encoded(body, gzipped, etag, media_type)


@lru_cache(maxsize=32)
def encode_page(html: str) -> Encoded:
    """A page made from a static one (the pad's, with the club's language): compressed once
    for each text it takes."""
    return encode(html.encode("utf-8"), "text/html; charset=utf-8")


def media_type(path: Path) -> str:
    found = MEDIA.get(path.suffix) or mimetypes.guess_type(path.name)[0]
    found = found or "application/octet-stream"
    return f"{found}; charset=utf-8" if found.startswith("text/") else found


def answer(encoded: Encoded, headers: Headers, *, head: bool = False) -> Response:
    """The answer to a GET (or HEAD) with these request headers: 304 when the browser's copy
    holds, else the body, gzipped where the browser takes it."""
    common = {"ETag": encoded.etag, "Cache-Control": CACHE}
    if encoded.gzipped is not None:
        common["Vary"] = "Accept-Encoding"
    held = _tags(headers.get("if-none-match", ""))
    if encoded.etag.removeprefix("W/") in held or "*" in held:
        return Response(status_code=304, headers=common)
    body = encoded.body
    if encoded.gzipped is not None and _takes_gzip(headers.get("accept-encoding", "")):
        body = encoded.gzipped
        common["Content-Encoding"] = "gzip"
    response = Response(b"" if head else body, media_type=encoded.media_type, headers=common)
    response.headers["Content-Length"] = str(len(body))
    return response


def _tags(header: str) -> set[str]:
    """If-None-Match's tags, weak or not (the comparison it asks for is the weak one)."""
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def _takes_gzip(header: str) -> bool:
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


@lru_cache(maxsize=4)
def read(directory: Path) -> dict[str, Encoded]:
    """Every file under `directory` by its path there, encoded: once a process (each app the
    station or a test makes shares them)."""
    return {path.relative_to(directory).as_posix(): encode(path.read_bytes(), media_type(path))
            for path in sorted(directory.rglob("*")) if path.is_file()}


class StaticFiles:
    """An ASGI app answering for every file under `directory`, as it was at start."""

    def __init__(self, directory: Path) -> None:
        self.files = read(directory)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        assert scope["type"] == "http"
        method = scope["method"]
        if method not in ("GET", "HEAD"):
            response: Response = PlainTextResponse(
                "Method Not Allowed", status_code=405, headers={"Allow": "GET, HEAD"})
        elif (found := self.files.get(_name(scope))) is None:
            response = PlainTextResponse("Not Found", status_code=404)
        else:
            response = answer(found, Headers(scope=scope), head=method == "HEAD")
        await response(scope, receive, send)


def _name(scope: Scope) -> str:
    """The file's name under the mount (its path less the mount's own)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root):]
    return path.lstrip("/")
