"""Accounts and chat that hold against impersonation and reconnecting (docs/CLUB.md):
logged-in sessions kept by the server (logging out, a reset and a disabling end them at once),
the keys of what account names look like (UTS #39 skeletons, made for every account by the
store when it opens), the author's account and address tag of each chat message, and the
authors muted at each table.

Logins from before (a signed cookie, not a session) end: their people log in once more.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "ulti_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ulti_sessions_user_id", "ulti_sessions", ["user_id"])
    op.create_index("ix_ulti_sessions_expires", "ulti_sessions", ["expires"])
    op.create_table(
        "ulti_name_keys",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), nullable=False),
        sa.Column("version", sa.String(32), nullable=False),
    )
    op.create_index("ix_ulti_name_keys_user_id", "ulti_name_keys", ["user_id"])
    op.add_column("ulti_chat", sa.Column("user_id", sa.Integer(), nullable=True))
    op.add_column("ulti_chat", sa.Column("tag", sa.String(32), nullable=True))
    op.create_table(
        "ulti_chat_mutes",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("who", sa.String(64), primary_key=True),
        sa.Column("tag", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ulti_chat_mutes")
    with op.batch_alter_table("ulti_chat") as batch:
        batch.drop_column("tag")
        batch.drop_column("user_id")
    op.drop_table("ulti_name_keys")
    op.drop_table("ulti_sessions")
