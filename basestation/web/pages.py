"""The director's pages: plain HTML, a little JavaScript and CSS, served as static files."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"


def mount(app: FastAPI) -> None:
    """The grid at /, results at /results, the audit log at /history, the table pad at /pad;
    their scripts and styles under /static."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def grid_page() -> FileResponse:
        return FileResponse(STATIC / "grid.html", headers={"Cache-Control": "no-cache"})

    @app.get("/results", include_in_schema=False)
    def results_page() -> FileResponse:
        return FileResponse(STATIC / "results.html", headers={"Cache-Control": "no-cache"})

    @app.get("/history", include_in_schema=False)
    def history_page() -> FileResponse:
        return FileResponse(STATIC / "history.html", headers={"Cache-Control": "no-cache"})

    @app.get("/pad", include_in_schema=False)
    def pad_page() -> FileResponse:
        return FileResponse(STATIC / "pad.html", headers={"Cache-Control": "no-cache"})
