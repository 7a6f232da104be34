"""``rules``: a hand-written expert.

Bidding from the hand evaluation of :mod:`ulti.players.ulti.evaluate` (which contract, when to pick
up the talon, which two cards to lay, which trump); in the two-round auction (V1) a first-round
bid on five cards when the evaluation of random completions of the hand says it beats passing
at double value (:func:`~ulti.players.ulti.evaluate.round1_choice`), and, on winning the round, the
better of confirming it (double value) and raising it (single value, the same trump kind);
kontras from the defender's trump and honour holding; and card play by the habits of good
players:

* trump contracts — the soloist draws trumps while holding the top one, then cashes his Aces;
  everyone wins cheaply, throws points (Aces and Xs) on tricks their side wins, and nothing of
  value on tricks it loses; against an Ulti the defenders keep a trump higher than the VII for
  the last trick and lead side suits to shorten the soloist's trumps;
* Betli — the soloist ducks with the highest card that loses and leads his lowest; the
  defenders lead low in suits the soloist still holds and keep the trick low, so that he must
  overtake (R2);
* Durchmars — the soloist leads his winners; the defenders keep their guards in the soloist's
  suits, win whatever they can and discard from elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ulti.core.cards import (
    ACE,
    BEATS_PLAIN_ORDER,
    BEATS_TRUMP_ORDER,
    PLAIN_ORDER_STRENGTH,
    POINT_CARDS,
    SUIT_MASKS,
    TEN,
    TRUMP_ORDER_STRENGTH,
    card,
    cards_of,
    mask_of,
)
from ulti.games.ulti.actions import Action, ActionKind, bid, discard, play
from ulti.games.ulti.actions import trump as trump_action
from ulti.games.ulti.bids import KIND_NAMES, Bid, Kind
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.play import overtakes, trick_winner
from ulti.games.ulti.rules import Ruleset
from ulti.players.base import Player
from ulti.players.ulti.evaluate import (
    Candidate,
    bid_table,
    candidates,
    contract_estimate,
    round1_choice,
    trump_strength,
    v1_confirm_bid,
    v1_options,
)
from ulti.players.ulti.knowledge import Knowledge, knowledge

KIND_BY_NAME = {v: k for k, v in KIND_NAMES.items()}
#: expected gain of picking up the talon (two cards and a choice of two to lay)
TALON_BONUS = 1.0


class RulesPlayer(Player):
    name = "rules"
    #: bid only contracts :func:`~ulti.players.ulti.evaluate.unsound` passes (``pimc-1``'s fallback,
    #: frozen with it, does not)
    sound = True

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.plan: Candidate | None = None

    # -- the auction ------------------------------------------------------------------

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        turns = {
            "PLAY": self.play_turn,
            "DISCARD": self.discard_turn,
            "BID": self.bid_turn,
            "AUCTION": self.auction_turn,
            "ROUND1": self.auction_turn,  # V1's first round is bid as the auction is
            "TRUMP": self.trump_turn,
            "KONTRA": self.answer_turn,
        }
        turn = turns.get(obs.phase)
        return turn(obs, legal) if turn is not None else legal[0]

    def current_rank(self, obs: Observation) -> int:
        return self.rules.ladder[obs.bid].rank if obs.bid else 0

    def forfeit_adjusted(self, c: Candidate, obs: Observation) -> float:
        if c.bid.key == "simple" and self.rules.simple_forfeit and obs.bid is None:
            return -4.0 * obs.bid_multiplier  # A5: a Simple left standing is paid doubled
        return c.estimate

    def choose(self, obs: Observation, hand: int, twelve: bool) -> Candidate | None:
        r1 = v1_confirm_bid(obs, self.rules)
        if r1 is not None and twelve:  # V1: confirm the first round's bid or raise it
            # confirming or raising is forced: sound options first, any when none is
            opts = v1_options(bid_table(hand, self.rules, self.sound), r1, self.rules)
            opts = opts or v1_options(bid_table(hand, self.rules), r1, self.rules)
            return next(iter(opts), None)
        cands = candidates(hand, self.rules, self.current_rank(obs), 8, twelve, self.sound)
        if not cands:
            return None
        return max(cands, key=lambda c: self.forfeit_adjusted(c, obs))

    def discard_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        hand = mask_of(obs.hand)
        self.plan = self.choose(obs, hand, twelve=True)
        if self.plan is not None and self.plan.discard is not None:
            a = discard(*self.plan.discard)
            if a in legal:
                return a
        return legal[0]

    def bid_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if self.plan is not None:
            a = bid(self.plan.bid.key)
            if a in legal:
                return a
        hand = mask_of(obs.hand)
        c = self.choose(obs, hand, twelve=False)
        if c is not None and bid(c.bid.key) in legal:
            return bid(c.bid.key)
        return legal[0]  # the lowest legal bid

    def auction_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        kinds = [a.kind for a in legal]
        hand = mask_of(obs.hand)
        if obs.phase == "ROUND1":  # V1: a bid on five cards counts double
            b, _ev, _pass = round1_choice(hand, self.rules, self.current_rank(obs), self.rng)
            if b is not None and bid(b.key) in legal:
                return bid(b.key)
            return legal[kinds.index(ActionKind.PASS)]
        c = self.choose(obs, hand, twelve=False)
        if ActionKind.PICKUP in kinds:
            if c is not None and c.estimate + TALON_BONUS > 0.5 and obs.bidder != obs.seat:
                return legal[kinds.index(ActionKind.PICKUP)]
            return legal[kinds.index(ActionKind.PASS)]
        if ActionKind.BID in kinds and c is not None and c.estimate > 0.5:  # no talon (V4)
            a = bid(c.bid.key)
            if a in legal:
                return a
        return legal[kinds.index(ActionKind.PASS)]

    def trump_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if self.plan is not None and self.plan.trump >= 1:
            a = trump_action(self.plan.trump)
            if a in legal:
                return a
        hand = mask_of(obs.hand)
        key = obs.contract or obs.bid  # W4: the trump of the bid just made
        b = self.rules.ladder[key] if key else None
        if b is None:
            return legal[0]
        best = max((1, 2, 3), key=lambda t: contract_estimate(b, hand, t, self.rules))
        return trump_action(best)

    # -- kontras --------------------------------------------------------------------------

    def kontra_wanted(self, obs: Observation, comp: Kind, k: Knowledge) -> bool:
        """A defender's judgement of one component (:func:`kontra_holding`)."""
        return kontra_holding(comp, k.hand, obs.trump, ~k.played & ~k.hand & FULL)

    def answer_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        # the soloist re-doubles only a component his hand makes almost surely
        if obs.seat == obs.soloist and obs.contract:
            b = self.rules.ladder[obs.contract]
            hand = mask_of(obs.hand)
            for a in legal:
                if a.kind == ActionKind.KONTRA and a.level == 2 and obs.trump >= 0:
                    comp = b.component(a.component)
                    if (
                        comp is not None
                        and contract_estimate(_single(b, a.component), hand, obs.trump, self.rules)
                        > 0.8 * comp.value * 2
                    ):
                        return a
        return legal[0]  # pass

    # -- card play ------------------------------------------------------------------------

    def play_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a.kind == ActionKind.MARRIAGE:
                return a  # declaring always counts (R5)
        k = knowledge(obs, self.rules)
        if obs.seat != obs.soloist and obs.contract:
            for a in legal:
                if a.kind == ActionKind.KONTRA and self.kontra_wanted(obs, a.component, k):
                    return a
        cards = [a.card for a in legal if a.kind == ActionKind.PLAY]
        return play(self.choose_card(obs, k, cards))

    def choose_card(self, obs: Observation, k: Knowledge, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        b = self.rules.ladder[obs.contract] if obs.contract else None
        assert b is not None
        if b.has(Kind.BETLI):
            return self.betli_card(obs, k, legal)
        if b.has(Kind.DURCHMARS) and not b.trump:
            return self.durchmars_card(obs, k, legal, trump=-1)
        return self.trump_card(obs, k, legal, b.has(Kind.ULTI), b.has(Kind.DURCHMARS))

    def trump_card(
        self, obs: Observation, k: Knowledge, legal: list[int], ulti: bool, durch: bool
    ) -> int:
        t = obs.trump
        me = obs.seat
        s = obs.soloist
        out = ~k.played & ~k.hand & ((1 << 32) - 1)
        out_trumps = out & SUIT_MASKS[t] if t >= 0 else 0
        beats = BEATS_TRUMP_ORDER
        if not obs.trick:
            if me == s:
                trumps = [c for c in legal if c >> 3 == t]
                top = [c for c in trumps if not beats[c] & out]
                if out_trumps and top:
                    return max(top, key=lambda c: _strength(c, True))  # draw trumps
                side_winners = [c for c in legal if c >> 3 != t and not beats[c] & out]
                if side_winners:
                    return max(side_winners, key=lambda c: (_value(c), _strength(c, True)))
                if durch:
                    return max(legal, key=lambda c: _strength(c, True))
                side = [c for c in legal if c >> 3 != t] or legal
                return min(side, key=lambda c: (_value(c), _strength(c, True)))
            # a defender leads: cash a winner the soloist cannot ruff, else lead low in a side suit
            sol_void = [
                suit
                for suit in range(4)
                if k.cannot[s] & SUIT_MASKS[suit] == SUIT_MASKS[suit] & out
            ]
            winners = [
                c for c in legal if c >> 3 != t and not beats[c] & out and (c >> 3) not in sol_void
            ]
            if winners and not ulti:
                return max(winners, key=lambda c: _value(c))
            side = [c for c in legal if c >> 3 != t] or legal
            if ulti:  # make the soloist ruff: lead where he is short
                return min(side, key=lambda c: (_value(c), _strength(c, True)))
            return min(side, key=lambda c: (_value(c), _strength(c, True)))
        best, best_seat, trumped = _trick_state(obs, t, True)
        last = len(obs.trick) == 2
        ours = _team(best_seat, s) == _team(me, s)
        winning = [c for c in legal if _beats(c, best, trumped, t, True)]
        if ours:
            if last or (best_seat != me and not beats[best] & out and not trumped):
                # the trick is ours: throw points (but no trump a defender keeps for the Ulti)
                safe = [c for c in legal if not (ulti and me != s and c >> 3 == t)] or legal
                return max(safe, key=lambda c: (_value(c), -_strength(c, True)))
            return min(legal, key=lambda c: (_value(c), _strength(c, True)))
        trick_points = sum(_value(c) for c in obs.trick)
        if winning:
            keep = ulti and me != s and t >= 0
            cand = winning
            if keep:  # a defender against an Ulti keeps his highest trump for the last trick
                hi = max(
                    (c for c in cards_of(k.hand & SUIT_MASKS[t])),
                    key=lambda c: _strength(c, True),
                    default=-1,
                )
                cand = [c for c in winning if c != hi] or ([] if trick_points == 0 else winning)
            if cand and (last or trick_points or durch or me == s):
                return min(cand, key=lambda c: (_strength(c, True) + 10 * (c >> 3 == t), _value(c)))
        return min(legal, key=lambda c: (_value(c), c >> 3 == t, _strength(c, True)))

    def betli_card(self, obs: Observation, k: Knowledge, legal: list[int]) -> int:
        me = obs.seat
        s = obs.soloist
        out = ~k.played & ~k.hand & ((1 << 32) - 1)
        if me == s:
            if not obs.trick:
                return min(legal, key=lambda c: _strength(c, False))
            best, _, _ = _trick_state(obs, -1, False)
            losing = [c for c in legal if not _beats(c, best, False, -1, False)]
            if losing:
                return max(losing, key=lambda c: _strength(c, False))
            return min(legal, key=lambda c: _strength(c, False))
        sol_out = out & ~k.cannot[s]
        if not obs.trick:
            # lead low where the soloist still has cards
            good = [c for c in legal if sol_out & SUIT_MASKS[c >> 3]]
            return min(good or legal, key=lambda c: _strength(c, False))
        best, best_seat, _ = _trick_state(obs, -1, False)
        if best_seat == s:  # the soloist is winning: stay under him
            under = [c for c in legal if not _beats(c, best, False, -1, False)]
            if under:
                return max(under, key=lambda c: _strength(c, False))
        return min(legal, key=lambda c: _strength(c, False))

    def durchmars_card(self, obs: Observation, k: Knowledge, legal: list[int], trump: int) -> int:
        me = obs.seat
        s = obs.soloist
        out = ~k.played & ~k.hand & ((1 << 32) - 1)
        beats = BEATS_PLAIN_ORDER
        if me == s:
            if not obs.trick:
                top = [c for c in legal if not beats[c] & out]
                return max(top or legal, key=lambda c: _strength(c, False))
            best, _, _ = _trick_state(obs, -1, False)
            win = [c for c in legal if _beats(c, best, False, -1, False)]
            return (
                min(win, key=lambda c: _strength(c, False))
                if win
                else min(legal, key=lambda c: _strength(c, False))
            )
        if obs.trick:
            best, best_seat, _ = _trick_state(obs, -1, False)
            win = [c for c in legal if _beats(c, best, False, -1, False)]
            if best_seat == s and win:
                return min(win, key=lambda c: _strength(c, False))
        # keep guards in the soloist's suits; throw from the others
        sol_out = out & ~k.cannot[s]
        spare = [c for c in legal if not sol_out & SUIT_MASKS[c >> 3]]
        if not obs.trick:
            mine_top = [c for c in legal if not beats[c] & out]
            if mine_top:
                return mine_top[0]
            return max(legal, key=lambda c: _strength(c, False))
        return min(spare or legal, key=lambda c: _strength(c, False))


FULL = (1 << 32) - 1


def kontra_holding(kind: Kind, hand: int, trump: int, out: int) -> bool:
    """Whether a defender holding ``hand`` doubles component ``kind`` (``out``: the cards he
    cannot see): four trumps, or three with the Ace or the X, against an Ulti; three trumps
    with two honours against a 40-100 or 20-100; a card nothing out beats (in a trump game a
    trump) against a Durchmars; an Ace guarded by two more of its suit against Four Aces;
    38 points by the hand evaluation against a Simple.  The ``pimc`` player's model of the
    others (:mod:`ulti.players.ulti.inference`) reads a kontra by the same judgement."""
    if kind == Kind.ULTI and trump >= 0:
        trumps = hand & SUIT_MASKS[trump]
        high = trumps & (1 << card(trump, ACE) | 1 << card(trump, TEN))
        return trumps.bit_count() >= 4 or (trumps.bit_count() >= 3 and bool(high))
    if kind in (Kind.FORTY_HUNDRED, Kind.TWENTY_HUNDRED) and trump >= 0:
        f = trump_strength(hand, trump)
        return f["n"] >= 3 and f["honours"] >= 2
    if kind == Kind.DURCHMARS:
        order = BEATS_TRUMP_ORDER if trump >= 0 else BEATS_PLAIN_ORDER
        return any(not order[c] & out and (trump < 0 or c >> 3 == trump) for c in cards_of(hand))
    if kind == Kind.FOUR_ACES:  # an Ace he can keep
        return any(
            hand >> card(s, ACE) & 1 and (hand & SUIT_MASKS[s]).bit_count() >= 3
            for s in range(4)
            if s != trump
        )
    if kind == Kind.SIMPLE and trump >= 0:
        return trump_strength(hand, trump)["points"] >= 38
    return False


def _single(b: Bid, kind: Kind) -> Bid:
    """A bid holding only one component of ``b`` (for the estimate of that component)."""
    comp = b.component(kind)
    assert comp is not None
    return replace(b, components=(comp,), silent=())


# ------------------------------------------------------------------------------------------
# card play helpers (module functions, so that the pimc player can use them as a fallback)


def _strength(c: int, trump_game: bool) -> int:
    return (TRUMP_ORDER_STRENGTH if trump_game else PLAIN_ORDER_STRENGTH)[c & 7]


def _trick_state(obs: Observation, trump: int, trump_game: bool) -> tuple[int, int, bool]:
    """(best card, its seat, trumped) of the trick in progress
    (:func:`ulti.games.ulti.play.trick_winner`, R4)."""
    i, trumped = trick_winner(obs.trick, trump, no_trump=not trump_game)
    return obs.trick[i], (obs.trick_leader + i) % 3, trumped


def _beats(c: int, best: int, trumped: bool, trump: int, trump_game: bool) -> bool:
    return overtakes(
        c, best, trumped, trump, BEATS_TRUMP_ORDER if trump_game else BEATS_PLAIN_ORDER
    )


def _value(c: int) -> int:
    return 10 if POINT_CARDS >> c & 1 else 0


def _team(seat: int, soloist: int) -> int:
    return 0 if seat == soloist else 1
