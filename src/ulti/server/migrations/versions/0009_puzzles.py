"""Puzzles (issue 31): the puzzles with their Glicko-2 ratings, each account's puzzle rating and
best rushes, every attempt of an account, the rushes under way.  The server fills
``ulti_puzzles`` from the starter set shipped with the package when it finds it empty.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.create_table(
        "ulti_puzzles",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("themes", sa.String(256), nullable=False),
        sa.Column("margin", sa.Float(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("vol", sa.Float(), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
    )
    op.create_index("ix_ulti_puzzles_kind", "ulti_puzzles", ["kind"])
    op.create_index("ix_ulti_puzzles_rating", "ulti_puzzles", ["rating"])
    op.create_table(
        "ulti_puzzle_solvers",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), primary_key=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("vol", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        sa.Column("rush_mixed", sa.Integer(), nullable=False),
        sa.Column("rush_talon", sa.Integer(), nullable=False),
    )
    op.create_table(
        "ulti_puzzle_attempts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), nullable=False),
        sa.Column("puzzle_id", sa.String(16), sa.ForeignKey("ulti_puzzles.id"), nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("choice", sa.Integer(), nullable=False),
        sa.Column("right", sa.Boolean(), nullable=False),
        sa.Column("before", sa.Float(), nullable=True),
        sa.Column("after", sa.Float(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ulti_puzzle_attempts_user_id", "ulti_puzzle_attempts", ["user_id"])
    op.create_table(
        "ulti_puzzle_rushes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), nullable=True),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends", sa.DateTime(timezone=True), nullable=False),
        sa.Column("queue", sa.Text(), nullable=False),
        sa.Column("at", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("mistakes", sa.Integer(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ulti_puzzle_rushes")
    op.drop_index("ix_ulti_puzzle_attempts_user_id", "ulti_puzzle_attempts")
    op.drop_table("ulti_puzzle_attempts")
    op.drop_table("ulti_puzzle_solvers")
    op.drop_index("ix_ulti_puzzles_rating", "ulti_puzzles")
    op.drop_index("ix_ulti_puzzles_kind", "ulti_puzzles")
    op.drop_table("ulti_puzzles")
