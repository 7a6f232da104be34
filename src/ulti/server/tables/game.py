"""What a game's table says of its own (:class:`GameHooks`), and the shapes of what it
hands the generic table (:class:`TableDeal`, :class:`Session`, :class:`Settings`).

:class:`~ulti.server.tables.base.GameTable` is a :class:`GameHooks`: a game's table
(:mod:`ulti.server.tables.ulti`, :mod:`ulti.server.tables.snapszli`) fills in each hook (its
rules and session, how an action is stored and refused, what a seat sees, its records, how a
new table's body reads) and names its game in the registry (:attr:`GameHooks.info`), which
also gives its computer players (those of its room, ``ulti.players.<name>``, the ``rules``
player as their fallback); everything else is the generic table's.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeAlias, TypeVar

from ulti.games.base import GameInfo, Player, State
from ulti.players import make_player
from ulti.server.guard import ServerSettings
from ulti.server.schemas import NewTable
from ulti.server.stats import DealFacts
from ulti.server.tables.frames import Json, TableError

A = TypeVar("A")

#: A computer player of a game whose actions are ``A`` (it sees its seat's observation).
Bot: TypeAlias = Player[Any, A]


class TableDeal(State[A, Any], Protocol[A]):
    """A deal as a table reads it: the framework's state, and what a replay starts from."""

    @property
    def rules(self) -> object: ...

    @property
    def deck(self) -> Sequence[int]: ...

    @property
    def custom_deck(self) -> bool: ...

    @property
    def trump(self) -> int: ...

    @property
    def history(self) -> Sequence[tuple[int, A]]: ...


S = TypeVar("S", bound=TableDeal[Any])
S_co = TypeVar("S_co", covariant=True)


class Session(Protocol[S_co]):
    """A game's session or match: its deals so far, the last one in progress."""

    players: list[str]

    @property
    def deals(self) -> Sequence[S_co]: ...

    @property
    def deal(self) -> S_co: ...

    def next_deal(self) -> S_co: ...

    def is_over(self) -> bool: ...


class Settings(Protocol):
    """A new table's settings as they are stored (a game's rules, with what it adds)."""

    def to_dict(self) -> Json: ...


class Rules(Protocol):
    """A game's rules as a table reads them: a preset, and every option by name."""

    @property
    def preset(self) -> str: ...

    @classmethod
    def from_preset(cls, name: str, /) -> Self: ...

    def to_dict(self) -> Json: ...


R = TypeVar("R", bound=Rules)


@dataclass(frozen=True)
class Records(Generic[S]):
    """How a game writes a finished deal down, with the seats' names: as text in a language
    (``render(deal, names, lang)``) and as the record a download gives
    (``to_record(deal, names)``)."""

    render: Callable[[S, list[str], str], str]
    to_record: Callable[[S, list[str]], Json]


class GameHooks(ABC, Generic[S, A, R]):
    """The hooks a game's table fills in (``S`` its deals, ``A`` its actions, ``R`` its
    rules), and what follows from them alone."""

    #: the game (:mod:`ulti.games.registry`): its name, seats, deals, actions
    info: GameInfo[S, A]
    #: how the game writes a finished deal down (its ``record`` module)
    records: Records[S]

    @abstractmethod
    def _read_rules(self, data: Json) -> R:
        """The table's rules, from its stored settings."""

    def rematch_rules(self, stored: Json) -> Json:
        """The settings a rematch of this table is stored with: its own ``stored`` ones (a
        game brings an earlier version's up to date)."""
        return stored

    @abstractmethod
    def _new_session(self) -> Session[S]:
        """The session (or match) of the table's rules, seed, first dealer and names."""

    @classmethod
    def make_bot(cls, spec: str, seed: int = 0) -> Bot[Any]:
        """The computer player ``spec`` names, one of the game's room (``ulti.players.<name>``;
        ValueError: none, or a budget it cannot read)."""
        return make_player(spec, seed, cls.info.name)

    @classmethod
    def make_fallback(cls, seed: int) -> Bot[Any]:
        """What plays a computer seat's move when its player fails: the game's ``rules``
        player."""
        return cls.make_bot("rules", seed)

    @classmethod
    @abstractmethod
    def rules_info(cls) -> Json:
        """The presets and options a table may set (the lobby builds its form from it)."""

    @classmethod
    @abstractmethod
    def read_new(cls, raw: object) -> tuple[NewTable, Settings]:
        """A new table's body (pydantic's ValidationError) and its settings (the game's
        rules error, a catalogue error or a ValueError)."""

    @abstractmethod
    def _code(self, action: A) -> str:
        """An action as it is stored."""

    @abstractmethod
    def _refuse(self, d: S, action: A) -> TableError | None:
        """Why ``action`` is not legal now (None: it is), in both languages."""

    @abstractmethod
    def describe(self, action: A, lang: str, trump: int) -> str:
        """An action in words (``trump``: its deal's trump suit)."""

    @abstractmethod
    def totals(self) -> list[int]:
        """The session's running totals, per seat."""

    @abstractmethod
    def deal_facts(self, d: S) -> list[DealFacts]:
        """The facts of a finished deal per seat (:mod:`ulti.server.stats`)."""

    @abstractmethod
    def public(self) -> Json:
        """The table's public facts: its players, rules, words."""

    @abstractmethod
    def _lobby_facts(self, public: Json) -> Json:
        """What the lobby lists of the game's own (the session's length)."""

    @abstractmethod
    def seat_view(self, seat: int) -> Json:
        """What ``seat`` (or SPECTATOR) may see of the game now: its observation, and what
        the game adds from public facts."""

    @abstractmethod
    def event_for(self, seat: int, version: int, deal_index: int, who: int, action: A) -> Json:
        """The action ``who`` took, as ``seat`` may see it."""

    @abstractmethod
    def _shown(self, d: S) -> Json:
        """A replayed deal's cards, every one shown (``hands``, ``trick``, ``talon``)."""

    @abstractmethod
    def _summary(self, d: S) -> Json:
        """What the list of finished deals says of ``d`` besides its number, dealer and
        result."""

    def _over(self) -> TableError:
        """The refusal of an action once the session is over."""
        return TableError("over", "over")

    def _bad_seat(self) -> TableError:
        return TableError("bad-seat", "bad-seat")

    @classmethod
    def check_bot(cls, settings: ServerSettings, spec: str) -> None:
        """A computer player's spec within the server's caps (ValueError otherwise)."""
        cls.make_bot(spec)  # an unknown name or a malformed budget
        settings.check_budget(spec)

    def titles(self, action: A, trump: int) -> dict[str, str]:
        """An action's words in both languages (buttons and logs): ``title``, ``title_hu``."""
        return {
            "title": self.describe(action, "en", trump),
            "title_hu": self.describe(action, "hu", trump),
        }
