"""event.ended and event.published: the director ends the session, then publishes results

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("ended", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("published", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    # Before this revision a stopped event was over and its results were public: it stays so.
    op.execute(sa.text("UPDATE event SET ended = true, published = true WHERE running = false"))


def downgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.drop_column("published")
        batch.drop_column("ended")
