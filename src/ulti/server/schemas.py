"""The bodies the server's HTTP doors read (pydantic models), and reading one: capped in bytes
before it is read whole, in depth before it is parsed (:mod:`ulti.server.guard`)."""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ulti.server.guard import BadInput, ServerSettings, clean_name, loads, read_body
from ulti.server.refusals import Refused

Model = TypeVar("Model", bound=BaseModel)


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["person", "bot", "open"]
    name: str = Field(default="-", min_length=1, max_length=64)
    spec: str | None = Field(default=None, max_length=64)
    #: the logged-in creator's own seat (named after the account)
    me: bool = False

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return clean_name(v)  # BadInput is a ValueError: a 422 naming the field


class Clock(BaseModel):
    """A time control, Fischer-style: ``reserve`` seconds per seat, ``increment`` more for
    each decision (correspondence play: hours or days of them)."""

    model_config = ConfigDict(extra="forbid")

    reserve: float = Field(ge=0, le=7 * 24 * 3600)
    increment: float = Field(ge=0, le=24 * 3600)

    @model_validator(mode="after")
    def _some_time(self) -> Clock:
        if self.reserve + self.increment < 1:
            raise ValueError("a clock gives each decision at least a second")
        return self


class NewTable(BaseModel):
    """What a new table of any game says: its game, preset, language and seats, and the
    club's settings (docs/CLUB.md): listed in the lobby, rated, a left seat's computer player.
    Each game's table reads its own body, with its options (``read_new`` of
    :mod:`ulti.server.tables.<game>`)."""

    model_config = ConfigDict(extra="forbid")

    game: str
    preset: str = Field(default="standard", max_length=32)
    lang: Literal["en", "hu"] = "en"
    seats: list[SeatSpec]
    public: bool = False
    rated: bool = False
    bot_after: int | None = Field(default=None, ge=10, le=3600)
    bot_spec: str | None = Field(default=None, max_length=64)
    #: the clocks: seconds of reserve per seat and of increment per decision (issue 30)
    clock: Clock | None = None


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=1024)


class TakeSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, max_length=64)


class GiveSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    spec: str | None = Field(default=None, max_length=64)


async def read_json(req: Request, settings: ServerSettings) -> Any:
    """A request's JSON body (:class:`~ulti.server.guard.BadInput` for what is not read:
    too large, not JSON, too deep)."""
    return loads(await read_body(req.stream(), settings.max_body), settings.max_depth)


async def read_model(req: Request, settings: ServerSettings, model: type[Model]) -> Model:
    """A request's body as ``model`` (no body: ``{}``); a 422 ``bad-request`` otherwise."""
    try:
        raw = await read_json(req, settings)
        if raw is None:
            raw = {}
        return model.model_validate(raw)
    except (BadInput, ValidationError) as exc:
        raise Refused.of(422, "bad-request", why=str(exc).splitlines()[0][:200]) from None
