"""The Hungarian article as it is said (no form-letter "a(z)" on any screen, issue 28 item 8):
``{field!z}`` and ``{field!Z}`` in the catalogue, filled in the same way by Python
(:mod:`ulti.i18n.article`) and by the pages (``static/i18n.js``)."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess

import pytest

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


def test_the_pages_choose_the_same_article() -> None:
    """static/i18n.js's ``article`` agrees with Python's: the table of examples, and 2,000
    numbers and words drawn at random (one node run)."""
    if shutil.which("node") is None:
        pytest.fail("node is needed (the README's test command installs npm)")
    rng = random.Random(28)
    letters = "aábcdeéfghiíjklmnoóöőpqrstuúüűvwxyzÁÉÖŐÚ0123456789 -'\"("
    drawn: list[object] = [rng.randint(-(10**7), 10**7) for _ in range(1000)]
    drawn += ["".join(rng.choice(letters) for _ in range(rng.randint(0, 6))) for _ in range(1000)]
    values = [v for v, _ in SAID] + drawn
    assert _js_article(values) == [article(v) for v in values]
    assert [article(v) for v, _ in SAID] == [want for _, want in SAID]


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
