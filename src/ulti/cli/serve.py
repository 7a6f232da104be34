"""``ulti serve``: the web table (:mod:`ulti.server`), a lobby and tables for friends and
computer players; its options are the server's limits (:class:`ServerSettings`), each declared
here as the type of its parameter."""

from __future__ import annotations

from typing import Annotated

import typer

from ulti.cli.common import _fail
from ulti.server.app import serve as run_server
from ulti.server.guard import ServerSettings, SettingsError
from ulti.server.store import StoreError

app = typer.Typer(add_completion=False)

HostOpt = Annotated[str, typer.Option(help="Address to listen on.")]
PortOpt = Annotated[int, typer.Option(help="Port.", min=1, max=65535)]
DbOpt = Annotated[
    str | None,
    typer.Option(
        help="Database URL: sqlite:///PATH or "
        "postgresql://user:pass@host/db (default: a "
        "SQLite file in your data folder)."
    ),
]
RateLimitOpt = Annotated[
    float,
    typer.Option(help="Frames a second each connection may send (bursts of three times as many)."),
]
BotWorkersOpt = Annotated[
    int | None,
    typer.Option(
        help="Worker processes in which computer players think (default: cores - 1); "
        "analyses and teaching questions have their own (--job-workers)."
    ),
]
BotDeadlineOpt = Annotated[
    float,
    typer.Option(
        help="Seconds a computer player's decision may take; past it the worker is stopped "
        "and the rules player's move is played."
    ),
]
MaxBotSamplesOpt = Annotated[
    int, typer.Option(help="The most samples a table may give a computer player.")
]
MaxBotMsOpt = Annotated[
    float,
    typer.Option(help="The most milliseconds a table may give a computer player per decision."),
]
MaxPerAddressOpt = Annotated[
    int, typer.Option(help="Live websocket connections per client address.")
]
MaxConnectionsOpt = Annotated[int, typer.Option(help="Live websocket connections in all.")]
LobbyPerAddressOpt = Annotated[
    int, typer.Option(help="Live lists of the lobby (/ws/lobby) per client address.")
]
MaxLobbyOpt = Annotated[int, typer.Option(help="Live lists of the lobby in all.")]
WatchPerAddressOpt = Annotated[
    int, typer.Option(help="Spectators' websocket connections per client address.")
]
MaxWatchersOpt = Annotated[int, typer.Option(help="Spectators' websocket connections in all.")]
HttpPerAddressOpt = Annotated[
    int,
    typer.Option(
        help="HTTP connections one client address may hold open (a proxy named in "
        "--forwarded-allow-ips is not held to it)."
    ),
]
HeaderTimeoutOpt = Annotated[
    float, typer.Option(help="Seconds a request's line and headers may take to arrive (then 408).")
]
BodyTimeoutOpt = Annotated[
    float, typer.Option(help="Seconds a request's body may take after its headers (then 408).")
]
LobbyPageOpt = Annotated[int, typer.Option(help="Public tables on a page of the lobby.")]
LobbyMaxOpt = Annotated[int, typer.Option(help="The most public tables the lobby lists.")]
UnstartedTableTtlOpt = Annotated[
    float,
    typer.Option(help="Seconds a public table that has not started stays in the lobby."),
]
TablesPerMinuteOpt = Annotated[
    float, typer.Option(help="New tables a client address may create a minute (bursts of 10).")
]
ApiDocsOpt = Annotated[
    bool, typer.Option(help="Serve the API's documentation (/docs, /redoc, /openapi.json).")
]
SessionDaysOpt = Annotated[
    float, typer.Option(help="Days a login lasts (the session cookie's life).")
]
LoginRateOpt = Annotated[
    float,
    typer.Option(
        help="Logins a second tried of one name from one client address (a token bucket; an "
        "address over all names, and a name from everywhere, have four times the burst)."
    ),
]
LoginBurstOpt = Annotated[
    float,
    typer.Option(
        help="Logins tried at once of one name from one client address (a browser that "
        "logged in to the name before is never held by the name's own limit)."
    ),
]
RegistrationsPerHourOpt = Annotated[
    float, typer.Option(help="New accounts a client address may make an hour (bursts of 5).")
]
ChatRateOpt = Annotated[
    float,
    typer.Option(
        help="Chat messages a second each account (a guest: seat, or address when watching) "
        "may send; a client address four times as many. Reconnecting changes nothing."
    ),
]
ChatBurstOpt = Annotated[
    float, typer.Option(help="Chat messages each account (or guest) may send at once.")
]
ForwardedAllowIpsOpt = Annotated[
    str,
    typer.Option(
        help="The proxies in front of the server whose X-Forwarded-For and X-Forwarded-Proto "
        "are believed: addresses or networks, comma separated (e.g. 127.0.0.1). Default: "
        "none, and a client's address is its connection's."
    ),
]
ChatMaxOpt = Annotated[int, typer.Option(help="The most characters of a chat message.")]
AnalysisSamplesOpt = Annotated[
    int, typer.Option(help="A deal's analysis: sampled deals per decision (the seat's view).")
]
AnalysisMsOpt = Annotated[
    float, typer.Option(help="A deal's analysis: milliseconds per decision (the seat's view).")
]
MaxAnalysesOpt = Annotated[
    int,
    typer.Option(
        help="Analyses worked out at once (one job worker stays free for teaching questions "
        "when there are two or more)."
    ),
]
JobWorkersOpt = Annotated[
    int,
    typer.Option(
        help="Worker processes for analyses and teaching questions, apart from the computer "
        "players' (whose decisions never wait behind them)."
    ),
]
JobsPerClientOpt = Annotated[
    int,
    typer.Option(
        help="Analyses and teaching questions a client address may have waiting or under way "
        "at once (more are refused)."
    ),
]
AnalysesPerMinuteOpt = Annotated[
    float,
    typer.Option(
        help="New analyses a client address may ask for a minute (bursts of 12; kept ones "
        "are free).",
        min=0.01,
        max=60_000,
    ),
]
TeachSamplesOpt = Annotated[int, typer.Option(help="Teaching mode: sampled deals weighing a card.")]
TeachMsOpt = Annotated[float, typer.Option(help="Teaching mode: milliseconds weighing a card.")]


@app.command()
def serve(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    db: DbOpt = None,
    rate_limit: RateLimitOpt = 10.0,
    bot_workers: BotWorkersOpt = None,
    bot_deadline: BotDeadlineOpt = 10.0,
    max_bot_samples: MaxBotSamplesOpt = 256,
    max_bot_ms: MaxBotMsOpt = 2000,
    max_per_address: MaxPerAddressOpt = 32,
    max_connections: MaxConnectionsOpt = 2000,
    tables_per_minute: TablesPerMinuteOpt = 12,
    api_docs: ApiDocsOpt = False,
    session_days: SessionDaysOpt = 30,
    login_rate: LoginRateOpt = 0.2,
    login_burst: LoginBurstOpt = 5,
    registrations_per_hour: RegistrationsPerHourOpt = 5,
    chat_rate: ChatRateOpt = 1.0,
    chat_burst: ChatBurstOpt = 5,
    chat_max: ChatMaxOpt = 280,
    analysis_samples: AnalysisSamplesOpt = 12,
    analysis_ms: AnalysisMsOpt = 120.0,
    max_analyses: MaxAnalysesOpt = 2,
    teach_samples: TeachSamplesOpt = 24,
    teach_ms: TeachMsOpt = 300.0,
    job_workers: JobWorkersOpt = 1,
    jobs_per_client: JobsPerClientOpt = 4,
    analyses_per_minute: AnalysesPerMinuteOpt = 2.0,
    forwarded_allow_ips: ForwardedAllowIpsOpt = "",
    lobby_per_address: LobbyPerAddressOpt = 8,
    max_lobby: MaxLobbyOpt = 500,
    watch_per_address: WatchPerAddressOpt = 16,
    max_watchers: MaxWatchersOpt = 1000,
    http_per_address: HttpPerAddressOpt = 64,
    header_timeout: HeaderTimeoutOpt = 10.0,
    body_timeout: BodyTimeoutOpt = 30.0,
    lobby_page: LobbyPageOpt = 20,
    lobby_max: LobbyMaxOpt = 500,
    unstarted_table_ttl: UnstartedTableTtlOpt = 1800.0,
) -> None:
    """Serve the web table: a lobby, tables for friends and computer players."""
    try:
        settings = ServerSettings(
            rate=rate_limit,
            burst=max(1.0, 3 * rate_limit),
            bot_workers=bot_workers,
            bot_deadline=bot_deadline,
            max_bot_samples=max_bot_samples,
            max_bot_ms=max_bot_ms,
            max_per_address=max_per_address,
            max_connections=max_connections,
            create_rate=tables_per_minute / 60,
            api_docs=api_docs,
            session_days=session_days,
            login_rate=login_rate,
            login_burst=login_burst,
            register_rate=registrations_per_hour / 3600,
            chat_rate=chat_rate,
            chat_burst=chat_burst,
            chat_max=chat_max,
            analysis_samples=analysis_samples,
            analysis_ms=analysis_ms,
            max_analyses=max_analyses,
            teach_samples=teach_samples,
            teach_ms=teach_ms,
            job_workers=job_workers,
            jobs_per_client=jobs_per_client,
            analysis_rate=analyses_per_minute / 60,
            forwarded_allow_ips=forwarded_allow_ips,
            lobby_per_address=lobby_per_address,
            max_lobby=max_lobby,
            watch_per_address=watch_per_address,
            max_watchers=max_watchers,
            http_per_address=http_per_address,
            header_timeout=header_timeout,
            body_timeout=body_timeout,
            lobby_page=lobby_page,
            lobby_max=lobby_max,
            unstarted_table_ttl=unstarted_table_ttl,
        )
    except SettingsError as exc:
        _fail("en", str(exc))
        raise typer.Exit(2) from None
    try:
        run_server(host, port, db, settings)
    except StoreError as exc:
        _fail("en", str(exc))
        raise typer.Exit(2) from None
