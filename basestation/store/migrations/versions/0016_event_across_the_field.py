"""event.across_the_field and event.places: a pairs event's boards matchpointed across every
section, and its pairs placed per section and direction or across the room (issue 49); events
held before were scored in each section and placed there

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN: SQLite's batch mode would copy the event table and
    # drop the old one, which the rows of every table referring to an event forbid.
    op.add_column("event", sa.Column("across_the_field", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.add_column("event", sa.Column("places", sa.String(), nullable=False,
                                     server_default="section"))


def downgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.drop_column("places")
        batch.drop_column("across_the_field")
