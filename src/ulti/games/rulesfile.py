"""A rules file (TOML) read for any game: its options, checked against the game's presets.

Both games keep their rules as a preset and options (:class:`ulti.games.ulti.rules.Ruleset`,
:class:`ulti.games.snapszli.SnapRules`); a file names them in a ``[rules]`` table or at the top.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ulti.core.errors import CatalogueError
from ulti.i18n import text


def read_rules_file(
    path: str | Path, presets: dict[str, dict[str, Any]], error: type[Exception]
) -> dict[str, Any]:
    """A rules TOML file's options (either game's; a lone ``[rules]`` table is unwrapped),
    refused with ``error`` when it cannot be read, is no TOML, or names a preset and then
    undoes what that preset sets (``preset = "no-talon"`` with ``talon = true``).  An
    ``error`` that is a :class:`~ulti.core.errors.CatalogueError` is given the catalogue key
    (``rules.file-…``) and its fields; any other, the English words."""
    try:
        source = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise _refusal(error, "file-read", path=path, why=exc.strerror) from None
    except UnicodeDecodeError:
        raise _refusal(error, "file-utf8", path=path) from None
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise _refusal(error, "file-toml", path=path, why=exc) from None
    if "rules" in data and isinstance(data["rules"], dict) and len(data) == 1:
        data = data["rules"]
    preset = data.get("preset")
    if isinstance(preset, str) and preset in presets:
        for key, value in presets[preset].items():
            if key in data and data[key] != value:
                raise _refusal(
                    error,
                    "file-undoes",
                    path=path,
                    preset=preset,
                    name=key,
                    value=_toml(value),
                    given=_toml(data[key]),
                )
    return data


def _refusal(error: type[Exception], key: str, **fields: Any) -> Exception:
    """``error`` for the catalogue's ``rules.KEY``: with the key and fields for a
    :class:`~ulti.core.errors.CatalogueError` (either language), else with the English words."""
    if issubclass(error, CatalogueError):
        return error(key, **fields)
    return error(text(f"rules.{key}", "en", **fields))


def _toml(value: Any) -> str:
    """A value as TOML writes it (``true``, ``2``)."""
    return str(value).lower() if isinstance(value, bool) else repr(value)


__all__ = ["read_rules_file"]
