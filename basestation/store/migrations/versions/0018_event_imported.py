"""event.imported: an event taken from a file of the years before (issue 49), named by the
file's digest, so the same file is never imported twice; such an event is never the open one

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN (see 0016): the rows referring to events stay put.
    op.add_column("event", sa.Column("imported", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.drop_column("imported")
