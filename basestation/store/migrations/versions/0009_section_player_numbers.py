"""Each section says when its pads ask the players for their numbers: never, at the first
round, or every round (SPEC.md 14)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("section") as batch:
        # A section stored before asked at the first round, as the pads then did by default.
        batch.add_column(sa.Column("player_numbers", sqlmodel.sql.sqltypes.AutoString(),
                                   nullable=False, server_default="first"))


def downgrade() -> None:
    with op.batch_alter_table("section") as batch:
        batch.drop_column("player_numbers")
