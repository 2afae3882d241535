"""Each section may show its pads the rankings after each round, hiding the first and the
last rounds the director names (SPEC.md 14.9)

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("section") as batch:
        # A section stored before showed the rankings only once published, as it still does.
        batch.add_column(sa.Column("round_rankings", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("rankings_hide_first", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("rankings_hide_last", sa.Integer(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("section") as batch:
        batch.drop_column("rankings_hide_last")
        batch.drop_column("rankings_hide_first")
        batch.drop_column("round_rankings")
