"""Puzzles (issue 31, docs/PUZZLES.md): the trainer's puzzles shown as their seat saw them,
answers judged and (an account's first try) rated, the daily puzzle, rushes, an account's
puzzle rating and history.  The logic is :mod:`ulti.server.puzzles.service`'s.

    GET  /api/puzzles/themes                 the themes, named, with how many puzzles each
    GET  /api/puzzles/next?theme=&skip=      a puzzle near the solver's rating
    GET  /api/puzzles/daily                  the day's puzzle
    GET  /api/puzzles/{id}                   a puzzle by its id (a shared link)
    POST /api/puzzles/{id}/answer            {"choice": i} -> judged, values, why, rating
    POST /api/puzzles/rush                   {"mode": "mixed" | "talon"} -> a rush
    GET  /api/puzzles/rush/{id}              a rush's state
    POST /api/puzzles/rush/{id}/answer       {"puzzle": id, "choice": i}
    GET  /api/me/puzzles                     the account's rating, best rushes, history

Guests may solve (their answers are judged, never kept); ratings need an account.  Every
request is counted per client address, starting a rush more strictly.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from ulti.server.puzzles.service import PuzzleRefused
from ulti.server.refusals import Refused
from ulti.server.services import Svc, address

router = APIRouter()


class Answer(BaseModel):
    choice: int = Field(ge=0, le=1000)


class RushStart(BaseModel):
    mode: str = Field(default="mixed", max_length=16)


class RushAnswer(BaseModel):
    puzzle: str = Field(max_length=16)
    choice: int = Field(ge=0, le=1000)


def _refused(exc: PuzzleRefused, retry: str | None = None) -> Refused:
    headers = {"Retry-After": retry} if retry else None
    return Refused(exc.status, exc.text("en"), exc.text("hu"), headers)


def _count(req: Request, svc: Svc) -> None:
    if not svc.puzzle_requests.allow(address(req)):
        raise _refused(PuzzleRefused(429, "err-busy"), "10")


def _user_id(req: Request, svc: Svc) -> int | None:
    user = svc.club.user(req)
    return None if user is None else user.id


@router.get("/api/puzzles/themes")
async def themes(req: Request, svc: Svc) -> dict[str, Any]:
    _count(req, svc)
    return {"themes": await svc.tables.storage(svc.puzzles.themes)}


@router.get("/api/puzzles/next")
async def next_puzzle(
    req: Request, svc: Svc, theme: str | None = None, skip: str = ""
) -> dict[str, Any]:
    _count(req, svc)
    seen = [s for s in skip.split(",") if s][:100]
    try:
        sp = await svc.tables.storage(svc.puzzles.next, _user_id(req, svc), theme, seen)
    except PuzzleRefused as exc:
        raise _refused(exc) from None
    return svc.puzzles.shown(sp)


@router.get("/api/puzzles/daily")
async def daily(req: Request, svc: Svc) -> dict[str, Any]:
    _count(req, svc)
    today = datetime.now(UTC).date()
    try:
        sp = await svc.tables.storage(svc.puzzles.daily, today)
    except PuzzleRefused as exc:
        raise _refused(exc) from None
    return {**svc.puzzles.shown(sp), "day": today.isoformat()}


@router.get("/api/puzzles/{puzzle_id}")
async def one(puzzle_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    _count(req, svc)
    try:
        sp = await svc.tables.storage(svc.puzzles.puzzle, puzzle_id)
    except PuzzleRefused as exc:
        raise _refused(exc) from None
    return svc.puzzles.shown(sp)


@router.post("/api/puzzles/rush")
async def start_rush(body: RushStart, req: Request, svc: Svc) -> dict[str, Any]:
    svc.club.check_post(req)
    if not svc.rushes.allow(address(req)):
        raise _refused(PuzzleRefused(429, "err-rushes"), "60")
    try:
        return await svc.tables.storage(svc.puzzles.start_rush, _user_id(req, svc), body.mode)
    except PuzzleRefused as exc:
        raise _refused(exc) from None


@router.get("/api/puzzles/rush/{rush_id}")
async def rush_state(rush_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    _count(req, svc)
    try:
        return await svc.tables.storage(svc.puzzles.rush_state, rush_id, _user_id(req, svc))
    except PuzzleRefused as exc:
        raise _refused(exc) from None


@router.post("/api/puzzles/rush/{rush_id}/answer")
async def rush_answer(rush_id: str, body: RushAnswer, req: Request, svc: Svc) -> dict[str, Any]:
    svc.club.check_post(req)
    _count(req, svc)
    try:
        return await svc.tables.storage(
            svc.puzzles.rush_answer, rush_id, _user_id(req, svc), body.puzzle, body.choice
        )
    except PuzzleRefused as exc:
        raise _refused(exc) from None


@router.post("/api/puzzles/{puzzle_id}/answer")
async def answer(puzzle_id: str, body: Answer, req: Request, svc: Svc) -> dict[str, Any]:
    svc.club.check_post(req)
    _count(req, svc)
    try:
        return await svc.tables.storage(
            svc.puzzles.answer, puzzle_id, body.choice, _user_id(req, svc)
        )
    except PuzzleRefused as exc:
        raise _refused(exc) from None


@router.get("/api/me/puzzles")
async def mine(req: Request, svc: Svc) -> dict[str, Any]:
    user_id = _user_id(req, svc)
    if user_id is None:
        raise Refused.of(401, "login-needed")
    return await svc.tables.storage(svc.puzzles.me, user_id)
