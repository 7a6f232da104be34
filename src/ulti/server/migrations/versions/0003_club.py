"""The club (docs/CLUB.md): accounts, the server's secrets, ratings and their history, the
results of deals and sessions, chat; a table's lobby settings (public, rated, its creator, when
a computer player takes a person's seat, its rematch).

Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.schema import SchemaItem

revision = "0003"
down_revision = "0002"


def table_columns() -> list[sa.Column[Any]]:
    """The new columns of ulti_tables."""
    return [
        sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("creator", sa.String(64), nullable=True),
        sa.Column("bot_after", sa.Integer(), nullable=True),
        sa.Column("bot_spec", sa.String(96), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
    ]


def create_table(
    name: str, *columns: SchemaItem, numbered: bool = False, indexed: Sequence[str] = ()
) -> None:
    """Make table ``name`` of ``columns`` (``numbered``: after its own row number ``id``),
    with an index ``ix_<name>_<column>`` on each column of ``indexed``."""
    if numbered:
        columns = (sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True), *columns)
    op.create_table(name, *columns)
    for column in indexed:
        op.create_index(f"ix_{name}_{column}", name, [column])


def upgrade() -> None:
    for column in table_columns():
        op.add_column("ulti_tables", column)
    op.create_index("ix_ulti_tables_public", "ulti_tables", ["public"])

    create_table(
        "ulti_users",
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False, unique=True),
        sa.Column("pass_hash", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("disabled", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("generation", sa.Integer(), nullable=False, server_default="0"),
        numbered=True,
    )
    create_table(
        "ulti_secrets",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.LargeBinary(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    create_table(
        "ulti_ratings",
        sa.Column("player", sa.String(128), primary_key=True),
        sa.Column("family", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        indexed=["family"],
    )
    create_table(
        "ulti_rating_history",
        sa.Column("player", sa.String(128), nullable=False),
        sa.Column("family", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        numbered=True,
        indexed=["player", "table_id"],
    )
    create_table(
        "ulti_deal_results",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(128), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("family", sa.String(64), nullable=False),
        sa.Column("units", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("contract", sa.String(128), nullable=True),
        sa.Column("contract_hu", sa.String(128), nullable=True),
        sa.Column("kind", sa.String(32), nullable=True),
        sa.Column("made", sa.Boolean(), nullable=True),
        sa.Column("kontras_given", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("kontras_won", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("kontras_lost", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "deal", "seat"),
        numbered=True,
        indexed=["player"],
    )
    create_table(
        "ulti_session_results",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(128), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("family", sa.String(64), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat"),
        numbered=True,
        indexed=["player"],
    )
    create_table(
        "ulti_chat",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        numbered=True,
        indexed=["table_id"],
    )


def downgrade() -> None:
    for name in (
        "ulti_chat",
        "ulti_session_results",
        "ulti_deal_results",
        "ulti_rating_history",
        "ulti_ratings",
        "ulti_secrets",
        "ulti_users",
    ):
        op.drop_table(name)
    op.drop_index("ix_ulti_tables_public", table_name="ulti_tables")
    with op.batch_alter_table("ulti_tables") as batch:
        for column in reversed(table_columns()):
            batch.drop_column(column.name)
