"""A table's game (``ulti`` or ``snapszli``; empty: a table stored before the choice, Ulti).

A database from before migrations may have the column already (it was added when such a
database was opened): then there is nothing to do.

Create Date: 2026-11-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("ulti_tables")}
    if "game" not in columns:
        op.add_column("ulti_tables", sa.Column("game", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ulti_tables") as batch:
        batch.drop_column("game")
