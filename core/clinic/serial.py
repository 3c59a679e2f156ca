"""JSON round-trip of a clinic (part 2 saves games and replays with it).

``converter`` is a cattrs converter that writes frozensets as lists and tags the
``Tile`` and ``Location`` unions with ``"_type"`` (a garden and a helipad have no
fields, so only a tag tells them apart).
"""

from __future__ import annotations

import json
from collections.abc import Set

import cattrs
from cattrs.strategies import configure_tagged_union

from .components import Tile
from .people import Clinic, Location

converter = cattrs.Converter(unstruct_collection_overrides={Set: list, frozenset: list})
configure_tagged_union(Tile, converter)
configure_tagged_union(Location, converter)


def clinic_to_json(clinic: Clinic) -> str:
    """The clinic as a JSON text (keys sorted, so equal clinics give equal texts when
    their sets iterate alike)."""
    return json.dumps(converter.unstructure(clinic), sort_keys=True)


def clinic_from_json(text: str) -> Clinic:
    """The clinic back from ``clinic_to_json``'s text; raises cattrs errors on bad input."""
    return converter.structure(json.loads(text), Clinic)
