"""unit.down_seq: the station's own sequence number to each unit, kept across restarts

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("unit") as batch:
        batch.add_column(sa.Column("down_seq", sa.BigInteger(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("unit") as batch:
        batch.drop_column("down_seq")
