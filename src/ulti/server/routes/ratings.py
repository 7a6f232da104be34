"""The club's ratings and profiles (docs/CLUB.md): the leaderboard of a rules family
(OpenSkill's conservative estimate, :mod:`ulti.server.ratings`) and a player's profile (their
numbers from :mod:`ulti.server.stats`, ratings, rating history and recent sessions).  Every
store call runs in the store's own threads."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ulti import i18n
from ulti.server.events.store import EventStore
from ulti.server.puzzles.store import PuzzleStore
from ulti.server.ratings import Rating, bot_title, user_key
from ulti.server.refusals import Refused
from ulti.server.services import Svc
from ulti.server.stats import summary
from ulti.server.store import DealResultRow, Store, User

router = APIRouter()


@router.get("/api/leaderboard")
async def leaderboard(svc: Svc, family: str | None = None) -> dict[str, Any]:
    tables = svc.tables
    store = tables.store
    families = await tables.storage(store.families)
    chosen = family or (families[0] if families else "ulti/standard")
    rows = await tables.storage(store.leaderboard, chosen, 100)
    out = []
    for n, r in enumerate(rows, 1):
        names = await tables.storage(player_names, store, r.player)
        if names is None:
            continue
        out.append(
            {
                "rank": n,
                "player": r.player,
                "name": names["en"],
                "name_hu": names["hu"],
                "bot": r.player.startswith("bot:"),
                "rating": round(Rating(r.mu, r.sigma).ordinal, 2),
                "mu": round(r.mu, 2),
                "sigma": round(r.sigma, 2),
                "games": r.games,
            }
        )
    return {"family": chosen, "families": families, "rows": out}


def player_names(store: Store, key: str) -> dict[str, str] | None:
    """A rated player's name in each language (None: an account that is gone)."""
    if key.startswith("bot:"):
        return {lang: bot_title(key, lang) for lang in i18n.LANGS}
    if key.startswith("user:"):
        u = store.user_by_id(int(key[5:]))
        return None if u is None else {"en": u.name, "hu": u.name}
    return None


@router.get("/api/users/{name}")
async def profile(name: str, req: Request, svc: Svc) -> dict[str, Any]:
    tables = svc.tables
    user = await tables.storage(tables.store.user_by_name, name)
    if user is None:
        raise Refused.of(404, "no-user")
    viewer = svc.club.user(req)
    return await tables.storage(profile_of, tables.store, user, viewer)


def profile_of(store: Store, user: User, viewer: User | None = None) -> dict[str, Any]:
    """An account's profile as ``viewer`` (None: a guest) sees it: the roles it holds (an
    organiser is shown as one), its recent sessions at private tables only when the viewer
    played there too (store calls: run in the store's threads)."""
    key = user_key(user.id)
    results = store.deal_results(key)
    stats = summary(results)
    return {
        "name": user.name,
        "since": user.created.isoformat(timespec="seconds"),
        "roles": store.roles_of(user.id),
        "sessions": store.count_sessions(key),
        **stats,
        "ratings": _ratings(store, key),
        "history": _history(store, key),
        "recent": _recent(store, key, results, None if viewer is None else user_key(viewer.id)),
        "events": [
            {"id": e.id, "name": e.name, "kind": e.kind, "game": e.game, "state": e.state}
            for e in EventStore(store).events_of(user.id)
        ],
        "puzzles": _puzzles(store, user.id),
    }


def _puzzles(store: Store, user_id: int) -> dict[str, Any]:
    """An account's puzzle rating, tries, right answers and best rushes (issue 31)."""
    s = PuzzleStore(store).solver(user_id)
    return {
        "rating": round(s.rating.rating),
        "provisional": s.rating.provisional,
        "attempts": s.attempts,
        "solved": s.solved,
        "rush": s.rush,
    }


def _ratings(store: Store, key: str) -> list[dict[str, Any]]:
    """A player's current rating in each family they are rated in."""
    ratings = []
    for fam in store.families():
        r = store.ratings([key], fam).get(key)
        if r is not None:
            ratings.append(
                {
                    "family": fam,
                    "rating": round(Rating(r.mu, r.sigma).ordinal, 2),
                    "mu": round(r.mu, 2),
                    "sigma": round(r.sigma, 2),
                    "games": r.games,
                }
            )
    return ratings


def _history(store: Store, key: str) -> list[dict[str, Any]]:
    """A player's rating after each rated session, oldest first."""
    return [
        {
            "family": fam,
            "at": when.isoformat(timespec="seconds"),
            "rating": round(Rating(mu, sigma).ordinal, 2),
            "table": table_id,
        }
        for fam, when, mu, sigma, table_id in store.rating_history(key)
    ]


def _recent(
    store: Store, key: str, results: list[DealResultRow], viewer: str | None
) -> list[dict[str, Any]]:
    """A player's last 20 finished sessions that ``viewer`` may see (a private table's only
    by its players), newest first, with the deals they played."""
    deals_of: dict[str, list[int]] = {}
    for row in results:
        deals_of.setdefault(row.table_id, []).append(row.deal)
    return [
        {
            "table": s.table_id,
            "game": s.game,
            "family": s.family,
            "at": s.created.isoformat(timespec="seconds") if s.created else None,
            "total": s.total,
            "rank": s.rank,
            "players": s.players,
            "rated": s.rated,
            "deals": sorted(set(deals_of.get(s.table_id, []))),
        }
        for s in store.shown_sessions(key, viewer, 20)
    ]
