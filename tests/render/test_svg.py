"""Card faces as SVG (ulti.render.svg): every face of both styles and both languages is well-formed,
titled and indexed; pip cards carry their number of signs (C1); the suit colours stay apart
for colour-blind players and stand out against the card."""

from __future__ import annotations

import itertools
import re
import warnings
import xml.etree.ElementTree as ET

import pytest

from ulti.core import cards as C
from ulti.render import svg

NS = "{http://www.w3.org/2000/svg}"
STYLE_LANGS = list(itertools.product(svg.STYLES, svg.LANGS))

#: Corner indices by style and language, ranks VII..Ace (C1).
INDICES = {
    ("hungarian", "hu"): ["VII", "VIII", "IX", "X", "A", "F", "K", "Á"],
    ("hungarian", "en"): ["VII", "VIII", "IX", "X", "U", "O", "K", "A"],
    ("french", "hu"): ["7", "8", "9", "10", "J", "Q", "K", "A"],
    ("french", "en"): ["7", "8", "9", "10", "J", "Q", "K", "A"],
}
#: The least CIE76 ΔE between any two suit colours, under every kind of vision.
MIN_DELTA_E = 20.0


def classes(el: ET.Element) -> list[str]:
    return el.get("class", "").split()


def having(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in classes(el)]


def translate_y(el: ET.Element) -> float:
    m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", el.get("transform", ""))
    assert m, el.get("transform")
    return float(m.group(2))


# --------------------------------------------------------------------------------------------
# faces


@pytest.mark.parametrize(("style", "lang"), STYLE_LANGS)
def test_c1_every_face_parses_with_its_title_and_corner_index(style: str, lang: str) -> None:
    for c in range(32):
        root = ET.fromstring(svg.card_svg(c, style, lang))
        assert root.tag == f"{NS}svg" and root.get("role") == "img"
        assert root.get("viewBox") == "0 0 60 90"
        title = root.find(f"{NS}title")
        assert title is not None and title.text == C.name(c, lang)
        indices = [el.text for el in having(root, "index")]
        expected = INDICES[style, lang][C.rank_of(c)]
        assert indices == [expected, expected], (C.code(c), indices)
        assert len(having(root, "index-sign")) == 2


def test_c1_titles_in_each_language() -> None:
    ace = C.card(C.HEARTS, C.ACE)
    assert "<title>piros ász</title>" in svg.card_svg(ace, "hungarian", "hu")
    assert "<title>Hearts Ace</title>" in svg.card_svg(ace, "hungarian", "en")
    assert "<title>tök alsó</title>" in svg.card_svg(C.card(C.BELLS, C.UNDER), "french", "hu")


@pytest.mark.parametrize("style", svg.STYLES)
def test_c1_pip_cards_show_seven_to_ten_signs(style: str) -> None:
    for c in range(32):
        root = ET.fromstring(svg.card_svg(c, style, "en"))
        pips = having(root, "pip")
        rank = C.rank_of(c)
        assert len(pips) == ((7, 8, 9, 10)[rank] if rank <= C.TEN else 0), C.code(c)
        assert len({(p.get("transform")) for p in pips}) == len(pips)  # none on top of another


def test_court_cards_alsó_holds_its_sign_low_felső_high_király_crowned() -> None:
    for suit in C.SUITS:
        ys = {}
        for rank in (C.UNDER, C.OVER, C.KING):
            root = ET.fromstring(svg.card_svg(C.card(suit, rank), "hungarian", "hu"))
            (sign,) = having(root, "court-sign")
            ys[rank] = translate_y(sign)
        assert ys[C.UNDER] > 45 > ys[C.OVER], ys  # Alsó below the middle, Felső above it
        assert ys[C.UNDER] > ys[C.KING] > ys[C.OVER]
        king = svg.card_svg(C.card(suit, C.KING), "hungarian", "hu")
        assert svg._GOLD in king  # the crown


def test_aces_show_one_large_sign() -> None:
    for style, suit in itertools.product(svg.STYLES, C.SUITS):
        root = ET.fromstring(svg.card_svg(C.card(suit, C.ACE), style, "hu"))
        (sign,) = having(root, "ace-sign")
        assert float(sign.get("transform", "").split("scale(")[1].rstrip(")")) >= 1.2
        assert not having(root, "pip") and not having(root, "court-sign")
    assert ">TAVASZ<" in svg.card_svg(C.card(C.HEARTS, C.ACE), "hungarian", "hu")
    assert ">WINTER<" in svg.card_svg(C.card(C.ACORNS, C.ACE), "hungarian", "en")


def test_corner_index_is_legible_at_phone_size() -> None:
    """At 44 x 66 CSS px a 60 x 90 face is drawn at 0.73: a 14-unit bold index is 10 px."""
    for style, lang in STYLE_LANGS:
        root = ET.fromstring(svg.card_svg(C.card(C.LEAVES, C.EIGHT), style, lang))
        for el in having(root, "index"):
            assert float(el.get("font-size", "0")) >= 14 and el.get("font-weight") == "700"


def test_suit_signs_are_different_drawings() -> None:
    for style in svg.STYLES:
        bodies = set()
        for suit in C.SUITS:
            root = ET.fromstring(svg.card_svg(C.card(suit, C.ACE), style, "en"))
            (sign,) = having(root, "ace-sign")
            shapes = [el.get("d") or el.get("r") for el in sign]
            assert not any(el.tag == f"{NS}text" for el in sign.iter())  # drawn, not a glyph
            bodies.add(tuple(shapes))
        assert len(bodies) == 4


def test_rank_index() -> None:
    assert [svg.rank_index(r, "hu") for r in C.RANKS] == INDICES["hungarian", "hu"]
    assert [svg.rank_index(r, "en") for r in C.RANKS] == INDICES["hungarian", "en"]
    assert [svg.rank_index(r, "en", "french") for r in C.RANKS] == INDICES["french", "en"]


def test_rank_index_agrees_with_the_terminal() -> None:
    assert [svg.rank_index(r, "hu") for r in C.RANKS] == list(C.RANK_INDEX_HU)
    assert [svg.rank_index(r, "en") for r in C.RANKS] == list(C.RANK_INDEX_EN)


def test_unknown_card_style_or_language_is_a_clear_error() -> None:
    for bad in (-1, 32, True, "HA"):
        with pytest.raises(ValueError, match="not a card"):
            svg.card_svg(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"unknown card style 'tarot' \(hungarian, french\)"):
        svg.card_svg(0, "tarot")
    with pytest.raises(ValueError, match=r"unknown card language 'de' \(hu, en\)"):
        svg.card_svg(0, "hungarian", "de")
    with pytest.raises(ValueError, match="unknown card style"):
        svg.sprite_svg("<script>", "hu")
    with pytest.raises(ValueError, match="not a rank"):
        svg.rank_index(8, "hu")
    with pytest.raises(ValueError, match="unknown kind of vision"):
        svg.simulate((0.5, 0.5, 0.5), "achromatopsia")


def test_text_is_escaped() -> None:
    assert svg._title(0, "hu") == "piros hetes"
    assert "&lt;b&gt;" in svg._symbol("x", "<b>", "")


# --------------------------------------------------------------------------------------------
# the sprite


@pytest.mark.parametrize(("style", "lang"), STYLE_LANGS)
def test_sprite_holds_every_face_and_the_back(style: str, lang: str) -> None:
    text = svg.sprite_svg(style, lang)
    root = ET.fromstring(text.encode())
    symbols = root.findall(f"{NS}symbol")
    assert len(symbols) == 33
    assert [s.get("id") for s in symbols] == [C.code(c) for c in range(32)] + ["back"]
    assert all(s.get("viewBox") == "0 0 60 90" for s in symbols)
    ha = symbols[C.card(C.HEARTS, C.ACE)].find(f"{NS}title")
    assert ha is not None and ha.text == C.name(C.card(C.HEARTS, C.ACE), lang)
    assert len(set(re.findall(r'\bid="([^"]+)"', text))) == 33  # no other ids to clash
    assert svg.sprite_svg(style, lang) is text  # drawn once


def test_back_is_a_card() -> None:
    root = ET.fromstring(svg.back_svg("french", "en"))
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "card back"


def test_sprite_is_served() -> None:
    with warnings.catch_warnings():  # this starlette's TestClient would rather have httpx2
        warnings.filterwarnings("ignore", "Using `httpx`")
        from fastapi.testclient import TestClient

    from ulti.server.app import create_app

    client = TestClient(create_app("sqlite://"))
    r = client.get("/cards/hungarian-hu.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.headers["cache-control"] == "public, max-age=86400"
    assert r.text == svg.sprite_svg("hungarian", "hu")
    assert client.get("/cards/french-en.svg").status_code == 200
    for bad in ("/cards/tarot-hu.svg", "/cards/french-de.svg", "/cards/french.svg"):
        r = client.get(bad)
        assert r.status_code == 404, bad
        assert "detail" in r.json()
    refused = client.get("/cards/tarot-hu.svg").json()
    assert refused["detail"].startswith("no such cards") and "kártyalapok" in refused["detail_hu"]


# --------------------------------------------------------------------------------------------
# colours


def test_simulation_keeps_grey_grey() -> None:
    for kind, v in itertools.product(svg.KINDS, (0.0, 0.2, 0.5, 0.8, 1.0)):
        r, g, b = svg.simulate((v, v, v), kind)
        assert abs(r - v) < 1e-3 and abs(g - v) < 1e-3 and abs(b - v) < 1e-3, (kind, v)


def test_lab_and_contrast_reference_values() -> None:
    white, black = svg.hex_rgb("#ffffff"), svg.hex_rgb("#000000")
    lightness, a, b = svg.lab(white)
    assert abs(lightness - 100) < 0.01 and abs(a) < 0.01 and abs(b) < 0.01
    assert abs(svg.delta_e(white, black) - 100) < 0.01
    assert abs(svg.contrast_ratio(white, black) - 21) < 0.01
    assert abs(svg.contrast_ratio(svg.hex_rgb("#777777"), white) - 4.48) < 0.01


def test_naive_red_and_green_collapse_for_deuteranopes() -> None:
    """The test below can fail: a plain red and green, far apart for most eyes, are hardly
    told apart under deuteranopia."""
    red, green = svg.hex_rgb("#ff0000"), svg.hex_rgb("#00aa00")
    assert svg.delta_e(red, green) > 100
    deutan = svg.delta_e(svg.simulate(red, "deuteranopia"), svg.simulate(green, "deuteranopia"))
    assert deutan < MIN_DELTA_E


def min_delta_e(palette: tuple[svg.SuitColours, ...], kind: str) -> float:
    seen = [svg.simulate(svg.hex_rgb(p.fill), kind) for p in palette]
    return min(svg.delta_e(a, b) for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("palette", [svg.PALETTE, svg.FRENCH_PALETTE], ids=["hungarian", "french"])
@pytest.mark.parametrize("kind", svg.KINDS)
def test_c1_suit_colours_stay_apart_for_every_vision(
    palette: tuple[svg.SuitColours, ...], kind: str
) -> None:
    assert len(palette) == 4
    assert min_delta_e(palette, kind) >= MIN_DELTA_E


@pytest.mark.parametrize("palette", [svg.PALETTE, svg.FRENCH_PALETTE], ids=["hungarian", "french"])
def test_suit_colours_stand_out_against_the_card(palette: tuple[svg.SuitColours, ...]) -> None:
    """WCAG 2 non-text contrast (1.4.11) for the signs and their outlines, 3:1; text contrast
    (1.4.3) for the corner index, 4.5:1, as it is small."""
    bg = svg.hex_rgb(svg.CARD_BG)
    for p in palette:
        assert svg.contrast_ratio(svg.hex_rgb(p.fill), bg) >= 3, p
        assert svg.contrast_ratio(svg.hex_rgb(p.line), bg) >= 3, p
        assert svg.contrast_ratio(svg.hex_rgb(p.ink), bg) >= 4.5, p


def test_faces_use_the_palette() -> None:
    for suit in C.SUITS:
        assert svg.PALETTE[suit].fill in svg.card_svg(C.card(suit, C.SEVEN), "hungarian")
        assert svg.FRENCH_PALETTE[suit].fill in svg.card_svg(C.card(suit, C.SEVEN), "french")
