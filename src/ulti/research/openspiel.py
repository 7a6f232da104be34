"""Ulti as an OpenSpiel game: ``pyspiel.load_game("python_ulti", {...})``, and four at the table
(N1-N5) as ``pyspiel.load_game("python_ulti4", {...})``.

Importing this module registers the Python games ``python_ulti`` (three players) and
``python_ulti4`` (four seats, the dealer sitting out: see *Four at the table* below) with pyspiel
(it needs the ``research`` extra: ``pip install ulti[research]``)::

    import pyspiel
    import ulti.research.openspiel  # noqa: F401  (registers "python_ulti" and "python_ulti4")

    game = pyspiel.load_game("python_ulti", {"preset": "standard", "max_kontra": 4})
    four = pyspiel.load_game("python_ulti4", {"dealer": 3})

Parameters
----------

==============  =========  ===================================================================
``preset``      standard   a ruleset preset (:data:`ulti.games.ulti.rules.PRESETS`)
``max_kontra``  4          the kontra cap (V11/K2), 2..16.  OpenSpiel needs finite bounds on a
                           game's length and returns, and uncapped kontras (K2) have none; the
                           cap replaces a preset's own (``casual`` caps at 2: pass 2 to keep it)
``seed``        -1         -1: the deal is a chance node; 0..2**31-1: the deck is fixed from
                           that seed (D2) and the game has no chance node
``dealer``      0          the dealing seat (0-2); forehand is ``(dealer + 1) % 3`` (C3);
                           ``python_ulti4``: a seat of four (0-3) who sits out (N1)
==============  =========  ===================================================================

The chance node
---------------

With ``seed = -1`` the first 32 moves are chance moves that deal the deck card by card: the chance
outcome at step ``k`` is the card (``0..31``, :mod:`ulti.core.cards`) at deck position ``k``,
uniform over the cards not yet dealt.  Every order of the 32 cards is equally likely, as with a
shuffled deck (D2), and the engine deals that order as a given deck (D1: packets of 5, 5, 5, then 7,
5, 5 from forehand; V4 and V1 by their own plans; :func:`ulti.games.ulti.deal.deck_for_hands` gives
the order that deals given hands).  The deal counts as one event: a seat sees its cards once all 32
are dealt (the observations during the deal show only how many cards are out).  Chance action ids
are cards; ``max_chance_outcomes`` is 32.

Actions and bounds
------------------

Player action ids are :mod:`ulti.games.ulti.actions` ids (``num_distinct_actions`` = ``NUM_ACTIONS``
= 707), legal actions sorted ascending.  Returns are the engine's settlement in units
(``Deal.returns()``), zero-sum (S1); ``min_utility``/``max_utility`` are
:class:`ulti.games.ulti.game.Game`'s bounds under the cap.  ``max_game_length`` is
:meth:`ulti.games.ulti.game.Game.max_game_length` under the cap: OpenSpiel counts decisions only,
not chance outcomes, in a game's length; the 32 chance moves are ``max_chance_nodes_in_history`` (so
``max_history_length`` covers both).  Rewards are terminal.

Observations
------------

One observer class gives both OpenSpiel views, as strings and as float32 tensors.  Seats are
absolute (0-2).  Nothing another seat hides appears in either: no other hand (unless laid
open, R7), no talon laid by another seat, nobody else's discards, not the deck nor the seed,
until the deal is over (then everything is shown, as the engine's observation does).

The **observation** (``observation_string`` / ``observation_tensor``) is
:mod:`ulti.games.ulti.observation`'s projection, after one segment of its own:

========  =====  ===================================================================
offset    size   segment
========  =====  ===================================================================
0         1      ``dealt``: cards dealt so far (0..32; 32 once the deal is complete)
1         638    the segments of :data:`ulti.games.ulti.observation.TENSOR_LAYOUT`, in order, each
                 at its :func:`ulti.games.ulti.observation.tensor_layout` offset + 1: seat 3,
                 phase 8, current_player 4, dealer 3, hand 32, talon 32, talon_owner 4,
                 bid 57, bidder 4, bid_multiplier 1, contract 57, soloist 4, trump 5,
                 marriages 12, kontra 14, played 96, taken 96, trick 96, trick_leader 4,
                 exposed 96, hand_sizes 3, tricks_won 3, points_taken 3, over 1
========  =====  ===================================================================

While the deck is being dealt only ``dealt``, ``seat``, ``dealer`` and the "none" slots of
the one-hot segments are set (phase and current player are all zero).

The **information state** (``information_state_string`` / ``information_state_tensor``) has
perfect recall: the observation, then the seat's own cards as dealt, then every move of the
deal as that seat saw it (others' discards without their cards; the cards the seat itself
received, when it picked up the talon or, in V1, when the rest was dealt after round one):

=============  ===============  ==========================================================
offset         size             segment
=============  ===============  ==========================================================
0              639              the observation tensor (above)
639            32               ``start_hand``: the seat's cards when the deal was complete
671            L x 127          ``moves``: one row per move, in order (L =
                                ``max_game_length``; rows after the last move are zero)
=============  ===============  ==========================================================

Each ``moves`` row (127 floats):

=======  =====  =============================================================================
offset   size   field
=======  =====  =============================================================================
0        3      seat that moved (one-hot)
3        9      kind (:class:`ulti.games.ulti.actions.ActionKind` order: play, discard, bid, pass,
                pickup, claim, trump, marriage, kontra)
12       32     cards: the card played; the seat's own discard; the cards the seat received
                by this move (its own pickup: the talon; V1: the pass that ended round one);
                empty for another seat's discard
44       56     bid (one-hot in ``ulti.games.ulti.bids.ALL_BIDS`` order = action id - 528)
100      4      suit of a trump announcement or a marriage
104      7      kontra component (:class:`ulti.games.ulti.bids.Kind`)
111      16     kontra level 1..16 (one-hot)
=======  =====  =============================================================================

For the standard preset at the default cap, L = 498 and the information-state tensor has 671 + 498 *
127 = 63917 floats (:func:`information_state_layout`).  Both tensors are computed by
:mod:`ulti.games.ulti.infostate` (from a :class:`~ulti.games.ulti.deal.Deal`, without OpenSpiel),
which the self-play data (:mod:`ulti.arena.selfplay`) shares.  The strings hold the same information
as text: the observation text (:func:`ulti.games.ulti.observation.observation_text`), then ``start``
and one line per move (``discard ??`` for another seat's discard, ``+cards`` for cards the seat
received).  Only the single-seat views exist (``private_info`` SINGLE_PLAYER, ``public_info`` true);
other observation types raise ``ValueError``.

Serialization and resampling
----------------------------

States pickle (and so go through ``pyspiel.serialize_game_and_state`` /
``deserialize_game_and_state``) as the deal's record text (:mod:`ulti.games.ulti.record`, which
replays to the identical state) plus, mid-deal, the cards dealt so far.
``state.resample_from_infostate(seat, sampler)`` returns a state the seat cannot tell from this one
(the same information state, string and tensor); OpenSpiel's ISMCTS bot
(``open_spiel.python.algorithms.ismcts``) uses it.  The unseen cards are drawn by
:func:`ulti.players.ulti.knowledge.sample` (uniform over the placements consistent with what the
seat knows: its hand, the cards played, voids and the other inferences of play, hands laid open,
declared marriages), to which this module adds what the seat knows of the talons it laid and others
picked up (A2) and from which it drops the knowledge module's guess that an Ulti soloist holds the
trump VII.  The auction's hidden discards are then rebuilt backwards, each drawn at random among the
choices that fit, and the deal is replayed; a draw that does not replay to the same information
state (a card play the rules refuse, or a deal the engine would have ended already, R8) is drawn
again.  The result is a consistent deal, not the posterior under the players' strategies.  In a
fixed-seed game the resampled deal has its own deck: the seed is not taken as known to the players.

Four at the table: ``python_ulti4``
-----------------------------------

Four seats, 0-3 in play order (N1); the ``dealer`` parameter (0-3, default 0, as ``python_ulti``'s:
a game parameter has a fixed default) deals to the other three and sits out.  The three who play
are ``dealer + 1`` (forehand), ``dealer + 2`` and ``dealer + 3`` (mod 4), and they play a deal of
``python_ulti`` among them, unchanged (N2): the same parameters (``preset``, ``max_kontra``,
``seed``), the same 32 chance moves (dealt as D1 from forehand: a fixed seed deals the deck of
``Deal4(rules, seed, dealer)``, :class:`ulti.games.ulti4.deal.Deal4`), the same action ids,
strings, bounds and ``max_game_length``.  ``num_players`` is 4; the dealer is never the current
player and has no legal action that deal (N1); returns are 4 values, the three's settlement at
their seats and 0 for the dealer (N3), so they still sum to zero.  ``state.deal4`` is the engine's
:class:`~ulti.games.ulti4.deal.Deal4` (a view onto the state's deal) once the deck is out.

Observations and information states are ``python_ulti``'s of the three-handed deal after two
segments of the table (:data:`ulti.games.ulti4.observation.TABLE_LAYOUT`): ``table_seat`` (4,
one-hot: the observing seat of four) and ``table_dealer`` (4, one-hot), so the observation tensor
has 8 + 639 = 647 floats and the information-state tensor 8 + 671 + L x 127.  After them the
three-handed part is that of the seat's place among the three (0: forehand, 1, 2; the three-handed
deal's dealer is its seat 2, :data:`ulti.games.ulti4.deal.INNER_DEALER`), so seats in it (``seat``,
``current_player``, the moves' ``seat`` ...) are places among the three, not seats of four.  The
dealer sees what a spectator sees (N5): its three-handed part is a spectator's, with no seat (the
``seat`` segment all zero), no hand, no talon, nobody's discards, no ``start_hand`` and no cards
received; once the deal is over it is shown what the three are shown.  The strings are
:func:`ulti.games.ulti4.observation.table_text` (``table seat S dealer D players A B C``, and
``sitting out`` for the dealer), a newline, then the three-handed string of the seat's place (the
dealer's: a spectator's, seat -1).

``resample_from_infostate`` works for every seat.  For one of the three it is the three-handed
resampling of its place.  The dealer knows only what is public, which each of the three knows too:
its resampling resamples from one player's information state and then from another's (two
players drawn at random), so that every hidden card may move while every public fact stays, and
the dealer's information state is unchanged.  Like the three-handed resampling it gives a
consistent deal, not the posterior.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from ulti.games.ulti.record import action_code, dumps, loads

try:
    import pyspiel
except ImportError as exc:  # the research extra is not installed
    raise ImportError(
        "ulti.research.openspiel needs OpenSpiel: pip install 'ulti[research]'"
    ) from exc

from ulti.core.cards import FULL_DECK, SEVEN, card, cards_of, code, mask_of
from ulti.games.ulti import actions as A
from ulti.games.ulti.actions import NUM_ACTIONS, ActionKind
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, IllegalAction, deck_for_hands
from ulti.games.ulti.game import RESEARCH_MAX_KONTRA, Game
from ulti.games.ulti.infostate import (
    DECK_SIZE,
    MAX_KONTRA_CAP,
    MOVE_LAYOUT,
    MOVE_SIZE,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    apply_recording,
    fill_tensor,
    information_state_layout,
    received,
    start_of,
)
from ulti.games.ulti.observation import SPECTATOR, observation_text
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti4.deal import INNER_DEALER, Deal4
from ulti.games.ulti4.deal import SEATS as SEATS4
from ulti.games.ulti4.observation import TABLE_LAYOUT, TABLE_SIZE, table_tensor, table_text
from ulti.players.ulti.knowledge import Knowledge, knowledge, sample

SHORT_NAME = "python_ulti"
#: the four-handed game's short name (N1-N5)
SHORT_NAME4 = "python_ulti4"
#: the default kontra cap (V11/K2) of the OpenSpiel game
DEFAULT_MAX_KONTRA = RESEARCH_MAX_KONTRA

_PARAMS: dict[str, Any] = {
    "preset": "standard",
    "max_kontra": DEFAULT_MAX_KONTRA,
    "seed": -1,
    "dealer": 0,
}


def _game_type(short_name: str, long_name: str, players: int) -> Any:
    """The OpenSpiel game type of Ulti for ``players`` seats (three, or four at the table)."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMS,
    )


GAME_TYPE = _game_type(SHORT_NAME, "Python Ulti", 3)
GAME_TYPE4 = _game_type(SHORT_NAME4, "Python Ulti, four at the table", SEATS4)

#: The four-handed observation tensor: the table's segments, then the three-handed one's.
OBSERVATION4_LAYOUT: tuple[tuple[str, int], ...] = (*TABLE_LAYOUT, *OBSERVATION_LAYOUT)
OBSERVATION4_SIZE = TABLE_SIZE + OBSERVATION_SIZE


def information_state4_layout(max_moves: int) -> tuple[tuple[str, int], ...]:
    """The four-handed information-state tensor, segment by segment: the table's segments,
    then :func:`information_state_layout`'s."""
    return (*TABLE_LAYOUT, *information_state_layout(max_moves))


# --------------------------------------------------------------------------------------------
# the game


def ruleset_for(preset: str, max_kontra: int) -> Ruleset:
    """The ruleset of a ``python_ulti`` game: ``preset`` with the kontra cap (V11)."""
    if not isinstance(max_kontra, int) or not 2 <= max_kontra <= MAX_KONTRA_CAP:
        raise ValueError(
            f"V11/K2: max_kontra must be 2..{MAX_KONTRA_CAP} (OpenSpiel needs a finite cap), "
            f"not {max_kontra!r}"
        )
    return Ruleset.from_dict({"preset": preset, "max_kontra": max_kontra})


def _seat_list(seats: int) -> str:
    """``0, 1 or 2`` (three seats), ``0, 1, 2 or 3`` (four)."""
    return ", ".join(str(s) for s in range(seats - 1)) + f" or {seats - 1}"


class UltiGame(pyspiel.Game):  # type: ignore[misc]
    """Ulti for OpenSpiel (see the module documentation)."""

    #: the game's type
    TYPE: ClassVar[Any] = GAME_TYPE
    #: the seats: the players
    SEATS: ClassVar[int] = 3
    #: the rule that says who may deal
    DEALER_RULE: ClassVar[str] = "C3"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = dict(_PARAMS)
        p.update(params or {})
        self.rules = ruleset_for(str(p["preset"]), int(p["max_kontra"]))
        seed, dealer = int(p["seed"]), int(p["dealer"])
        if dealer not in range(self.SEATS):
            raise ValueError(
                f"{self.DEALER_RULE}: dealer is seat {_seat_list(self.SEATS)}, not {dealer}"
            )
        if not -1 <= seed < 1 << 31:  # OpenSpiel's integer parameters are C ints
            raise ValueError(f"D2: seed is -1 (a chance node) or in [0, 2**31), not {seed}")
        self.seed = seed
        self.dealer = dealer
        self.engine = Game(self.rules)
        length = self.engine.max_game_length()
        top = self.engine.max_utility()
        assert length is not None and top is not None  # a capped game is bounded
        self.max_moves = length
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=DECK_SIZE,
            num_players=self.SEATS,
            min_utility=float(-top),
            max_utility=float(top),
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(self.TYPE, info, p)

    @property
    def inner_dealer(self) -> int:
        """The dealer of the three-handed deal a state plays (``dealer`` itself here)."""
        return self.dealer

    def new_initial_state(self) -> UltiState:
        return UltiState(self)

    def max_chance_nodes_in_history(self) -> int:
        return DECK_SIZE if self.seed < 0 else 0

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> UltiObserver:
        return UltiObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            self.max_moves,
            params,
        )


# --------------------------------------------------------------------------------------------
# the state


class _Table:
    """Everything a state holds, copied by :meth:`Deal.clone` (not ``deepcopy``, which pyspiel
    uses on a state's attributes) and pickled as the deal's record text."""

    __slots__ = ("deal", "dealer", "dealt", "private", "rules", "seed", "start")

    def __init__(self, rules: Ruleset, seed: int, dealer: int) -> None:
        self.rules = rules
        self.seed = seed  # -1: dealt by chance
        self.dealer = dealer
        self.dealt: list[int] = []  # the deck so far (chance outcomes)
        self.deal: Deal | None = None
        #: the hands when the deal was complete
        self.start: tuple[int, int, int] = (0, 0, 0)
        #: per move of ``deal.history``: the cards each seat received privately by it
        self.private: list[tuple[int, int, int]] = []
        if seed >= 0:
            self.begin(Deal(rules, seed, dealer))

    def begin(self, deal: Deal) -> None:
        self.deal = deal
        self.start = (deal.hands[0], deal.hands[1], deal.hands[2])
        self.private = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        new = _Table.__new__(_Table)
        new.rules, new.seed, new.dealer, new.start = self.rules, self.seed, self.dealer, self.start
        new.dealt = list(self.dealt)
        new.deal = self.deal.clone() if self.deal is not None else None
        new.private = list(self.private)
        return new

    def __reduce__(self) -> tuple[Callable[..., _Table], tuple[Any, ...]]:
        text = dumps(self.deal) if self.deal is not None else None
        return (
            _restore_table,
            (
                self.rules.to_dict(),
                self.seed,
                self.dealer,
                tuple(self.dealt),
                text,
                self.start,
                tuple(self.private),
            ),
        )


def _restore_table(
    rules: dict[str, Any],
    seed: int,
    dealer: int,
    dealt: tuple[int, ...],
    text: str | None,
    start: tuple[int, int, int],
    private: tuple[tuple[int, int, int], ...],
) -> _Table:
    t = _Table.__new__(_Table)
    t.rules = Ruleset.from_dict(rules)
    t.seed, t.dealer, t.dealt = seed, dealer, list(dealt)
    t.deal = loads(text) if text is not None else None
    t.start = (start[0], start[1], start[2])
    t.private = [(a, b, c) for a, b, c in private]
    return t


class UltiState(pyspiel.State):  # type: ignore[misc]
    """One deal, wrapping a :class:`ulti.games.ulti.deal.Deal` (``deal``; ``None`` while the deck is
    being dealt).  The deal shows every hidden card: agents see only the observer's views."""

    def __init__(self, game: UltiGame) -> None:
        super().__init__(game)
        self._t = _Table(game.rules, game.seed, game.inner_dealer)

    # -- views for research code ------------------------------------------------------------

    @property
    def deal(self) -> Deal | None:
        """The engine's deal (all of it: hidden cards too), or ``None`` during the deal."""
        return self._t.deal

    @property
    def rules(self) -> Ruleset:
        return self._t.rules

    # -- the OpenSpiel API ------------------------------------------------------------------

    def current_player(self) -> int:
        d = self._t.deal
        if d is None:
            return int(pyspiel.PlayerId.CHANCE)
        if d.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return d.current_player

    def _legal_actions(self, player: int) -> list[int]:
        d = self._t.deal
        assert d is not None and player == d.current_player
        return sorted(a.id for a in d.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._t.deal is None
        left = FULL_DECK & ~mask_of(self._t.dealt)
        outcomes = cards_of(left)
        p = 1.0 / len(outcomes)
        return [(c, p) for c in outcomes]

    def _apply_action(self, action: int) -> None:
        t = self._t
        d = t.deal
        if d is None:
            if not 0 <= action < DECK_SIZE or action in t.dealt:
                raise ValueError(f"D1: card {action} is not left to deal")
            t.dealt.append(action)
            if len(t.dealt) == DECK_SIZE:
                t.begin(Deal(t.rules, 0, t.dealer, t.dealt))
            return
        t.private.append(apply_recording(d, A.from_id(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {code(action)}"
        return action_code(A.from_id(action))

    def is_terminal(self) -> bool:
        d = self._t.deal
        return d is not None and d.is_over()

    def returns(self) -> list[float]:
        d = self._t.deal
        if d is None:
            return [0.0, 0.0, 0.0]
        return [float(x) for x in d.returns()]

    def __str__(self) -> str:
        t = self._t
        d = t.deal
        if d is None:
            return f"dealer {t.dealer} dealing {len(t.dealt)}/32: {_codes(t.dealt)}"
        lines = [
            f"dealer {d.dealer} phase {d.phase.name} player {d.current_player}",
            "hands " + " | ".join(_codes(cards_of(h)) for h in d.hands),
            f"talon {_codes(cards_of(d.talon))}",
            "moves " + ", ".join(f"{s}:{action_code(a)}" for s, a in d.history),
        ]
        if d.is_over():
            lines.append(f"returns {d.returns()}")
        return "\n".join(lines)

    # -- resampling ---------------------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> UltiState:
        """A state with the same information state for ``player_id``, the unseen cards drawn
        anew (see the module documentation).  ``probability_sampler()`` gives floats in [0, 1)
        (e.g. ``pyspiel.UniformProbabilitySampler``); one draw seeds the sampling."""
        return self._resample_seat(player_id, _sampling_rng(probability_sampler))

    def _resample_seat(self, player_id: int, rng: random.Random) -> UltiState:
        """:meth:`resample_from_infostate` for ``player_id``, a seat of the three-handed deal."""
        game = self.get_game()
        t = self._t
        d = t.deal
        if d is None:  # nobody has seen a card yet
            new = game.new_initial_state()
            deck = list(range(DECK_SIZE))
            rng.shuffle(deck)
            for c in deck[: len(t.dealt)]:
                new.apply_action(c)
            return new  # type: ignore[no-any-return]
        if d.is_over():
            return self.clone()  # type: ignore[no-any-return]
        for _ in range(_MAX_TRIES):
            got = _resample(self, d, player_id, rng)
            if got is not None:
                return got
        raise RuntimeError(
            f"resample_from_infostate: no consistent deal found in {_MAX_TRIES} draws"
        )


def _sampling_rng(probability_sampler: Callable[[], float]) -> random.Random:
    """The generator of one resampling, seeded by one draw of ``probability_sampler``."""
    return random.Random(int(probability_sampler() * (1 << 53)))


def _codes(cs: Any) -> str:
    return " ".join(code(c) for c in cs) or "-"


_MAX_TRIES = 2000


class _Trail:
    """Where one card of a talon ``seat`` laid may be, move by move (A2): the talon until
    someone picks it up; then that seat's hand, or a talon it laid, and so on.  The seat knows
    no more of it, unless it picks the card up itself (then the trail ends: seen again)."""

    __slots__ = ("before", "card", "places")

    def __init__(self, card: int) -> None:
        self.card = card
        #: the places the card may be just before each pickup (history index)
        self.before: dict[int, frozenset[int]] = {}
        #: the places it may be now (``None``: the seat knows where it is)
        self.places: set[int] | None = None


_TALON = 3  # a place: the talon


def _trails(d: Deal, t: _Table, seat: int) -> list[_Trail]:
    history = d.history
    n = len(history)
    out = []
    for j, (q, a) in enumerate(history):
        if q != seat or a.kind != ActionKind.DISCARD:
            continue
        for c in a.cards:
            trail = _Trail(c)
            places = {_TALON}
            picked = False
            for i in range(j + 1, n):
                r, b = history[i]
                if b.kind == ActionKind.PICKUP and _TALON in places:
                    trail.before[i] = frozenset(places)
                    picked = True
                    places.discard(_TALON)
                    if r == seat:
                        if t.private[i][seat] >> c & 1:
                            break  # the seat has it back: it knows where it is
                    else:
                        places.add(r)
                elif b.kind == ActionKind.DISCARD and r != seat and r in places:
                    places.add(_TALON)
            else:
                if picked:
                    trail.places = places
            out.append(trail)
    return out


def _resample(state: UltiState, d: Deal, seat: int, rng: random.Random) -> UltiState | None:
    """One try: sample the unseen cards, rebuild the auction backwards, replay the deal
    (``None``: this draw fits no deal with this history)."""
    t = state._t
    rules = t.rules
    trails = _trails(d, t, seat)
    k = _knowledge(d, seat, rules, trails)
    hands_now, talon_now = sample(k, rng)
    history = d.history
    n = len(history)
    H = list(hands_now)
    T = talon_now
    discards: dict[int, int] = {}  # history index -> the cards laid (others' discards)
    rest = [0, 0, 0]  # V1: the cards each seat got when the rest was dealt
    round1_over = False
    for i in range(n - 1, -1, -1):
        p, a = history[i]
        kind = a.kind
        got = t.private[i]
        if any(got) and kind != ActionKind.PICKUP:  # V1: undo dealing the rest
            round1_over = True
            for s in range(3):
                if s == seat:
                    r = got[s]
                else:
                    keep = rng.sample(cards_of(H[s]), 5)
                    r = H[s] & ~mask_of(keep)
                if H[s] & r != r:
                    return None
                rest[s] = r
                H[s] &= ~r
        if kind == ActionKind.PLAY:
            H[p] |= 1 << a.card
        elif kind == ActionKind.DISCARD:
            if T.bit_count() != 2 or (p == seat and mask_of(a.cards) != T):
                return None
            discards[i] = T
            H[p] |= T
            T = 0
        elif kind == ActionKind.PICKUP:
            if T:
                return None
            if p == seat:
                x = got[p]
            else:
                must = banned = 0
                for trail in trails:
                    where = trail.before.get(i)
                    if where is None:
                        continue
                    bit = 1 << trail.card
                    if where == {_TALON} or (H[p] & bit and p not in where):
                        must |= bit  # it came with this talon
                    elif _TALON not in where:
                        banned |= bit  # it was not in this talon
                free = cards_of(H[p] & ~must & ~banned)
                need = 2 - must.bit_count()
                if need < 0 or need > len(free) or must & banned:
                    return None
                x = must | mask_of(rng.sample(free, need))
            if H[p] & x != x:
                return None
            H[p] &= ~x
            T = x
    if H[seat] != t.start[seat]:
        return None
    deck = _deck(d, rules, H, T, rest, round1_over, rng)
    if deck is None:
        return None
    # replay
    new: UltiState = state.get_game().new_initial_state()
    if t.seed >= 0:
        new._t.begin(Deal(rules, t.seed, t.dealer, deck))
    else:
        for c in deck:
            new.apply_action(c)
    try:
        for i, (p, a) in enumerate(history):
            if i in discards and p != seat:
                x1, x2 = cards_of(discards[i])
                a = A.discard(x1, x2)
            new.apply_action(a.id)
    except (IllegalAction, pyspiel.SpielError):
        return None
    if new.is_terminal():  # the deal would have ended already (R8: every item decided)
        return None
    return new


def _deck(
    d: Deal,
    rules: Ruleset,
    hands: list[int],
    talon: int,
    rest: list[int],
    round1_over: bool,
    rng: random.Random,
) -> list[int] | None:
    """The deck order that deals ``hands`` (as dealt: V1's first five) and ``talon`` (the
    cards aside, V4; V1's undealt cards before round one ends)."""
    if not rules.two_round_auction:
        if rules.talon and talon:
            return None
        return deck_for_hands(hands, d.dealer, aside=0 if rules.talon else talon)
    fh = d.forehand
    deck: list[int] = []
    for off in range(3):  # V1: five each, then the rest after round one
        deck.extend(cards_of(hands[(fh + off) % 3]))
    if round1_over:
        winner = next(s for s in range(3) if rest[s].bit_count() == 7)
        w = cards_of(rest[winner])
        deck.extend(w[:2])
        rest = list(rest)
        rest[winner] = mask_of(w[2:])
        for off in range(3):
            deck.extend(cards_of(rest[(fh + off) % 3]))
    else:
        left = cards_of(talon)
        rng.shuffle(left)
        deck.extend(left)
    return deck


def _knowledge(d: Deal, seat: int, rules: Ruleset, trails: list[_Trail]) -> Knowledge:
    """What ``seat`` knows of the unseen cards (:func:`ulti.players.ulti.knowledge.knowledge`),
    with what it knows of the talons it laid (``trails``: seats a card cannot have reached
    cannot hold it), and without the knowledge module's one assumption, that the soloist of
    an Ulti holds the trump VII: a soloist may bid an Ulti without it (R6 binds only a
    soloist who holds it), so the deals consistent with the seat's information include those
    where another seat holds it (the replay refuses any the plays contradict)."""
    obs = d.observation(seat)
    k = knowledge(obs, rules)
    s = obs.soloist
    contract = k.contract
    if (
        contract is not None
        and contract.has(Kind.ULTI)
        and k.trump >= 0
        and s not in (seat, -1)
        and all(p != s for p, _ in obs.exposed)
    ):
        k.held[s] &= ~(1 << card(k.trump, SEVEN))
    unknown = k.unknown
    for trail in trails:
        if trail.places is not None and unknown >> trail.card & 1:
            for r in range(3):
                if r != seat and r not in trail.places:
                    k.cannot[r] |= 1 << trail.card
    return k


# --------------------------------------------------------------------------------------------
# the observer


class UltiObserver:
    """Observations and information states (the PyObserver interface: ``tensor``, ``dict``,
    ``set_from``, ``string_from``)."""

    def __init__(self, iig_obs_type: Any, max_moves: int, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "python_ulti and python_ulti4 observe one seat: private_info SINGLE_PLAYER, "
                "public_info true"
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.max_moves = max_moves
        layout = self._layout()
        self.tensor = np.zeros(sum(n for _, n in layout), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        at = 0
        for name, size in layout:
            view = self.tensor[at : at + size]
            self.dict[name] = view.reshape(max_moves, MOVE_SIZE) if name == "moves" else view
            at += size

    def _layout(self) -> tuple[tuple[str, int], ...]:
        """The tensor's segments (:data:`OBSERVATION_LAYOUT`, or with perfect recall
        :func:`information_state_layout`)."""
        if self.perfect_recall:
            return information_state_layout(self.max_moves)
        return OBSERVATION_LAYOUT

    def set_from(self, state: UltiState, player: int) -> None:
        self._fill(self.tensor, state._t, player)

    def string_from(self, state: UltiState, player: int) -> str:
        return self._text(state._t, player)

    def _fill(self, tensor: np.ndarray[Any, Any], t: _Table, seat: int) -> None:
        """Write ``seat``'s view of the three-handed deal into ``tensor`` (a seat 0-2 or
        :data:`~ulti.games.ulti.observation.SPECTATOR`)."""
        fill_tensor(
            tensor,
            t.deal,
            seat,
            t.dealer,
            len(t.dealt) if t.seed < 0 else DECK_SIZE,
            t.start,
            t.private,
            self.perfect_recall,
        )

    def _text(self, t: _Table, player: int) -> str:
        """``player``'s view of the three-handed deal as text (a seat 0-2 or
        :data:`~ulti.games.ulti.observation.SPECTATOR`: no cards as dealt nor received)."""
        d = t.deal
        if d is None:
            return f"seat {player} dealer {t.dealer} dealing {len(t.dealt)}/32"
        text = observation_text(d.observation(player))
        if not self.perfect_recall:
            return text
        lines = [text, f"start {_codes(cards_of(start_of(t.start, player)))}"]
        over = d.is_over()
        for i, (p, a) in enumerate(d.history):
            got = received(t.private[i], player)
            if a.kind == ActionKind.DISCARD and p != player and not over:
                move = "discard ??"
            else:
                move = action_code(a)
            if got:
                move += " +" + _codes(cards_of(got))
            lines.append(f"{i + 1} {p} {move}")
        return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# four at the table (N1-N5)


class Ulti4Game(UltiGame):
    """Ulti for four at OpenSpiel, the dealer sitting out (see the module documentation):
    ``python_ulti``'s game with four seats; its ``dealer`` is a seat of four."""

    TYPE = GAME_TYPE4
    SEATS = SEATS4
    DEALER_RULE = "N1"

    @property
    def inner_dealer(self) -> int:
        """The dealer of the three-handed deal the three play: the seat before its forehand
        (:data:`ulti.games.ulti4.deal.INNER_DEALER`), not the seat of four that deals."""
        return INNER_DEALER

    def new_initial_state(self) -> Ulti4State:
        return Ulti4State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Ulti4Observer:
        return Ulti4Observer(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            self.max_moves,
            params,
        )


class Ulti4State(UltiState):
    """One deal at a table of four: the three after the dealer play ``deal``, a three-handed
    deal, in that order (N1, N2); the dealer never acts and its return is 0 (N3).  OpenSpiel's
    players are the seats of four."""

    def __init__(self, game: Ulti4Game) -> None:
        super().__init__(game)
        self._table_dealer = game.dealer

    # -- the seats ------------------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        """The seat of four that deals and sits out this deal (N1)."""
        return self._table_dealer

    @property
    def players(self) -> tuple[int, int, int]:
        """The three who play, forehand first: the three-handed deal's seats 0, 1, 2 (N2)."""
        d = self._table_dealer
        return ((d + 1) % SEATS4, (d + 2) % SEATS4, (d + 3) % SEATS4)

    def inner_seat(self, seat: int) -> int:
        """``seat``'s place in the three-handed deal (:data:`SPECTATOR`, -1: the dealer, who
        sees what a spectator sees, N5)."""
        if isinstance(seat, bool) or seat not in range(SEATS4):
            raise ValueError(f"N1: a seat is {_seat_list(SEATS4)}, not {seat!r}")
        return SPECTATOR if seat == self._table_dealer else (seat - self._table_dealer - 1) % SEATS4

    @property
    def deal4(self) -> Deal4 | None:
        """The engine's four-handed deal (a view onto :attr:`deal`: all of it, hidden cards too),
        or ``None`` while the deck is being dealt."""
        d = self._t.deal
        return None if d is None else Deal4.around(d, self._table_dealer)

    # -- the OpenSpiel API ------------------------------------------------------------------

    def current_player(self) -> int:
        p = super().current_player()
        return self.players[p] if p >= 0 else p

    def _legal_actions(self, player: int) -> list[int]:
        return super()._legal_actions(self.inner_seat(player))

    def returns(self) -> list[float]:
        """Each seat's return: the three's settlement, 0 for the dealer (N3)."""
        out = [0.0] * SEATS4
        for inner, v in enumerate(super().returns()):
            out[self.players[inner]] = v
        return out

    def __str__(self) -> str:
        players = " ".join(str(p) for p in self.players)
        return f"table dealer {self._table_dealer} players {players}\n{super().__str__()}"

    # -- resampling ---------------------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> UltiState:
        """A state with the same information state for ``player_id``: for one of the three,
        the three-handed resampling of its place; for the dealer, who knows only what is
        public (N5), one player's resampling and then another's (see the module
        documentation)."""
        rng = _sampling_rng(probability_sampler)
        seat = self.inner_seat(player_id)
        d = self._t.deal
        if seat != SPECTATOR or d is None or d.is_over():
            return self._resample_seat(seat, rng)
        first, second = rng.sample(range(3), 2)
        return self._resample_seat(first, rng)._resample_seat(second, rng)


class Ulti4Observer(UltiObserver):
    """A seat of four's observations and information states: the table's segments, then the
    three-handed view of its place (the dealer's: a spectator's, N5)."""

    def _layout(self) -> tuple[tuple[str, int], ...]:
        return (*TABLE_LAYOUT, *super()._layout())

    def set_from(self, state: UltiState, player: int) -> None:
        assert isinstance(state, Ulti4State), "a python_ulti4 observer reads python_ulti4 states"
        self.tensor[:TABLE_SIZE] = table_tensor(player, state.dealer)
        self._fill(self.tensor[TABLE_SIZE:], state._t, state.inner_seat(player))

    def string_from(self, state: UltiState, player: int) -> str:
        assert isinstance(state, Ulti4State), "a python_ulti4 observer reads python_ulti4 states"
        inner = self._text(state._t, state.inner_seat(player))
        return table_text(player, state.dealer) + "\n" + inner


pyspiel.register_game(GAME_TYPE, UltiGame)
pyspiel.register_game(GAME_TYPE4, Ulti4Game)

__all__ = [
    "DECK_SIZE",
    "DEFAULT_MAX_KONTRA",
    "GAME_TYPE",
    "GAME_TYPE4",
    "MAX_KONTRA_CAP",
    "MOVE_LAYOUT",
    "MOVE_SIZE",
    "OBSERVATION4_LAYOUT",
    "OBSERVATION4_SIZE",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "SHORT_NAME",
    "SHORT_NAME4",
    "Ulti4Game",
    "Ulti4Observer",
    "Ulti4State",
    "UltiGame",
    "UltiObserver",
    "UltiState",
    "information_state4_layout",
    "information_state_layout",
    "ruleset_for",
]
