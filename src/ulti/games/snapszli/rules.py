"""Snapszli's rules: the options of docs/SNAPSZLI.md (ZV1-ZV4), the named presets, and the one
error a ruleset or a rules file that does not hold together raises.

:class:`SnapRules` is frozen; its defaults are the book's standard game.  It is built from a
preset, a mapping of options (a preset applied first) or a TOML file
(:func:`ulti.games.rulesfile.read_rules_file`, shared with Ulti).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ulti.core.errors import CatalogueError, UltiError
from ulti.games.rulesfile import read_rules_file
from ulti.i18n import CATALOGUE, text


class SnapRulesError(CatalogueError):
    """A Snapszli ruleset that does not hold together (naming the ZV option), or a rules file
    that cannot be read: a catalogue error (:class:`~ulti.core.errors.CatalogueError`).  Raised with
    a ``code`` (and ``params``), the catalogue's ``snap.rules-CODE``, or by
    :func:`ulti.games.rulesfile.read_rules_file` with a key of its ``rules.file-…``; ``str`` is the
    English, :meth:`text` says it in English or Hungarian.  A plain message not in the
    catalogue is kept as given, in every language."""

    section = "snap"

    def __init__(self, key: str = "", /, code: str = "", **params: Any) -> None:
        self.key = self.code = code or key
        self.fields = self.params = params
        UltiError.__init__(self, self.text("en"))

    def text(self, lang: str = "en") -> str:
        for full in (f"snap.rules-{self.key}", f"rules.{self.key}"):
            if full in CATALOGUE:
                return text(full, lang, **self.params)
        return self.key


@dataclass(frozen=True)
class SnapRules:
    """The options of docs/SNAPSZLI.md; the defaults are the book's standard game."""

    twenty_four: bool = False  # ZV1: the IXs added, 6 cards each, a talon of 12
    match_points: int = 7  # ZV2 / Z12: game points that win the match
    min_talon: int = 3  # ZV3: Z6 and Z8 need the talon (turned card included) to hold this many
    last_trick_ten: bool = False  # ZV4: the last trick counts 10 more
    preset: str = "standard"

    def __post_init__(self) -> None:
        for key, rule in (("twenty_four", "ZV1"), ("last_trick_ten", "ZV4")):
            if not isinstance(getattr(self, key), bool):
                raise SnapRulesError(code="bool", rule=rule, key=key)
        for key, rule, low, high in (("match_points", "ZV2", 1, 99), ("min_talon", "ZV3", 1, 12)):
            v = getattr(self, key)
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise SnapRulesError(code="int", rule=rule, key=key, low=low, high=high)
        if self.preset not in PRESETS:
            raise SnapRulesError(code="preset", preset=self.preset, presets=", ".join(PRESETS))

    @property
    def hand_size(self) -> int:
        return 6 if self.twenty_four else 5

    @classmethod
    def from_preset(cls, preset: str) -> SnapRules:
        if preset not in PRESETS:
            raise SnapRulesError(code="preset", preset=preset, presets=", ".join(PRESETS))
        return cls(**PRESETS[preset], preset=preset)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SnapRules:
        """From a mapping of options; ``preset`` (if any) is applied first."""
        if not isinstance(data, Mapping):
            raise SnapRulesError(code="table")
        data = dict(data)
        preset = data.pop("preset", "standard")
        if not isinstance(preset, str):
            raise SnapRulesError(code="preset-name")
        base = cls.from_preset(preset)
        _check_known(data)
        return dataclasses.replace(base, **data)

    @classmethod
    def from_toml(cls, path: str | Path) -> SnapRules:
        return cls.from_dict(read_rules_file(path, PRESETS, SnapRulesError))

    def with_options(self, **options: Any) -> SnapRules:
        _check_known(options)
        return dataclasses.replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name (the form stored in records)."""
        return dataclasses.asdict(self)


def _check_known(keys: Iterable[str]) -> None:
    """Refuse the first of ``keys`` that names no option."""
    known = {f.name for f in dataclasses.fields(SnapRules)}
    for key in keys:
        if key not in known:
            raise SnapRulesError(
                code="option", key=key, options=", ".join(o for o, _r, _d in OPTIONS)
            )


#: Every option, its rule id and what it does (``ulti rules --game snapszli`` prints them).
OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("twenty_four", "ZV1", "24 cards: the IXs added, 6 cards each, the talon 11 + the turned card"),
    ("match_points", "ZV2", "game points that win the match (Z12)"),
    ("min_talon", "ZV3", "talon size (turned card included) Z6 and Z8 need at least"),
    ("last_trick_ten", "ZV4", "the last trick counts 10 more (the Sixty-Six custom)"),
)

#: Named presets.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "sixty-six": {"twenty_four": True, "last_trick_ten": True},
    "short": {"match_points": 3},
}


__all__ = ["OPTIONS", "PRESETS", "SnapRules", "SnapRulesError"]
