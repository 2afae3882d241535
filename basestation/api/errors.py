"""Every refusal as one plain sentence: {"detail": "<a sentence>"}, never a list of
validator records, a bare error code or an HTML error page. The pages show `detail` as is.

A refusal (station/refusals.py), a command's or a route's own, is answered here, by its kind,
with its message key and values beside the sentence: {"detail", "key", "values"} (a value
that is a phrase of its own is {"key", "values"} too). What is refused before a route runs (a
body that does not validate, a path with no route, the middleware's limits) is the sentence
alone. Anything else a route raises is a bug: a 500 with the traceback in the log."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from basestation.api.headers import SECURITY
from basestation.station.refusals import (
    CODE_WORDS,
    Conflict,
    Forbidden,
    Gone,
    Invalid,
    LoginNeeded,
    NotFound,
    Refused,
    TooMany,
    plain,
)
from firmware_protocol.errors import ProtocolError

log = logging.getLogger(__name__)

FIELD_WORDS = {
    "contract": "the contract", "declarer": "the declarer", "tricks": "the number of tricks",
    "lead": "the lead", "unit": "the unit number", "table": "the table number",
    "round": "the round number", "board": "the board number", "section": "the section",
    "letter": "the section letter", "ns": "the NS figure", "ew": "the EW figure",
    "score_ns": "the NS score", "weight": "the weight", "pair": "the pair number",
    "percent": "the percentage", "from_round": "the round it starts from",
    "to_board": "the board to move it to", "tables": "the number of tables",
    "boards": "the number of boards", "movement": "the movement", "name": "the name",
    "password": "the password", "pbn": "the PBN text", "command": "the command",
    "regulations": "the regulations", "number": "the player number",
    "offer_id": "the offer number", "penalty_id": "the penalty number",
    "round_minutes": "the round length", "entry": "the way results are entered",
    "hide_first": "the first rounds hidden", "hide_last": "the last rounds hidden",
    "after_each_round": "whether the rankings show after each round",
    "result_entry": "the way results are entered",
    "pads": "where the pads go", "code": "the pairing code",
    "entrant": "the team or pair number", "vps": "the VPs", "imps": "the IMPs",
}


def _field(loc: Sequence[Any]) -> str:
    where, *path = loc if loc else ("body",)
    names = [p for p in path if isinstance(p, str)]
    items = [p for p in path if isinstance(p, int)]
    if not names:
        return "the request body" if where == "body" else f"the {where}"
    name = FIELD_WORDS.get(names[-1], "the " + names[-1].replace("_", " "))
    if items:
        name += f" (item {items[-1] + 1} of {names[0].replace('_', ' ')})"
    if where == "path":
        name += " in the address"
    return name


def _problem(error: dict[str, Any]) -> str:
    kind, ctx = error.get("type", ""), error.get("ctx") or {}
    field = _field(error.get("loc", ()))
    if kind == "json_invalid":
        return "the request is not valid JSON"
    if kind == "missing":
        return f"{field} is missing"
    if kind == "value_error":
        said = str(ctx.get("error") or error.get("msg", "")).removeprefix("Value error, ")
        named = any(isinstance(p, str) for p in error.get("loc", ())[1:])
        return f"{field}: {said}" if named else said
    if kind == "string_too_short":
        return f"{field} is empty" if ctx.get("min_length") == 1 else \
            f"{field} is too short (at least {ctx.get('min_length')} characters)"
    if kind == "string_too_long":
        return f"{field} is too long (at most {ctx.get('max_length')} characters)"
    if kind in ("too_short", "too_long"):
        bound = "at least" if kind == "too_short" else "at most"
        limit = ctx.get("min_length" if kind == "too_short" else "max_length")
        return f"{field} needs {bound} {limit} entries"
    bounds = {"greater_than_equal": ("at least", "ge"), "less_than_equal": ("at most", "le"),
              "greater_than": ("more than", "gt"), "less_than": ("less than", "lt")}
    if kind in bounds:
        words, key = bounds[kind]
        return f"{field} must be {words} {ctx.get(key)}"
    if kind.startswith("int_"):
        return f"{field} must be a whole number"
    if kind.startswith("float_"):
        return f"{field} must be a number"
    if kind.startswith("bool_"):
        return f"{field} must be true or false"
    if kind in ("enum", "literal_error"):
        return f"{field} must be one of {ctx.get('expected', 'the choices given')}"
    if kind == "string_pattern_mismatch":
        return f"{field} is not in the expected form"
    if kind == "string_type":
        return f"{field} must be text"
    if kind in ("list_type", "tuple_type"):
        return f"{field} must be a list"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"{field} must be an object"
    return f"{field}: {str(error.get('msg', 'not accepted')).lower()}"


def sentence(errors: Sequence[dict[str, Any]]) -> str:
    """The first problem as a sentence, and how many more there are."""
    if not errors:
        return "The request was not understood."
    text = _problem(errors[0])
    text = text[:1].upper() + text[1:]
    more = len(errors) - 1
    if more:
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    return text if text.endswith(".") else text + "."


async def _invalid(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return JSONResponse({"detail": sentence(list(exc.errors()))},
                        status_code=status.HTTP_422_UNPROCESSABLE_CONTENT)


async def _protocol(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ProtocolError)
    text = CODE_WORDS.get(exc.code, exc.reason)
    return JSONResponse({"detail": text[:1].upper() + text[1:] + "."},
                        status_code=status.HTTP_422_UNPROCESSABLE_CONTENT)


# A refusal's kind as an HTTP status; the first that matches (the narrower kinds first).
STATUS: tuple[tuple[type[Refused], int], ...] = (
    (Gone, status.HTTP_410_GONE),
    (LoginNeeded, status.HTTP_401_UNAUTHORIZED),
    (TooMany, status.HTTP_429_TOO_MANY_REQUESTS),
    (NotFound, status.HTTP_404_NOT_FOUND),
    (Invalid, status.HTTP_422_UNPROCESSABLE_CONTENT),
    (Conflict, status.HTTP_409_CONFLICT),
    (Forbidden, status.HTTP_403_FORBIDDEN),
)


def status_of(refused: Refused) -> int:
    return next((code for kind, code in STATUS if isinstance(refused, kind)),
                status.HTTP_422_UNPROCESSABLE_CONTENT)


def refusal(refused: Refused) -> JSONResponse:
    """A refusal's answer: its sentence, key and values, with the headers its kind needs
    (how to log in, how long to wait)."""
    headers = {}
    if isinstance(refused, LoginNeeded):
        headers["WWW-Authenticate"] = "Bearer"
    if isinstance(refused, TooMany) and refused.retry_after is not None:
        headers["Retry-After"] = str(refused.retry_after)
    return JSONResponse({"detail": str(refused), "key": refused.key,
                         "values": plain(refused.values)},
                        status_code=status_of(refused), headers=headers or None)


async def _refused(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Refused)
    return refusal(exc)


async def _http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    detail: Any = exc.detail
    if exc.status_code == status.HTTP_404_NOT_FOUND and detail == "Not Found":
        detail = f"There is nothing at {request.url.path}."
    elif exc.status_code == status.HTTP_405_METHOD_NOT_ALLOWED:
        detail = f"{request.method} is not something {request.url.path} does."
    elif not isinstance(detail, str):
        detail = str(detail)
    return JSONResponse({"detail": detail}, status_code=exc.status_code,
                        headers=getattr(exc, "headers", None))


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.error("unexpected error in %s %s", request.method, request.url.path, exc_info=exc)
    # Answered outside the middleware (Starlette's last resort), so with its own headers.
    return JSONResponse({"detail": "The station could not do that: an unexpected error, "
                                   "written to the station's log."},
                        status_code=status.HTTP_500_INTERNAL_SERVER_ERROR, headers=SECURITY)


PLAIN = {"title": "Refusal", "type": "object", "required": ["detail"],
         "properties": {
             "detail": {"type": "string", "title": "Detail",
                        "description": "why, in one plain sentence"},
             "key": {"type": "string", "title": "Key",
                     "description": "a command's refusal: which message it is "
                                    "(basestation/station/refusals.py MESSAGES)"},
             "values": {"type": "object", "title": "Values",
                        "description": "a command's refusal: what fills its message"}}}


def install(app: FastAPI) -> None:
    """The handlers, and an OpenAPI document that says a 422 carries a sentence too."""
    plain_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        document = plain_openapi()
        schemas = document.get("components", {}).get("schemas", {})
        if "HTTPValidationError" in schemas:
            schemas["HTTPValidationError"] = PLAIN
        return document

    app.openapi = openapi  # type: ignore[method-assign]
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(ProtocolError, _protocol)
    app.add_exception_handler(Refused, _refused)
    app.add_exception_handler(StarletteHTTPException, _http)
    app.add_exception_handler(Exception, _unexpected)
