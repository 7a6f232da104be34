"""The ruleset: one frozen object holding every rule option (section V of RULES.md).

The defaults are the standard rules.  Each variant is one documented option; named presets are
small sets of overrides.  A ruleset loads from TOML::

    preset = "tournament"        # optional, the starting point
    simple_forfeit = false       # any option, by name

An unknown option, a value of the wrong type, or options that contradict each other raise
:class:`RulesetError`, which names the rule (its RULES.md id).

The V2 reading (the how-to-play page, docs/RULES-001.md W1-W14) is the preset ``howto``: each
of its differences is one option, usable alone — ``bid_ladder`` (W3), ``talon_aside`` (W1,
W2), ``trump_with_bid`` (W4), ``forehand_leads`` (W6), ``marriages_with_card`` (W9),
``kontra_until_second_trick`` (W13), ``silent_losses`` (W12) — with the Simple forfeit and
Four Aces off and kontras capped at Rekontra.  Its Simple (41 of 90) and its play rule (W7)
are the standard ones in other words.

Every ruleset caps kontras (V11 ``max_kontra``, 2 to :data:`MAX_KONTRA`; by default
:data:`NAMED_KONTRA`, Wheeled Bicycle), so that every stake is finite.  Versions before the cap
wrote ``max_kontra = 0`` (no limit) into their records and stored tables: those are read with
``Ruleset.from_dict(data, recorded=True)`` and replay as they were played.
"""

from __future__ import annotations

from dataclasses import InitVar, asdict, dataclass, field, fields, replace
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from ulti.core.errors import CatalogueError
from ulti.games.rulesfile import read_rules_file
from ulti.games.ulti.bids import Ladder, build_ladder
from ulti.i18n import CATALOGUE

T = TypeVar("T")


class RulesetError(CatalogueError):
    """An unknown, ill-typed or contradictory rule option.  Raised with a catalogue key (the
    ``rules`` section of :mod:`ulti.i18n`) and its fields: ``str`` is the English,
    :meth:`text` says it in either language.  A plain message not in the catalogue is kept
    as given, in every language (``RulesetError("...")`` as before)."""

    section = "rules"

    def text(self, lang: str = "en") -> str:
        if f"rules.{self.key}" not in CATALOGUE:
            return self.key
        return super().text(lang)


@dataclass(frozen=True)
class Option:
    name: str
    rule: str
    doc: str


def _option(default: T, rule: str, doc: str) -> T:
    """A :class:`Ruleset` option: its default, the rule it comes from (its RULES.md id) and
    what it does, kept as the field's metadata for :data:`OPTIONS`."""
    return field(default=default, metadata={"rule": rule, "doc": doc})


#: The kontra cap (V11) of the presets that leave K2's doubling open: Wheeled Bicycle (level 7,
#: a component's value times 128), the last level K2 and its sources name ("unnamed beyond";
#: going past Rekontra is "very unusual", the high names were made up by players).  Every
#: ruleset has a cap, so every stake is finite.
NAMED_KONTRA = 7
#: The highest cap a ruleset may set: every level up to it has an action id
#: (:data:`ulti.games.ulti.actions.KONTRA_LEVELS_WITH_ID`), and the largest stake a session
#: may reach under it, at every option's bound, fits a signed 64-bit integer (the tests check
#: both).
MAX_KONTRA = 16
#: What versions before the cap allowed, read back only from their records and stored tables
#: (``Ruleset.from_dict(data, recorded=True)``): 0, no cap, or a cap up to 64.
EARLIER_MAX_KONTRA = 64


@dataclass(frozen=True)
class Ruleset:
    """Every rule option of one game, each with the rule it comes from and what it does
    (:data:`OPTIONS`).  Defaults: RULES.md standard."""

    #: the preset the options started from (not an option itself)
    preset: str = "standard"
    two_round_auction: bool = _option(
        False,
        "V1",
        "Two-round auction: a first round on 5 cards at double value; the round's winner takes the "
        "talon and confirms (value stays double) or raises (single value, same trump kind).",
    )
    hearts_always_trump: bool = _option(
        False,
        "V3",
        "Hearts are always trump: the 'of Hearts' trump bids leave the ladder and every trump bid "
        "plays in Hearts at single value.",
    )
    talon: bool = _option(
        True,
        "V4",
        "Play with the 2-card talon (false: no talon; the 2 spare cards lie aside and count for "
        "the defenders).",
    )
    combined_bids_only: bool = _option(
        False,
        "V5",
        "Only bids of at least two parts may be made (an implicit Simple counts as a part).",
    )
    equal_value_overcalls: bool = _option(
        True,
        "V6",
        "A bid of equal value but fewer components overcalls (false: the tournament ladder, where "
        "equal value never overcalls).",
    )
    four_aces: bool = _option(
        True, "V7", "Four Aces bids and the Silent Four Aces exist (false: off)."
    )
    simple_forfeit: bool = _option(
        True,
        "A5/V8",
        "A final single-value Simple is not played: the soloist pays the Simple doubled (false: "
        "played out).",
    )
    open_pays_double: bool = _option(
        False,
        "V9",
        "Open forms pay double the closed form (Open Betli 10, Plain Open Durchmars 12) and Open "
        "Ulti (8+1, of Hearts 16+2) can be bid.",
    )
    soloist_alone_exposes: bool = _option(
        False,
        "V10",
        "In open contracts only the soloist lays the hand face up (false: every hand).",
    )
    max_kontra: int = _option(
        NAMED_KONTRA,
        "V11/K2",
        "Highest kontra level, 2 (Rekontra) to 16; 7 is Wheeled Bicycle (x128), the last named "
        "level.",
    )
    talon_ace_loses_four_aces: bool = _option(
        True,
        "R (unclear seed)",
        "An Ace in the soloist's talon is lost to the defenders for Four Aces and Silent Four Aces "
        "(false: the talon's Aces are ignored).",
    )
    silent_durchmars_in_simple: int = _option(
        3,
        "S2 (unclear seed)",
        "Value of the Silent Durchmars in a Simple (the seed's '(simple 4)' note; 3 by the table, "
        "4 by that reading; doubled in Hearts).",
    )
    bid_ladder: str = _option(
        "standard",
        "B5/W3",
        "The ladder: 'standard' (B5: 42 ranks by value) or 'howto' (W3: the single contracts in "
        "the how-to-play order, combinations above them by total value).",
    )
    talon_aside: bool = _option(
        False,
        "W1/W2",
        "Ten cards each and the talon aside; at their turn a player passes or names a higher "
        "contract, picking up the talon first if they like; two passes after a contract end the "
        "auction; nobody names one: the deal is thrown in.",
    )
    trump_with_bid: bool = _option(
        False,
        "W4",
        "The trump is named with the bid (the bidder names it at once), not after the auction.",
    )
    forehand_leads: bool = _option(
        False, "W6", "Forehand leads to the first trick (false: the soloist, R1)."
    )
    marriages_with_card: bool = _option(
        False,
        "W9",
        "A marriage is declared with a card of the pair in any trick, by anyone (false: with the "
        "first trick's card, R5).",
    )
    kontra_until_second_trick: bool = _option(
        False,
        "W13",
        "A defender may say Kontra until the second trick is led, also after the first trick "
        "(false: only with their first-trick card, K1).",
    )
    silent_losses: bool = _option(
        True,
        "S2/W12",
        "A silent bonus that fails costs the soloist double (false: only made ones count).",
    )
    session_deals: int = _option(
        24, "S3", "Deals in a session (each player deals a third of them)."
    )
    tiebreak_deals: int = _option(
        3, "S3", "Deals of one tie-break round (a tie for first after it stands)."
    )
    unit_forints: int = _option(10, "S3", "Forints per unit, for showing scores as money.")
    #: options as a record of an earlier version holds them (:data:`EARLIER_MAX_KONTRA`)
    recorded: InitVar[bool] = False

    def __post_init__(self, recorded: bool) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            expected = bool if f.type in ("bool", bool) else int if f.type in ("int", int) else str
            if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesetError("int", rule=_rule(f.name), name=f.name, value=value)
            if expected is bool and not isinstance(value, bool):
                raise RulesetError("bool", rule=_rule(f.name), name=f.name, value=value)
            if expected is str and not isinstance(value, str):
                raise RulesetError("str", name=f.name, value=value)
        if self.two_round_auction and not self.talon:
            raise RulesetError("two-round-talon")
        if self.bid_ladder not in LADDERS:
            raise RulesetError("ladder", ladders=", ".join(LADDERS), value=self.bid_ladder)
        if self.talon_aside and (not self.talon or self.two_round_auction):
            raise RulesetError("talon-aside")
        if self.bid_ladder == "howto" and self.open_pays_double:
            raise RulesetError("howto-open")
        self._check_kontra_cap(recorded)
        if self.silent_durchmars_in_simple not in (3, 4):
            raise RulesetError("silent-durchmars")
        if self.session_deals < 1 or self.session_deals % 3:
            raise RulesetError("session-deals")
        if self.tiebreak_deals < 0 or self.tiebreak_deals % 3:
            raise RulesetError("tiebreak-deals")
        if self.unit_forints < 0:
            raise RulesetError("unit-forints")
        for name, top in _BOUNDS.items():  # every number has a sane range
            if getattr(self, name) > top:
                raise RulesetError(
                    "at-most", rule=_rule(name), name=name, top=top, value=getattr(self, name)
                )
        if len(self.ladder) == 0:
            raise RulesetError("no-bid")

    def _check_kontra_cap(self, recorded: bool) -> None:
        """V11/K2: a cap from Rekontra (the soloist must be able to answer a Kontra) to
        :data:`MAX_KONTRA`; an earlier version's record may say 0 (none) or up to 64."""
        if recorded and (self.max_kontra == 0 or 2 <= self.max_kontra <= EARLIER_MAX_KONTRA):
            return
        if not 2 <= self.max_kontra <= MAX_KONTRA:
            raise RulesetError(
                "max-kontra", value=self.max_kontra, top=MAX_KONTRA, named=NAMED_KONTRA
            )

    @property
    def earlier_cap(self) -> bool:
        """Whether the kontra cap is one only an earlier version's record may hold (0: none,
        or above :data:`MAX_KONTRA`)."""
        return not 2 <= self.max_kontra <= MAX_KONTRA

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        """Pickled as its option values (a few bytes, not its ladder); unpickling gives the
        one shared object of those values in that process, its derived tables kept."""
        return (_interned, (tuple(getattr(self, f.name) for f in fields(self)),))

    # -- derived -------------------------------------------------------------------------

    @cached_property
    def ladder(self) -> Ladder:
        """The bids of this ruleset in ranks (B5, with V3, V5, V6, V7, V9 applied)."""
        return build_ladder(self)

    @cached_property
    def cache(self) -> dict[str, Any]:
        """Tables other modules derive from this ruleset (computed once per ruleset object)."""
        return {}

    @property
    def kontra_cap(self) -> int:
        """The highest kontra level allowed (K2, V11)."""
        return self.max_kontra or 1 << 30

    def with_current_cap(self) -> Ruleset:
        """These rules as a new table takes them: an earlier version's kontra cap (none, or
        above :data:`MAX_KONTRA`) becomes the preset's own cap, or :data:`MAX_KONTRA`."""
        if not self.earlier_cap:
            return self
        own = Ruleset.from_preset(self.preset).max_kontra
        return replace(self, max_kontra=min(self.max_kontra or own, MAX_KONTRA))

    def modified_from_preset(self) -> bool:
        return self != Ruleset.from_preset(self.preset)

    # -- construction --------------------------------------------------------------------

    @classmethod
    def from_preset(cls, name: str) -> Ruleset:
        try:
            overrides = PRESETS[name]
        except KeyError:
            raise RulesetError("preset", name=name, presets=", ".join(PRESETS)) from None
        return cls(preset=name, **overrides)

    @classmethod
    def from_dict(cls, data: dict[str, Any], recorded: bool = False) -> Ruleset:
        """From a mapping of options; ``preset`` (if any) is applied first.  ``recorded``: the
        options of a record or a stored table, which an earlier version may have written
        with a kontra cap no longer allowed (:data:`EARLIER_MAX_KONTRA`); they are read as
        they were played."""
        if not isinstance(data, dict):
            raise RulesetError("table")
        data = dict(data)
        preset = data.pop("preset", "standard")
        if not isinstance(preset, str):
            raise RulesetError("preset-name")
        base = cls.from_preset(preset)
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise RulesetError("option", name=key, options=", ".join(o.name for o in OPTIONS))
        if recorded:
            return replace(base, recorded=True, **data)
        return base.with_options(**data)

    @classmethod
    def from_toml(cls, path: str | Path) -> Ruleset:
        return cls.from_dict(read_rules_file(path, PRESETS, RulesetError))

    def with_options(self, **options: Any) -> Ruleset:
        known = {f.name for f in fields(self)}
        for key in options:
            if key not in known:
                raise RulesetError("option-bare", name=key)
        if self.earlier_cap and "max_kontra" not in options:  # a record's rules stay as read
            return replace(self, recorded=True, **options)
        return replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name (the form stored in records)."""
        return asdict(self)

    def differences(self) -> dict[str, Any]:
        """Options that differ from the standard rules."""
        std = Ruleset().to_dict()
        return {k: v for k, v in self.to_dict().items() if k != "preset" and std[k] != v}


#: Every option, the rule it comes from, and what it does.  Printed by ``ulti rules``.
OPTIONS: tuple[Option, ...] = tuple(
    Option(f.name, f.metadata["rule"], f.metadata["doc"]) for f in fields(Ruleset) if f.metadata
)
OPTION_BY_NAME = {o.name: o for o in OPTIONS}


#: The ladders (:func:`ulti.games.ulti.bids.build_ladder`).
LADDERS = ("standard", "howto")
#: The values a text option may take (a front end offers them as a choice).
CHOICES: dict[str, tuple[str, ...]] = {"bid_ladder": LADDERS}

#: Upper bounds of the numeric options (a ruleset from a file or a web form stays sane).
_BOUNDS = {"session_deals": 999, "tiebreak_deals": 99, "unit_forints": 1_000_000}
#: The range of each numeric option, as a front end offers it (the checks refuse the rest).
RANGES: dict[str, tuple[int, int]] = {
    "max_kontra": (2, MAX_KONTRA),
    "silent_durchmars_in_simple": (3, 4),
    "session_deals": (3, _BOUNDS["session_deals"]),
    "tiebreak_deals": (0, _BOUNDS["tiebreak_deals"]),
    "unit_forints": (0, _BOUNDS["unit_forints"]),
}

_INTERNED: dict[tuple[Any, ...], Ruleset] = {}
#: The names of a ruleset's option values, in order.
_NAMES = tuple(f.name for f in fields(Ruleset))


def _interned(values: tuple[Any, ...]) -> Ruleset:
    """The ruleset of these option values (one object per distinct ruleset a process sees)."""
    r = _INTERNED.get(values)
    if r is None:
        if len(_INTERNED) > 256:
            _INTERNED.clear()
        options = dict(zip(_NAMES, values, strict=True))
        kontra = options["max_kontra"]
        r = _INTERNED[values] = Ruleset(**options, recorded=not 2 <= kontra <= MAX_KONTRA)
    return r


def _rule(option: str) -> str:
    o = OPTION_BY_NAME.get(option)
    return o.rule if o else "V"


#: Named presets: overrides of the standard rules.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "two-round": {"two_round_auction": True},
    "tournament": {"combined_bids_only": True, "equal_value_overcalls": False},
    "hearts-trump": {"hearts_always_trump": True},
    "no-talon": {"talon": False},
    "no-four-aces": {"four_aces": False},
    "simple-played": {"simple_forfeit": False},
    "casual": {"simple_forfeit": False, "max_kontra": 2},
    "open-double": {"open_pays_double": True, "soloist_alone_exposes": True},
    "howto": {
        "bid_ladder": "howto",
        "talon_aside": True,
        "trump_with_bid": True,
        "forehand_leads": True,
        "marriages_with_card": True,
        "kontra_until_second_trick": True,
        "silent_losses": False,
        "simple_forfeit": False,
        "four_aces": False,
        "max_kontra": 2,
    },
}
PRESET_DOCS: dict[str, str] = {
    "standard": "RULES.md standard rules (the encyclopedia reading).",
    "two-round": "V1: the encyclopedia's two-round auction.",
    "tournament": "V5 + V6: combined bids only, equal value never overcalls.",
    "hearts-trump": "V3: Hearts always trump.",
    "no-talon": "V4: no talon.",
    "no-four-aces": "V7: Four Aces off.",
    "simple-played": "V8: a final Simple is played out.",
    "casual": "V8 + V11: Simple played out, kontra capped at Rekontra.",
    "open-double": "V9 + V10: open forms pay double, the soloist alone exposes.",
    "howto": "V2: the how-to-play game, W1-W14 (docs/RULES-001.md).",
}

STANDARD = Ruleset()
