"""The tables and their actions, as first made (before a table had a game).

Create Date: 2026-11-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "ulti_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Text(), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
    )
    op.create_table(
        "ulti_actions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("ulti_tables.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("deal_index", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(96), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq"),
    )
    op.create_index("ix_ulti_actions_table_id", "ulti_actions", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_ulti_actions_table_id", table_name="ulti_actions")
    op.drop_table("ulti_actions")
    op.drop_table("ulti_tables")
