"""What the director's console keeps across a restart: the alert thresholds, each section's
round length and round clock, takeovers authorised and not yet taken, and which unit replaced
a locked-out one

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("section") as batch:
        # Null for a section stored before: its clock starts again at the next start.
        batch.add_column(sa.Column("round_started", sqlmodel.sql.sqltypes.UTCDateTime(),
                                   nullable=True))
        batch.add_column(sa.Column("round_minutes", sa.Float(), nullable=True))
    with op.batch_alter_table("unit") as batch:
        batch.add_column(sa.Column("replaced_by", sa.Integer(), nullable=True))
    op.create_table(
        "takeover",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("section", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("state", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_takeover_event_id"), "takeover", ["event_id"], unique=False)
    op.create_table(
        "alert_thresholds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("silent_minutes", sa.Float(), nullable=False),
        sa.Column("bad_mac_run", sa.Integer(), nullable=False),
        sa.Column("rounds_behind", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    op.drop_table("alert_thresholds")
    op.drop_index(op.f("ix_takeover_event_id"), table_name="takeover")
    op.drop_table("takeover")
    with op.batch_alter_table("unit") as batch:
        batch.drop_column("replaced_by")
    with op.batch_alter_table("section") as batch:
        batch.drop_column("round_minutes")
        batch.drop_column("round_started")
