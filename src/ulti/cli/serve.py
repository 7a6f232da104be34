"""``ulti serve``: the web table (:mod:`ulti.server`), a lobby and tables for friends and
computer players; its options are the server's settings (:class:`ServerSettings`), one row of
:data:`OPTIONS` each: the row gives the help, the field its type, default and range."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Annotated, Any, cast, get_type_hints

import typer

from ulti.cli.common import _fail
from ulti.server.app import serve as run_server
from ulti.server.guard import ServerSettings, SettingsError
from ulti.server.store import StoreError

app = typer.Typer(add_completion=False)


@dataclass(frozen=True)
class Setting:
    """An option of ``ulti serve`` that sets the :class:`ServerSettings` field ``field``: the
    option is named as the field (``--max-per-address``) unless ``option`` names it otherwise,
    and takes the field's type and default; ``per`` is how many seconds the option's unit holds
    where the field counts a second and the option a minute (60) or an hour (3600), and then
    ``default`` is its default in that unit.  The field's range is checked when the settings
    are made (one line naming the field, exit 2); ``bounds``, where given, by the command line
    first."""

    field: str
    help: str
    option: str = ""
    per: int = 1
    default: float | None = None
    bounds: tuple[float, float] | None = None

    @property
    def name(self) -> str:
        """The option's name without its dashes, as a parameter (``tables_per_minute``)."""
        return (self.option or self.field).replace("-", "_")

    def value(self, given: Any) -> Any:
        """The field's value for the option's ``given`` one."""
        return given if self.per == 1 else given / self.per


#: The server's settings that ``ulti serve`` takes, in the order its help lists them; a new
#: setting (a field of ServerSettings) is one row here.  Fields without a row (frame and body
#: sizes, the bursts but the frames', ``table_seeds``) keep their defaults.
OPTIONS = (
    Setting(
        "rate",
        "Frames a second each connection may send (bursts of three times as many).",
        option="rate-limit",
    ),
    Setting(
        "bot_workers",
        "Worker processes in which computer players think (default: cores - 1); "
        "analyses and teaching questions have their own (--job-workers).",
    ),
    Setting(
        "bot_deadline",
        "Seconds a computer player's decision may take; past it the worker is stopped "
        "and the rules player's move is played.",
    ),
    Setting("max_bot_samples", "The most samples a table may give a computer player."),
    Setting("max_bot_ms", "The most milliseconds a table may give a computer player per decision."),
    Setting("max_per_address", "Live websocket connections per client address."),
    Setting("max_connections", "Live websocket connections in all."),
    Setting("lobby_per_address", "Live lists of the lobby (/ws/lobby) per client address."),
    Setting("max_lobby", "Live lists of the lobby in all."),
    Setting("watch_per_address", "Spectators' websocket connections per client address."),
    Setting("max_watchers", "Spectators' websocket connections in all."),
    Setting(
        "http_per_address",
        "HTTP connections one client address may hold open (a proxy named in "
        "--forwarded-allow-ips is not held to it).",
    ),
    Setting(
        "header_timeout", "Seconds a request's line and headers may take to arrive (then 408)."
    ),
    Setting("body_timeout", "Seconds a request's body may take after its headers (then 408)."),
    Setting("lobby_page", "Public tables on a page of the lobby."),
    Setting("lobby_max", "The most public tables the lobby lists."),
    Setting(
        "unstarted_table_ttl", "Seconds a public table that has not started stays in the lobby."
    ),
    Setting(
        "create_rate",
        "New tables a client address may create a minute (bursts of 10).",
        option="tables-per-minute",
        per=60,
        default=12,
    ),
    Setting("api_docs", "Serve the API's documentation (/docs, /redoc, /openapi.json)."),
    Setting("session_days", "Days a login lasts (the session cookie's life)."),
    Setting(
        "login_rate",
        "Logins a second tried of one name from one client address (a token bucket; an "
        "address over all names, and a name from everywhere, have four times the burst).",
    ),
    Setting(
        "login_burst",
        "Logins tried at once of one name from one client address (a browser that "
        "logged in to the name before is never held by the name's own limit).",
    ),
    Setting(
        "register_rate",
        "New accounts a client address may make an hour (bursts of 5).",
        option="registrations-per-hour",
        per=3600,
        default=5,
    ),
    Setting(
        "chat_rate",
        "Chat messages a second each account (a guest: seat, or address when watching) "
        "may send; a client address four times as many. Reconnecting changes nothing.",
    ),
    Setting("chat_burst", "Chat messages each account (or guest) may send at once."),
    Setting("chat_max", "The most characters of a chat message."),
    Setting("analysis_samples", "A deal's analysis: sampled deals per decision (the seat's view)."),
    Setting("analysis_ms", "A deal's analysis: milliseconds per decision (the seat's view)."),
    Setting(
        "max_analyses",
        "Analyses worked out at once (one job worker stays free for teaching questions "
        "when there are two or more).",
    ),
    Setting("teach_samples", "Teaching mode: sampled deals weighing a card."),
    Setting("teach_ms", "Teaching mode: milliseconds weighing a card."),
    Setting("hint_samples", "A hint at the table: sampled deals for its decision."),
    Setting("hint_ms", "A hint at the table: milliseconds for its decision."),
    Setting(
        "job_workers",
        "Worker processes for analyses and teaching questions, apart from the computer "
        "players' (whose decisions never wait behind them).",
    ),
    Setting(
        "jobs_per_client",
        "Analyses and teaching questions a client address may have waiting or under way "
        "at once (more are refused).",
    ),
    Setting(
        "analysis_rate",
        "New analyses a client address may ask for a minute (bursts of 12; kept ones are free).",
        option="analyses-per-minute",
        per=60,
        default=2.0,
        bounds=(0.01, 60_000),
    ),
    Setting(
        "job_nice",
        "The job workers' niceness (0-19): above the computer players' 10, so that on a busy "
        "machine analyses wait and decisions do not.",
    ),
    Setting(
        "reconnect_window",
        "Seconds a player keeps their seat while away (no connection open); past it a "
        "computer player takes the seat for the rest of the session (a forfeit).",
    ),
    Setting(
        "turn_limit",
        "Seconds a player has for each decision; past it a computer player takes the "
        "seat for the rest of the session (a forfeit).",
    ),
    Setting(
        "smtp",
        "Notifications by e-mail through this SMTP server (smtp://user:password@host:port, "
        "smtps:// for TLS); each account chooses on its profile. Default: no e-mail.",
    ),
    Setting("mail_from", "The sender's address of the notifications' e-mails."),
    Setting("site_url", "The server's address as people reach it, for the e-mails' links."),
    Setting(
        "push_hosts",
        "The Web Push services a browser's subscription may name (host names or their last "
        "parts, comma separated; default: the browsers' own).",
    ),
    Setting(
        "forwarded_allow_ips",
        "The proxies in front of the server whose X-Forwarded-For and X-Forwarded-Proto "
        "are believed: addresses or networks, comma separated (e.g. 127.0.0.1). Default: "
        "none, and a client's address is its connection's.",
    ),
)


def _parameter(setting: Setting) -> inspect.Parameter:
    """The command's parameter for ``setting``: the field's type, the option's help and
    default (the field's, or the row's in the option's unit)."""
    field = next(f for f in fields(ServerSettings) if f.name == setting.field)
    assert field.default is not MISSING  # every setting has a default
    low, high = setting.bounds or (None, None)
    option = typer.Option(help=setting.help, min=low, max=high)
    return inspect.Parameter(
        setting.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=field.default if setting.default is None else setting.default,
        annotation=Annotated[get_type_hints(ServerSettings)[setting.field], option],
    )


def _taking_settings(command: Callable[..., None]) -> Callable[..., None]:
    """``command``, whose last parameter is ``settings``, as a command with an option for
    each row of :data:`OPTIONS` instead; a setting out of its range is one line (exit 2)."""
    own = list(inspect.signature(command, eval_str=True).parameters.values())[:-1]

    def run(**given: Any) -> None:
        values = {s.field: s.value(given.pop(s.name)) for s in OPTIONS}
        try:
            settings = ServerSettings(**values, burst=max(1.0, 3 * values["rate"]))
        except SettingsError as exc:
            _fail("en", str(exc))
            raise typer.Exit(2) from None
        command(**given, settings=settings)

    run.__name__, run.__doc__ = command.__name__, command.__doc__
    cast(Any, run).__signature__ = inspect.Signature([*own, *map(_parameter, OPTIONS)])
    return run


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


@app.command()
@_taking_settings
def serve(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    db: DbOpt = None,
    *,
    settings: ServerSettings,
) -> None:
    """Serve the web table: a lobby, tables for friends and computer players."""
    try:
        run_server(host, port, db, settings)
    except StoreError as exc:
        _fail("en", str(exc))
        raise typer.Exit(2) from None
