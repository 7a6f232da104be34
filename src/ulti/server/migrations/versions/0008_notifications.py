"""Notifications (issue 30): what the bell shows an account (its kind, its words as a
catalogue key with fields, a link, when, whether read), the browsers that asked for Web Push
(a subscription's endpoint and keys), and each account's choices (Web Push on or off, an
e-mail address and whether to write to it).  None exists after the upgrade; the server's
VAPID key is one of its secrets (``ulti_secrets``), made on first use.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "ulti_notifications",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("fields", sa.Text(), nullable=False),
        sa.Column("link", sa.String(256), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("read", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_ulti_notifications_user_read", "ulti_notifications", ["user_id", "read"])
    op.create_table(
        "ulti_push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(256), nullable=False),
        sa.Column("auth", sa.String(128), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ulti_notify_settings",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), primary_key=True),
        sa.Column("push", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("email", sa.String(256), nullable=True),
        sa.Column("email_on", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_table("ulti_notify_settings")
    op.drop_table("ulti_push_subscriptions")
    op.drop_index("ix_ulti_notifications_user_read", "ulti_notifications")
    op.drop_table("ulti_notifications")
