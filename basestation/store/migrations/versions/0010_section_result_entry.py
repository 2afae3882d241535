"""Each section says how its pads take a board's result: against the contract (=, +1, -1)
or as the tricks taken (SPEC.md 14.2)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("section") as batch:
        # A section stored before took the result as players write it, the pads' default.
        batch.add_column(sa.Column("result_entry", sqlmodel.sql.sqltypes.AutoString(),
                                   nullable=False, server_default="result"))


def downgrade() -> None:
    with op.batch_alter_table("section") as batch:
        batch.drop_column("result_entry")
