"""A puzzle as a solver sees it, in words, for every door (the web page, the terminal): its
position (:func:`position`: the seat's observation at the puzzle's step, the other seats named
from the solver's place, and the choices' words; never the seed, another hand, the talon unless
the seat laid it, the answer or a value) and an answer's judgement (:func:`judgement`: right or
not, every choice's value from the seat and with the cards as they lay, and why).  Every text
comes in both languages (``{"en": …, "hu": …}``).
"""

from __future__ import annotations

from typing import Any

from ulti import i18n
from ulti.analysis.puzzles import Puzzle
from ulti.core.cards import sort_for_display
from ulti.games.ulti.actions import ActionKind, describe
from ulti.games.ulti.bids import Bid
from ulti.games.ulti.observation import kontra_info

Json = dict[str, Any]


def theme_names(tags: tuple[str, ...] | list[str]) -> list[Json]:
    return [{"tag": t, **i18n.both(f"puzzles.theme-{t}")} for t in tags]


def _who(seat: int, me: int) -> dict[str, str]:
    """Another seat as the solver sees it: you, the player after you, the one before you."""
    return i18n.both(("puzzles.you", "puzzles.next", "puzzles.previous")[(seat - me) % 3])


def position(p: Puzzle) -> Json:
    """What the solver is shown (see the module documentation)."""
    obs = p.observation()
    rules = p.deal().rules
    ladder = rules.ladder
    me = obs.seat
    no_trump = obs.contract is not None and not ladder[obs.contract].trump
    trump = obs.trump if obs.trump >= 0 else None
    history = []
    for move in obs.history:
        a = move.action
        words = (
            {lang: describe(a, lang, trump=obs.trump, ladder=ladder) for lang in i18n.LANGS}
            if a is not None
            else i18n.both("act.discard")
        )
        play = a is not None and a.kind == ActionKind.PLAY
        history.append({"seat": move.seat, "who": _who(move.seat, me), "play": play, **words})
    tricks = [
        {
            "cards": [{"card": c, "who": _who((leader + k) % 3, me)} for k, c in enumerate(cards)],
            "winner": _who(winner, me),
        }
        for leader, cards, winner in obs.tricks
    ]
    current = [
        {"card": c, "who": _who((obs.trick_leader + k) % 3, me)} for k, c in enumerate(obs.trick)
    ]

    def bid_words(key: str | None) -> Json | None:
        if key is None:
            return None
        b: Bid = ladder[key]
        return {"en": b.title, "hu": b.title_hu}

    return {
        "id": p.id,
        "game": p.game,
        "kind": p.kind,
        "themes": theme_names(list(p.themes)),
        "ask": i18n.both(f"puzzles.ask-{p.kind}"),
        "hand": sort_for_display(sum(1 << c for c in obs.hand), trump, no_trump),
        "talon": list(obs.talon) if obs.talon is not None else None,
        "phase": obs.phase,
        "role": i18n.both(
            "puzzles.role-soloist"
            if obs.soloist == me or (obs.soloist < 0 and obs.bidder == me)
            else "puzzles.role-defender"
            if obs.soloist >= 0
            else "puzzles.role-bidding"
        ),
        "dealer": _who(obs.dealer, me),
        "bid": bid_words(obs.bid),
        "bidder": _who(obs.bidder, me) if obs.bidder >= 0 else None,
        "contract": bid_words(obs.contract),
        "soloist": _who(obs.soloist, me) if obs.soloist >= 0 else None,
        "trump": obs.trump,
        "kontras": kontra_info(obs),
        "marriages": [{"who": _who(s, me), "suit": suit} for s, suit in obs.marriages],
        "history": history,
        "tricks": tricks,
        "trick": current,
        "points": [obs.points_taken[(me + k) % 3] for k in range(3)],  # you, next, previous
        "rules": i18n.both(f"preset.{rules.preset}"),
        "choices": [{"i": i, "cards": list(c.cards), **c.label} for i, c in enumerate(p.choices)],
    }


def judgement(p: Puzzle, choice: int) -> Json:
    """An answer judged: right or not, the right choices, every choice's value from the seat and
    with the cards as they lay, and why (both languages)."""
    return {
        "right": p.right(choice),
        "choice": choice,
        "answers": list(p.answers),
        "margin": round(p.margin, 2),
        "samples": p.samples,
        "choices": [
            {
                "i": i,
                **c.label,
                "info": round(c.info, 2),
                "dd": round(c.dd, 2),
                "right": i in p.answers,
            }
            for i, c in enumerate(p.choices)
        ],
        "why": dict(p.why),
    }
