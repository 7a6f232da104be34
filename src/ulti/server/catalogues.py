"""What the pages read to build themselves: their words in both languages (from
:mod:`ulti.i18n`, served as ``/api/words``) and Ulti's presets and options (``/api/rules``;
Snapszli's are :meth:`ulti.server.tables.snapszli.SnapszliTable.rules_info`)."""

from __future__ import annotations

from typing import Any

from ulti import i18n
from ulti.games.ulti.rules import CHOICES, OPTIONS, PRESET_DOCS, PRESETS, RANGES, Ruleset

#: Options the lobby leaves out: the number of deals has its own field.
LOBBY_HIDDEN = {"session_deals"}


def browser_words() -> dict[str, Any]:
    """What the pages say, from :mod:`ulti.i18n`: per language the ``web`` section, the
    card names (suits, ranks, corner letters), the components, the kontra levels, the rule
    options and presets, and Snapszli's page words (``snap``: the catalogue's ``snap.web-*``
    keys without their prefix; the club's pages' ``club`` and the events' pages' ``events``
    likewise)."""
    out: dict[str, Any] = {}
    for lang in i18n.LANGS:
        out[lang] = {
            **i18n.section("web", lang),
            "suits": i18n.names("suit", 4, lang),
            "ranks": i18n.names("rank", 8, lang),
            "index": i18n.names("index", 8, lang),
            "kinds": i18n.names("kind", 7, lang),
            "kontras": i18n.names("kontra", 7, lang, start=1),
            "options": i18n.section("option", lang),
            "presets": i18n.section("preset", lang),
            "errors": i18n.section("error", lang),
            "snap": _web_words("snap", lang),
            "club": _web_words("club", lang),
            "notify": _web_words("notify", lang),
            "events": _web_words("events", lang),
            "puzzles": _web_words("puzzles", lang),
            "analysis": i18n.section("analysis", lang),
        }
    return out


def _web_words(section: str, lang: str) -> dict[str, str]:
    """A catalogue section's ``web-*`` keys, without their prefix."""
    return {
        k.removeprefix("web-"): v
        for k, v in i18n.section(section, lang).items()
        if k.startswith("web-")
    }


def _range(option: str) -> dict[str, int]:
    """A numeric option's ``min`` and ``max`` (V11: a kontra cap from 2 to 16), if it has one."""
    if option not in RANGES:
        return {}
    low, high = RANGES[option]
    return {"min": low, "max": high}


def rules_info() -> dict[str, Any]:
    """Ulti's presets (each with its options' values) and the options a table may set."""
    standard = Ruleset()
    options = [
        {
            "name": o.name,
            "rule": o.rule,
            "doc": o.doc,
            "type": type(getattr(standard, o.name)).__name__,
            "default": getattr(standard, o.name),
            "choices": list(CHOICES.get(o.name, ())),  # a text option's values
            **_range(o.name),
        }
        for o in OPTIONS
        if o.name not in LOBBY_HIDDEN
    ]
    presets = [
        {
            "name": name,
            "doc": PRESET_DOCS.get(name, ""),
            "values": {o["name"]: getattr(Ruleset.from_preset(name), o["name"]) for o in options},
        }
        for name in PRESETS
    ]
    return {"presets": presets, "options": options}
