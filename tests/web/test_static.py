"""The pages' static parts agree with the code they front."""

from __future__ import annotations

import re

from basestation.movements import KINDS
from basestation.scoring.event_formats import FORMATS
from basestation.web.pages import STATIC


def test_the_movement_dialog_offers_every_kind() -> None:
    html = (STATIC / "grid.html").read_text(encoding="utf-8")
    select = re.search(r'<select name="movement">(.*?)</select>', html, re.S)
    assert select is not None
    assert sorted(re.findall(r"<option>([\w-]+)</option>", select.group(1))) == sorted(KINDS)


def test_the_setup_page_offers_every_event_format() -> None:
    html = (STATIC / "setup.html").read_text(encoding="utf-8")
    select = re.search(r'<select name="format">(.*?)</select>', html, re.S)
    assert select is not None
    assert re.findall(r'<option value="([\w-]+)">', select.group(1)) == list(FORMATS)
