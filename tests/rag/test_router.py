from rag.entities import Entities
from rag.router import choose_route


def route(question, courses=(), programs=(), unknown=()):
    return choose_route(question, Entities(list(courses), list(unknown), list(programs)))


def test_one_named_course_is_simple():
    r = route("Which prerequisites does CPSC 221 have?", ["CPSC 221"])
    assert r.path == "simple" and "CPSC 221" in r.reason


def test_two_named_courses_are_complex():
    r = route("Do CPSC 221 and MATH 221 have the same credits?", ["CPSC 221", "MATH 221"])
    assert r.path == "complex" and "names 2" in r.reason


def test_program_plus_course_is_complex():
    assert route("Is CPSC 221 required in Statistics?", ["CPSC 221"], ["Statistics"]).path == "complex"


def test_comparison_cue_with_one_entity_is_complex():
    assert route("How does CPSC 221 compare with the other algorithms course?", ["CPSC 221"]).path == "complex"


def test_plain_policy_question_is_simple():
    r = route("How late can I request academic concession?")
    assert r.path == "simple" and "no course or program" in r.reason


def test_forced_route_wins():
    assert route("CPSC 221 and MATH 221?", ["CPSC 221", "MATH 221"]).path == "complex"
    assert choose_route("x", Entities(), forced="complex").reason == "forced by --route complex"


def test_question_naming_nothing_takes_one_lookup_even_with_a_cue():
    """The agent splits along named entities; with none named there is nothing to split."""
    r = route("Which course teaches eigenvalues and determinants?")
    assert r.path == "simple" and "no course or program" in r.reason
    r = route("Is Physics better than Chemistry for a first-year student?")
    assert r.path == "simple" and "split on" in r.reason


def test_ordinary_words_are_not_comparison_cues():
    assert route("beginner class about how different societies are organized", programs=["Sociology"]).path == "simple"
    assert route("Is CPSC 221 different from CPEN 221?", ["CPSC 221"]).path == "complex"
