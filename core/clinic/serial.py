"""JSON round-trip of a clinic (part 2 saves games and replays with it).

``converter`` is a cattrs converter that writes frozensets as sorted lists (attrs
objects hash differently in each process, so set order would too) and tags the
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



def sorted_list(items) -> list:
    """Unstructured set members in one order in every process (sorted by their JSON)."""
    return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


converter = cattrs.Converter(unstruct_collection_overrides={Set: sorted_list, frozenset: sorted_list})
configure_tagged_union(Tile, converter)
configure_tagged_union(Location, converter)


def clinic_to_json(clinic: Clinic) -> str:
    """The clinic as a JSON text (keys and sets sorted: equal clinics, equal texts)."""
    return json.dumps(converter.unstructure(clinic), sort_keys=True)


def clinic_from_json(text: str) -> Clinic:
    """The clinic back from ``clinic_to_json``'s text; raises cattrs errors on bad input."""
    return converter.structure(json.loads(text), Clinic)
