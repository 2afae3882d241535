"""The base of the shapes the pages read (the grid's rows, alerts, the read routes' answers):
frozen pydantic models, so a view returns a typed value that the API answers with as it is
(api/responses.py re-exports them for the routes)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer


class Shape(BaseModel):
    """A shape a page reads: every field named, made once and not changed after."""

    model_config = ConfigDict(frozen=True)


class Given(Shape):
    """A row whose fields depend on its kind: every one is declared, and only those it was
    given are sent (a not-played line has no contract, a link alert no table)."""

    @model_serializer(mode="wrap")
    def _given_only(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        return {k: v for k, v in data.items() if k in self.model_fields_set}
