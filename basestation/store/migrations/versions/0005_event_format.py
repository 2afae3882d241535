"""event.format and event.rounds: teams and Swiss events; events held before are pairs

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("format", sa.String(), nullable=False,
                                   server_default="pairs"))
        batch.add_column(sa.Column("rounds", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.drop_column("rounds")
        batch.drop_column("format")
