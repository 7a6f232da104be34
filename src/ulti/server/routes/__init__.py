"""The server's HTTP doors, one router per concern (the websockets are :mod:`ulti.server.ws`):

    pages       GET  /                          the lobby (create a table: Ulti, or Snapszli)
                GET  /t/{id}                    the table, seen from a seat (seat and token in
                                                the URL's fragment, which browsers do not send
                                                to servers): its game's page
                GET  /replay/{id}/{deal}        a finished deal, replayed step by step
                GET  /leaderboard, /u/{name}    the club's leaderboard and a profile
                GET  /events, /e/{id}           the club's events and an event's page
                GET  /favicon.ico, /cards/{style}-{lang}.svg   the card faces (ulti.render.svg)
    tables      POST /api/tables                create a table -> its id and one invite link
                                                per person (``"game": "snapszli"``: two seats,
                                                SnapRules' preset and options, ``match_points``
                                                (ZV2), ``show_points`` (Z13))
                GET  /api/tables/{id}           public facts of a table (a private
                                                table's to its players; else 404)
                GET  /api/rules                 Ulti's presets and options; /api/{game}/rules
                                                a game's; /api/words the pages' words
                GET  /api/health                the server's counters (tables, connections,
                                                bot workers)
    records     GET  /api/tables/{id}/deals     finished deals           } a seat's token in
                GET  .../deals/{n}/record.json  a record                 } the Authorization
                GET  .../deals/{n}/steps        a replay                 } header (never in a
                GET  .../deals/{n}/analysis     the deal analysed        } URL), or a public
                                                (ulti.analysis.ulti; Ulti only)  } table
    accounts    GET  /api/me; POST /api/register, /api/login, /api/logout   (docs/CLUB.md)
    seats       GET  /api/lobby; POST /api/tables/{id}/seats/{seat} (take a free seat),
                /api/tables/{id}/seat (an account's own seat), .../seats/{seat}/bot (a seat
                to a computer player: tables/seats.py), /api/tables/{id}/rematch
    ratings     GET  /api/leaderboard, /api/users/{name} (a private table's sessions only
                to its players)
    events      GET  /api/events; POST /api/events (an organiser's); GET /api/events/{id},
                .../standings, .../boards/{round}/{deal} (a traveller), .../results.csv|json;
                POST .../register, .../unregister, .../leave, .../start (issue 30)
    puzzles     GET  /api/puzzles/themes, /next, /daily, /{id}; POST /api/puzzles/{id}/answer,
                /api/puzzles/rush, /api/puzzles/rush/{id}/answer; GET /api/me/puzzles
                (issue 31)
    notify      GET  /api/notices; POST /api/notices/read; GET /api/push/key; POST
                /api/push/subscribe, /api/push/unsubscribe; GET, POST /api/me/notify

Every route gets the server's shared state as ``svc: Svc`` (:mod:`ulti.server.services`).
"""

from __future__ import annotations

from fastapi import APIRouter

from ulti.server.routes import (
    accounts,
    events,
    notify,
    pages,
    puzzles,
    ratings,
    records,
    seats,
    tables,
)

#: the routers, in the order the app includes them
ROUTERS: tuple[APIRouter, ...] = (
    pages.router,
    accounts.router,
    seats.router,
    ratings.router,
    tables.router,
    records.router,
    events.router,
    notify.router,
    puzzles.router,
)
