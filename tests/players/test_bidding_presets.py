"""Computer players bid in every preset: the two-round auction's first round on five cards and
its winner's confirm-or-raise turn (V1, A5, B5, B6), and bot-only deals of every preset finish
with legal actions only (A-rules, B5, V1-V11)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ulti.core.cards import parse_cards
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.bids import Bid
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import PRESETS, Ruleset
from ulti.players import Player, make_player, play_deal
from ulti.players.ulti.evaluate import round1_sound
from ulti.players.ulti.pimc import PimcPlayer

V1 = Ruleset.from_preset("two-round")

#: the presets whose engines are finished (``howto``, V2, is being built in the same issue and
#: gets its players' tests with its engine)
EXISTING = [p for p in sorted(PRESETS) if p != "howto"]

PIMC = "pimc:samples=6,ms=100000"  # samples alone decide: the same choice however fast


def v1_deck(
    first: dict[int, str], talon: str = "", second: dict[int, str] | None = None
) -> list[int]:
    """The deck order of a two-round deal (dealer 0, forehand seat 1): five cards to each
    from forehand (``first``), two for the first round's winner (``talon``), five more to each
    (``second``).  Cards not named fill the rest in a fixed shuffled order."""
    used: list[int] = []
    for part in (*first.values(), talon, *(second or {}).values()):
        used += parse_cards(part)
    rest = [c for c in range(32) if c not in used]
    random.Random(0).shuffle(rest)
    order = (1, 2, 0)

    def packet(text: str | None, n: int) -> list[int]:
        if text:
            return list(parse_cards(text))
        return [rest.pop() for _ in range(n)]

    deck = [c for s in order for c in packet(first.get(s), 5)]
    deck += packet(talon, 2)
    deck += [c for s in order for c in packet((second or {}).get(s), 5)]
    return deck


def round1_action(spec: str, hand: str, seed: int = 0) -> Action:
    """What ``spec`` does as forehand (seat 1) with ``hand`` in the first round (V1)."""
    d = Deal(V1, seed=0, dealer=0, deck=v1_deck({1: hand}))
    assert d.phase == Phase.ROUND1 and d.current_player == 1
    p = make_player(spec, seed)
    p.start(1, V1, 0)
    return p.act(d.observation(1), d.legal_actions())


@pytest.mark.parametrize("spec", ["rules", PIMC])
@pytest.mark.parametrize(
    ("hand", "kind"),
    [("♥A ♥10 ♥K ♥Q ♥7", "hearts"), ("♣A ♣10 ♣K ♣Q ♣7", "suit"), ("♥A ♥10 ♥K ♠A ♦A", "hearts")],
)
def test_round_one_bid_on_a_strong_five_card_hand(spec: str, hand: str, kind: str) -> None:
    """V1: with the top trumps (and the VII, the marriage, or side Aces) in five cards, a bid at
    double value is expected to win whatever seven cards come: both bots bid in the first
    round, a bid of that trump kind whose condition the five cards already meet (an Ulti
    with the VII, a 40-100 with the marriage; B5, B6)."""
    for seed in range(2):
        a = round1_action(spec, hand, seed)
        assert a.kind == ActionKind.BID, (spec, hand, a)
        b = V1.ladder[a.bid]
        assert b.trump and b.hearts == (kind == "hearts"), b.key
        assert round1_sound(b, sum(1 << c for c in parse_cards(hand)), V1)
    d = Deal(V1, seed=0, dealer=0, deck=v1_deck({1: hand}))
    d.apply(a)
    assert d.bid_multiplier == 2  # V1: it counts double


@pytest.mark.parametrize("spec", ["rules", PIMC])
@pytest.mark.parametrize("hand", ["♣8 ♠9 ♦J ♥9 ♣10", "♣K ♣Q ♠7 ♦8 ♥9", "♣7 ♣8 ♠7 ♦7 ♥8"])
def test_round_one_pass_on_a_hand_that_does_not_carry_a_doubled_bid(spec: str, hand: str) -> None:
    """V1: a first-round bid counts double, so a loss costs double: on a weak hand, a bare
    marriage (a 40-100 needs sixty more), or low cards (a Betli must survive seven unseen
    cards) both bots pass."""
    for seed in range(2):
        assert round1_action(spec, hand, seed).kind == ActionKind.PASS, (spec, hand)


def test_round_one_needs_what_the_bid_needs() -> None:
    """V1: never a first-round bid whose condition five cards cannot meet yet: no 40-100
    without the marriage of a suit it may be played in, no Ulti without that suit's VII, no
    40-100 Ulti with the VII of one suit and the marriage of another (B5, B6)."""
    ladder = V1.ladder

    def hand5(text: str) -> int:
        return sum(1 << c for c in parse_cards(text))

    acorns = hand5("♣K ♣Q ♣A ♣10 ♠7")
    assert round1_sound(ladder["40-100"], acorns, V1)
    assert not round1_sound(ladder["40-100 of hearts"], acorns, V1)  # Hearts: ♥K ♥Q needed
    assert round1_sound(ladder["ulti"], acorns, V1)  # Leaves trump, with its VII
    assert not round1_sound(ladder["40-100 ulti"], acorns, V1)  # VII and marriage: one suit
    assert not round1_sound(ladder["ulti"], hand5("♣K ♣Q ♣A ♣10 ♠8"), V1)
    assert not round1_sound(ladder["ulti of hearts"], acorns, V1)
    assert round1_sound(ladder["40-100 ulti"], hand5("♣K ♣Q ♣7 ♣10 ♠8"), V1)
    assert not round1_sound(ladder["four aces"], acorns, V1)  # one Ace of four


FIRST = {1: "♥A ♥10 ♥K ♠A ♦A", 2: "♣A ♣10 ♣K ♣Q ♣J", 0: "♠10 ♠K ♠Q ♠J ♠9"}
#: the rest of the deal: seat 1 gets an ordinary twelve
PLAIN_REST = ("♠8 ♦10", {1: "♥9 ♣7 ♠7 ♦7 ♦8", 2: "♥Q ♥J ♣9 ♣8 ♦9", 0: "♥8 ♥7 ♦K ♦Q ♦J"})
#: the rest of the deal: seat 1 gets every Heart
HEARTS_REST = ("♥Q ♥9", {1: "♥8 ♥7 ♥J ♣7 ♦10", 2: "♠8 ♣8 ♣9 ♦9 ♦8", 0: "♠7 ♦7 ♦K ♦Q ♦J"})


def won_round_one(first_bid: str, rest: tuple[str, dict[int, str]], spec: str) -> Deal:
    """Seat 1 wins the first round with ``first_bid`` and, holding twelve, lays two and bids
    as ``spec`` decides (V1's confirm-or-raise turn); the deal after its bid."""
    d = Deal(V1, seed=0, dealer=0, deck=v1_deck(FIRST, rest[0], rest[1]))
    d.apply(f"bid {first_bid}")
    d.apply("pass")
    d.apply("pass")
    assert d.current_player == 1 and d.bid_multiplier == 2
    p = make_player(spec, 1)
    p.start(1, V1, 0)
    phases = []
    for _ in range(2):
        phases.append(d.phase)
        d.apply(p.act(d.observation(1), d.legal_actions()))
    assert phases == [Phase.DISCARD, Phase.BID]
    assert d.phase == Phase.AUCTION and d.bidder == 1
    return d


@pytest.mark.parametrize("spec", ["rules", PIMC])
def test_confirm_the_first_round_bid_when_nothing_better_comes(spec: str) -> None:
    """V1: the round's winner, finding no better contract of the same trump kind in its
    twelve cards, confirms the Simple of Hearts and its value stays double."""
    d = won_round_one("simple of hearts", PLAIN_REST, spec)
    assert d.bid is not None and d.bid.key == "simple of hearts"
    assert d.bid_multiplier == 2


@pytest.mark.parametrize("spec", ["rules", PIMC])
def test_a_first_round_simple_is_raised_not_forfeited(spec: str) -> None:
    """V1 with A5: a confirmed Simple would be forfeited at double value (-8), so the round's
    winner raises it, keeping a suit trump (not Hearts, not a no-trump bid; B6), at single
    value."""
    d = won_round_one("simple", PLAIN_REST, spec)
    assert d.bid is not None and d.bid.key != "simple"
    assert d.bid.trump and not d.bid.hearts
    assert d.bid_multiplier == 1


def test_rules_raises_on_twelve_cards_that_make_much_more() -> None:
    """V1: holding every Heart and two side Aces after a first-round Simple of Hearts, the
    rules player raises to a bigger Hearts bid with a Durchmars (single value, the same trump
    kind; B5): its twelve cards win every trick."""
    d = won_round_one("simple of hearts", HEARTS_REST, "rules")
    assert d.bid is not None and d.bid.hearts and d.bid.rank > V1.ladder["simple of hearts"].rank
    assert "durchmars" in d.bid.key
    assert d.bid_multiplier == 1


class Checked(Player):
    """A player wrapped: each action it returns must be one of the legal actions it was given."""

    name = "checked"

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.seed, inner.budget)
        self.inner = inner
        self.log: list[tuple[Observation, Action]] = []

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.inner.start(seat, rules, game)

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        a = self.inner.act(obs, legal)
        assert a in legal, f"{self.inner.name} chose {a}, not one of its legal actions"
        self.log.append((obs, a))
        return a


@pytest.mark.parametrize("preset", EXISTING)
@pytest.mark.parametrize(
    "specs", [("rules", "rules", "rules"), ("pimc:samples=2,ms=5", "rules", "pimc:samples=2,ms=5")]
)
def test_bot_deals_finish_with_legal_bids_in_every_preset(
    preset: str, specs: tuple[str, str, str]
) -> None:
    """Every preset (A1-A5, B5, V1-V11): seeded deals among the rules and pimc players finish,
    zero-sum, every action legal; the auction's bids are of that preset's ladder (V5: combined
    only in the tournament preset; V3: no "of Hearts" trump bid with Hearts always trump); V4's
    bids are made directly in the auction; a V1 first-round bid is one the five cards can
    hold."""
    rules = Ruleset.from_preset(preset)
    bids = 0
    for g in range(2):
        players = [Checked(make_player(spec, seed=10 * g + s)) for s, spec in enumerate(specs)]
        d = play_deal(rules, 3000 + g, g % 3, players, game=g).deal
        assert d.is_over() and sum(d.returns()) == 0
        for p in players:
            for obs, a in p.log:
                if a.kind != ActionKind.BID:
                    continue
                bids += 1
                b = rules.ladder[a.bid]
                if rules.combined_bids_only:
                    assert len(b.components) >= 2, b.key  # an implicit Simple is a part
                if rules.hearts_always_trump:
                    assert not (b.trump and b.hearts), b.key
                if obs.phase == "ROUND1":
                    assert round1_sound(b, sum(1 << c for c in obs.hand), rules), b.key
                if not rules.talon:
                    assert obs.phase in ("AUCTION", "BID"), obs.phase
    assert bids >= 2  # every deal is bid (A1: forehand must)


def test_pimc_names_the_trump_over_whole_deals_without_a_talon(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """V4 and B6: with no talon the two cards aside are unknown to the soloist too, so each
    deal pimc samples to choose the trump holds them (every card once: the hands and the cards
    aside), not an empty talon."""
    rules = Ruleset.from_preset("no-talon")
    d = Deal(rules, seed=5, dealer=0)
    d.apply("bid ulti")
    for _ in range(3):
        d.apply("pass")
    assert d.phase == Phase.TRUMP and d.current_player == 1
    seen: list[tuple[tuple[int, int, int], int]] = []
    solve = PimcPlayer.contract_value

    def spy(
        self: PimcPlayer,
        contract: Bid,
        trump: int,
        hands: tuple[int, int, int],
        talon: int,
        multiplier: int = 1,
    ) -> int:
        seen.append((hands, talon))
        return solve(self, contract, trump, hands, talon, multiplier)

    monkeypatch.setattr(PimcPlayer, "contract_value", spy)
    p = make_player("pimc:samples=4,ms=100000", 1)
    p.start(1, rules, 0)
    a = p.act(d.observation(1), d.legal_actions())
    assert a in d.legal_actions() and a.kind == ActionKind.TRUMP
    assert len(seen) == 4 * 3  # four deals, three suits
    for hands, talon in seen:
        assert talon.bit_count() == 2 and hands[1] == d.hands[1]
        assert hands[0] | hands[1] | hands[2] | talon == (1 << 32) - 1
        assert sum(h.bit_count() for h in hands) == 30


def test_pimc_opens_without_a_talon_by_sampling() -> None:
    """V4 and A1: without a talon forehand holds ten cards and must open; pimc measures its
    opening over sampled deals (the other hands and the two cards aside).  Holding every
    Acorn and the other Aces it wins every trick without a trump, and opens the Plain Open
    Durchmars (24, B2), not a trump Durchmars the defenders' trumps would ruff (R3)."""
    from ulti.games.ulti.deal import deck_for_hands

    def mask(text: str) -> int:
        return sum(1 << c for c in parse_cards(text))

    rules = Ruleset.from_preset("no-talon")
    hands = [
        mask("♥8 ♥7 ♠9 ♠8 ♦7 ♦8 ♦K ♦Q ♦J ♦9"),
        mask("♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7 ♥A ♠A"),
        mask("♥10 ♥K ♥Q ♥J ♥9 ♠7 ♠10 ♠K ♠Q ♠J"),
    ]
    d = Deal(rules, seed=0, dealer=0, deck=deck_for_hands(hands, 0, mask("♦A ♦10")))
    assert d.current_player == 1 and d.hands[1].bit_count() == 10
    p = make_player(PIMC, 1)
    assert isinstance(p, PimcPlayer)
    p.start(1, rules, 0)
    assert str(p.act(d.observation(1), d.legal_actions())) == "bid plain open durchmars"
    key, why = p.explanation  # what the choice rested on: every sampled deal solved
    assert key == "hint.bid" and why["n"] == 6 and why["ev"] == 2 * 24
