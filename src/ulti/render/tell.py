"""The Tell pattern's pictures, drawn by us as SVG: court figures, horses and the Aces' seasons.

The Hungarian deck ("magyar kártya") is the Tell pattern, first printed in Pest about 1835 by
József Schneider: its Felső and Alsó are the characters of Schiller's *Wilhelm Tell*, its
Király rides a horse, and each Ász shows one of the four seasons.  Its court cards are
double-headed: the upper half of the figure is printed again, turned about the card's centre,
below a band across the middle, so that the card reads the same either way up.

Nothing here is copied from a scan or an old sheet; the figures are our own simple vector
drawings in that manner:

========  =======================================  =====================================
suit      Felső (holds the suit sign high)         Alsó (holds the suit sign low)
========  =======================================  =====================================
piros     Geszler Hermann: plumed hat, cloak,      Kuoni pásztor: felt hat, crook
          baton
makk      Tell Vilmos: feathered hat, crossbow     Harras Rudolf: morion helmet, halberd
zöld      Rudenz Ulrich: feathered beret, sword    Fürst Walter: long beard, fur cap, staff
tök       Stüssi vadász: hunting hat, horn, spear  Reding Itell: noble's cap, armour, sword
========  =======================================  =====================================

Every picture is drawn on the card's 60 x 90 grid.  A half lies above ``y = 45`` and keeps
clear of the corner index in its upper left (``x < 17``, ``y < 31``).  The suit signs come
from the caller (:data:`Sign`), so that this module draws no sign of its own and the signs
stay those of :mod:`ulti.render.svg`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ulti.core.cards import KING, OVER, UNDER

__all__ = ["HALF_Y", "SIGN_AT", "Sign", "court", "season"]

#: Draws a suit sign ``size`` units wide centred on ``(x, y)``.
Sign = Callable[[float, float, float], str]

#: The middle of the card, where the two halves of a court card meet.
HALF_Y = 45

#: Where each court figure holds its sign in the upper half (x, y, size): the Felső high on
#: the right, the Alsó low on the left, the Király before his chest.
SIGN_AT = {OVER: (48.0, 10.4, 10.0), UNDER: (11.6, 37.6, 10.0), KING: (20.6, 32.0, 9.0)}

# colours of the pictures (none of them a suit colour: the sign alone carries the suit)
INK = "#2b2118"
SKIN = "#f2c9a1"
CHEEK = "#e9a184"
GOLD = "#e0b43a"
GOLD_LINE = "#7a5a10"
STEEL = "#c5cad1"
STEEL_DARK = "#7d848e"
WOOD = "#7a5230"
LINEN = "#f8f3e6"
FUR_SPOT = "#3b2f28"
PANEL = "#f3ead4"
PANEL_LINE = "#c9b98f"
RED = "#b3262f"


def _n(x: float) -> str:
    """A number as short SVG text (``.4``, ``-1.25``)."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    if s in ("-0", ""):
        return "0"
    return s.replace("0.", ".", 1) if s.lstrip("-").startswith("0.") else s


def _p(d: str, fill: str = "none", extra: str = "") -> str:
    """A path in the half's ink (the group's stroke) with ``fill``."""
    return f'<path d="{d}" fill="{fill}"{extra}/>'


def _line(d: str, colour: str, width: float) -> str:
    """Strokes only, in ``colour``."""
    return f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(width)}"/>'


def _rod(d: str, colour: str, width: float) -> str:
    """A stick drawn as a ``colour`` stroke with an ink edge (staffs, sleeves, reins)."""
    return f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="{_n(width + 1)}"/>' + _line(
        d, colour, width
    )


def _hand(x: float, y: float) -> str:
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="1.6" fill="{SKIN}"/>'


def _arm(d: str, sleeve: str, hx: float, hy: float) -> str:
    return _rod(d, sleeve, 3.8) + _hand(hx, hy)


def _feather(
    x0: float, y0: float, x1: float, y1: float, width: float, fill: str, bend: float = 0
) -> str:
    """A feather from its quill ``(x0, y0)`` to its tip, ``width`` across, bent sideways."""
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.hypot(x1 - x0, y1 - y0) or 1
    px, py = (y0 - y1) / length, (x1 - x0) / length
    a = (mx + px * (bend + width), my + py * (bend + width))
    b = (mx + px * (bend - width), my + py * (bend - width))
    c = (mx + px * bend, my + py * bend)
    tip = f"{_n(x1)} {_n(y1)}"
    return _p(
        f"M{_n(x0)} {_n(y0)}Q{_n(a[0])} {_n(a[1])} {tip}Q{_n(b[0])} {_n(b[1])} {_n(x0)} {_n(y0)}Z",
        fill,
        ' stroke-width=".35"',
    ) + _line(f"M{_n(x0)} {_n(y0)}Q{_n(c[0])} {_n(c[1])} {tip}", INK, 0.3)


# --------------------------------------------------------------------------------------------
# heads, drawn about the centre of the face (0, 0); the face is 9 wide and 12 high

_FACE = "M-4.5-1C-4.5-4.6-2.5-6 0-6S4.5-4.6 4.5-1C4.5 3.2 2.4 5.8 0 5.8S-4.5 3.2-4.5-1Z"
_EARS = "M-4.3-1.6C-5.9-2-6.2.8-4.3 1.4ZM4.3-1.6C5.9-2 6.2.8 4.3 1.4Z"
_HAIR = {
    # a cap of hair over the brow, down the temples
    "short": "M-4.9 1C-5.6-4.4-3.2-7 0-7S5.6-4.4 4.9 1C4.4-.8 4.2-2.4 3.4-3.4"
    "C1.4-2.6-1.4-2.6-3.4-3.4C-4.2-2.4-4.4-.8-4.9 1Z",
    # hair to the jaw, a page's bob or an old man's locks
    "long": "M-4.4 1.2C-5.8-4-3.6-7.2 0-7.2S5.8-4 4.4 1.2C4.2-.6 3.8-2.6 3-3.6"
    "C1.2-2.6-1.2-2.6-3-3.6C-3.8-2.6-4.2-.6-4.4 1.2Z",
}
_BEARD = {
    "moustache": "M-2.8 3.1C-1.8 1.8-.5 2-0 2.6C.5 2 1.8 1.8 2.8 3.1C1.8 2.8.7 3 0 3.4"
    "C-.7 3-1.8 2.8-2.8 3.1Z",
    "pointed": "M-4.3 1.4C-4 5-1.6 6.6 0 10C1.6 6.6 4 5 4.3 1.4C3 3.8 1.6 4.4 0 4.4"
    "S-3 3.8-4.3 1.4Z",
    "full": "M-4.6 0C-4.8 5.4-2.4 8.8 0 8.8S4.8 5.4 4.6 0C3.8 3 2 4 0 4S-3.8 3-4.6 0Z",
    "short": "M-4.4.6C-4.4 4.6-2.4 6.8 0 6.8S4.4 4.6 4.4.6C3.6 3.2 2 4.1 0 4.1S-3.6 3.2-4.4.6Z",
    "long": "M-4.7-.4C-5.6 6-4.2 13-.4 19.4C.2 17.4 1 18.6 1.8 16.4C4.4 11 5.6 5.4 4.7-.4"
    "C3.8 2.8 2 4 0 4S-3.8 2.8-4.7-.4Z",
}


def _head(
    x: float, y: float, hair: str, style: str, beard: str, hat: str, old: bool = False
) -> str:
    """A head at ``(x, y)``: hair (``short`` or ``long``), face, ``beard`` (a key of
    ``_BEARD`` or ``""``), moustache with every beard, and ``hat`` drawn over it."""
    out = []
    if style == "long":
        out.append(
            _p(
                "M-4.6-2C-7.6 0-5.6 3-7 6.4C-5.4 6.8-4.4 6-3.8 5.2H3.8C4.4 6 5.4 6.8 7 6.4"
                "C5.6 3 7.6 0 4.6-2Z",
                hair,
                ' stroke-width=".4"',
            )
        )
    out.append(_p(_EARS, SKIN, ' stroke-width=".4"'))
    out.append(_p(_FACE, SKIN))
    out.append(
        f'<path d="M-2.2-.9h.2M2-.9h.2" stroke="{INK}" stroke-width="1.1"/>'  # eyes
        f'<path d="M-3.2-2.3Q-2-3.1-.9-2.4M.9-2.4Q2-3.1 3.2-2.3M0-.4L-.6 1.9Q0 2.4.6 2'
        'M-1.1 3.5Q0 4 1.1 3.5" fill="none" stroke-width=".45"/>'
        f'<path d="M-3.7 1.5a1 1 0 0 0 2 0a1 1 0 0 0-2 0M1.7 1.5a1 1 0 0 0 2 0a1 1 0 0 0-2 0" '
        f'fill="{CHEEK}" stroke="none" opacity=".7"/>'
    )
    if old:
        out.append(
            '<path d="M-2.4-4.3Q0-4.9 2.4-4.3M-3.6 0Q-3.3.8-3.6 1.4" '
            'fill="none" stroke-width=".3"/>'
        )
    if beard:
        out.append(_p(_BEARD[beard], hair, ' stroke-width=".4"'))
        if beard == "long":
            out.append(
                '<path d="M-2 6Q-1.6 11-.4 15M1.6 6Q2 10 1.2 13.4" fill="none" stroke-width=".3"/>'
            )
        if beard != "moustache":
            out.append(_p(_BEARD["moustache"], hair, ' stroke-width=".35"'))
    out.append(_p(_HAIR[style], hair, ' stroke-width=".4"'))
    out.append(hat)
    return f'<g transform="translate({_n(x)} {_n(y)})">{"".join(out)}</g>'


# hats, about the centre of the face (its top is y = -6)


def _plumed_hat() -> str:  # Geszler: a broad black hat, a gold band, a red and white plume
    return (
        _feather(3.6, -7.6, -12.4, -5.4, 2, LINEN, 2.4)
        + _feather(3.6, -7.6, -10.6, -10, 2.6, LINEN, 3)
        + _feather(3.6, -7.6, -6.4, -12.6, 2.2, RED, 1.8)
        + _p("M-4.8-5.6C-5.2-9.6-2.8-11.8 0-11.8S5.2-9.6 4.8-5.6Z", "#2a2630")
        + _p("M-4.9-7.2H4.9V-5.6H-4.9Z", GOLD, ' stroke-width=".35"')
        + _p("M-9.4-4.2C-6.6-7.4 6.6-7.4 9.4-4.2C6-5.6-6-5.6-9.4-4.2Z", "#2a2630")
    )


def _felt_hat() -> str:  # Kuoni: a low round felt hat
    return (
        _p("M-4.5-5.4C-4.7-9-2.6-10.2 0-10.2S4.7-9 4.5-5.4Z", "#8a6d4a")
        + _p("M-4.6-6.8C-1.6-6 1.6-6 4.6-6.8V-5.4H-4.6Z", "#4a3a2a", ' stroke-width=".3"')
        + _p("M-7.6-4.4C-5.2-6.8 5.2-6.8 7.6-4.4C5-5.4-5-5.4-7.6-4.4Z", "#8a6d4a")
        + '<circle cx="3.4" cy="-6.4" r=".9" fill="#f2e27a" stroke-width=".3"/>'
    )


def _tell_hat() -> str:  # Tell: a tall pointed hat, its brim turned up, a long feather
    return (
        _feather(3, -8, -12, -11.4, 1.8, "#f1ece0", 2.6)
        + _p("M-4.6-5C-4.4-9-1.6-13.4 1.8-14C3.8-11.4 4.8-8.4 4.8-5Z", "#3d5e2e")
        + _p("M-7-4.2C-4-6.6 4-6.6 7-4.6L6.6-7C3.4-6.8-3-6.6-6.4-6Z", "#2e4a22")
    )


def _morion() -> str:  # Harras: a soldier's morion, crested, brim peaked fore and aft
    return (
        _p("M-3.8-9.4C-2.6-13 2.6-13 3.8-9.4Z", STEEL)
        + _p("M-5.2-4.8C-5.6-9.2-3-11 0-11S5.6-9.2 5.2-4.8Z", STEEL)
        + _p("M-9-7.8C-6.4-4.2 6.4-4.2 9-7.8C7.6-3-7.6-3-9-7.8Z", STEEL)
        + _line("M-2.8-8.6Q-2-10-.6-10.4", "#ffffff", 0.6)
        + '<circle cx="-2.6" cy="-5.2" r=".45" fill="#ffffff" stroke="none"/>'
        + '<circle cx="2.6" cy="-5.2" r=".45" fill="#ffffff" stroke="none"/>'
    )


def _beret() -> str:  # Rudenz: a slashed velvet beret, a brooch and a drooping feather
    return (
        _feather(-2, -9, -12.6, -7.4, 1.6, LINEN, -1.6)
        + _p(
            "M-6.4-4.8C-8.4-7.4-5-10.8 1-10.4C6.4-10 8.8-7.8 7.6-5.4C5-4-3.4-4-6.4-4.8Z", "#3a2150"
        )
        + _line("M-3.4-6.2L-2.6-8.6M0-6L.4-9M3.4-6.2L4-8.8", "#d7c27a", 0.6)
        + f'<circle cx="-2" cy="-8.6" r="1" fill="{GOLD}" stroke-width=".3"/>'
    )


def _fur_cap() -> str:  # Fürst: a soft red cap with a grey fur rim
    return (
        _p("M-4.8-5C-5.6-10-2.6-12.2 .6-12C4-11.6 5.4-9.4 4.8-5Z", "#8a2f2f")
        + _p("M-5.6-3.6C-6-6.4-3-7.4 0-7.4S6-6.4 5.6-3.6C3.2-4.6-3.2-4.6-5.6-3.6Z", "#d9d2c4")
        + _line("M-3.6-5.4V-6.4M-1.2-5.8V-7M1.2-5.8V-7M3.6-5.4V-6.4", "#9a9080", 0.4)
    )


def _hunting_hat() -> str:  # Stüssi: a green hunting hat, its brim turned up, a brush
    return (
        _line("M-3.4-10L-5.2-12.2M-3-10L-3.2-12.6M-2.6-10L-1.2-12.3", "#6b5a40", 1.2)
        + _p("M-4.6-5.2C-4.8-9-2.6-11.2 0-11.2S4.6-9 4.4-5.2Z", "#4a6a30")
        + _p("M-4.6-6.6C-1.6-5.8 1.6-5.8 4.5-6.6V-5.2H-4.6Z", "#7a3a22", ' stroke-width=".3"')
        + _p("M-7.6-8.6C-7.4-5.2-4-4.2 1-4.4C4.6-4.6 7-5 7.6-5.6C5-3.4-3-3-6.4-5.4Z", "#3a5626")
    )


def _noble_cap() -> str:  # Reding: a tall crimson cap with a fur brim and a jewel
    return (
        _feather(2.6, -9.6, 9, -12.2, 1.3, LINEN, 1.4)
        + _p("M-4.8-5C-5.4-10.4-2.6-13.6 1.2-13.2C4-12.8 5.2-9.6 4.8-5Z", "#9c2b3c")
        + _p("M-5.8-3.8C-6.2-7-3-7.6 0-7.6S6.2-7 5.8-3.8C3.2-4.8-3.2-4.8-5.8-3.8Z", "#6b4a2e")
        + f'<circle cx="2.6" cy="-9.2" r="1.1" fill="{GOLD}" stroke-width=".3"/>'
    )


_CROWN_BALLS = "M-5.8-11.4h.1M-1.6-12.6h.1M1.6-12.6h.1M5.8-11.4h.1"


def _crown() -> str:  # the Király's: five points, jewels, a band
    return (
        '<g class="crown">'
        + _p(
            "M-5-5L-5.8-11.4L-3.2-8.6L-1.6-12.6L0-9L1.6-12.6L3.2-8.6L5.8-11.4L5-5Z",
            GOLD,
            f' stroke="{GOLD_LINE}"',
        )
        + _p("M-5.2-6.8H5.2V-4.8H-5.2Z", GOLD, f' stroke="{GOLD_LINE}"')
        + f'<path d="M0-5.8h.1" stroke="{RED}" stroke-width="1.6"/>'
        + '<path d="M-3-5.8h.1M3-5.8h.1" stroke="#2f6fb3" stroke-width="1.2"/>'
        # balls on the points: a dark dot under a gold one
        + f'<path d="{_CROWN_BALLS}" stroke="{GOLD_LINE}" stroke-width="1.9"/>'
        + f'<path d="{_CROWN_BALLS}" stroke="{GOLD}" stroke-width="1.2"/></g>'
    )


# --------------------------------------------------------------------------------------------
# bodies (the upper half: shoulders at y 26, cut off at the middle, y 45)

_NECK = "M30.3 21H33.7V26.4H30.3Z"
_TORSO = "M23 27.6C25 25 39 25 41 27.6L43.4 45H20.6Z"
_CLOAK = "M21.4 27.6C25 24.4 39 24.4 42.6 27.6L47.6 45H16.4Z"
_ERMINE = "M23.6 26.6C27 30.4 37 30.4 40.4 26.6L42.6 28.6C38 33.4 26 33.4 21.4 28.6Z"
# arms: the Felső's raised to the sign (right), the Alsó's lowered to it (left)
_RAISED = ("M40 28.6Q45.6 26.4 46.6 18.4", 46.7, 17.4)
_LOWERED = ("M24 28.6Q19.4 32 16.4 36", 15.8, 36.8)
_ACROSS = ("M24 28.6Q19 34 23.6 39.2", 24.2, 39.6)  # the other hand before the body
_TO_STAFF = ("M40 28.6Q43.4 33.6 46.2 32.2", 46.8, 31.8)  # the other hand on a staff


def _spots(x: float) -> str:
    """The black tails on an ermine collar centred on ``x``."""
    d = "".join(
        f"M{_n(x + dx)} {_n(y)}v.9"
        for dx, y in ((-7.6, 28.4), (-4, 30.2), (0, 30.8), (4, 30.2), (7.6, 28.4))
    )
    return f'<path d="{d}" stroke="{FUR_SPOT}" stroke-width=".7"/>'


def _ermine() -> str:
    return _p(_ERMINE, LINEN) + _spots(32)


def _geszler() -> str:
    wine = "#6e2346"
    return (
        _p(_NECK, SKIN)
        + _p(_CLOAK, wine)
        + _p("M28.4 28H35.6L37.2 45H26.8Z", "#d8a93a")
        + _line("M32 31V45", "#8a6418", 0.5)
        + "".join(f'<circle cx="32" cy="{y}" r=".6" fill="{INK}"/>' for y in (34, 38, 42))
        + _ermine()
        + _line("M27 31Q32 38.4 37 31", GOLD, 1)
        + f'<circle cx="32" cy="35" r="1.3" fill="{GOLD}" stroke="{GOLD_LINE}" '
        'stroke-width=".4"/>'
        + _arm(_RAISED[0], wine, *_RAISED[1:])
        + _arm(_ACROSS[0], wine, *_ACROSS[1:])
        # the governor's baton, blue velvet with gold ends
        + _rod("M19.6 44.4L29.8 33.2", "#34407a", 1.8)
        + _line("M19.6 44.4L20.6 43.3M28.8 34.3L29.8 33.2", GOLD, 1.8)
        + _hand(24.2, 39.6)
        + _head(32, 17, "#2a1d14", "short", "pointed", _plumed_hat())
    )


def _kuoni() -> str:
    smock = "#a9804e"
    return (
        _rod("M47.4 45V11C47.4 5.2 54.4 5.2 54.4 10.6C54.4 12.6 52.8 13.2 51.8 12.2", WOOD, 1.5)
        + _p(_NECK, SKIN)
        + _p(_TORSO, smock)
        + _p("M27.8 25.6Q32 28.4 36.2 25.6L32 33.4Z", "#c2453a")  # a neckerchief
        + _line("M27.4 33L26.4 44M36.6 33L37.6 44M32 33V44", "#7d5a32", 0.5)
        + _line("M21.8 40.2Q32 42.6 42.2 40.2", "#e3cf8f", 1.4)
        + _arm(_LOWERED[0], smock, *_LOWERED[1:])
        + _arm(_TO_STAFF[0], smock, *_TO_STAFF[1:])
        + _head(32, 17, "#7a4a24", "short", "", _felt_hat())
    )


def _tell() -> str:
    green = "#4d7a3a"
    # the crossbow held across the body: stock, steel bow, string
    crossbow = (
        _line("M25.6 29L26.4 36.8L34 38.4", INK, 0.5)
        + _rod("M18.4 44.6L31.6 32.6", "#8a5a2e", 1.8)
        + _rod("M25.6 29C29.6 29.4 33.6 33.6 34 38.4", STEEL_DARK, 1.2)
    )
    return (
        _p(_NECK, SKIN)
        + _p(_TORSO, green)
        + _p("M28 25.8Q32 29.4 36 25.8L36.4 27.4Q32 31 27.6 27.4Z", LINEN)
        + _line("M25.4 27.2L41.2 42.6", "#6b4423", 1.6)
        + _line("M21.5 39.6Q32 42 42.5 39.6", "#5a3a1e", 1.6)
        + f'<rect x="30.6" y="39.8" width="2.8" height="2.2" fill="{GOLD}" stroke-width=".35"/>'
        + _arm(_RAISED[0], green, *_RAISED[1:])
        + _arm(_ACROSS[0], green, *_ACROSS[1:])
        + crossbow
        + _hand(24.2, 39.6)
        + _head(32, 17, "#5a3a22", "short", "full", _tell_hat())
    )


def _harras() -> str:
    red, yellow = "#b23a2a", "#e8c25a"
    halberd = (
        _rod("M47.4 45V8.6", WOOD, 1.3)
        + _p("M46.6 10.2L47.4 4.4L48.2 10.2Z", STEEL, ' stroke-width=".35"')
        + _p(
            "M47.8 11.2L53.2 10C54.8 13 54.8 16.4 53.2 19.2L47.8 16.6Z", STEEL, ' stroke-width=".4"'
        )
        + _p("M47 12.6L43.2 14.2L47 16Z", STEEL, ' stroke-width=".35"')
    )
    return (
        halberd
        + _p(_NECK, SKIN)
        + _p(_TORSO, red)
        + _line("M26.8 27.4L25.6 44.4M32 26.4V44.4M37.2 27.4L38.4 44.4", yellow, 1.8)
        + _p("M28.4 25.8Q32 28.6 35.6 25.8L35.6 27.2Q32 30 28.4 27.2Z", LINEN)
        + _line("M21.6 40.4Q32 42.6 42.4 40.4", INK, 1.4)
        + _arm(_LOWERED[0], yellow, *_LOWERED[1:])
        + _arm(_TO_STAFF[0], yellow, *_TO_STAFF[1:])
        + _head(32, 17, "#2a2420", "short", "moustache", _morion())
    )


def _sword(x: float, tip: float, hilt: float, grip: str) -> str:
    """An upright sword on the line ``x``: its point at ``tip``, the blade down to ``hilt``,
    then the gold cross-guard, the ``grip`` and the pommel."""
    return (
        _p(
            f"M{_n(x - 1.2)} {_n(hilt)}V{_n(tip + 2.4)}L{_n(x)} {_n(tip)}"
            f"L{_n(x + 1.2)} {_n(tip + 2.4)}V{_n(hilt)}Z",
            STEEL,
            ' stroke-width=".4"',
        )
        + _line(f"M{_n(x)} {_n(tip + 2.8)}V{_n(hilt - 0.8)}", STEEL_DARK, 0.4)
        + _rod(f"M{_n(x - 3.6)} {_n(hilt + 0.4)}H{_n(x + 3.6)}", GOLD, 1.1)
        + _rod(f"M{_n(x)} {_n(hilt + 1)}V{_n(hilt + 5)}", grip, 1.2)
        + f'<circle cx="{_n(x)}" cy="{_n(hilt + 6)}" r="1.1" fill="{GOLD}"/>'
    )


def _rudenz() -> str:
    blue = "#35589a"
    sword = _sword(22.2, 8.2, 35.6, "#5a3a22")
    return (
        _p(_NECK, SKIN)
        + _p(_TORSO, blue)
        + _line(
            "M27 31.4l1 3M32 31v3.4M37 31.4l-1 3M26.6 37.4l1 3.2M32 37v3.4M37.4 37.4l-1 3.2",
            LINEN,
            1,
        )
        + _p(
            "M25.8 26.6Q26.8 24.6 28.2 26Q29.3 24.2 30.6 25.8Q32 24 33.4 25.8Q34.7 24.2 35.8 26"
            "Q37.2 24.6 38.2 26.6Q32 30.4 25.8 26.6Z",
            LINEN,
            ' stroke-width=".4"',
        )
        + _arm(_RAISED[0], blue, *_RAISED[1:])
        + _line("M42.8 26.6l.8 1.4M44.6 24.6l.4 1.4", LINEN, 0.9)
        + _arm("M24 28.6Q19.6 34 22.2 38.4", blue, 22.2, 38.4)
        + sword
        + _hand(22.2, 38.4)
        + _head(32, 17, "#c99a42", "long", "", _beret())
    )


def _furst() -> str:
    robe = "#6f5a44"
    return (
        _rod("M47.2 45C46.4 36 48 24 46.8 9", WOOD, 1.7)
        + f'<circle cx="46.8" cy="8" r="1.7" fill="{WOOD}"/>'
        + _p(_NECK, SKIN)
        + _p(_TORSO, robe)
        + _p(
            "M28.6 26.2L27.2 45H30.6L31 28ZM35.4 26.2L36.8 45H33.4L33 28Z",
            "#d9d2c4",
            ' stroke-width=".4"',
        )
        + _arm(_LOWERED[0], robe, *_LOWERED[1:])
        + _arm(_TO_STAFF[0], robe, *_TO_STAFF[1:])
        + _head(32, 17, "#eeeae2", "long", "long", _fur_cap(), old=True)
    )


def _stussi() -> str:
    coat = "#6b7440"
    spear = (
        _rod("M20.2 45V11.4", WOOD, 1.2)
        + _p(
            "M20.2 4.4C22.2 7 22.2 10 20.2 12.2C18.2 10 18.2 7 20.2 4.4Z",
            STEEL,
            ' stroke-width=".4"',
        )
        + _line("M20.2 6V11", STEEL_DARK, 0.4)
        + _line("M19 12.6H21.4", INK, 0.8)
    )
    horn = (
        _p(
            "M36.2 36.8C33.4 40.6 28.4 41.2 25 38.6L23.2 42.4C28.4 45.2 35.2 43 36.8 37.4Z",
            "#efe2c0",
            ' stroke-width=".45"',
        )
        + '<ellipse cx="24.1" cy="40.5" rx=".9" ry="2.1" transform="rotate(25 24.1 40.5)" '
        'fill="#b59a62" stroke-width=".4"/>' + _line("M28.2 40.6l-.6 2.6M33 39.6l1 2", GOLD, 0.9)
    )
    return (
        spear
        + _p(_NECK, SKIN)
        + _p(_TORSO, coat)
        + _p("M28.2 25.6L32 33.6L35.8 25.6L37.6 27L32 36L26.4 27Z", "#4e5630", ' stroke-width=".4"')
        + _line("M40.2 27.6L25.2 40.4", "#7a3a22", 1.4)
        + horn
        + _arm(_RAISED[0], coat, *_RAISED[1:])
        + _arm("M24 28.6Q19.4 32.6 20.6 36.6", coat, 20.6, 36.6)
        + _head(32, 17, "#6b4423", "short", "short", _hunting_hat())
    )


def _reding() -> str:
    sleeve = "#8c2a3a"
    sword = _sword(47.4, 6.2, 32.6, "#3a2a22")
    return (
        _p(_NECK, SKIN)
        + _p(_TORSO, STEEL)
        + _line("M32 27V45M24.6 37.6Q32 40.6 39.4 37.6", STEEL_DARK, 0.5)
        + _line("M23.6 30.4L40.6 43.6", "#b8323e", 2.2)
        + _p("M28.4 25.6Q32 28.4 35.6 25.6L35.6 27.2Q32 30 28.4 27.2Z", "#2a2a2a")
        + sword
        + _arm(_LOWERED[0], sleeve, *_LOWERED[1:])
        + _arm("M40 28.6Q43.6 34 46.4 35.2", sleeve, 47.2, 35.4)
        + _p("M20.8 31.4C20.2 27 23.6 25.4 27.2 26.4L26.2 31.6Z", STEEL, ' stroke-width=".45"')
        + _p("M43.2 31.4C43.8 27 40.4 25.4 36.8 26.4L37.8 31.6Z", STEEL, ' stroke-width=".45"')
        + _head(32, 17, "#6b3a1e", "short", "short", _noble_cap())
    )


#: The Felső and Alsó of each suit (piros, makk, zöld, tök).
_FIGURES: dict[int, tuple[Callable[[], str], ...]] = {
    OVER: (_geszler, _tell, _rudenz, _stussi),
    UNDER: (_kuoni, _harras, _furst, _reding),
}


# --------------------------------------------------------------------------------------------
# the Király on horseback

#: By suit: mantle, horse, mane, the horse's cloth, beard and hair.
_KINGS = (
    ("#9b2d3a", "#ece6da", "#b9ae9a", "#3e5f8a", "#8a8378"),
    ("#3e5f8a", "#9a5a2e", "#3b2418", "#9b2d3a", "#5a3a22"),
    ("#5a3d7a", "#4a3e38", "#1f1a18", "#2f6b4a", "#c9a04a"),
    ("#2f6b4a", "#b3b2ab", "#6d6b66", "#5a3d7a", "#3b2a1a"),
)

_HORSE = (
    "M33 45C34 32 37 22 42 16.8L42.6 11.2L45.4 15.8C47.2 16.2 48.8 17.6 50 19.6L54.8 28.4"
    "C56 30.6 55.8 33.6 53.6 34.4C52 35 50.4 34.2 49.4 32.8C47.6 32.2 45.6 31.4 44.6 29.4"
    "C44.2 35 45.6 40.6 48.4 45Z"
)
_MANE = (
    "M42.4 16.6C37.6 20.6 34.6 27.4 33.4 33.6C32.8 37.4 32.2 41.4 31.2 45H33.8"
    "C34 38 35.6 29.6 39.4 23.6C40.6 21.6 42 20 43.8 18.8Z"
)


def _horse(coat: str, mane: str, cloth: str) -> str:
    return (
        '<g class="horse">'
        + _p("M41.6 17L40.8 11.8L43.6 15.2Z", coat)  # the far ear
        + _p(_HORSE, coat)
        + _p(_MANE, mane, ' stroke-width=".4"')
        + _p(
            "M43.4 15.6C42.4 17.8 43.4 19.8 45.4 19.8C44.8 18.4 45.2 17 46 16.4Z",
            mane,
            ' stroke-width=".35"',
        )  # forelock
        + _line("M44.8 29.2C43.8 26 45.6 23.2 48.6 23.4", INK, 0.4)  # the cheek
        + _p("M45.6 20.6Q47.2 19.2 48.8 20.4Q47.2 21.6 45.6 20.6Z", INK)  # eye
        + _line("M53.2 31q.8-1 1.6-.3M53.6 34.4q-1.2-.6-2.2-.2", INK, 0.45)  # nostril, mouth
        # the bridle: brow band, cheek strap, nose band, bit
        + _line(
            "M43 17.8Q44.6 18.8 46.4 17.4M44.8 18.2L51 32.4M52.4 26.4Q50 29.6 50.6 33.6", RED, 0.9
        )
        + f'<circle cx="50.9" cy="32.6" r=".9" fill="{GOLD}" stroke="{GOLD_LINE}" '
        'stroke-width=".35"/>'
        # a breast cloth across the neck, fringed with gold
        + _p("M33 39.4C37.6 38.4 43 38.6 47 40.8L48.6 45H32.8Z", cloth)
        + _line("M33 39.4C37.6 38.4 43 38.6 47 40.8", GOLD, 1)
        + f'<path d="M36 41.6h.1M40 41.4h.1M44 42.2h.1" stroke="{INK}" stroke-width="1.7"/>'
        + f'<path d="M36 41.6h.1M40 41.4h.1M44 42.2h.1" stroke="{GOLD}" stroke-width="1.1"/>'
        + "</g>"
    )


def _king(suit: int) -> str:
    mantle, coat, mane, cloth, beard = _KINGS[suit]
    return (
        _p("M26 21H29.4V26.4H26Z", SKIN)
        + _p("M18.4 27.6C21 24.6 34 24.6 36.6 27.6L40 45H14Z", mantle)
        + _p(
            "M20.8 26.4C23.8 30.2 31.8 30.2 34.8 26.4L36.8 28.4C32.2 33.4 23.4 33.4 18.8 28.4Z",
            LINEN,
        )
        + _spots(27.8)
        + _horse(coat, mane, cloth)
        + _arm("M20 28.6Q16.6 34 20.4 37.4", mantle, 21, 37.4)
        + _rod("M50.9 32.6Q46.6 38.4 41.6 35.4", RED, 0.7)
        + _arm("M35 28.6Q38.6 33 41.2 35.2", mantle, 41.6, 35.4)
        + _head(27.6, 16.6, beard, "long", "full", _crown())
    )


# --------------------------------------------------------------------------------------------
# the double-headed court card


def _panel() -> str:
    """The picture's ground in the upper half, clear of the corner index."""
    return (
        f'<path d="M18 3.6H56.4V45H3.6V31.6H18Z" fill="{PANEL}" stroke="{PANEL_LINE}" '
        'stroke-width=".6"/>'
    )


def _divider() -> str:
    return (
        f'<g class="divider"><path d="M3.6 44.1H56.4V45.9H3.6Z" fill="{GOLD}" stroke="{INK}" '
        f'stroke-width=".4"/><path d="M3.6 45H56.4" stroke="{GOLD_LINE}" stroke-width=".3"/></g>'
    )


def court(suit: int, rank: int, sign: Sign) -> str:
    """A double-headed court card's picture (Alsó, Felső or Király of ``suit``): the upper
    half and the same half turned about the card's centre, the band between them."""
    if rank == KING:
        figure = _king(suit)
    else:
        figure = _FIGURES[rank][suit]()
    x, y, size = SIGN_AT[rank]
    half = (
        _panel()
        + f'<g stroke="{INK}" stroke-width=".5" stroke-linejoin="round" stroke-linecap="round">'
        + figure
        + "</g>"
        + sign(x, y, size)
    )
    return (
        f'<g class="half">{half}</g>'
        f'<g class="half" transform="rotate(180 30 45)">{half}</g>' + _divider()
    )


# --------------------------------------------------------------------------------------------
# the Aces' seasons


def season(suit: int) -> str:
    """The season of ``suit``'s Ász, drawn about the large sign: spring (piros), winter
    (makk), autumn (zöld), summer (tök)."""
    return (
        f'<g class="season" stroke-linecap="round" stroke-linejoin="round">{_SEASONS[suit]()}</g>'
    )


def _ground(d: str, fill: str, line: str) -> str:
    return f'<path d="{d}" fill="{fill}" stroke="{line}" stroke-width=".5"/>'


def _at(x: float, y: float, body: str, rotate: float = 0) -> str:
    turn = f" rotate({_n(rotate)})" if rotate else ""
    return f'<g transform="translate({_n(x)} {_n(y)}){turn}">{body}</g>'


_TULIP = "M-1.7-2.8C-1.9-.6-1 .5 0 .5S1.9-.6 1.7-2.8L.8-1.7L0-3.2L-.8-1.7Z"
_FLAKE = "M0-1.7V1.7M-1.5-.85L1.5.85M-1.5.85L1.5-.85"
_FALLING_LEAF = "M0-2.4C1.8-1.2 1.8 1.2 0 2.4C-1.8 1.2-1.8-1.2 0-2.4ZM0-2.4V3.2"
_SHEAF = (
    "M-3 0L-1-5.6M-1 0L-.4-5.6M1 0L.4-5.6M3 0L1-5.6"
    "M-1-5.6L-3.6-11M-.4-5.6L-1.2-12.2M.4-5.6L1.2-12.2M1-5.6L3.6-11"
)


def _spring() -> str:
    """Tavasz: a blossoming tree, tulips in the grass, swallows."""
    blossoms = "".join(
        f'<circle cx="{x}" cy="{y}" r=".9" fill="#f7b3c8" stroke="#b0506e" stroke-width=".25"/>'
        for x, y in (
            ("34.6", "64.4"),
            ("37.8", "63.4"),
            ("39.8", "66.4"),
            ("36.2", "67.2"),
            ("32.6", "68.6"),
            ("41.6", "69.2"),
            ("38.2", "69.8"),
            ("35", "70.4"),
        )
    )
    tulip = (
        '<path d="M0 0V4.6M0 3Q-1.6 1.6-2 .2Q-.4 1.2 0 3" fill="#5e9a3a" stroke="#3e6a26" '
        'stroke-width=".5"/>'
        f'<path d="{_TULIP}" fill="#d0342c" stroke="{INK}" stroke-width=".35"/>'
    )
    return (
        _ground("M15.2 75C21 71.6 35 71 44.8 74.4V83.8H15.2Z", "#b7d88e", "#5e9a3a")
        + _rod(
            "M37.4 82C37.8 78 37.6 74 36.8 70.6M37.1 75L40.4 71.2M37.3 76.4L33.8 72.6", WOOD, 1.2
        )
        + '<g fill="#9ccb74" stroke="#4e7f30" stroke-width=".45">'
        '<circle cx="33.8" cy="68.6" r="3.2"/><circle cx="40.8" cy="68.8" r="3.2"/>'
        '<circle cx="37.2" cy="66" r="4.2"/></g>'
        + blossoms
        + _at(19.6, 77.4, tulip)
        + _at(24, 76.2, tulip)
        + _at(28.2, 78.4, tulip)
        + _line(
            "M20 13.4q1.4-1.3 2.8 0q1.4-1.3 2.8 0M27.6 9.8q1-1 2 0q1-1 2 0"
            "M35.6 14.6q.9-.8 1.8 0q.9-.8 1.8 0",
            INK,
            0.55,
        )
    )


def _winter() -> str:
    """Tél: a bare tree in the snow, a snowman, falling snow."""
    flakes = "".join(
        _at(x, y, f'<path d="{_FLAKE}" stroke="#6f95bd" stroke-width=".5"/>')
        for x, y in (
            (20, 11),
            (27.6, 7.8),
            (34.8, 12.2),
            (40.6, 8.6),
            (23.4, 16.4),
            (40.8, 16.6),
            (19.4, 64.6),
            (27.4, 63.6),
        )
    )
    return (
        flakes
        + _ground("M15.2 74.6C22 71 32 73.4 44.8 71.8V83.8H15.2Z", "#eef4fa", "#8aa4bf")
        + _rod(
            "M37 80.6C37.4 75.6 37 70.6 36.2 63.4M36.9 72.4L42 67.2M41 68.2L43.6 67.6"
            "M40.2 69L41.4 65M36.5 69L31.6 63.8M33.2 65.6L30.8 65.6M33.6 66.6L33.4 62.6"
            "M36.3 66.8L39 61.6",
            "#4a3626",
            0.9,
        )
        + _line("M40.4 68.6l1.4-1.2M31.6 64.4l1.2.6", "#ffffff", 0.6)
        + '<g fill="#ffffff" stroke="#8aa4bf" stroke-width=".5">'
        '<circle cx="23" cy="77.6" r="3.4"/><circle cx="23" cy="72.2" r="2.4"/></g>'
        + f'<path d="M21.2 70.2H24.8M21.8 70.2V67.8H24.2V70.2" fill="{INK}" stroke="{INK}" '
        'stroke-width=".5"/>'
        + '<path d="M23 72.4L25.2 72.9L23 73.1Z" fill="#e07a2a" stroke="none"/>'
        + f'<path d="M22.2 71.6h.1M23.8 71.6h.1M23 76.4h.1M23 78.4h.1" stroke="{INK}" '
        'stroke-width=".7" stroke-linecap="round"/>'
    )


def _autumn() -> str:
    """Ősz: a barrel of new wine, grapes on the vine, falling leaves."""
    grapes = "".join(
        f'<circle cx="{x}" cy="{y}" r="1.3"/>'
        for x, y in (
            ("33.2", "66.8"),
            ("35.8", "66.8"),
            ("31.9", "69"),
            ("34.5", "69"),
            ("37.1", "69"),
            ("33.2", "71.2"),
            ("35.8", "71.2"),
            ("34.5", "73.4"),
        )
    )
    leaves = "".join(
        _at(
            x,
            y,
            f'<path d="{_FALLING_LEAF}" fill="{fill}" stroke="{INK}" stroke-width=".35"/>',
            rot,
        )
        for x, y, rot, fill in (
            (20.4, 12, -30, "#d9822b"),
            (29.6, 9, 40, "#b5452d"),
            (38.8, 13.4, -60, "#e0b43a"),
            (24.6, 17, 80, "#b5452d"),
        )
    )
    return (
        leaves
        + _ground("M15.2 76C24 73 34 73.4 44.8 75.6V83.8H15.2Z", "#d2ad72", "#8a6a3a")
        + _rod("M39.4 82V62.8", WOOD, 0.9)
        + _line("M39.4 64.6Q36.8 64.2 34.6 65.6", "#5e7a2a", 0.6)
        + f'<g fill="#6a3d7a" stroke="{INK}" stroke-width=".35">{grapes}</g>'
        + _p(
            "M39.8 64.2C40.6 61.4 44 61.4 44.2 64.2C43.4 63.8 43.4 65.8 42 66.8"
            "C41.6 65.6 40.4 65.6 39.8 64.2Z",
            "#7ea03a",
            f' stroke="{INK}" stroke-width=".35"',
        )
        + _p(
            "M17.6 70.4C16.6 74.2 16.6 78 17.6 81.8H28C29 78 29 74.2 28 70.4Z",
            "#a86a34",
            f' stroke="{INK}" stroke-width=".5"',
        )
        + _line(
            "M20.8 70.4C20.4 74.2 20.4 78 20.8 81.8M24.8 70.4C25.2 74.2 25.2 78 24.8 81.8",
            "#6b4423",
            0.35,
        )
        + _line("M17.1 73.2H28.5M17.1 79H28.5", "#3a2a22", 0.9)
    )


def _summer() -> str:
    """Nyár: the sun over a wheat field, two sheaves."""
    rays = "".join(
        f"M{_n(38.6 + 4 * math.cos(a))} {_n(12.2 + 4 * math.sin(a))}"
        f"L{_n(38.6 + 5.8 * math.cos(a))} {_n(12.2 + 5.8 * math.sin(a))}"
        for a in (i * math.pi / 4 + math.pi / 8 for i in range(8))
    )
    ears = "".join(
        f'<ellipse cx="{x}" cy="{y}" rx=".8" ry="1.6" transform="rotate({r} {x} {y})"/>'
        for x, y, r in (
            ("-3.8", "-11.6", "-25"),
            ("-1.3", "-12.8", "-8"),
            ("1.3", "-12.8", "8"),
            ("3.8", "-11.6", "25"),
        )
    )
    sheaf = (
        f'<path d="{_SHEAF}" fill="none" stroke="#a07810" stroke-width=".9"/>'
        f'<g fill="#e8b83a" stroke="#7a5400" stroke-width=".35">{ears}</g>'
        f'<path d="M-1.8-4.8H1.8V-6.4H-1.8Z" fill="{RED}" stroke="{INK}" stroke-width=".3"/>'
    )
    return (
        f'<path d="{rays}" stroke="#e09a20" stroke-width=".8" stroke-linecap="round"/>'
        + '<circle cx="38.6" cy="12.2" r="3.2" fill="#f6c945" stroke="#b07d02" '
        'stroke-width=".5"/>'
        + _line("M19.8 11.8q1.2-1.1 2.4 0q1.2-1.1 2.4 0", INK, 0.5)
        + _ground("M15.2 75.4C24 72.6 34 72.6 44.8 75V83.8H15.2Z", "#ecd789", "#a07810")
        + _line("M17 78.4l1-1.6M42 78.6l-1-1.6M29.4 80.8l.4-1.8", "#a07810", 0.5)
        + _at(22.6, 81.4, sheaf)
        + _at(36.8, 81.4, sheaf)
    )


_SEASONS = (_spring, _winter, _autumn, _summer)
