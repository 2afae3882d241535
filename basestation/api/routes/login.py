"""Director login and logout."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from basestation.api.deps import COOKIE, AuthDep, director_token, presented_tokens
from basestation.api.responses import OkOut, WhoAmIOut
from basestation.station.refusals import LoginNeeded, TooMany

router = APIRouter(prefix="/api", tags=["login"])


class LoginForm(BaseModel):
    password: str


class LoginAnswer(BaseModel):
    token: str


@router.post("/login")
def login(form: LoginForm, request: Request, response: Response, auth: AuthDep) -> LoginAnswer:
    client = request.client.host if request.client else "unknown"
    if not auth.allowed(client):
        raise TooMany("login.too_many")
    token = auth.login(client, form.password)
    if token is None:
        raise LoginNeeded("login.wrong_password")
    # Secure where the page came over TLS (uvicorn's own, or a trusted proxy's, which says
    # so in X-Forwarded-Proto): the browser then never sends it over plain HTTP.
    response.set_cookie(COOKIE, token, httponly=True, samesite="strict",
                        secure=request.url.scheme == "https")
    return LoginAnswer(token=token)


@router.get("/whoami", response_model=WhoAmIOut)
async def whoami(request: Request, auth: AuthDep) -> WhoAmIOut:
    """Whether this browser is logged in as the director (the pages ask before showing)."""
    return WhoAmIOut(director=director_token(request, auth) is not None)


@router.post("/logout", response_model=OkOut)
async def logout(request: Request, response: Response, auth: AuthDep) -> OkOut:
    """Ends the login however it was presented: the cookie's token and a bearer token both
    stop working at once."""
    for token in presented_tokens(request):
        auth.logout(token)
    response.delete_cookie(COOKIE, httponly=True, samesite="strict",
                           secure=request.url.scheme == "https")
    return OkOut(ok=True)
