"""The one catalogue of every word a player sees, in English and Hungarian.

Each entry is ``(English, Hungarian)``; a key is ``section.name`` (``ui.pass``, ``reason.follow``);
the names of the game's things have no section (``suit.0``, ``kontra.on``).  Texts may hold
``{fields}``; both languages hold the same ones (tested).  The terminal, the browser (served as
JSON), the command line, the settlement lines, the reasons a card may not be played, the end of a
deal, the names of cards, contracts, kontras and rule options, and the server's errors all read
their words here, through :func:`text`.

The catalogue is split by the surface that shows the words, one TOML file each beside this
module (``cards.toml``: the names of the game's things; ``rules``, ``play``, ``record``, ``cli``,
``table``: the terminal and the browser; ``snapszli``, ``errors``: the server's; ``club``,
``analysis``, ``players``, ``selfplay``, ``ulti4``: four at the table, and ``events``:
people's events), a table per section, ``key = ["English", "Hungarian"]``: a translator edits
words, not code.  A surface is
read the first time one of its keys is asked for, so importing the engine reads only the card
names.

Hungarian uses the words players use: parti for the Simple, passz, kontra, rekontra,
szubkontra, mordkontra, hirskontra, fedák sári, terített, negyvenszáz, húszszáz, the suits
piros, makk, zöld, tök and the ranks alsó, felső, király, ász.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any

from ulti.i18n.article import with_article

#: The languages every text exists in.
LANGS = ("en", "hu")

#: One text: its English and its Hungarian words.
Words = tuple[str, str]

#: Each section, in the catalogue's order, and the surface (``ulti/i18n/SURFACE.toml``) that
#: holds it.  The names of the game's things form the section without a name ("").
_SURFACE_OF: dict[str, str] = {
    "": "cards",
    "option": "rules",
    "preset": "rules",
    "rules": "rules",
    "record": "record",
    "cli": "cli",
    "ui": "table",
    "web": "table",
    "reason": "rules",
    "doing": "rules",
    "line": "play",
    "end": "play",
    "play": "cli",
    "hint": "play",
    "snap": "snapszli",
    "error": "errors",
    "club": "club",
    "analysis": "analysis",
    "selfplay": "selfplay",
    "players": "players",
    "checkpoint": "selfplay",
    "four": "ulti4",
    "events": "events",
    "notify": "notify",
    "puzzles": "puzzles",
    "board": "analysis",
}

#: The first words of the keys in the section without a name (``suit.0``, ``won``).
_NAME_HEADS = frozenset(
    {
        "suit",
        "rank",
        "index",
        "season",
        "card",
        "kind",
        "silent",
        "kontra",
        "marriage",
        "trump",
        "act",
        "bidword",
        "won",
        "lost",
    }
)

#: The sections of the surfaces loaded so far, by name.
_loaded: dict[str, dict[str, Words]] = {}
#: Every text loaded so far, by its full key.
_flat: dict[str, Words] = {}


def _section_of(key: str) -> str | None:
    """The section a key belongs to ("" for a name), or None where no section could hold it."""
    head = key.partition(".")[0]
    if head in _NAME_HEADS:
        return ""
    return head if head and head in _SURFACE_OF else None


def read_surface(surface: str) -> dict[str, dict[str, Words]]:
    """The sections of ``SURFACE.toml``, in the file's order (the names' section is "": the
    keys before any table)."""
    data = tomllib.loads(resources.files(__name__).joinpath(f"{surface}.toml").read_text("utf-8"))
    sections: dict[str, dict[str, Words]] = {}
    for name, value in data.items():
        if isinstance(value, dict):
            sections[name] = {k: (en, hu) for k, (en, hu) in value.items()}
        else:
            en, hu = value
            sections.setdefault("", {})[name] = (en, hu)
    return sections


def surfaces_loaded() -> list[str]:
    """The surfaces read so far (the engine alone reads ``cards``)."""
    return sorted({_SURFACE_OF[name] for name in _loaded})


def _load(surface: str) -> None:
    """Read ``SURFACE.toml`` into the loaded texts."""
    for name, table in read_surface(surface).items():
        prefix = f"{name}." if name else ""
        _flat.update((prefix + key, words) for key, words in table.items())
        _loaded[name] = table


def _load_for(key: str) -> bool:
    """Load the surface that would hold ``key`` unless it is loaded; whether one was loaded."""
    name = _section_of(key)
    if name is None or name in _loaded:
        return False
    _load(_SURFACE_OF[name])
    return True


def _table(name: str) -> dict[str, Words]:
    """A section's texts keyed without the section, its surface loaded on first use (KeyError
    names a section that does not exist)."""
    if name not in _loaded:
        _load(_SURFACE_OF[name])
    return _loaded[name]


class _Catalogue(Mapping[str, Words]):
    """Every text by its full key, read-only.  Asking for a key loads that key's surface;
    iterating or measuring loads them all.  Iteration follows the sections' order."""

    def __getitem__(self, key: str) -> Words:
        words = _flat.get(key)
        if words is None and _load_for(key):
            words = _flat.get(key)
        if words is None:
            raise KeyError(key)
        return words

    def __iter__(self) -> Iterator[str]:
        for name in _SURFACE_OF:
            prefix = f"{name}." if name else ""
            yield from (prefix + key for key in _table(name))

    def __len__(self) -> int:
        return sum(len(_table(name)) for name in _SURFACE_OF)

    def __repr__(self) -> str:
        return f"<the catalogue: {len(_loaded)} of {len(_SURFACE_OF)} sections loaded>"


#: Every text, by its full key (``section.name``; the names have no section).
CATALOGUE: Mapping[str, Words] = _Catalogue()


def pair(key: str) -> Words:
    """The English and Hungarian words of ``key`` (KeyError names a missing key)."""
    return CATALOGUE[key]


class _Words(string.Formatter):
    """``str.format`` with the Hungarian article: ``{n!z}`` is "a/az n", ``{n!Z}`` "A/Az n"
    (:mod:`ulti.i18n.article`)."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion in ("z", "Z"):
            return with_article(value, capital=conversion == "Z")
        return super().convert_field(value, conversion)


_FORMAT = _Words()


def fill(words: str, /, **fields: object) -> str:
    """A catalogue text with ``fields`` filled in (``{field!z}``: with its article)."""
    return _FORMAT.format(words, **fields)


def text(key: str, lang: str = "en", /, **fields: object) -> str:
    """The words of ``key`` in ``lang`` (``en`` for any other), with ``fields`` filled in."""
    words = CATALOGUE[key][1 if lang == "hu" else 0]
    return fill(words, **fields) if fields else words


def both(key: str, /, **fields: object) -> dict[str, str]:
    """``{"en": …, "hu": …}``: the words of ``key`` in both languages (for a client that
    switches language without asking the server again)."""
    return {lang: text(key, lang, **fields) for lang in LANGS}


def section(name: str, lang: str = "en") -> dict[str, str]:
    """Every text of a section in one language, keyed without the section (``web`` for the
    browser, served as JSON)."""
    i = 1 if lang == "hu" else 0
    return {k: v[i] for k, v in _table(name).items()}


def names(prefix: str, n: int, lang: str, start: int = 0) -> tuple[str, ...]:
    """``prefix.start`` … ``prefix.start+n-1`` in ``lang`` (the suits, the ranks …)."""
    return tuple(text(f"{prefix}.{i}", lang) for i in range(start, start + n))


def keys() -> Iterator[str]:
    """Every key of the catalogue, in the sections' order."""
    return iter(CATALOGUE)


def fields_of(words: str) -> set[str]:
    """The ``{fields}`` a text holds."""
    return {f for _, f, _, _ in string.Formatter().parse(words) if f}


def check(catalogue: Mapping[str, Words] = CATALOGUE) -> list[str]:
    """What is wrong with a catalogue: an empty text, or languages with different fields."""
    out = []
    for key, (en, hu) in catalogue.items():
        if not en or not hu:
            out.append(f"{key}: a language is missing")
        elif fields_of(en) != fields_of(hu):
            out.append(f"{key}: the languages hold different fields")
    return out


__all__ = [
    "CATALOGUE",
    "LANGS",
    "Words",
    "both",
    "check",
    "fields_of",
    "fill",
    "keys",
    "names",
    "pair",
    "read_surface",
    "section",
    "surfaces_loaded",
    "text",
]
