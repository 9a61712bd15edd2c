from rag.answer.router import choose_route
from rag.understand import Reader, understand
from rag.understand.entities import EntityFinder

# CPEN is not a subject of this calendar: "CPEN 221" names nothing
READER = Reader(EntityFinder({"CPSC 221", "MATH 221"}, ["CPSC", "MATH"], ["Statistics", "Sociology"]))


def route(question):
    """The route of a question as ``understand`` reads it (no intent classifier: slots and cues only)."""
    return choose_route(understand(question, READER))


def test_one_named_course_is_simple():
    r = route("Which prerequisites does CPSC 221 have?")
    assert r.path == "simple" and "CPSC 221" in r.reason


def test_two_named_courses_are_complex():
    r = route("Do CPSC 221 and MATH 221 have the same credits?")
    assert r.path == "complex" and "names 2" in r.reason


def test_program_plus_course_is_complex():
    assert route("Is CPSC 221 required in Statistics?").path == "complex"


def test_comparison_cue_with_one_entity_is_complex():
    assert route("How does CPSC 221 compare with the other algorithms course?").path == "complex"


def test_plain_policy_question_is_simple():
    r = route("How late can I request academic concession?")
    assert r.path == "simple" and "no course or program" in r.reason


def test_forced_route_wins():
    assert route("CPSC 221 and MATH 221?").path == "complex"
    assert choose_route(understand("x", READER), forced="complex").reason == "forced by --route complex"


def test_question_naming_nothing_takes_one_lookup_even_with_a_cue():
    """The agent splits along named entities; with none named there is nothing to split."""
    r = route("Which course teaches eigenvalues and determinants?")
    assert r.path == "simple" and "no course or program" in r.reason
    r = route("Is Physics better than Chemistry for a first-year student?")
    assert r.path == "simple" and "split on" in r.reason


def test_ordinary_words_are_not_comparison_cues():
    assert route("beginner sociology class about how different societies are organized").path == "simple"
    assert route("Is CPSC 221 different from CPEN 221?").path == "complex"
