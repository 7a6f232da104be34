"""Ulti as a single-agent Gymnasium environment: one seat learns, two computer players hold the
other seats (the research extra: ``pip install ulti[research]``).

>>> from ulti.research.gymnasium import env
>>> e = env(seat=0, opponents=("random", "random"))
>>> obs, info = e.reset(seed=7)
>>> sorted(obs)
['action_mask', 'observation']

One episode is one deal.  ``reset(seed=s)`` deals the deck of seed ``s`` (D2: the same deck as
``Deal(rules, s, dealer)``) with seat ``s % 3`` dealing unless ``dealer`` is given; an unseeded
``reset()`` draws the next deal's seed from the environment's generator (seeded by the last
seeded reset, as Gymnasium asks), so ``reset(seed=s)`` then ``reset()`` repeats exactly.  The
computer players are started for every deal with a game number derived one way from the deal's
seed: they play reproducibly, and nothing they are told reveals the deck.  They act on their own
seat's observation only, like every player of :mod:`ulti.players`.

**Spaces.**  The observation is a :class:`gymnasium.spaces.Dict`:

``observation``  ``Box(float32)`` of the observation tensor of the learning seat
                 (:data:`ulti.games.ulti.observation.TENSOR_LAYOUT`, ``TENSOR_SIZE`` numbers); the
                 bounds are per segment (:func:`observation_bounds`): 0/1 for one-hots and card
                 bits, ``bid_multiplier`` up to 2, kontra levels up to the cap, ``hand_sizes`` up to
                 12, ``tricks_won`` up to 10, ``points_taken`` up to 80.
``action_mask``  ``MultiBinary(NUM_ACTIONS)`` (int8): 1 for each legal action id
                 (:mod:`ulti.games.ulti.actions`), all 0 once the episode is over.

The action space is ``Discrete(NUM_ACTIONS)``: an action id (``ulti.games.ulti.actions.from_id``).

**Using the mask.**  Only the ids the mask marks are legal.  Sample with
``env.action_space.sample(mask=obs["action_mask"])``, or give the other ids a logit of -inf
before a softmax (``np.where(mask, logits, -np.inf)``) or a value of -inf before an argmax.

**Rewards.**  0 on every step but the last; at the end of the deal, the learning seat's units
(:meth:`ulti.games.ulti.deal.Deal.returns`, S1: what the three seats win sums to zero).
``terminated`` is True at the end of the deal; ``truncated`` is always False (the kontra cap bounds
a deal).

**Illegal actions.**  An id the mask does not mark ends the episode at once: ``terminated``
True, reward ``illegal_reward`` (default: the game's ``min_utility``, the most a deal can
cost a seat), ``info["illegal_action"]`` the id.  Nothing is applied to the deal.

**Kontra cap.**  Every ruleset caps kontras (V11 ``max_kontra``, 2 to 16), which bounds a
deal's length and returns and gives every level an action id; these environments play the
preset's own cap (Wheeled Bicycle, 7, for the standard rules; Rekontra for ``casual`` and
``howto``) unless ``max_kontra`` sets another.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, SupportsFloat, SupportsInt

try:
    import gymnasium
except ImportError as exc:  # the research extra is not installed
    raise ImportError(
        "ulti.research.gymnasium needs Gymnasium: pip install 'ulti[research]'"
    ) from exc
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from ulti.core.seeds import derive_seed
from ulti.games.ulti.actions import KONTRA_LEVELS_WITH_ID, NUM_ACTIONS, Action, from_id
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.game import Game
from ulti.games.ulti.observation import SPECTATOR, TENSOR_SIZE, observation_tensor, observation_text
from ulti.games.ulti.observation import tensor_layout as _tensor_layout
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player
from ulti.players.base import Player

#: An observation: ``{"observation": float32 array, "action_mask": int8 array}``.
Obs = dict[str, Any]


def make_rules(preset: str = "standard", max_kontra: int | None = None, **options: Any) -> Ruleset:
    """The ruleset of ``preset`` with ``options``, its kontras capped (V11) at ``max_kontra``,
    else at the ruleset's own cap.  Raises ``ValueError`` for a cap that leaves the
    environments unbounded (0) or beyond the action ids (above 16)."""
    rules = Ruleset.from_dict({"preset": preset, **options})
    if max_kontra is None:
        return rules
    if not 2 <= max_kontra <= KONTRA_LEVELS_WITH_ID:
        raise ValueError(
            f"V11/K2: these environments need a kontra cap from 2 to {KONTRA_LEVELS_WITH_ID} "
            f"(every level an action id, every deal bounded), not {max_kontra}"
        )
    return rules.with_options(max_kontra=max_kontra)


#: The most each numeric segment of the tensor can hold (``kontra``: the cap; one-hots and card
#: bits: 1).
_NUMERIC_HIGH = {
    "bid_multiplier": 2.0,  # V1: a first-round bid doubles
    "hand_sizes": 12.0,  # D1: the forehand holds 12 before the discard
    "tricks_won": 10.0,  # R1: ten tricks
    "points_taken": 80.0,  # P1: 10 per Ace and Ten, eight of them
}


def observation_bounds(rules: Ruleset) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """The low and high bound of each number of the observation tensor under ``rules``."""
    low = np.zeros(TENSOR_SIZE, dtype=np.float32)
    high = np.ones(TENSOR_SIZE, dtype=np.float32)
    for name, (at, size) in _tensor_layout().items():
        if name == "kontra":
            high[at : at + size] = float(rules.kontra_cap)
        elif name in _NUMERIC_HIGH:
            high[at : at + size] = _NUMERIC_HIGH[name]
    return low, high


def observation_space(rules: Ruleset) -> spaces.Dict:
    """One seat's observation space under ``rules`` (see the module documentation)."""
    low, high = observation_bounds(rules)
    return spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": spaces.MultiBinary(NUM_ACTIONS),
        }
    )


@functools.cache
def action_of(ident: int) -> Action:
    """The action of id ``ident`` (``ulti.games.ulti.actions.from_id``, remembered)."""
    return from_id(ident)


def legal_ids(deal: Deal) -> list[int]:
    """The ids of the current player's legal actions (every one has an id under a cap <= 16)."""
    return [a.id for a in deal.legal_actions()]


def encode(deal: Deal, seat: int, mask: bool = True) -> Obs:
    """``seat``'s observation of ``deal`` as the Dict space's value: its tensor, and the mask of
    its legal actions when it is to act (and ``mask``), else zeros.  Built from
    :meth:`Deal.observation` only, so nothing hidden from ``seat`` enters it."""
    obs = deal.observation(seat)
    m = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if mask:
        for a in obs.legal_actions:
            m[a.id] = 1
    return {
        "observation": np.asarray(observation_tensor(obs), dtype=np.float32),
        "action_mask": m,
    }


def view_text(deal: Deal, seat: int) -> str:
    """``seat``'s view of ``deal`` as text (:func:`ulti.games.ulti.observation.observation_text`);
    once the deal is over, the whole deal as everyone may now see it (``seat`` -1: the
    spectator)."""
    if seat < 0:
        seat = SPECTATOR
    return observation_text(deal.observation(seat))


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TypeError(f"D2: a seed is an integer, not {seed!r}")
    seed = int(seed)
    if not 0 <= seed < 1 << 64:
        raise ValueError(f"D2: a seed is an integer in [0, 2**64), not {seed}")
    return seed


#: The rule that says who deals, by the seats at the table (C3: three; N1: four).
_DEALER_RULE = {3: "C3", 4: "N1"}


def check_dealer(dealer: int | None, seats: int = 3) -> int | None:
    """``dealer`` if it is a seat of ``seats`` (3, or 4: four at the table) or None."""
    if dealer is not None and (isinstance(dealer, bool) or dealer not in range(seats)):
        listed = ", ".join(str(s) for s in range(seats - 1)) + f" or {seats - 1}"
        raise ValueError(
            f"{_DEALER_RULE[seats]}: the dealer is seat {listed} (or None: seed % {seats}), "
            f"not {dealer!r}"
        )
    return dealer


def env_game(
    metadata: dict[str, Any],
    preset: str,
    max_kontra: int | None,
    render_mode: str | None,
    dealer: int | None,
    options: dict[str, Any],
    seats: int = 3,
) -> tuple[Ruleset, Game, int | None]:
    """What an environment's constructor (this one's, PettingZoo's) checks and makes alike:
    ``render_mode`` one of ``metadata``'s (or None), the rules (:func:`make_rules`) and their
    game, the dealer checked (:func:`check_dealer`, a seat of ``seats``); ``ValueError`` for
    what is wrong."""
    if render_mode is not None and render_mode not in metadata["render_modes"]:
        raise ValueError(f"render_mode is one of {metadata['render_modes']}, or None")
    rules = make_rules(preset, max_kontra, **options)
    return rules, Game(rules), check_dealer(dealer, seats)


def episode_dealer(
    seed: int, dealer: int | None, options: dict[str, Any] | None, seats: int = 3
) -> int:
    """The dealer of an episode: ``options["dealer"]``, else ``dealer``, else seat
    ``seed % seats`` (so a sequence of deals rotates through the positions)."""
    options = options or {}
    if "dealer" in options:
        dealer = check_dealer(options["dealer"], seats)
    return seed % seats if dealer is None else dealer


def episode_deck(options: dict[str, Any] | None) -> list[int] | None:
    """The deck order ``options["deck"]`` gives an episode to deal instead of its seed's."""
    deck = (options or {}).get("deck")
    return None if deck is None else list(deck)


def new_deal(rules: Ruleset, seed: int, dealer: int | None, options: dict[str, Any] | None) -> Deal:
    """The deal of an episode: ``seed``'s deck (D2) or ``options["deck"]``, dealt by
    ``options["dealer"]``, else ``dealer``, else seat ``seed % 3``."""
    return Deal(rules, seed, episode_dealer(seed, dealer, options), episode_deck(options))


class UltiEnv(gymnasium.Env[Obs, np.int64]):
    """One seat of a deal of Ulti learns; the other two are computer players (see the module
    documentation).  Build with :func:`env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        seat: int = 0,
        opponents: Sequence[str | Player] = ("rules", "rules"),
        preset: str = "standard",
        max_kontra: int | None = None,
        render_mode: str | None = None,
        dealer: int | None = None,
        illegal_reward: float | None = None,
        **options: Any,
    ) -> None:
        if isinstance(seat, bool) or seat not in (0, 1, 2):
            raise ValueError(f"C3: the learning seat is 0, 1 or 2, not {seat!r}")
        if isinstance(opponents, str) or len(opponents) != 2:
            raise ValueError("C3: two opponents, for the other two seats in seat order")
        made = env_game(self.metadata, preset, max_kontra, render_mode, dealer, options)
        self.rules, self.game, self.dealer = made
        self.seat = seat
        self.render_mode = render_mode
        bound = self.game.min_utility()
        assert bound is not None  # capped
        self.illegal_reward = float(bound if illegal_reward is None else illegal_reward)
        self.opponent_seats = tuple(s for s in range(3) if s != seat)
        self.opponents: dict[int, Player] = {}
        for s, p in zip(self.opponent_seats, opponents, strict=True):
            self.opponents[s] = make_player(p) if isinstance(p, str) else p
        self.observation_space = observation_space(self.rules)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.deal: Deal | None = None
        self.deal_seed = -1
        self._done = True

    # -- the episode -----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new deal: the deck of ``seed`` (D2), or of a seed drawn from the environment's
        generator; ``options``: ``dealer`` (this deal's dealer), ``deck`` (a deck order to deal
        instead, see :func:`ulti.games.ulti.deal.deck_for_hands`)."""
        super().reset(seed=seed)
        if seed is not None:
            deal_seed = check_seed(seed)
        else:
            deal_seed = int(self.np_random.integers(0, 1 << 63))
        self.deal = new_deal(self.rules, deal_seed, self.dealer, options)
        self.deal_seed = deal_seed
        self._done = False
        for s, p in self.opponents.items():
            # a one-way game number: reproducible per deal, and telling nothing of the deck
            p.start(s, self.rules, derive_seed(deal_seed, 1 + s))
        self._opponents_act()
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(
        self, action: SupportsInt | np.integer[Any]
    ) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        deal = self.deal
        if deal is None or self._done:
            raise RuntimeError("the episode is over: call reset()")
        ident = int(action)
        if ident not in legal_ids(deal):
            self._done = True
            info = self._info()
            info["illegal_action"] = ident
            return self._obs(), self.illegal_reward, True, False, info
        deal.apply(action_of(ident))
        self._opponents_act()
        reward = 0.0
        if deal.is_over():
            self._done = True
            reward = float(deal.returns()[self.seat])
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, self._done, False, self._info()

    def _opponents_act(self) -> None:
        """The computer players act, each on its own observation, until the learning seat is to
        act or the deal is over."""
        deal = self.deal
        assert deal is not None
        while not deal.is_over() and deal.current_player != self.seat:
            s = deal.current_player
            legal = deal.legal_actions()
            deal.apply(self.opponents[s].act(deal.observation(s), legal))

    def _obs(self) -> Obs:
        assert self.deal is not None
        return encode(self.deal, self.seat, mask=not self._done)

    def _info(self) -> dict[str, Any]:
        deal = self.deal
        assert deal is not None
        info: dict[str, Any] = {"dealer": deal.dealer, "phase": deal.phase.name}
        if deal.is_over():  # the seed is shown once the deal is over (D2)
            info["deal_seed"] = self.deal_seed
            info["returns"] = deal.returns()
            info["end_reason"] = deal.end_reason
        return info

    # -- views -------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The learning seat's view as text (``ansi``: returned; ``human``: printed); never
        another seat's hand."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        if self.deal is None:
            return None
        text = view_text(self.deal, -1 if self.deal.is_over() else self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self.deal = None
        self._done = True


def env(
    seat: int = 0,
    opponents: Sequence[str | Player] = ("rules", "rules"),
    preset: str = "standard",
    max_kontra: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> UltiEnv:
    """The single-agent environment: ``seat`` learns, ``opponents`` (player specs such as
    ``"random"``, ``"rules"``, ``"pimc:samples=8"``, or :class:`~ulti.players.base.Player`
    objects) hold the other seats in seat order.  ``options``: rule options (V1-V12), and
    ``dealer`` (fixed) or ``illegal_reward``."""
    return UltiEnv(seat, opponents, preset, max_kontra, render_mode, **options)


__all__ = [
    "UltiEnv",
    "action_of",
    "encode",
    "env",
    "episode_dealer",
    "episode_deck",
    "legal_ids",
    "make_rules",
    "new_deal",
    "observation_bounds",
    "observation_space",
    "view_text",
]
