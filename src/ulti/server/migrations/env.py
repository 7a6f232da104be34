"""Alembic's environment: the migrations run on the connection the store passes in
``config.attributes["connection"]`` (inside its transaction), never on a URL of their own."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):  # pragma: no cover - a misuse, not a path
    raise RuntimeError("ulti's migrations run through ulti.server.store.migrate(connection)")

context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
