"""Card faces drawn as SVG text: Hungarian (Tell pattern, "magyar kártya") and French faces.

Pure functions in the manner of python-chess's ``chess.svg``: each returns SVG markup as a
string and draws everything itself (suit signs are hand-written paths; no icon font, no emoji).

* :func:`card_svg` -- one card face as a standalone ``<svg>`` document (``viewBox 0 0 60 90``).
* :func:`sprite_svg` -- all 32 faces and a card back as ``<symbol>`` elements of one document,
  ids the card codes (``"HA"``) and ``"back"``, for ``<use href="/cards/hungarian-hu.svg#HA"/>``,
  and the style's four suit signs, ``"suit-0"`` to ``"suit-3"``, for the page's words.
* :func:`rank_index` -- the corner index of a rank (Hungarian A/F/K/Á, English U/O/K/A).

The Hungarian faces are the Tell pattern: double-headed court figures, mounted kings and the
seasons on the Aces, drawn in :mod:`ulti.render.tell`.

Colours are chosen for colour-blind players as well: :data:`PALETTE` and
:data:`FRENCH_PALETTE` keep every pair of suit colours a clear CIE76 ΔE apart under normal
vision and simulated protanopia, deuteranopia and tritanopia (:func:`simulate`, Machado,
Oliveira and Fernandes 2009, severity 1.0), and every sign colour at least 3:1 WCAG contrast
against the card (:data:`CARD_BG`).  The tests measure it; shapes differ as well.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from ulti.core.cards import (
    ACE,
    KING,
    OVER,
    RANK_FACES,
    RANK_INDEX_EN,
    RANK_INDEX_HU,
    UNDER,
    code,
    name_en,
    name_hu,
    suit_name,
)
from ulti.i18n import text
from ulti.render import tell

__all__ = [
    "CARD_BG",
    "FRENCH_PALETTE",
    "HEIGHT",
    "KINDS",
    "LANGS",
    "PALETTE",
    "STYLES",
    "SUIT_VIEWBOX",
    "WIDTH",
    "SuitColours",
    "back_svg",
    "card_svg",
    "contrast_ratio",
    "delta_e",
    "hex_rgb",
    "lab",
    "rank_index",
    "simulate",
    "sprite_svg",
]

RGB = tuple[float, float, float]

STYLES = ("hungarian", "french")
LANGS = ("hu", "en")
WIDTH, HEIGHT = 60, 90
VIEWBOX = f"0 0 {WIDTH} {HEIGHT}"
SVG_NS = "http://www.w3.org/2000/svg"

#: The card face (the browser table's ``--card``).
CARD_BG = "#fffdf6"
CARD_EDGE = "#8c8472"
FONT = "Arial, Helvetica, 'Liberation Sans', 'DejaVu Sans', sans-serif"


@dataclass(frozen=True)
class SuitColours:
    """The colours of one suit's sign: ``fill`` (the sign's body, the colour that tells the
    suits apart), ``ink`` (corner index text, darker for small type), ``line`` (the sign's
    outline) and ``detail`` (veins, hatching, highlights drawn over the fill)."""

    fill: str
    ink: str
    line: str
    detail: str


#: Hungarian suit colours, by suit (piros, makk, zöld, tök): a crimson heart, a dark brown
#: acorn, a blue-leaning green leaf and an ochre bell, each with a dark outline.  Green leans
#: to blue and the bell to yellow so that they stay apart from red under protanopia and
#: deuteranopia; lightness keeps the brown apart from both.
PALETTE: tuple[SuitColours, ...] = (
    SuitColours(fill="#d22844", ink="#b01a33", line="#3a0d14", detail="#ffd9df"),
    SuitColours(fill="#4e1c04", ink="#4e1c04", line="#1e0b02", detail="#d9a86c"),
    SuitColours(fill="#1a9f73", ink="#0b6b4b", line="#06301f", detail="#d8f5e8"),
    SuitColours(fill="#b07d02", ink="#7a5400", line="#2e2000", detail="#ffe9a8"),
)

#: French suit colours, by suit (Hearts ♥, Acorns as clubs ♣, Leaves as spades ♠, Bells as
#: diamonds ♦): the four-colour deck (red hearts, green clubs, black spades, blue diamonds),
#: so that no two suits share a colour as the two-colour deck's do.
FRENCH_PALETTE: tuple[SuitColours, ...] = (
    SuitColours(fill="#c8102e", ink="#b00d27", line="#c8102e", detail="#ffffff"),
    SuitColours(fill="#1f9e78", ink="#0d6b4f", line="#1f9e78", detail="#ffffff"),
    SuitColours(fill="#1a1a1a", ink="#1a1a1a", line="#1a1a1a", detail="#ffffff"),
    SuitColours(fill="#1336c6", ink="#1336c6", line="#1336c6", detail="#ffffff"),
)

# --------------------------------------------------------------------------------------------
# colour: vision simulation, Lab, ΔE, contrast

#: Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of
#: Color Vision Deficiency", severity 1.0; applied to linear RGB.
_MACHADO: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
#: Kinds of vision :func:`simulate` knows.
KINDS = ("normal", "protanopia", "deuteranopia", "tritanopia")


def hex_rgb(colour: str) -> RGB:
    """``"#d22844"`` as sRGB components in ``0..1``."""
    h = colour.removeprefix("#")
    if len(h) != 6 or any(ch not in "0123456789abcdefABCDEF" for ch in h):
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def _to_linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _to_srgb(v: float) -> float:
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def simulate(rgb: RGB, kind: str) -> RGB:
    """An sRGB colour (components ``0..1``) as seen with ``kind`` of vision: ``normal``,
    ``protanopia``, ``deuteranopia`` or ``tritanopia`` (Machado et al. 2009, severity 1.0,
    in linear RGB, the result clipped to the gamut)."""
    if kind == "normal":
        return rgb
    try:
        m = _MACHADO[kind]
    except KeyError:
        raise ValueError(f"unknown kind of vision {kind!r} ({', '.join(KINDS)})") from None
    lin = [_to_linear(v) for v in rgb]
    out = [min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]
    return (_to_srgb(out[0]), _to_srgb(out[1]), _to_srgb(out[2]))


def lab(rgb: RGB) -> RGB:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_to_linear(v) for v in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 colour difference: the distance of two sRGB colours in L*a*b*."""
    return math.dist(lab(a), lab(b))


def _luminance(rgb: RGB) -> float:
    r, g, b = (_to_linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two sRGB colours, 1 to 21."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# --------------------------------------------------------------------------------------------
# names and indices


def _check_style(style: str) -> None:
    if style not in STYLES:
        raise ValueError(f"unknown card style {style!r} ({', '.join(STYLES)})")


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown card language {lang!r} ({', '.join(LANGS)})")


def _check_card(card: int) -> None:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 32:
        raise ValueError(f"not a card: {card!r} (cards are 0..31)")


_ROMAN = ("VII", "VIII", "IX", "X")
_COURT_HU = {r: RANK_INDEX_HU[r] for r in (UNDER, OVER, KING, ACE)}  # A F K Á
_COURT_EN = {r: RANK_INDEX_EN[r] for r in (UNDER, OVER, KING, ACE)}  # U O K A


def rank_index(rank: int, lang: str = "hu", style: str = "hungarian") -> str:
    """The corner index of a rank: Hungarian faces VII VIII IX X then A F K Á (Alsó, Felső,
    Király, Ász) in Hungarian or U O K A (Under, Over, King, Ace) in English; French faces
    7 8 9 10 J Q K A in either language."""
    _check_style(style)
    _check_lang(lang)
    if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < 8:
        raise ValueError(f"not a rank: {rank!r} (ranks are 0..7)")
    if style == "french":
        return RANK_FACES[rank]
    if rank < UNDER:
        return _ROMAN[rank]
    return (_COURT_HU if lang == "hu" else _COURT_EN)[rank]


def _title(card: int, lang: str) -> str:
    return name_hu(card) if lang == "hu" else name_en(card)


# --------------------------------------------------------------------------------------------
# drawing helpers


def _n(x: float) -> str:
    """A number as short SVG text."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _place(x: float, y: float, scale: float, rotate: float = 0) -> str:
    t = f"translate({_n(x)} {_n(y)})"
    if rotate:
        t += f" rotate({_n(rotate)})"
    return t + f" scale({_n(scale)})"


# Suit signs, drawn in a 20 x 20 box centred on the origin (x and y in -10..10).  The outline
# width comes from the enclosing group, so that it is the same on the card at every size.

_HEART = (
    "M0 9.6C-2.8 6.6-10 2.2-10-3.6C-10-7.6-7.3-10-4.6-10C-2.4-10-.8-8.7 0-6.8"
    "C.8-8.7 2.4-10 4.6-10C7.3-10 10-7.6 10-3.6C10 2.2 2.8 6.6 0 9.6Z"
)
_ACORN_NUT = "M-6.2-1.2C-6.8 4.6-3 8.6 0 10C3 8.6 6.8 4.6 6.2-1.2Z"
_ACORN_CUP = "M-8-.6C-8.8-6.8 8.8-6.8 8-.6C4.8 1-4.8 1-8-.6Z"
_ACORN_HATCH = (
    "M-5.6-4.2L-1.8.4M-2-5.6L2.8.4M2.2-5.6L6.2-.6M5.6-4.2L1.8.4M2-5.6L-2.8.4M-2.2-5.6L-6.2-.6"
)
_ACORN_STEM = "M0-5.2C0-7.6 1-9 2.8-9.8"
_LEAF = (
    "M0-10C2.6-6.4 8.6-4.6 8.8.8C9 5 5.6 7.4 2.2 6.4C1.3 6.1.6 5.6 0 5"
    "C-.6 5.6-1.3 6.1-2.2 6.4C-5.6 7.4-9 5-8.8.8C-8.6-4.6-2.6-6.4 0-10Z"
)
_LEAF_VEINS = "M0 4.4V-7M0-1.6L-4.4-4.6M0-1.6L4.4-4.6M0 2L-5.8-.2M0 2L5.8-.2"
_LEAF_STEM = "M0 5C.2 7.4-.6 9-2.6 10"
_BELL_BAND = "M-7.6 .2C-4 2.4 4 2.4 7.6.2L7.4 2.6C4 4.8-4 4.8-7.4 2.6Z"
_BELL_SLIT = "M0 5.6V8.6"

_FR_HEART = _HEART
_FR_SPADE = (
    "M0-10C-3-5-10-2.2-10 2.8C-10 6.4-6.6 8-3.8 6.6C-2.6 6-1.6 5-1 4C-1.2 6.6-2.2 8.6-4.2 10"
    "H4.2C2.2 8.6 1.2 6.6 1 4C1.6 5 2.6 6 3.8 6.6C6.6 8 10 6.4 10 2.8C10-2.2 3-5 0-10Z"
)
_FR_CLUB = (
    "M-1.2 1.6C-1.2 5.4-2.4 8.4-4.4 10H4.4C2.4 8.4 1.2 5.4 1.2 1.6Z"
    "M0-9.6A4.4 4.4 0 1 0 0-.8A4.4 4.4 0 1 0 0-9.6Z"
    "M-4.8-2.6A4.4 4.4 0 1 0-4.8 6.2A4.4 4.4 0 1 0-4.8-2.6Z"
    "M4.8-2.6A4.4 4.4 0 1 0 4.8 6.2A4.4 4.4 0 1 0 4.8-2.6Z"
)
_FR_DIAMOND = (
    "M0-10C2-6.6 4.6-3.2 7.6 0C4.6 3.2 2 6.6 0 10C-2 6.6-4.6 3.2-7.6 0C-4.6-3.2-2-6.6 0-10Z"
)


def _hungarian_sign(suit: int) -> str:
    """A Hungarian sign's body; the enclosing group strokes in the suit's ``line`` colour,
    with round caps and no fill unless a shape names one."""
    c = PALETTE[suit]
    fill, line, detail = c.fill, c.line, c.detail
    if suit == 0:  # piros: a heart, with a highlight
        return (
            f'<path d="{_HEART}" fill="{fill}"/>'
            f'<path d="M-6.6-5.2C-6.4-7.2-4.6-8-3.4-7.6" stroke="{detail}" stroke-width="1.3"/>'
        )
    if suit == 1:  # makk: a hatched cup over a nut, hanging from a stalk
        return (
            f'<path d="{_ACORN_STEM}" stroke-width="1.8"/>'
            f'<path d="{_ACORN_NUT}" fill="{fill}"/>'
            f'<path d="M-3.2 1.4C-3.4 4.2-2.2 6.4-.6 7.6" stroke="{detail}" stroke-width="1.1"/>'
            f'<path d="{_ACORN_CUP}" fill="{line}"/>'
            f'<path d="{_ACORN_HATCH}" stroke="{detail}" stroke-width=".7" '
            'stroke-linecap="butt"/>'
        )
    if suit == 2:  # zöld: a leaf with its stem and veins
        return (
            f'<path d="{_LEAF_STEM}" stroke-width="1.8"/>'
            f'<path d="{_LEAF}" fill="{fill}"/>'
            f'<path d="{_LEAF_VEINS}" stroke="{detail}" stroke-width=".8"/>'
        )
    # tök: a round hawk bell: loop on top, a band round it, a slit and its clapper below
    return (
        '<circle cy="-7.9" r="1.9" stroke-width="1.4"/>'
        f'<circle cy="1.4" r="7.8" fill="{fill}"/>'
        f'<path d="{_BELL_BAND}" fill="{line}" stroke="none"/>'
        f'<path d="{_BELL_SLIT}" stroke-width="1.3" stroke-linecap="butt"/>'
        f'<circle cy="8.2" r="1.3" fill="{line}" stroke="none"/>'
        f'<path d="M-5.2-2.4C-4.6-4.4-3-5.4-1.4-5.6" stroke="{detail}" stroke-width="1.2"/>'
    )


def _french_sign(suit: int) -> str:
    d = (_FR_HEART, _FR_CLUB, _FR_SPADE, _FR_DIAMOND)[suit]
    return f'<path d="{d}" fill="{FRENCH_PALETTE[suit].fill}"/>'


def _sign(
    style: str,
    suit: int,
    x: float,
    y: float,
    size: float,
    cls: str,
    rotate: float = 0,
    outline: float = 0.6,
) -> str:
    """A suit sign ``size`` units wide centred on ``(x, y)``; ``outline`` in card units."""
    scale = size / 20
    if style == "hungarian":
        body = _hungarian_sign(suit)
        paint = f'stroke="{PALETTE[suit].line}" fill="none" stroke-linecap="round" '
    else:
        body, paint = _french_sign(suit), ""
    return (
        f'<g class="{cls}" transform="{_place(x, y, scale, rotate)}" {paint}'
        f'stroke-width="{_n(outline / scale)}" stroke-linejoin="round">{body}</g>'
    )


# character widths (em) of a bold sans face, for fitting the corner index
_EM = {"I": 0.28, "V": 0.67, "X": 0.67, "1": 0.56, "0": 0.56}
INDEX_SIZE = 14
_INDEX_ROOM = 12.8


def _corner(style: str, suit: int, rank: int, lang: str) -> str:
    ink = (PALETTE if style == "hungarian" else FRENCH_PALETTE)[suit].ink
    text = rank_index(rank, lang, style)
    width = sum(_EM.get(ch, 0.72) for ch in text) * INDEX_SIZE
    fit = (
        f' textLength="{_n(_INDEX_ROOM)}" lengthAdjust="spacingAndGlyphs"'
        if width > _INDEX_ROOM
        else ""
    )
    return (
        f'<text class="index" x="8.4" y="16.2" text-anchor="middle" font-family="{FONT}" '
        f'font-size="{INDEX_SIZE}" font-weight="700" fill="{ink}"{fit}>{escape(text)}</text>'
        + _sign(style, suit, 8.4, 25, 8, "index-sign", outline=0.45)
    )


def _corners(style: str, suit: int, rank: int, lang: str) -> str:
    one = _corner(style, suit, rank, lang)
    return f'<g class="corner">{one}</g><g class="corner" transform="rotate(180 30 45)">{one}</g>'


def _frame() -> str:
    return (
        f'<rect x=".5" y=".5" width="59" height="89" rx="4.5" fill="{CARD_BG}" '
        f'stroke="{CARD_EDGE}"/>'
    )


# pip positions: two columns and a middle one; lower pips are turned upside down as on cards
_L, _M, _R = 20.8, 30.0, 39.2
_ROWS4 = (15.0, 35.0, 55.0, 75.0)
_ROWS3 = (15.0, 45.0, 75.0)


def _columns(rows: Sequence[float]) -> list[tuple[float, float]]:
    return [(x, y) for y in rows for x in (_L, _R)]


_PIPS: dict[str, tuple[tuple[tuple[float, float], ...], ...]] = {
    # Tell pattern: VII in two columns of three and one on top in the middle, VIII two
    # columns of four, IX and X one or two more in the middle
    "hungarian": (
        (*_columns(_ROWS3), (_M, 30.0)),
        tuple(_columns(_ROWS4)),
        (*_columns(_ROWS4), (_M, 45.0)),
        (*_columns(_ROWS4), (_M, 25.0), (_M, 65.0)),
    ),
    # French: 7 = 3+1+3, 8 = 3+2+3, 9 = 4+1+4, 10 = 4+2+4
    "french": (
        (*_columns(_ROWS3), (_M, 30.0)),
        (*_columns(_ROWS3), (_M, 30.0), (_M, 60.0)),
        (*_columns(_ROWS4), (_M, 45.0)),
        (*_columns(_ROWS4), (_M, 25.0), (_M, 65.0)),
    ),
}


def _pips(style: str, suit: int, rank: int) -> str:
    out = []
    for x, y in _PIPS[style][rank]:
        out.append(_sign(style, suit, x, y, 10, "pip", rotate=180 if y > 45 else 0))
    return "".join(out)


# --------------------------------------------------------------------------------------------
# figures

_SKIN = "#f3cfa6"
_DARK = "#2b2118"
_GOLD = "#e0b43a"
_GOLD_LINE = "#7a5a10"


def _head(hair: str, face: str) -> str:
    """A head with hair and eyes; ``face`` is ``beard``, ``moustache`` or ``smile``."""
    out = (
        f'<circle cx="30" cy="22" r="5.2" fill="{_SKIN}" stroke="{_DARK}" stroke-width=".6"/>'
        f'<path d="M24.9 21.2C24.6 17.6 27 16.2 30 16.2C33 16.2 35.4 17.6 35.1 21.2'
        f'C34 19.4 32 18.8 30 18.8C28 18.8 26 19.4 24.9 21.2Z" fill="{hair}"/>'
        f'<circle cx="28.1" cy="21.9" r=".55" fill="{_DARK}"/>'
        f'<circle cx="31.9" cy="21.9" r=".55" fill="{_DARK}"/>'
    )
    if face == "beard":
        return out + (
            f'<path d="M25.2 23.4C26 29 28 30.4 30 30.4C32 30.4 34 29 34.8 23.4'
            f'C33.4 25.6 31.6 25.2 30 25.2C28.4 25.2 26.6 25.6 25.2 23.4Z" fill="{hair}" '
            f'stroke="{_DARK}" stroke-width=".4"/>'
        )
    out += (
        f'<path d="M28.7 25.7Q30 26.7 31.3 25.7" fill="none" stroke="{_DARK}" '
        'stroke-width=".45" stroke-linecap="round"/>'
    )
    if face == "moustache":
        out += (
            '<path d="M27 24.9C28.2 23.5 29.4 23.7 30 24.3C30.6 23.7 31.8 23.5 33 24.9'
            f'C31.8 24.5 30.7 24.8 30 25.2C29.3 24.8 28.2 24.5 27 24.9Z" fill="{hair}"/>'
        )
    return out


def _crown(small: bool = False) -> str:
    top = 12.4 if small else 9.6
    return (
        f'<path d="M24.6 18.2L24 {_n(top + 1.6)}L27 {_n(top + 4.2)}L30 {_n(top)}L33 '
        f'{_n(top + 4.2)}L36 {_n(top + 1.6)}L35.4 18.2Z" fill="{_GOLD}" stroke="{_GOLD_LINE}" '
        f'stroke-width=".6" stroke-linejoin="round"/>'
        f'<circle cx="30" cy="{_n(top)}" r=".9" fill="{_GOLD}" stroke="{_GOLD_LINE}" '
        'stroke-width=".4"/>'
        '<rect x="24.6" y="16.4" width="10.8" height="1.8" fill="#b3262f" stroke="#7a5a10" '
        'stroke-width=".4"/>'
    )


def _cap(colour: str, feather: str) -> str:
    """The Jack's flat cap with a feather."""
    return (
        f'<path d="M23.6 19C24.4 14.4 35.6 14.4 36.4 19C33.6 17.6 26.4 17.6 23.6 19Z" '
        f'fill="{colour}" stroke="{_DARK}" stroke-width=".5"/>'
        f'<path d="M33.6 15.6C36.8 12.4 39.2 12.8 40.6 11.2" fill="none" stroke="{feather}" '
        'stroke-width="1.4" stroke-linecap="round"/>'
    )


def _arm(path: str, sleeve: str, hx: float, hy: float) -> str:
    return (
        f'<path d="{path}" fill="none" stroke="{_DARK}" stroke-width="4.6" '
        'stroke-linecap="round"/>'
        f'<path d="{path}" fill="none" stroke="{sleeve}" stroke-width="3.4" '
        'stroke-linecap="round"/>'
        f'<circle cx="{_n(hx)}" cy="{_n(hy)}" r="1.7" fill="{_SKIN}" stroke="{_DARK}" '
        'stroke-width=".5"/>'
    )


def _standing(tunic: str, hose: str, trim: str) -> str:
    """Legs, boots and a belted tunic (the Jack)."""
    return (
        f'<path d="M24.8 57L25.2 76.4H29L29.6 57ZM30.4 57L31 76.4H34.8L35.2 57Z" fill="{hose}" '
        f'stroke="{_DARK}" stroke-width=".5"/>'
        f'<path d="M24.6 75H29.4V79.6H22.6C22.6 77.8 23.4 76.2 24.6 75Z'
        f'M30.6 75H35.4C36.6 76.2 37.4 77.8 37.4 79.6H30.6Z" fill="{_DARK}"/>'
        f'<path d="M23.4 29.6C26 27.6 34 27.6 36.6 29.6L39.6 57.6C33.4 60 26.6 60 20.4 57.6Z" '
        f'fill="{tunic}" stroke="{_DARK}" stroke-width=".6" stroke-linejoin="round"/>'
        f'<path d="M21.8 45.2Q30 47.6 38.2 45.2" fill="none" stroke="{trim}" stroke-width="2"/>'
        f'<path d="M26.4 28.8L30 33.4L33.6 28.8" fill="#fbf4e4" stroke="{_DARK}" '
        'stroke-width=".4"/>'
        f'<path d="M20.6 56.4Q30 59.2 39.4 56.4" fill="none" stroke="{trim}" stroke-width="1.2"/>'
    )


def _robe(robe: str, fur: str) -> str:
    """A long robe with a fur hem and collar (the King and Queen)."""
    return (
        f'<path d="M23 29.6C26 27.4 34 27.4 37 29.6L42.4 80.4H17.6Z" fill="{robe}" '
        f'stroke="{_DARK}" stroke-width=".6" stroke-linejoin="round"/>'
        f'<path d="M17.6 80.4H42.4L41.9 76.2H18.1Z" fill="{fur}" stroke="{_DARK}" '
        'stroke-width=".5"/>'
        f'<path d="M25 28.8C27 32.8 33 32.8 35 28.8L36.6 30.6C33.6 35.4 26.4 35.4 23.4 30.6Z" '
        f'fill="{fur}" stroke="{_DARK}" stroke-width=".5"/>'
        + "".join(
            f'<circle cx="{_n(x)}" cy="78.3" r=".45" fill="{_DARK}"/>' for x in range(21, 40, 3)
        )
        + f'<path d="M30 34V76" stroke="{_GOLD}" stroke-width="1.4"/>'
    )


#: Clothes of the figures by suit: (tunic or robe, hose, trim).  Muted, none of them a suit
#: colour, so that the sign alone carries the suit.
_CLOTHES = (
    ("#4d6a9a", "#6d5a44", "#e0b43a"),
    ("#7b5c8e", "#4d6a9a", "#c9c2b0"),
    ("#8a6a3a", "#5a6e8c", "#e0b43a"),
    ("#5a7f8c", "#7b5c8e", "#c9c2b0"),
)
_HAIR = ("#6b4423", "#3b2a1a", "#8a6a3a", "#5a3a22")

#: Where a French court card holds its sign (x, y, size): the Jack low on the left, the King
#: and Queen at the chest.  (The Hungarian figures are :mod:`ulti.render.tell`'s.)
COURT_SIGN = {UNDER: (18.6, 62.0, 11.0), KING: (41.2, 42.4, 11.0)}


def _figure(style: str, suit: int, rank: int) -> str:
    """The French Jack (``UNDER``) or King: a single-headed standing figure."""
    tunic, hose, trim = _CLOTHES[suit]
    hair = _HAIR[suit]
    sx, sy, size = COURT_SIGN[rank]
    sign = _sign(style, suit, sx, sy, size, "court-sign", outline=0.6)
    if rank == UNDER:
        return (
            # a halberd in the right hand
            '<path d="M41.4 12V80" stroke="#6b4a2b" stroke-width="1.2"/>'
            f'<path d="M41.4 7.6L43.6 12.6H39.2Z" fill="#b8bcc4" stroke="{_DARK}" '
            'stroke-width=".4"/>'
            + _standing(tunic, hose, trim)
            + _arm("M24.2 31.6Q20.6 41 19.8 50.8", tunic, 19.8, 52)
            + _arm("M35.8 31.6Q39.8 38.6 40.8 44.2", tunic, 41, 45.2)
            + _head(hair, "moustache")
            + _cap(trim, "#b3262f")
            + sign
        )
    # the King
    return (
        # a sceptre in the left hand
        f'<path d="M19.4 25.6L21 60" stroke="{_GOLD_LINE}" stroke-width="1.3" '
        'stroke-linecap="round"/>'
        f'<circle cx="19.3" cy="24.4" r="1.7" fill="{_GOLD}" stroke="{_GOLD_LINE}" '
        'stroke-width=".5"/>'
        + _robe(tunic, "#fbf6ea")
        + _arm("M24 31.8Q20 38.4 20.4 44", tunic, 20.4, 45)
        + _arm("M36 31.8Q39.4 37 39 41", tunic, 39.2, 42)
        + _head(hair, "beard")
        + _crown()
        + sign
    )


def _french_figure(suit: int, rank: int) -> str:
    """Jack, Queen, King: a capped youth, a crowned lady, a crowned bearded king."""
    if rank == UNDER:
        return _figure("french", suit, UNDER)
    if rank == KING:
        return _figure("french", suit, KING)
    tunic, _hose, _trim = _CLOTHES[(suit + 1) % 4]
    sx, sy, size = COURT_SIGN[KING]
    return (
        # long hair behind the head and shoulders
        '<path d="M24.8 21C23.6 26.4 24 30.6 22.4 33.6Q30 36 37.6 33.6'
        f'C36 30.6 36.4 26.4 35.2 21Z" '
        f'fill="{_HAIR[(suit + 2) % 4]}" stroke="{_DARK}" stroke-width=".4"/>'
        + _robe(tunic, "#fbf6ea")
        + _arm("M24 31.8Q21.6 38 25.6 42.6", tunic, 26, 43.2)
        + _arm("M36 31.8Q39.4 37 39 41", tunic, 39.2, 42)
        + f'<circle cx="23.8" cy="44.4" r="2.4" fill="#c0356b" stroke="{_DARK}" '
        'stroke-width=".4"/>'  # a rose
        + _head(_HAIR[(suit + 2) % 4], "smile")
        + _crown(small=True)
        + _sign("french", suit, sx, sy, size, "court-sign", outline=0.6)
    )


def _ace(style: str, suit: int, lang: str) -> str:
    if style == "french":
        return _sign(style, suit, 30, 45, 30, "ace-sign")
    season = escape(text(f"season.{suit}", lang))  # the season on each suit's Ász (Tell)
    line = PALETTE[suit].line
    return (
        # a thin frame, the season's scene, the large sign over a ribbon with its name
        '<rect x="14.6" y="5.6" width="30.8" height="78.8" rx="2" fill="none" '
        'stroke="#c9b98f" stroke-width=".6"/>'
        + tell.season(suit)
        + _sign(style, suit, 30, 32, 25, "ace-sign", outline=0.8)
        + '<path d="M16.2 52.4L11.6 53.6L13.8 56.6L11.6 59.6L16.2 59Z'
        'M43.8 52.4L48.4 53.6L46.2 56.6L48.4 59.6L43.8 59Z" fill="#e3d3a8" stroke="#6b5a36" '
        'stroke-width=".5" stroke-linejoin="round"/>'
        '<path d="M15.4 51.4Q30 48 44.6 51.4V58.6Q30 55.2 15.4 58.6Z" fill="#f3e7c4" '
        'stroke="#6b5a36" stroke-width=".6"/>'
        f'<text x="30" y="56.6" text-anchor="middle" font-family="{FONT}" font-size="4.8" '
        f'font-weight="700" letter-spacing=".3" fill="{line}">{season}</text>'
    )


def _face(card: int, style: str, lang: str) -> str:
    """The drawing of a face, without the enclosing element."""
    suit, rank = card >> 3, card & 7
    if rank < UNDER:
        middle = _pips(style, suit, rank)
    elif rank == ACE:
        middle = _ace(style, suit, lang)
    elif style == "french":
        middle = _french_figure(suit, rank)
    else:
        middle = tell.court(
            suit, rank, lambda x, y, size: _sign(style, suit, x, y, size, "court-sign")
        )
    return _frame() + middle + _corners(style, suit, rank, lang)


def _back(style: str) -> str:
    """A card back: a red ground, a cream frame, a lattice and the four signs in a medallion."""
    lattice = []
    x0, y0, x1, y1, step = 6.0, 6.0, 54.0, 84.0, 6.0
    for i in range(int((x1 - x0) / step)):
        for j in range(int((y1 - y0) / step)):
            cx, cy = x0 + step * (i + 0.5), y0 + step * (j + 0.5)
            h = step / 2
            lattice.append(
                f"M{_n(cx)} {_n(cy - h)}L{_n(cx + h)} {_n(cy)}L{_n(cx)} {_n(cy + h)}"
                f"L{_n(cx - h)} {_n(cy)}Z"
            )
    signs = "".join(
        _sign(style, s, x, y, 6.4, "back-sign", outline=0.35)
        for s, (x, y) in enumerate(((26.4, 41.4), (33.6, 41.4), (26.4, 48.6), (33.6, 48.6)))
    )
    return (
        '<rect x=".5" y=".5" width="59" height="89" rx="4.5" fill="#8b1e2d" stroke="#4a0f17"/>'
        '<rect x="4" y="4" width="52" height="82" rx="2.5" fill="#a3283a" stroke="#f3e7c4" '
        'stroke-width="1"/>'
        f'<path d="{"".join(lattice)}" fill="none" stroke="#f3e7c4" stroke-opacity=".35" '
        'stroke-width=".6"/>'
        f'<circle cx="30" cy="45" r="10.6" fill="{CARD_BG}" stroke="#f3e7c4" stroke-width="1"/>'
        + signs
    )


# --------------------------------------------------------------------------------------------
# documents


def _svg_open(extra: str = "") -> str:
    return f'<svg xmlns="{SVG_NS}" viewBox="{VIEWBOX}"{extra}>'


def card_svg(card: int, style: str = "hungarian", lang: str = "hu") -> str:
    """One card face as a standalone SVG document, 60 x 90 units, titled with the card's
    name in ``lang`` (``"piros ász"`` / ``"Hearts Ace"``)."""
    _check_card(card)
    _check_style(style)
    _check_lang(lang)
    title = escape(_title(card, lang))
    return (
        _svg_open(
            f' width="{WIDTH}" height="{HEIGHT}" role="img" class="card-face"'
            f" data-card={quoteattr(code(card))}"
        )
        + f"<title>{title}</title>{_face(card, style, lang)}</svg>"
    )


def back_svg(style: str = "hungarian", lang: str = "hu") -> str:
    """The card back as a standalone SVG document."""
    _check_style(style)
    _check_lang(lang)
    title = text("card.back", lang)
    return (
        _svg_open(f' width="{WIDTH}" height="{HEIGHT}" role="img" class="card-back"')
        + f"<title>{escape(title)}</title>{_back(style)}</svg>"
    )


def _symbol(ident: str, title: str, body: str) -> str:
    return (
        f'<symbol id={quoteattr(ident)} viewBox={quoteattr(VIEWBOX)} role="img">'
        f"<title>{escape(title)}</title>{body}</symbol>"
    )


#: The viewBox of a suit sign's symbol: the 20 x 20 sign and room for its outline.
SUIT_VIEWBOX = "-11 -11 22 22"


def _suit_symbol(style: str, suit: int, lang: str) -> str:
    """A suit's sign alone, for the page's words (``<use href="…svg#suit-0"/>``)."""
    return (
        f'<symbol id="suit-{suit}" viewBox="{SUIT_VIEWBOX}" role="img">'
        f"<title>{escape(suit_name(suit, lang))}</title>"
        + _sign(style, suit, 0, 0, 20, "suit-sign", outline=1.1)
        + "</symbol>"
    )


@functools.lru_cache(maxsize=len(STYLES) * len(LANGS))
def sprite_svg(style: str = "hungarian", lang: str = "hu") -> str:
    """All 32 faces and the back in one SVG document, each a ``<symbol>`` whose id is the
    card's code (``"HA"``) or ``"back"``: ``<use href="/cards/hungarian-hu.svg#HA"/>``; and
    the four suit signs of the style, ``"suit-0"`` to ``"suit-3"`` (:data:`SUIT_VIEWBOX`)."""
    _check_style(style)
    _check_lang(lang)
    parts: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="{SVG_NS}" width="0" height="0" style="position:absolute">',
    ]
    parts.extend(_symbol(code(c), _title(c, lang), _face(c, style, lang)) for c in range(32))
    back = text("card.back", lang)
    parts.append(_symbol("back", back, _back(style)))
    parts.extend(_suit_symbol(style, suit, lang) for suit in range(4))
    parts.append("</svg>\n")
    return "".join(parts)
