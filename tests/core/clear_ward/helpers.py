"""Small builders for hand-made Clear the Ward positions."""

from core.clear_ward import Patient, Speciality, parse_cell

CAR, RES, GAS, NEU, ORT, PAE, PSY = (
    Speciality.CARDIOLOGY,
    Speciality.RESPIRATORY,
    Speciality.GASTROENTEROLOGY,
    Speciality.NEUROLOGY,
    Speciality.ORTHOPAEDICS,
    Speciality.PAEDIATRICS,
    Speciality.PSYCHIATRY,
)


def ward(*rows: str) -> str:
    """A layout from up to six rows; short rows and missing rows are empty spaces."""
    lines = [row.split() for row in rows] + [[]] * (6 - len(rows))
    return "\n".join(" ".join(tokens + ["."] * (6 - len(tokens))) for tokens in lines)


def P(spec: Speciality, stars: int) -> Patient:
    return Patient(spec, stars)


def c(name: str) -> int:
    return parse_cell(name)
