"""The website's renderer alone (formats/website.py): values escaped, hands read from any
seat, results in words, no script on any page."""

from __future__ import annotations

from typing import Any

from basestation.formats.website import board_facts, hands, render_site, result_words


def results(name: str) -> dict[str, Any]:
    line = {"ns": 1, "ew": 2, "kind": "result", "contract": "3NT", "declarer": "S",
            "tricks": 10, "lead": "HT", "score_ns": 430, "mp_ns": 2, "mp_ew": 0,
            "ns_names": name, "ew_names": ""}
    return {
        "event": {"id": 4, "name": name, "date": "2026-03-17", "format": "pairs"},
        "rankings": [{"section": "A", "pair": 1, "direction": "NS", "rank_label": "1",
                      "total": 2, "pct": 100.0, "boards": 1,
                      "players": [{"name": name, "national": None},
                                  {"name": "Bo", "national": "NZB 7"}]}],
        "travellers": [{"section": "A", "board": 1, "top": 2, "results": [line],
                        "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 "
                                "432.AKQJ.T98.765",
                        "par": [{"contract": "4S", "declarer": "N", "score": 420}]}],
        "scorecards": [{"section": "A", "pair": 1, "direction": "NS", "names": name,
                        "boards": [{**line, "round": 1, "board": 1, "direction": "NS",
                                    "opponents": 2, "opponents_names": "", "mp": 2,
                                    "pct": 100.0}]}],
        "penalties": [], "matches": None,
    }


def test_names_are_escaped_and_no_page_has_a_script() -> None:
    evil = "<script>alert(1)</script> & Co"
    site = render_site(results(evil), [], "<USEBIO/>")
    assert set(site) == {"index.html", "rankings.html", "travellers.html", "scorecards.html",
                         "style.css", "results.xml"}
    for path, text in site.items():
        if path.endswith(".html"):
            assert "<script" not in text, path
            assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in text, path
    assert "—, NZB 7" in site["rankings.html"]
    assert "Par: 4♠ by North; NS +420" in site["travellers.html"]
    # The traveller as the pad shows it: 3NT making 10 tricks is 3NT+1, NS +430.
    row = site["travellers.html"].split("<tbody>")[1].split("</tr>")[0]
    cells = [c.split("</td>")[0] for c in row.split("<td")[1:]]
    assert [c.split(">", 1)[1] for c in cells[2:6]] == ["3NT+1", "S", "♥T", "+430"]
    assert "Tuesday 17 March 2026" in site["index.html"]


def test_hands_results_and_board_facts_in_words() -> None:
    assert hands("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")[0] \
        == ("North", ["AKQJ", "1098", "765", "432"])
    assert hands("S:.A.. ... ... ...")[2] == ("South", ["—", "A", "—", "—"])
    assert result_words({"kind": "result", "contract": "4SX", "declarer": "E",
                         "tricks": 10}) == "4♠X="
    assert result_words({"kind": "result", "contract": "2H", "tricks": 6}) == "2♥-2"
    assert result_words({"kind": "result", "contract": "PASS"}) == "Pass"
    assert result_words({"kind": "adjusted", "adjusted": "60/40"}) == "adjusted 60/40"
    assert result_words({"kind": "not_played"}) == "not played"
    assert board_facts(2) == "Dealer East, vulnerable: NS"
