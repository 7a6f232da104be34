"""The one framework every game implements, and the one loop that plays a deal.

A game (:mod:`ulti.games.ulti`, :mod:`ulti.games.snapszli`) has rules (a preset and options), a
deal that is a state machine in the spirit of OpenSpiel's state API (:class:`State`: whose turn,
the legal actions, ``apply``, the observation of one seat, ``returns`` once over, ``clone``),
actions with one canonical text (read back by the game's ``parse_action``) and a session or
match of many deals.  A :class:`Player` sees only its seat's observation and the legal actions.

:class:`GameInfo` is what the layers above need to know of a game without naming it: its name
(the room each layer keeps for it: ``ulti.players.<name>``, ``ulti.tui.<name>``,
``ulti.server.tables.<name>``, …), its number of seats, how to deal, read an action and name a
decision.  The registry of games is :mod:`ulti.games.registry`.

:func:`play_deal` is the one loop that seats players at a deal: each acts on its own
observation; each decision with a choice is timed and named by its kind.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

A = TypeVar("A")
O_co = TypeVar("O_co", covariant=True)
O_contra = TypeVar("O_contra", contravariant=True)


class Action(Protocol):
    """An action: an integer id, one canonical text (``str``), typed fields as data."""

    @property
    def id(self) -> int: ...

    def to_dict(self) -> Mapping[str, object]: ...


class Observation(Protocol):
    """What one seat may know of a deal (never another hand, a talon it did not hold, or the
    seed): the only way hidden information leaves a game."""

    seat: int

    def to_dict(self) -> dict[str, Any]: ...


class State(Protocol[A, O_co]):
    """One deal: a state machine that changes only through :meth:`apply`, which refuses an
    illegal action (an :class:`~ulti.core.errors.UltiError` naming the rule) and changes
    nothing then."""

    seed: int
    dealer: int

    @property
    def current_player(self) -> int:
        """The seat to act (``-1`` once the deal is over)."""
        ...

    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[A]: ...

    def apply(self, action: A) -> None: ...

    def observation(self, seat: int) -> O_co: ...

    def returns(self) -> Sequence[int]:
        """Each seat's result once the deal is over (zeros while it runs); zero-sum."""
        ...


class Player(Protocol[O_contra, A]):
    """A player of one game: told its seat and the rules when a deal starts, then asked for an
    action at each of its turns."""

    def start(self, seat: int, rules: Any, game: int = 0) -> None: ...

    def act(self, obs: O_contra, legal: Sequence[A]) -> A: ...


S = TypeVar("S", bound=State[Any, Any])
S_co = TypeVar("S_co", covariant=True)


@dataclass(frozen=True)
class GameInfo(Generic[S, A]):
    """What a layer needs to know of a game without importing it."""

    #: the game's name: its room in every layer (``ulti``, ``snapszli``)
    name: str
    #: seats at the table
    seats: int
    #: a deal: ``deal(rules, seed, dealer, deck)`` (``rules`` None: the game's standard rules)
    deal: Callable[[Any, int, int, Sequence[int] | None], S]
    #: an action from its text (either language; raises the game's parse error)
    parse_action: Callable[[str], A]
    #: the kind of a decision with a choice (``bid``, ``card``, …), from the seat's observation
    #: and the legal actions (:attr:`kinds` lists them)
    decision_kind: Callable[[Any, Sequence[A]], str]
    kinds: tuple[str, ...]
    #: the game's rulesets by preset name (ratings are kept per game and preset)
    presets: Mapping[str, object]


@dataclass
class DealRun(Generic[S, A]):
    """A deal played by players: every decision's seconds, and each decision with a choice
    (more than one legal action) with its kind, per seat.  A game that keeps more of each
    decision (Ulti's card plays) extends :meth:`record`."""

    deal: S
    times: list[list[float]]
    decisions: list[list[tuple[str, float]]]

    def record(
        self, seat: int, action: A, legal: Sequence[A], seconds: float, kind: str | None
    ) -> None:
        """One decision: ``seat`` chose ``action`` among ``legal`` in ``seconds``; ``kind``
        names a decision with a choice (``None``: a single legal action)."""
        self.times[seat].append(seconds)
        if kind is not None:
            self.decisions[seat].append((kind, seconds))

    def times_of(self, kind: str) -> list[list[float]]:
        """Per seat, the seconds of its decisions of ``kind``."""
        return [[t for k, t in seat if k == kind] for seat in self.decisions]


class Series(Protocol[S_co]):
    """A session (Ulti) or match (Snapszli) as its record holds it: the rules, the seed, the
    first dealer, the players' names and the deals so far."""

    @property
    def rules(self) -> Any: ...  # the game's rules (a ``to_dict()`` of theirs is recorded)

    @property
    def seed(self) -> int: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def deals(self) -> Sequence[S_co]: ...


def series_record(
    series: Series[S],
    format: str,
    version: int,
    deal_record: Callable[[S, list[str]], dict[str, Any]],
) -> dict[str, Any]:
    """The record of a session or match (either game's ``to_record``): its ``format`` and
    ``version``, rules, seed, first dealer, players and each deal's record (``deal_record``:
    the game's, with the players' names)."""
    players = list(series.players)
    return {
        "format": format,
        "version": version,
        "rules": series.rules.to_dict(),
        "seed": series.seed,
        "first_dealer": series.first_dealer,
        "players": players,
        "deals": [deal_record(d, players) for d in series.deals],
    }


def play_deal(
    info: GameInfo[S, A],
    deal: S,
    players: Sequence[Player[Any, A]],
    rules: Any,
    game: int = 0,
    on_action: Callable[[S, int, A], None] | None = None,
    run: DealRun[S, A] | None = None,
) -> DealRun[S, A]:
    """Play ``deal`` to its end: each seat's player acts on its own observation only.
    ``game`` numbers the deal for the players' seeds; ``on_action(deal, seat, action)`` after
    each action; ``run``: the record to fill (a game's own kind of :class:`DealRun`; by default
    a new one)."""
    if len(players) != info.seats:
        raise ValueError(f"{info.name}: {info.seats} players")
    for seat, p in enumerate(players):
        p.start(seat, rules, game)
    if run is None:
        run = DealRun(deal, [[] for _ in players], [[] for _ in players])
    while not deal.is_over():
        seat = deal.current_player
        legal = deal.legal_actions()
        obs = deal.observation(seat)
        t = time.perf_counter()
        action = players[seat].act(obs, legal)
        dt = time.perf_counter() - t
        kind = info.decision_kind(obs, legal) if len(legal) > 1 else None
        run.record(seat, action, legal, dt, kind)
        deal.apply(action)
        if on_action is not None:
            on_action(deal, seat, action)
    return run


Run = TypeVar("Run", bound=DealRun[Any, Any])
RulesT = TypeVar("RulesT")


@dataclass(frozen=True)
class DealPlay(Generic[S, A, RulesT, Run]):
    """A game's ``play_deal(rules, seed, dealer, players)``: a new deal of the game
    (``info.deal``) played by ``players`` (:func:`play_deal`), its decisions kept in
    ``new_run(deal)`` (the game's kind of :class:`DealRun`); ``refusal`` is the ValueError's
    words for another number of players than the game's seats."""

    info: GameInfo[S, A]
    new_run: Callable[[S], Run]
    refusal: str

    def __call__(
        self,
        rules: RulesT,
        seed: int,
        dealer: int,
        players: Sequence[Player[Any, A]],
        game: int = 0,
        deck: Sequence[int] | None = None,
        on_action: Callable[[S, int, A], None] | None = None,
    ) -> Run:
        """Play one deal: each seat's player acts on its own observation only."""
        if len(players) != self.info.seats:
            raise ValueError(self.refusal)
        run = self.new_run(self.info.deal(rules, seed, dealer, deck))
        play_deal(self.info, run.deal, players, rules, game, on_action, run)
        return run


__all__ = [
    "Action",
    "DealPlay",
    "DealRun",
    "GameInfo",
    "Observation",
    "Player",
    "Series",
    "State",
    "play_deal",
    "series_record",
]
