"""The static files as web/static_files.py serves them, without a browser: gzip only to a
client that takes it, the ETag from the content, HEAD, and nothing outside the folder."""

from __future__ import annotations

import gzip
from pathlib import Path

import httpx
import pytest

from basestation.web.static_files import StaticFiles, read


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "big.js").write_text("const words = 'the pad';\n" * 100)
    (tmp_path / "small.css").write_text("p { margin: 0 }\n")
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "nl.json").write_text('{"lang": "nl"}' + " " * 400)
    (tmp_path.parent / "secret.txt").write_text("not served")
    return tmp_path


def client(folder: Path) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=StaticFiles(folder)),
                             base_url="http://station")


async def test_gzip_only_where_taken_and_the_same_etag(folder: Path) -> None:
    async with client(folder) as http:
        packed = await http.get("/big.js", headers={"Accept-Encoding": "gzip, br"})
        plain = await http.get("/big.js", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(plain.content) / 10
    assert packed.content == plain.content == (folder / "big.js").read_bytes()
    assert "content-encoding" not in plain.headers
    assert packed.headers["etag"] == plain.headers["etag"]
    assert plain.headers["content-type"] == "text/javascript; charset=utf-8"
    assert plain.headers["cache-control"] == "no-cache"


async def test_a_small_file_goes_as_it_is(folder: Path) -> None:
    async with client(folder) as http:
        small = await http.get("/small.css", headers={"Accept-Encoding": "gzip"})
    assert small.status_code == 200 and "content-encoding" not in small.headers
    assert small.headers["content-type"] == "text/css; charset=utf-8"


async def test_304_for_a_copy_that_holds_weak_or_strong(folder: Path) -> None:
    async with client(folder) as http:
        etag = (await http.get("/i18n/nl.json")).headers["etag"]
        assert etag.startswith('W/"')
        for held in (etag, etag.removeprefix("W/"), f'"other", {etag}', "*"):
            same = await http.get("/i18n/nl.json", headers={"If-None-Match": held})
            assert same.status_code == 304 and same.content == b"", held
        changed = await http.get("/i18n/nl.json", headers={"If-None-Match": '"other"'})
    assert changed.status_code == 200


async def test_head_get_only_and_nothing_outside(folder: Path) -> None:
    async with client(folder) as http:
        head = await http.head("/big.js", headers={"Accept-Encoding": "identity"})
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-length"] == str((folder / "big.js").stat().st_size)
        assert (await http.post("/big.js")).status_code == 405
        assert (await http.get("/../secret.txt")).status_code == 404
        assert (await http.get("/%2e%2e/secret.txt")).status_code == 404
        assert (await http.get("/i18n")).status_code == 404


def test_each_file_is_read_and_compressed_once_a_process(folder: Path) -> None:
    files = read(folder)
    assert read(folder) is files and StaticFiles(folder).files is files
    assert gzip.decompress(files["big.js"].gzipped or b"") == files["big.js"].body
