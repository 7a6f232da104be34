"""Computer players: one interface, legal and deterministic play, sound inferences."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from fixtures import ULTI_HANDS, make_deal, random_action, start
from ulti.actions import Action, ActionKind
from ulti.bids import Kind
from ulti.deal import Deal, Phase
from ulti.observation import Observation
from ulti.players import Budget, Player, make_player, play_deal, registry
from ulti.players.knowledge import knowledge, sample
from ulti.record import dumps
from ulti.rules import PRESETS, Ruleset


class Spy(Player):
    """Records what it is given; plays the first legal action."""

    name = "spy"

    def __init__(self) -> None:
        super().__init__(0)
        self.seen: list[tuple[Observation, tuple[Action, ...]]] = []

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        self.seen.append((obs, tuple(legal)))
        return legal[0]


def test_players_get_their_own_observation_and_the_legal_actions_only() -> None:
    spies = [Spy(), Spy(), Spy()]
    run = play_deal(Ruleset(), 7, 0, spies)
    assert run.deal.is_over()
    for seat, spy in enumerate(spies):
        assert spy.seen
        for obs, legal in spy.seen:
            assert isinstance(obs, Observation) and obs.seat == seat
            assert obs.current_player == seat and obs.seed is None
            assert tuple(obs.legal_actions) == tuple(str(a) for a in legal)
            assert not hasattr(obs, "hands")  # no deal, no other hand


def test_make_player_specs_and_budgets() -> None:
    assert set(registry()) == {"random", "rules", "pimc"}
    p = make_player("pimc:samples=12,ms=50", seed=3)
    assert p.budget == Budget(12, 50.0) and p.seed == 3
    assert make_player("pimc:30").budget == Budget(30, None)
    with pytest.raises(ValueError, match="unknown player"):
        make_player("grandmaster")
    for bad in ("pimc:samples=0", "pimc:ms=-1", "pimc:speed=3", "pimc:x"):
        with pytest.raises(ValueError, match="budget"):
            make_player(bad)


@pytest.mark.parametrize("name", ["random", "rules", "pimc:samples=4,ms=20"])
def test_bots_are_deterministic_for_a_seed(name: str) -> None:
    def run() -> str:
        players = [make_player(name, seed=s) for s in (1, 2, 3)]
        return dumps(play_deal(Ruleset(), 99, 1, players, game=4).deal)

    assert run() == run()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_and_rules_bots_finish_deals_in_every_preset(preset: str) -> None:
    rules = Ruleset.from_preset(preset)
    for g in range(12):
        players = [make_player(n, seed=g) for n in ("rules", "random", "rules")]
        run = play_deal(rules, 1000 + g, g % 3, players, game=g)
        assert run.deal.is_over() and sum(run.deal.returns()) == 0


@pytest.mark.parametrize("preset", ["standard", "hearts-trump", "no-talon", "two-round"])
def test_pimc_finishes_deals(preset: str) -> None:
    rules = Ruleset.from_preset(preset)
    for g in range(2):
        players = [make_player(n, seed=g) for n in ("pimc:samples=4,ms=30", "rules", "random")]
        run = play_deal(rules, 500 + g, g % 3, players, game=g)
        assert run.deal.is_over()
        assert run.times[0]  # pimc decided something


def test_inferences_are_sound_the_true_hands_are_never_excluded() -> None:
    """What a seat infers (R2, R3 voids and the rest) never contradicts the real hands, and
    every sample respects the inferences, the known cards and the hand sizes."""
    rng = random.Random(3)
    checked = 0
    for _ in range(150):
        d = Deal(Ruleset.from_preset(rng.choice(["standard", "no-talon", "hearts-trump"])),
                 seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over():
            if d.phase in (Phase.PLAY, Phase.AUCTION, Phase.KONTRA) and rng.random() < 0.3:
                seat = rng.randrange(3)
                k = knowledge(d.observation(seat), d.rules)
                for p in range(3):
                    assert d.hands[p] & k.cannot[p] == 0, "an inference excluded a held card"
                    # what is held for sure is held (the Ulti soloist's VII is an assumption)
                    assert k.held[p] & ~d.hands[p] == 0 or (
                        d.contract is not None and d.contract.has(Kind.ULTI))
                hands, talon = sample(k, rng)
                for p in range(3):
                    assert hands[p].bit_count() == d.hands[p].bit_count()
                    assert hands[p] & k.held[p] == k.held[p]
                    assert hands[p] & k.cannot[p] == 0
                assert hands[seat] == d.hands[seat]
                assert talon.bit_count() == k.talon_size
                total = hands[0] | hands[1] | hands[2] | talon | k.played
                assert total == (1 << 32) - 1
                checked += 1
            d.apply(random_action(d, rng, pass_bias=0.8))
    assert checked > 300


def test_voids_are_inferred_from_a_trick() -> None:
    d = start(make_deal(ULTI_HANDS), "ulti", "♦7 ♦8", trump="acorns")
    d.apply("play ♥9")
    d.apply("play ♥10")
    d.apply("play ♥8")  # seat 0 could not beat ♥X
    d.apply("play ♦K")
    d.apply("play ♦J")
    d.apply("play ♦A")  # seat 1 (soloist) overtook
    d.apply("play ♠8")
    d.apply("play ♠Q")
    d.apply("play ♠10")
    d.apply("play ♠J")
    d.apply("play ♠K")
    d.apply("play ♠A")
    d.apply("play ♦Q")
    d.apply("play ♣J")  # seat 0 trumps: void in bells
    k = knowledge(d.observation(1), d.rules)
    from ulti.cards import SUIT_MASKS, parse_card

    assert k.cannot[0] & SUIT_MASKS[3] == SUIT_MASKS[3]  # void in Bells
    assert k.cannot[0] >> parse_card("♥A") & 1  # did not beat ♥X: no ♥A (R2)
    assert not k.cannot[0] >> parse_card("♥Q") & 1  # a lower heart is still possible


def test_pimc_plays_the_solver_move_when_every_card_is_known() -> None:
    from ulti.solver import Position, move_values_only

    rng = random.Random(21)
    seen = 0
    while seen < 5:
        d = Deal(seed=rng.getrandbits(64))
        while not d.is_over() and not (d.phase == Phase.PLAY and d.exposed and
                                       d.current_player == d.soloist):
            d.apply(random_action(d, rng, pass_bias=0.5))
        if d.is_over():
            continue
        obs = d.observation(d.soloist)
        assert not knowledge(obs, d.rules).unknown  # open hands, his own talon: all known
        p = make_player("pimc", seed=1)
        p.start(d.soloist, d.rules, 0)
        legal = d.legal_actions()
        a = p.act(obs, legal)
        if a.kind == ActionKind.CLAIM:
            assert d._claim_sound(d.soloist)
        else:
            vals = dict(move_values_only(Position.from_deal(d)))
            assert vals[a.card] == max(vals.values())
        seen += 1
