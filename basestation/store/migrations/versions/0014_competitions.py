"""Competitions: events grouped, with their ladder's rules (issue 22)

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "competition",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("sessions", sa.Integer(), nullable=False),
        sa.Column("qualify", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("change_partner", sa.Boolean(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "competition_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["competition.id"]),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_competition_event_competition_id"), "competition_event",
                    ["competition_id"], unique=False)
    op.create_index(op.f("ix_competition_event_event_id"), "competition_event", ["event_id"],
                    unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_competition_event_event_id"), table_name="competition_event")
    op.drop_index(op.f("ix_competition_event_competition_id"), table_name="competition_event")
    op.drop_table("competition_event")
    op.drop_table("competition")
