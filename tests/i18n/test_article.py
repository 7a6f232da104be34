"""The Hungarian article as it is said (no form-letter "a(z)" on any screen, issue 28 item 8):
``{field!z}`` and ``{field!Z}`` in the catalogue, filled in the same way by Python
(:mod:`ulti.i18n.article`) and by the pages (``static/i18n.js``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fixtures import ROOT
from ulti import i18n
from ulti.i18n.article import article, with_article

#: How a Hungarian reads each one, and so its article.
SAID = [
    (1, "az"),  # egy
    (2, "a"),
    (5, "az"),  # öt
    (9, "a"),
    (10, "a"),  # tíz
    (11, "a"),  # tizenegy
    (50, "az"),  # ötven
    (100, "a"),  # száz
    (512, "az"),  # ötszáztizenkettő
    (1000, "az"),  # ezer
    (1999, "az"),
    (10000, "a"),  # tízezer
    (1000000, "az"),  # egymillió
    ("1 000", "az"),  # ezer, with the thousands' space
    (-5, "a"),  # mínusz öt
    ("ulti", "az"),
    ("Ödön", "az"),
    ("durchmars", "a"),
    ("piros", "a"),
    ("'ulti'", "az"),  # quotes do not count
    ("/tmp/x.json", "a"),
    ("40-100", "a"),  # negyven
]


@pytest.mark.parametrize(("value", "want"), SAID)
def test_the_article_is_chosen_as_the_value_is_said(value: object, want: str) -> None:
    assert article(value) == want


def test_a_text_fills_the_article_and_the_english_has_none() -> None:
    """The settlement's early end: "az 5. ütés után", "a 9. ütés után"; the English words of
    the same key hold the bare number."""
    assert i18n.text("end.decided", "hu", tricks=5).startswith("az 5. ütés után")
    assert i18n.text("end.decided", "hu", tricks=9).startswith("a 9. ütés után")
    assert i18n.text("end.decided", "en", tricks=5) == "every item decided after trick 5"
    gave = i18n.text("analysis.gave-points", "hu", card="ász")
    assert gave == "Az ász a másik fél ütésébe került."
    assert with_article("makk", capital=True) == "A makk"


def test_no_hungarian_text_says_a_z() -> None:
    """Every Hungarian text that needs an article before a field writes ``{field!z}``."""
    left = [k for k in list(i18n.CATALOGUE) if re.search(r"\b[aA]\(z\)", i18n.pair(k)[1])]
    assert not left, left


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed")
@given(st.one_of(st.integers(-(10**7), 10**7), st.text(min_size=0, max_size=6)))
def test_the_pages_choose_the_same_article(value: int | str) -> None:
    """static/i18n.js's ``article`` agrees with Python's for numbers and words."""
    assert _js_article([value]) == [article(value)]


def test_the_pages_agree_on_the_table_of_examples() -> None:
    if shutil.which("node") is None:
        pytest.fail("node is needed (the README's test command installs npm)")
    values = [v for v, _ in SAID]
    assert _js_article(values) == [want for _, want in SAID]


def _js_article(values: list[object]) -> list[str]:
    """The pages' articles of ``values``, by node on i18n.js's own ``article`` (its module
    fetches the catalogue at load: the function's source is run alone)."""
    source = (ROOT / "src/ulti/server/static/i18n.js").read_text()
    body = re.search(r"export function article\(value\) \{.*?\n\}", source, re.S)
    assert body, "i18n.js has no article()"
    script = body.group(0).replace("export ", "") + (
        f"\nconsole.log(JSON.stringify({json.dumps(values)}.map(article)));"
    )
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    result: list[str] = json.loads(out.stdout)
    return result
