"""Stakes that cannot overflow, results that are not lost: the units of a deal's result and a
session's total become 64-bit columns (PostgreSQL's ``integer`` is 32 bits: a session under a
high kontra cap, V11, reaches beyond 2**31), and a table gets its ``recorded`` mark (how many
of its first deals have their results kept; the tables already stored get none: taken as they
are).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"

#: the columns of units: (table, column)
UNITS = (("ulti_deal_results", "units"), ("ulti_session_results", "total"))


def upgrade() -> None:
    for table, column in UNITS:
        with op.batch_alter_table(table) as batch:
            batch.alter_column(
                column, type_=sa.BigInteger(), existing_type=sa.Integer(), existing_nullable=False
            )
    op.add_column("ulti_tables", sa.Column("recorded", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ulti_tables") as batch:
        batch.drop_column("recorded")
    for table, column in UNITS:
        with op.batch_alter_table(table) as batch:
            batch.alter_column(
                column, type_=sa.Integer(), existing_type=sa.BigInteger(), existing_nullable=False
            )
