"""Card faces as SVG (ulti.render.svg, the Tell pictures of ulti.render.tell): every face of both
styles and both languages is well-formed, titled and indexed; pip cards carry their number of
signs (C1); the Hungarian court cards are double-headed Tell figures, the kings on horseback,
the Aces with their seasons; the suit colours stay apart for colour-blind players and stand
out against the card."""

from __future__ import annotations

import itertools
import re
import warnings
import xml.etree.ElementTree as ET

import pytest

from ulti.core import cards as C
from ulti.render import svg, tell

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


COURTS = (C.UNDER, C.OVER, C.KING)


def face(suit: int, rank: int, style: str = "hungarian") -> ET.Element:
    return ET.fromstring(svg.card_svg(C.card(suit, rank), style, "hu"))


def upper_half(root: ET.Element) -> ET.Element:
    (upper,) = [h for h in having(root, "half") if not h.get("transform")]
    return upper


#: What a drawing's shape is made of (its colours left out).
GEOMETRY = ("d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "transform")


def shape(el: ET.Element, leave_out: str = "") -> tuple[tuple[str, ...], ...]:
    """``el``'s elements by tag and geometry, without those of class ``leave_out`` (and
    theirs): two drawings that differ only in colour have the same shape."""
    out: list[tuple[str, ...]] = []

    def walk(e: ET.Element) -> None:
        if leave_out and leave_out in classes(e):
            return
        out.append((e.tag, *(e.get(a, "") for a in GEOMETRY)))
        for child in e:
            walk(child)

    walk(el)
    return tuple(out)


def test_hungarian_court_cards_are_double_headed() -> None:
    """The upper half of each figure, and the same half turned about the card's centre, a band
    between them (the Tell deck); the French courts stay single-headed."""
    for suit, rank in itertools.product(C.SUITS, COURTS):
        root = face(suit, rank)
        halves = having(root, "half")
        assert len(halves) == 2, C.code(C.card(suit, rank))
        upper, lower = halves
        assert upper.get("transform") is None
        assert lower.get("transform") == "rotate(180 30 45)"
        assert [ET.tostring(e) for e in upper] == [ET.tostring(e) for e in lower]
        assert len(list(upper.iter())) > 20 and len(having(upper, "court-sign")) == 1
        assert len(having(root, "divider")) == 1
        assert len(having(root, "index")) == 2  # the corners as they were
        french = face(suit, rank, "french")
        assert not having(french, "half") and len(having(french, "court-sign")) == 1


def test_court_cards_alsó_holds_its_sign_low_felső_high_király_crowned() -> None:
    """Players tell the Alsó from the Felső by the sign: held low (in the lower third of the
    half, by the band) and held high (in its upper third)."""
    for suit in C.SUITS:
        ys = {}
        for rank in COURTS:
            (sign,) = having(upper_half(face(suit, rank)), "court-sign")
            ys[rank] = translate_y(sign)
        assert ys[C.UNDER] > 30 and ys[C.OVER] < 15, ys
        assert ys[C.UNDER] > ys[C.KING] > ys[C.OVER]
        king = face(suit, C.KING)
        assert len(having(king, "crown")) == 2  # crowned, in both halves
        assert not having(face(suit, C.OVER), "crown") and not having(face(suit, C.UNDER), "crown")


def test_felső_and_alsó_are_different_figures_in_every_suit() -> None:
    """The eight Tell characters are eight drawings, not one figure per rank in four colours
    (the suit sign left out: it differs anyway)."""
    drawings = {
        (suit, rank): shape(upper_half(face(suit, rank)), "court-sign")
        for suit, rank in itertools.product(C.SUITS, (C.UNDER, C.OVER))
    }
    for rank in (C.UNDER, C.OVER):
        assert len({drawings[suit, rank] for suit in C.SUITS}) == 4, rank
    assert len(set(drawings.values())) == 8


def test_figures_differ_in_shape_and_not_only_in_colour() -> None:
    """The test above can fail: one drawing in two colours is one shape."""
    a = ET.fromstring('<g><path d="M0 0H9" fill="#d22844"/><circle r="2" fill="#111111"/></g>')
    b = ET.fromstring('<g><path d="M0 0H9" fill="#1a9f73"/><circle r="2" fill="#222222"/></g>')
    assert shape(a) == shape(b)
    assert shape(a) != shape(ET.fromstring('<g><path d="M0 0H8" fill="#d22844"/></g>'))


def test_kings_ride_horses() -> None:
    for suit in C.SUITS:
        king = face(suit, C.KING)
        horses = having(king, "horse")
        assert len(horses) == 2 and all(len(h) > 3 for h in horses)
        assert len(having(upper_half(king), "horse")) == 1
        assert not having(face(suit, C.OVER), "horse") and not having(face(suit, C.UNDER), "horse")
    kings = {shape(upper_half(face(suit, C.KING)), "court-sign") for suit in C.SUITS}
    assert len(kings) == 1  # the same rider and horse, in the suit's colours
    assert len({svg.card_svg(C.card(suit, C.KING)) for suit in C.SUITS}) == 4


def test_hungarian_aces_show_their_season() -> None:
    seasons = set()
    for suit in C.SUITS:
        root = face(suit, C.ACE)
        (scene,) = having(root, "season")
        assert len(scene) >= 5
        seasons.add(shape(scene))
        assert not having(face(suit, C.ACE, "french"), "season")
    assert len(seasons) == 4  # spring, winter, autumn and summer are four pictures
    assert tell.season(C.HEARTS) != tell.season(C.BELLS)


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
    assert len(symbols) == 37
    ids = [C.code(c) for c in range(32)] + ["back"] + [f"suit-{s}" for s in C.SUITS]
    assert [s.get("id") for s in symbols] == ids
    assert all(s.get("viewBox") == "0 0 60 90" for s in symbols[:33])
    ha = symbols[C.card(C.HEARTS, C.ACE)].find(f"{NS}title")
    assert ha is not None and ha.text == C.name(C.card(C.HEARTS, C.ACE), lang)
    assert len(set(re.findall(r'\bid="([^"]+)"', text))) == 37  # no other ids to clash
    assert svg.sprite_svg(style, lang) is text  # drawn once
    assert len(text.encode()) < 250_000  # sharp and small: paths, no raster


@pytest.mark.parametrize(("style", "lang"), STYLE_LANGS)
def test_sprite_holds_the_styles_suit_signs(style: str, lang: str) -> None:
    """``suit-0`` .. ``suit-3``, for the page's words: each the sign of the style's faces (the
    Hungarian heart, acorn, leaf and bell; the French glyphs' shapes), named, drawn, no text."""
    root = ET.fromstring(svg.sprite_svg(style, lang).encode())
    by_id = {s.get("id"): s for s in root.findall(f"{NS}symbol")}
    for suit in C.SUITS:
        symbol = by_id[f"suit-{suit}"]
        assert symbol.get("viewBox") == svg.SUIT_VIEWBOX
        title = symbol.find(f"{NS}title")
        assert title is not None and title.text == C.suit_name(suit, lang)
        assert not any(el.tag == f"{NS}text" for el in symbol.iter())
        (sign,) = [el for el in symbol if el.tag == f"{NS}g"]
        ace = ET.fromstring(svg.card_svg(C.card(suit, C.ACE), style, lang))
        (big,) = having(ace, "ace-sign")
        assert [ET.tostring(e) for e in sign] == [ET.tostring(e) for e in big]  # the same sign


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
