"""Ulti (docs/RULES.md): the ruleset and its variants, bids and the ladder, actions, legality
(each rule once, with its reason), the auction, kontras, play, scoring, the deal's state and its
undo, the per-seat observation, records, the position notation and sessions."""
