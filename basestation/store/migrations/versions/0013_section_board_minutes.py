"""The round clock as minutes per board plus minutes per round (SPEC.md 14.6)

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("section") as batch:
        # Null: a round length stored before was set as a whole, none of it per board.
        batch.add_column(sa.Column("board_minutes", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("section") as batch:
        batch.drop_column("board_minutes")
