"""player.handicap and event.handicap: each player's handicap on the club's list, and pairs
events run as handicap events (issue 49); nobody had a handicap before, and no event was one

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN (see 0016): the rows referring to them stay put.
    op.add_column("player", sa.Column("handicap", sa.Float(), nullable=True))
    op.add_column("event", sa.Column("handicap", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.drop_column("handicap")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("handicap")
