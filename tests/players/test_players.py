"""Computer players: one interface, legal and deterministic play, the habits each player promises
(marriages, Betli ducking, drawing trumps, bidding a made contract), sound inferences."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from fixtures import ULTI_HANDS, hand, make_deal, random_action, start
from ulti.core.cards import PLAIN_ORDER_STRENGTH, TRUMP_ORDER_STRENGTH, cards_of, mask_of
from ulti.games.registry import GAMES
from ulti.games.ulti.actions import Action, ActionKind, discard
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, Phase, deck_for_hands
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.record import dumps
from ulti.games.ulti.rules import PRESETS, Ruleset
from ulti.players import Budget, GamePlayer, Player, make_player, play_deal, registry, room
from ulti.players.ulti.evaluate import round1_sound
from ulti.players.ulti.knowledge import knowledge, sample


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
            assert obs.legal_actions == tuple(legal)
            assert not hasattr(obs, "hands")  # no deal, no other hand


def watched(player: Player, spy: Spy) -> Callable[[Observation, Sequence[Action]], Action]:
    """``player``'s own choice, with what it was given kept by ``spy``."""
    original = player.act

    def act(obs: Observation, legal: Sequence[Action]) -> Action:
        spy.seen.append((obs, tuple(legal)))
        return original(obs, legal)

    return act


def test_a_played_deal_records_each_decision_with_a_choice_and_its_kind() -> None:
    """DealRun.decisions: one entry per decision with more than one legal action, its kind
    from the phase the seat saw (bid, talon, trump, kontra, card), in the order taken."""
    rules = Ruleset.from_preset("tournament")  # kontras on offer
    seen_kinds: set[str] = set()
    for g in range(12):
        spies = [Spy(), Spy(), Spy()]
        players = [make_player("rules", seed=g * 3 + s) for s in range(3)]
        for s in range(3):  # the rules players decide; the spies only watch
            players[s].act = watched(players[s], spies[s])  # type: ignore[method-assign, assignment]
        run = play_deal(rules, 300 + g, g % 3, players, game=g)
        for seat in range(3):
            chosen = [(obs, legal) for obs, legal in spies[seat].seen if len(legal) > 1]
            kinds = [k for k, _ in run.decisions[seat]]
            assert len(kinds) == len(chosen)
            for k, (obs, legal) in zip(kinds, chosen, strict=True):
                if obs.phase in ("AUCTION", "ROUND1", "BID"):
                    assert k == "bid"
                elif obs.phase == "DISCARD":
                    assert k == "talon" and all(a.kind == ActionKind.DISCARD for a in legal)
                elif obs.phase == "TRUMP":
                    assert k == "trump"
                elif any(a.kind == ActionKind.KONTRA for a in legal):
                    assert k == "kontra"
                else:
                    assert k == "card" and any(a.kind == ActionKind.PLAY for a in legal)
            seen_kinds |= set(kinds)
    assert {"bid", "talon", "card"} <= seen_kinds


def test_make_player_specs_and_budgets() -> None:
    assert set(registry()) == {"random", "rules", "pimc", "pimc-1"}
    p = make_player("pimc:samples=12,ms=50", seed=3)
    assert p.budget == Budget(12, 50.0) and p.seed == 3
    assert make_player("pimc:30").budget == Budget(30, None)
    with pytest.raises(ValueError, match="unknown player"):
        make_player("grandmaster")
    for bad in ("pimc:samples=0", "pimc:ms=-1", "pimc:speed=3", "pimc:x"):
        with pytest.raises(ValueError, match="budget"):
            make_player(bad)


class Checked(Player):
    """A player wrapped: every action it returns must be one of the legal actions it was
    given; every decision is kept (observation, legal actions, action)."""

    name = "checked"

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.seed, inner.budget)
        self.inner = inner
        self.log: list[tuple[Observation, tuple[Action, ...], Action]] = []

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.inner.start(seat, rules, game)

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        a = self.inner.act(obs, legal)
        assert a in legal, f"{self.inner.name} chose {a}, not one of its legal actions"
        self.log.append((obs, tuple(legal), a))
        return a


class Passer(Player):
    """The rules player, except that it passes whenever it may (it never bids or doubles)."""

    name = "passer"

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.inner = make_player("rules", self.seed)
        self.inner.start(seat, rules, game)

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a.kind == ActionKind.PASS:
                return a
        return self.inner.act(obs, legal)


def checked(specs: Sequence[str], seed: int) -> list[Checked]:
    return [Checked(make_player(spec, seed=seed * 3 + s)) for s, spec in enumerate(specs)]


def decisions(players: Sequence[Checked]) -> list[tuple[Observation, tuple[Action, ...], Action]]:
    return [entry for p in players for entry in p.log]


def assert_declares_marriages_and_bids_round_one_soundly(
    players: Sequence[Checked], rules: Ruleset
) -> None:
    """R5: declaring a marriage always counts, so the bots always do; V1: a bid on the first
    round's five cards is one those cards can hold (the marriage of a 40-100, the VII of an
    Ulti: :func:`~ulti.players.ulti.evaluate.round1_sound`)."""
    for obs, legal, a in decisions(players):
        if any(x.kind == ActionKind.MARRIAGE for x in legal):
            assert a.kind == ActionKind.MARRIAGE, (obs.seat, a)
        if obs.phase == "ROUND1" and a.kind == ActionKind.BID:
            assert round1_sound(rules.ladder[a.bid], mask_of(obs.hand), rules), (obs.seat, a)


@pytest.mark.parametrize("name", ["random", "rules", "pimc:samples=4,ms=3600000"])
def test_bots_are_deterministic_for_a_seed(name: str) -> None:
    """A seed gives the same deal (pimc with a budget of samples alone: a time limit stops it
    by the clock, which a busy machine moves)."""

    def run(seeds: tuple[int, int, int]) -> str:
        players = [make_player(name, seed=s) for s in seeds]
        return dumps(play_deal(Ruleset(), 99, 1, players, game=4).deal)

    assert run((1, 2, 3)) == run((1, 2, 3))
    if name == "random":
        assert run((1, 2, 3)) != run((4, 5, 6))  # the seed is what decides


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_and_rules_bots_choose_legal_actions_in_every_preset(preset: str) -> None:
    rules = Ruleset.from_preset(preset)
    contracts = 0
    for g in range(12):
        players = checked(("rules", "random", "rules"), g)
        run = play_deal(rules, 1000 + g, g % 3, players, game=g)
        assert run.deal.is_over() and sum(run.deal.returns()) == 0
        assert_declares_marriages_and_bids_round_one_soundly(players[::2], rules)
        contracts += run.deal.contract is not None
    assert contracts >= 6  # most deals are bid and played, not thrown in


@pytest.mark.parametrize("preset", ["standard", "hearts-trump", "no-talon", "two-round"])
def test_pimc_chooses_legal_actions(preset: str) -> None:
    rules = Ruleset.from_preset(preset)
    for g in range(2):
        players = checked(("pimc:samples=4,ms=30", "rules", "random"), g)
        run = play_deal(rules, 500 + g, g % 3, players, game=g)
        assert run.deal.is_over()
        assert players[0].log  # pimc decided something
        assert_declares_marriages_and_bids_round_one_soundly(players[:1], rules)


def _beats_plain(c: int, trick: Sequence[int]) -> bool:
    """Whether ``c`` would take the lead of a no-trump trick (C2's plain order, R4)."""
    led = [x for x in trick if x >> 3 == trick[0] >> 3]
    best = max(led, key=lambda x: PLAIN_ORDER_STRENGTH[x & 7])
    return c >> 3 == best >> 3 and PLAIN_ORDER_STRENGTH[c & 7] > PLAIN_ORDER_STRENGTH[best & 7]


def test_rules_player_in_a_betli_keeps_under_the_trick() -> None:
    """In a Betli the rules soloist leads his lowest card and, following, ducks with the
    highest card that does not take the trick whenever he has one; a defender stays under the
    soloist's card when it can (with its highest such card), so that the soloist must overtake
    (R2)."""
    rng = random.Random(5)
    leads = ducks = unders = 0

    def strength(c: int) -> int:
        return PLAIN_ORDER_STRENGTH[c & 7]

    for g in range(100):
        d = Deal(Ruleset(), seed=rng.getrandbits(64), dealer=g % 3)
        high = sorted(cards_of(d.hands[d.forehand]), key=strength)
        d.apply(discard(high[-1], high[-2]))
        d.apply("bid betli")
        while d.phase == Phase.AUCTION:
            d.apply("pass")
        players = checked(("rules", "rules", "rules"), g)
        for seat, p in enumerate(players):
            p.start(seat, d.rules, g)
        while not d.is_over():
            seat = d.current_player
            d.apply(players[seat].act(d.observation(seat), d.legal_actions()))
        for obs, legal, a in decisions(players):
            if a.kind != ActionKind.PLAY:
                continue
            cards = [x.card for x in legal if x.kind == ActionKind.PLAY]
            if not obs.trick:
                if obs.seat == obs.soloist:
                    assert strength(a.card) == min(map(strength, cards)), (g, a)
                    leads += 1
                continue
            under = [c for c in cards if not _beats_plain(c, obs.trick)]
            led = [x for x in obs.trick if x >> 3 == obs.trick[0] >> 3]
            best = max(led, key=strength)
            best_seat = (obs.trick_leader + obs.trick.index(best)) % 3
            if under and (obs.seat == obs.soloist or best_seat == obs.soloist):
                assert a.card in under and strength(a.card) == max(map(strength, under)), (
                    g,
                    obs.seat,
                    obs.trick,
                    a,
                )
                if obs.seat == obs.soloist:
                    ducks += 1
                else:
                    unders += 1
    assert leads >= 100 and ducks >= 40 and unders >= 20


def test_rules_soloist_draws_trumps_while_holding_the_top_one() -> None:
    """A trump contract's rules soloist, on lead with the highest trump still out and the
    defenders holding a trump, leads a trump."""
    rules = Ruleset()
    seen = 0
    for g in range(60):
        players = checked(("rules", "rules", "rules"), g)
        play_deal(rules, 2000 + g, g % 3, players, game=g)
        for obs, _legal, a in decisions(players):
            if (
                a.kind != ActionKind.PLAY
                or obs.trick
                or obs.seat != obs.soloist
                or obs.trump < 0
                or obs.contract is None
            ):
                continue
            if not rules.ladder[obs.contract].trump:
                continue
            t = obs.trump
            played = {c for _, cards, _ in obs.tricks for c in cards}
            mine = [c for c in obs.hand if c >> 3 == t]
            # trumps neither played, nor his, nor in the talon he laid: the defenders' trumps
            theirs = [
                c
                for c in range(t * 8, t * 8 + 8)
                if c not in played and c not in obs.hand and c not in (obs.talon or ())
            ]
            if not mine or not theirs:
                continue
            top = max(mine, key=lambda c: TRUMP_ORDER_STRENGTH[c & 7])
            if all(TRUMP_ORDER_STRENGTH[c & 7] < TRUMP_ORDER_STRENGTH[top & 7] for c in theirs):
                assert a.card >> 3 == t, (g, obs.tricks, a)
                seen += 1
    assert seen >= 10


#: seat 1 (forehand, dealer 0) holds every Acorn and three Aces: laying two cards he wins every
#: trick in Acorns, with the trump VII last and the 40 marriage
STRONG_HANDS = {
    1: "♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7 ♥A ♠A ♦A ♦10",
    2: "♥10 ♥K ♥Q ♥J ♥9 ♠7 ♠10 ♠K ♠Q ♠J",
    0: "♥8 ♥7 ♠9 ♠8 ♦7 ♦8 ♦K ♦Q ♦J ♦9",
}


def test_pimc_bids_a_contract_its_hand_makes_and_makes_it() -> None:
    """Forehand with a hand that wins every trick, the pimc player lays its talon and bids a
    Durchmars with an Ulti (the defenders pass), and makes every item of it."""
    deck = deck_for_hands([hand(STRONG_HANDS[s]) for s in range(3)], 0, 0)
    pimc = Checked(make_player("pimc:samples=8,ms=100000", seed=2))
    players: list[Player] = [Passer(1), pimc, Passer(3)]
    d = play_deal(Ruleset(), 0, 0, players, deck=deck).deal
    assert d.soloist == 1 and d.contract is not None
    assert d.contract.has(Kind.DURCHMARS) and d.contract.has(Kind.ULTI), d.contract.key
    settlement = d.settlement
    assert settlement is not None
    lines = [ln for ln in settlement.lines if ln.amounts[1]]
    assert lines and all(ln.amounts[1] > 0 for ln in lines), lines  # every item made
    assert d.returns()[1] > 0


def test_inferences_are_sound_the_true_hands_are_never_excluded() -> None:
    """What a seat infers (R2, R3 voids and the rest) never contradicts the real hands, and
    every sample respects the inferences, the known cards and the hand sizes."""
    rng = random.Random(3)
    checked = 0
    for _ in range(150):
        d = Deal(
            Ruleset.from_preset(rng.choice(["standard", "no-talon", "hearts-trump"])),
            seed=rng.getrandbits(64),
            dealer=rng.randrange(3),
        )
        while not d.is_over():
            if d.phase in (Phase.PLAY, Phase.AUCTION, Phase.KONTRA) and rng.random() < 0.3:
                seat = rng.randrange(3)
                k = knowledge(d.observation(seat), d.rules)
                for p in range(3):
                    assert d.hands[p] & k.cannot[p] == 0, "an inference excluded a held card"
                    # what is held for sure is held (the Ulti soloist's VII is an assumption)
                    assert k.held[p] & ~d.hands[p] == 0 or (
                        d.contract is not None and d.contract.has(Kind.ULTI)
                    )
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
    from ulti.core.cards import SUIT_MASKS, parse_card

    assert k.cannot[0] & SUIT_MASKS[3] == SUIT_MASKS[3]  # void in Bells
    assert k.cannot[0] >> parse_card("♥A") & 1  # did not beat ♥X: no ♥A (R2)
    assert not k.cannot[0] >> parse_card("♥Q") & 1  # a lower heart is still possible


def test_pimc_plays_the_solver_move_when_every_card_is_known() -> None:
    from ulti.search.ulti.solver import Position, move_values_only

    rng = random.Random(21)
    seen = 0
    while seen < 5:
        d = Deal(seed=rng.getrandbits(64))
        while not d.is_over() and not (
            d.phase == Phase.PLAY and d.exposed and d.current_player == d.soloist
        ):
            d.apply(random_action(d, rng, pass_bias=0.5))
        if d.is_over():
            continue
        obs = d.observation(d.soloist)
        assert not knowledge(obs, d.rules).unknown  # open hands, his own talon: all known
        # no time limit worth the name: on a busy machine the exact solve may outlast the
        # default 150 ms of a card, and the rules player's card would be played instead
        p = make_player("pimc:ms=3600000", seed=1)
        p.start(d.soloist, d.rules, 0)
        legal = d.legal_actions()
        a = p.act(obs, legal)
        if a.kind == ActionKind.CLAIM:  # R7: the engine upholds it and settles
            c = d.clone()
            c.apply(a)
            assert c.is_over() and c.outcome is not None and c.outcome.claimant == d.soloist
        else:
            vals = dict(move_values_only(Position.from_deal(d)))
            assert vals[a.card] == max(vals.values())
        seen += 1


def test_every_game_has_a_room_of_players_found_by_its_name() -> None:
    """``make_player(spec, seed, game)`` builds any game's player from its room
    (``ulti.players.<game>``): the same spec and seed give the same player; a spec the game
    has not is refused in the catalogue's words."""
    for name in GAMES:
        players = room(name).registry()
        assert {"random", "rules", "pimc"} <= set(players)
        for spec, kind in players.items():
            p = make_player(f"{spec}:samples=3", 5, game=name)
            assert type(p) is kind and isinstance(p, GamePlayer)
            assert (p.seed, p.budget) == (5, Budget(3))
    assert type(make_player("rules", 1)) is registry()["rules"]  # Ulti's, by default
    with pytest.raises(ValueError, match="unknown player"):
        make_player("easy", 1, game="snapszli")  # Ulti's levels are not Snapszli's
    with pytest.raises(KeyError):
        room("chess")
