"""Penalties in their own table, out of the result rows (issue 37)

A penalty was a result row of kind "penalty", its direction and percent (or VPs or IMPs) in
the ruling's JSON. Each moves, with its id (the pages remove a penalty by it), to `penalty`.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    penalty = op.create_table(
        "penalty",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("section", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("pair", sa.Integer(), nullable=False),
        sa.Column("direction", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("percent", sa.Float(), nullable=True),
        sa.Column("board", sa.Integer(), nullable=True),
        sa.Column("vps", sa.Float(), nullable=True),
        sa.Column("imps", sa.Integer(), nullable=True),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_penalty_event_id"), "penalty", ["event_id"], unique=False)
    result = sa.table("result", sa.column("id"), sa.column("event_id"), sa.column("section"),
                      sa.column("round"), sa.column("board"), sa.column("ns"),
                      sa.column("kind"), sa.column("ruling", sa.JSON()), sa.column("status"),
                      sa.column("created_at", sqlmodel.sql.sqltypes.UTCDateTime()))
    connection = op.get_bind()
    rows = connection.execute(sa.select(result).where(result.c.kind == "penalty")).all()
    moved = [_penalty(row._mapping) for row in rows]
    if moved:
        connection.execute(penalty.insert(), moved)
        connection.execute(result.delete().where(result.c.kind == "penalty"))
    if connection.dialect.name == "postgresql" and moved:
        # Ids were copied: the sequence goes on after the highest.
        highest = sa.select(sa.func.max(penalty.c.id)).scalar_subquery()
        connection.execute(sa.select(sa.func.setval(
            sa.func.pg_get_serial_sequence("penalty", "id"), highest)))


def _penalty(row: Any) -> dict[str, Any]:
    detail = row["ruling"] or {}
    if isinstance(detail, str):
        detail = json.loads(detail)
    match = "vps" in detail or "imps" in detail
    return {"id": row["id"], "event_id": row["event_id"], "section": row["section"],
            "pair": row["ns"] or 0, "direction": detail.get("direction"),
            "percent": None if match else float(detail.get("percent", 0)),
            "board": None if match else (row["board"] or None),
            "vps": float(detail["vps"]) if "vps" in detail else None,
            "imps": int(detail["imps"]) if "imps" in detail else None,
            "round": (row["round"] or None) if match else None,
            "status": row["status"], "created_at": row["created_at"]}


def downgrade() -> None:
    penalty = sa.table("penalty", *(sa.column(name) for name in (
        "id", "event_id", "section", "pair", "direction", "percent", "board", "vps", "imps",
        "round", "status")), sa.column("created_at", sqlmodel.sql.sqltypes.UTCDateTime()))
    result = sa.table("result", sa.column("event_id"), sa.column("section"),
                      sa.column("table_no"), sa.column("round"), sa.column("board"),
                      sa.column("ns"), sa.column("kind"), sa.column("ruling", sa.JSON()),
                      sa.column("flags"), sa.column("status"), sa.column("source"),
                      sa.column("created_at", sqlmodel.sql.sqltypes.UTCDateTime()))
    connection = op.get_bind()
    back = []
    for row in connection.execute(sa.select(penalty)).mappings():
        match = row["vps"] is not None or row["imps"] is not None
        ruling = ({"vps": row["vps"]} if row["vps"] is not None else {"imps": row["imps"]}) \
            if match else {"direction": row["direction"], "percent": row["percent"]}
        back.append({"event_id": row["event_id"], "section": row["section"], "table_no": 0,
                     "round": (row["round"] or 0) if match else 0,
                     "board": 0 if match else (row["board"] or 0), "ns": row["pair"],
                     "kind": "penalty", "ruling": ruling, "flags": "",
                     "status": row["status"], "source": "director",
                     "created_at": row["created_at"]})
    if back:
        connection.execute(result.insert(), back)
    op.drop_index(op.f("ix_penalty_event_id"), table_name="penalty")
    op.drop_table("penalty")
