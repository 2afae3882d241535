"""result.ruling: the director's ruling as a JSON object in its own column, instead of the
`adjusted` text that was either an artificial score ("60/40") or a JSON object

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_result = sa.table("result", sa.column("id", sa.Integer), sa.column("kind", sa.String),
                   sa.column("adjusted", sa.String), sa.column("ruling", sa.JSON))


def ruling_of(kind: str, adjusted: str) -> dict[str, object]:
    """The old text as a ruling object: a penalty's and a full ruling's were JSON already;
    plain text was an artificial score."""
    if kind == "penalty" or adjusted.lstrip().startswith("{"):
        loaded: dict[str, object] = json.loads(adjusted)
        return loaded
    return {"adjusted": adjusted}


def upgrade() -> None:
    with op.batch_alter_table("result") as batch:
        batch.add_column(sa.Column("ruling", sa.JSON(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.select(_result.c.id, _result.c.kind, _result.c.adjusted)
                              .where(_result.c.adjusted.is_not(None))).all()
    for row_id, kind, adjusted in rows:
        connection.execute(_result.update().where(_result.c.id == row_id)
                           .values(ruling=ruling_of(kind, adjusted)))
    with op.batch_alter_table("result") as batch:
        batch.drop_column("adjusted")


def downgrade() -> None:
    with op.batch_alter_table("result") as batch:
        batch.add_column(sa.Column("adjusted", sa.String(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.select(_result.c.id, _result.c.kind, _result.c.ruling)
                              .where(_result.c.ruling.is_not(None))).all()
    for row_id, kind, ruling in rows:
        plain = kind != "penalty" and set(ruling) == {"adjusted"}
        text = str(ruling["adjusted"]) if plain else json.dumps(ruling, sort_keys=True)
        connection.execute(_result.update().where(_result.c.id == row_id).values(adjusted=text))
    with op.batch_alter_table("result") as batch:
        batch.drop_column("ruling")
