"""Every CSV the station writes goes through here, so that no cell opens in a spreadsheet as a
formula (OWASP's CSV injection advice): a text cell starting with `=`, `+`, `-`, `@`, a tab
or a carriage return gets a single quote in front. Names come from pads and the club's list,
so `=HYPERLINK("//e.vil/x")` must arrive as text.

Numbers stay numbers: a number value (int, float, Decimal) is written as it is, and so is a
text cell that is wholly a plain number ("-100", "+3", "-0.5"), which a spreadsheet reads as
that number and nothing else; a score of -100 is still -100, not '-100.

Plain code with no I/O, here rather than in formats so that the movement files (a pure
package) use it too.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


def safe_cell(value: object) -> object:
    """The cell as written: a text that a spreadsheet would take for a formula, quoted."""
    if isinstance(value, str) and value.startswith(TRIGGERS) \
            and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def unquoted(text: str) -> str:
    """A cell read back from a file this module wrote: the quote it added taken off again."""
    if text.startswith("'") and text[1:].startswith(TRIGGERS):
        return text[1:]
    return text


def csv_text(rows: Iterable[Sequence[object]], *, lineterminator: str = "\r\n") -> str:
    """The rows (a header first, if any) as CSV text, every cell made safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=lineterminator)
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
