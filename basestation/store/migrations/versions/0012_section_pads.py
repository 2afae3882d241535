"""Each section's pads stay at their tables or move with the NS or EW pairs (SPEC.md 14.10)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("section") as batch:
        # A section stored before kept its pads at the tables, as it still does.
        batch.add_column(sa.Column("pads", sa.String(), nullable=False,
                                   server_default="tables"))


def downgrade() -> None:
    with op.batch_alter_table("section") as batch:
        batch.drop_column("pads")
