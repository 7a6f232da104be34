"""People's events (issue 30, docs/CLUB.md "Events"): an organiser's event (its kind, game,
rules, rounds, deals a round, start, an arena's minutes and end, seed, state, and once a
duplicate event starts the schedule every round is seated by), who registered for it (in
order; the number each holds once it starts, the round a player left at), and the tables each
round was seated at (the event's players at each seat); and a table's time control (its
clocks).  No event exists after the upgrade, and no table has a clock.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "ulti_events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("starts", sa.DateTime(timezone=True), nullable=True),
        sa.Column("minutes", sa.Integer(), nullable=True),
        sa.Column("ends", sa.DateTime(timezone=True), nullable=True),
        sa.Column("start_count", sa.Integer(), nullable=True),
        sa.Column("max_players", sa.Integer(), nullable=True),
        sa.Column("bot_spec", sa.String(96), nullable=False),
        sa.Column("organiser", sa.Integer(), sa.ForeignKey("ulti_users.id"), nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("state", sa.String(16), nullable=False, index=True),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("schedule", sa.Text(), nullable=True),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ulti_event_players",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("ulti_events.id"), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("ulti_users.id"), primary_key=True),
        sa.Column("registered", sa.DateTime(timezone=True), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.Column("left_round", sa.Integer(), nullable=True),
        sa.Column("left_deal", sa.Integer(), nullable=True),
    )
    op.create_table(
        "ulti_event_tables",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("ulti_events.id"), primary_key=True),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("ulti_tables.id"), nullable=False, unique=True
        ),
        sa.Column("seats", sa.Text(), nullable=False),
    )

    # a table's time control (issue 30: clocks), JSON; None: no clock
    op.add_column("ulti_tables", sa.Column("time_control", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ulti_tables") as t:
        t.drop_column("time_control")
    op.drop_table("ulti_event_tables")
    op.drop_table("ulti_event_players")
    op.drop_table("ulti_events")
