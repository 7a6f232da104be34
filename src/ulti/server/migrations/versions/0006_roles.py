"""The roles an account holds (docs/CLUB.md, "Organisers"): a row per account and role, with
when it was granted and by whom (``owner``: the server owner's ``ulti user grant``), so that
what only some accounts may do (an organiser's events, issue 30) can be checked.  The only
role so far is ``organiser`` (:data:`ulti.server.accounts.ROLES`); no account holds one after
the upgrade.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "ulti_roles",
        sa.Column(
            "user_id",
            sa.Integer(),
            sa.ForeignKey("ulti_users.id"),
            primary_key=True,
            nullable=False,
        ),
        sa.Column("role", sa.String(32), primary_key=True, nullable=False),
        sa.Column("granted", sa.DateTime(timezone=True), nullable=False),
        sa.Column("granted_by", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("ulti_roles")
