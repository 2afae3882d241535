"""event.date: the day an event is played; events held before take the day they were made

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("date", sa.Date(), nullable=True))
    # Through SQLAlchemy's types, not SQL date functions: SQLite and PostgreSQL differ there.
    event = sa.table("event", sa.column("id", sa.Integer()),
                     sa.column("created_at", sa.DateTime()), sa.column("date", sa.Date()))
    connection = op.get_bind()
    for row_id, created_at in connection.execute(sa.select(event.c.id, event.c.created_at)):
        if created_at is not None:
            connection.execute(sa.update(event).where(event.c.id == row_id)
                               .values(date=created_at.date()))


def downgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.drop_column("date")
