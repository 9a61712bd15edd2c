"""What is left of a program year, on tiny fact stores: rows done, split and filled, and the credits."""

from __future__ import annotations

import pytest

from rag.answer.program_left import program_left
from rag.index.facts import FactStore, ProgramRow
from tests.rag.answer.test_chain import _course, _facts
from tests.rag.answer.test_planning import _q


MECH = "Mechanical Engineering"


def _rows() -> list[ProgramRow]:
    def row(req, codes, credits, term=1, notes=""):
        return ProgramRow(MECH, "https://example.test/mech", "year-2", "Second Year", 2, term, req, codes, credits,
                          notes)
    return [row("ABCD 201", ["ABCD 201"], "4"), row("ABCD 202", ["ABCD 202"], "3"),
            row("ABCD 211 or EFGH 211", ["ABCD 211", "EFGH 211"], "3", 2), row("Elective", [], "6", 2, "any 200-level")]


@pytest.fixture
def mech() -> FactStore:
    facts = _facts(_course("ABCD 201"), _course("ABCD 202"), _course("ABCD 211"), _course("EFGH 211"))
    facts.programs = {MECH: _rows()}
    return facts


def test_a_program_year_left_subtracts_done_rows_and_counts_the_credits(mech):
    a = program_left(_q("program_left", completed=["ABCD 201", "EFGH 211"], program=MECH, year=2), mech)
    assert a.text.startswith("Remaining in Year 2 of Mechanical Engineering: 9 of the year's 16 credits")
    todo = a.text.split("Already done")[0]
    assert "ABCD 202" in todo and "ABCD 201 " not in todo and "EFGH 211" not in todo and "Elective (6 credits)" in todo
    with_electives = program_left(_q("program_left", completed=["ABCD 201"], program=MECH, year=2, electives=6), mech)
    assert "Remaining in Year 2 of Mechanical Engineering: 6 of" in with_electives.text
    some_electives = program_left(_q("program_left", completed=["ABCD 201"], program=MECH, year=2, electives=2), mech)
    assert "Elective (6 credits: 2 of them done, 4 left)" in some_electives.text


def test_a_year_the_tables_do_not_hold_is_said(mech):
    a = program_left(_q("program_left", program=MECH, year=4), mech)
    assert a.verdict == "cannot tell" and "Year 2" in a.text and "not Year 4" in a.text


def test_an_or_in_brackets_is_one_items_alternative_not_a_choice_of_the_whole_row():
    row = ProgramRow(MECH, "https://example.test/mech", "year-2", "Second Year", 2, 1,
                     "ABCD 200, 230, 233 (or 234), 260", ["ABCD 200", "ABCD 230", "ABCD 233", "ABCD 234", "ABCD 260"],
                     "12", "")
    facts = _facts(*[_course(c) for c in row.codes])
    facts.programs = {MECH: [row]}
    a = program_left(_q("program_left", completed=["ABCD 200", "ABCD 230"], program=MECH, year=2), facts)
    todo = a.text.split("Already done")[0]
    assert "ABCD 233 (or ABCD 234), ABCD 260" in todo and "ABCD 200" not in todo
    b = program_left(_q("program_left", completed=["ABCD 200", "ABCD 234"], program=MECH, year=2), facts)
    assert "ABCD 230, ABCD 260" in b.text.split("Already done")[0]


def test_a_row_is_done_through_either_course_of_a_bracketed_pair_counted_once():
    row = ProgramRow(MECH, "https://example.test/mech", "year-2", "Second Year", 2, 1,
                     "ABCD 200, 233 (or 234)", ["ABCD 200", "ABCD 233", "ABCD 234"], "6", "")
    facts = _facts(*[_course(c) for c in row.codes])
    facts.programs = {MECH: [row]}
    a = program_left(_q("program_left", completed=["ABCD 200", "ABCD 234"], program=MECH, year=2), facts)
    assert a.text.startswith("Remaining in Year 2 of Mechanical Engineering: 0 of") and "(0 credits)" not in a.text
    both = program_left(_q("program_left", completed=["ABCD 200", "ABCD 233", "ABCD 234"], program=MECH, year=2), facts)
    assert both.text.startswith("Remaining in Year 2 of Mechanical Engineering: 0 of")


def test_an_n_of_row_part_done_keeps_how_many_more_from_the_courses_not_done():
    codes = ["ABCD 420", "ABCD 421", "ABCD 426", "ABCD 427"]
    row = ProgramRow(MECH, "https://example.test/mech", "year-2", "Second Year", 2, 1,
                     "Three of the following: ABCD 420, 421, 426 or 427", codes, "9", "")
    elective = ProgramRow(MECH, "https://example.test/mech", "year-2", "Second Year", 2, 1, "Electives", [], "21",
                          "Take any 300-level course. ABCD 426 may count twice. Ask an advisor. Plan early.")
    facts = _facts(*[_course(c) for c in codes])
    facts.programs = {MECH: [row, elective]}
    a = program_left(_q("program_left", completed=["ABCD 426", "ABCD 427"], program=MECH, year=2), facts)
    assert a.text.startswith("Remaining in Year 2 of Mechanical Engineering: 24 of the year's 30 credits")
    todo = a.text.split("Already done")[0]
    assert "One more of ABCD 420, ABCD 421 (3 credits)" in todo and "ABCD 426" not in todo
    assert "Take any 300-level course. Ask an advisor. …" in todo  # the note's sentence on a done course is left out
    assert "ABCD 426, ABCD 427 (2 of the 3)" in a.text
    three = program_left(_q("program_left", completed=["ABCD 420", "ABCD 426", "ABCD 427"], program=MECH, year=2),
                         facts)
    assert three.text.startswith("Remaining in Year 2 of Mechanical Engineering: 21 of")
    one = program_left(_q("program_left", completed=["ABCD 420"], program=MECH, year=2), facts)
    assert "Two more of ABCD 421, ABCD 426, ABCD 427 (6 credits)" in one.text


def test_a_done_course_no_row_names_fills_the_row_the_student_names_else_the_electives():
    from dataclasses import replace

    def row(req, codes, credits):
        return ProgramRow(MECH, "https://example.test/mech", "year-1", "First Year", 1, 1, req, codes, credits, "")
    facts = _facts(_course("ABCD 110"), _course("WXYZ 150"), _course("WXYZ 160"))
    facts.programs = {MECH: [row("ABCD 110", ["ABCD 110"], "3"), row("Additional Communication Requirement", [], "3"),
                             row("Electives", [], "6")]}
    said = replace(_q("program_left", completed=["ABCD 110", "WXYZ 150"], program=MECH, year=1),
                   text="done ABCD 110 and WXYZ 150 for the communication requirement. what's left?")
    a = program_left(said, facts)
    assert a.text.startswith("Remaining in Year 1 of Mechanical Engineering: 6 of the year's 12 credits")
    assert "Counted toward Additional Communication Requirement: WXYZ 150 (3 credits), as you said." in a.text
    assert "- Additional Communication Requirement" not in a.text
    unsaid = replace(said, completed=["ABCD 110", "WXYZ 160"], text="done ABCD 110 and WXYZ 160. what's left?")
    b = program_left(unsaid, facts)
    assert "Counted toward Electives: WXYZ 160 (3 credits), since no row of the table names it" in b.text
    assert "- Electives (3 credits)" in b.text and b.text.startswith("Remaining in Year 1 of Mechanical Engineering: 6 of")
    facts.programs[MECH] = facts.programs[MECH][:1]  # no open row to fill: the course is named, not counted
    c = program_left(replace(unsaid, text="done ABCD 110 and WXYZ 160"), facts)
    assert "Not in Year 1's table, so not counted: WXYZ 160." in c.text


def _year_one(*rows) -> list[ProgramRow]:
    return [ProgramRow(MECH, "https://example.test/mech", "year-1", "First Year", 1, 1, req, codes, credits, notes)
            for req, codes, credits, notes in rows]


def test_an_item_with_several_bracketed_alternatives_is_done_by_any_of_them():
    facts = _facts(_course("ABCD 121"), _course("ABCD 111"), _course("ABCD 141"))
    facts.programs = {MECH: _year_one(("ABCD 121 (or 111 or 141)", ["ABCD 121", "ABCD 111", "ABCD 141"], "4", ""))}
    for done in ("ABCD 121", "ABCD 141"):
        a = program_left(_q("program_left", completed=[done], program=MECH, year=1), facts)
        assert a.text.startswith("Remaining in Year 1 of Mechanical Engineering: 0 of the year's 4 credits"), done


def test_a_done_course_fills_the_row_whose_notes_list_it_or_a_row_of_its_subject_and_level():
    facts = _facts(_course("ABCD 110"), _course("WXYZ 150"), _course("PQRS 131"), _course("PQRS 100"))
    facts.programs = {MECH: _year_one(
        ("ABCD 110", ["ABCD 110"], "3", ""),
        ("Additional Communication Requirement", [], "3", "ENGL 110, WXYZ 150"),
        ("PQRS 100-level", [], "3", "Chosen from PQRS courses, excluding PQRS 100."),
        ("Electives", [], "6", ""))}
    a = program_left(_q("program_left", completed=["ABCD 110", "WXYZ 150", "PQRS 131"], program=MECH, year=1), facts)
    assert a.text.startswith("Remaining in Year 1 of Mechanical Engineering: 6 of the year's 15 credits")
    assert "Counted toward Additional Communication Requirement: WXYZ 150 (3 credits), which the row's notes list." \
        in a.text
    assert "Counted toward PQRS 100-level: PQRS 131 (3 credits), a course of the subject and level" in a.text
    left_out = program_left(_q("program_left", completed=["PQRS 100"], program=MECH, year=1), facts)
    assert "Counted toward Electives: PQRS 100" in left_out.text  # the notes leave it out of the level row


def test_a_row_naming_a_course_the_calendar_has_no_entry_for_is_done_when_the_student_says_so():
    from dataclasses import replace

    facts = _facts(_course("ABCD 101"))
    facts.programs = {MECH: _year_one(("ABCD 101", ["ABCD 101"], "3", ""), ("ABCD 270", ["ABCD 270"], "3", ""))}
    q = replace(_q("program_left", completed=["ABCD 101"], program=MECH, year=1), unknown_completed=["ABCD 270"])
    assert program_left(q, facts).text.startswith("Remaining in Year 1 of Mechanical Engineering: 0 of the year's 6")


def test_an_at_least_one_of_row_is_done_by_any_one_of_its_courses():
    facts = _facts(_course("ABCD 325"), _course("EFGH 335"))
    facts.programs = {MECH: _year_one(("At least one of ABCD 325, EFGH 335", ["ABCD 325", "EFGH 335"], "3", ""))}
    a = program_left(_q("program_left", completed=["EFGH 335"], program=MECH, year=1), facts)
    assert "ABCD 325" not in a.text.split("Already done")[0], a.text


def test_an_n_of_row_with_that_many_done_is_done():
    codes = ["ABCD 301", "ABCD 302", "ABCD 303", "ABCD 304"]
    facts = _facts(*[_course(c) for c in codes])
    facts.programs = {MECH: _year_one(("Three of ABCD 301, 302, 303, 304", codes, "9", ""))}
    a = program_left(_q("program_left", completed=codes[:3], program=MECH, year=1), facts)
    assert "ABCD 304" not in a.text.split("Already done")[0], a.text


def test_a_row_is_filled_by_the_course_told_beside_its_words_and_elective_credits_go_to_the_electives():
    from dataclasses import replace

    facts = _facts(_course("ABCD 110"), _course("WXYZ 331"))
    facts.programs = {MECH: _year_one(("ABCD 110", ["ABCD 110"], "3", ""),
                                      ("Additional Communication Requirement", [], "3", ""),
                                      ("WXYZ 100-level", [], "3", ""), ("Electives", [], "9", ""))}
    # WXYZ 331 is told as an elective, ENGL 112 (no entry of its own) for the communication row
    said = replace(_q("program_left", completed=["ABCD 110", "WXYZ 331", "ENGL 112"], program=MECH, year=1),
                   text="did ABCD 110, used ENGL 112 for communication and took WXYZ 331 plus 2 elective credits.")
    said.elective_credits = 2
    a = program_left(said, facts)
    assert "Counted toward Additional Communication Requirement: ENGL 112 (3 credits), as you said." in a.text
    assert "Counted toward Electives: WXYZ 331" in a.text
    assert "- WXYZ 100-level (3 credits)" in a.text  # the elective credits are not spent on another open row
    assert a.text.startswith("Remaining in Year 1 of Mechanical Engineering: 7 of the year's 18 credits")


def test_a_rows_words_inside_a_code_or_still_to_do_place_no_course_there():
    from dataclasses import replace

    facts = _facts(_course("ABCD 110"), _course("COMM 101"), _course("WXYZ 120"))
    facts.programs = {MECH: _year_one(("ABCD 110", ["ABCD 110"], "3", ""),
                                      ("Additional Communication Requirement", [], "3", ""), ("Electives", [], "9", ""))}
    code = replace(_q("program_left", completed=["ABCD 110", "COMM 101"], program=MECH, year=1),
                   text="I've done ABCD 110 and COMM 101. What's left?")
    assert "Counted toward Additional Communication Requirement" not in program_left(code, facts).text
    owed = replace(_q("program_left", completed=["ABCD 110", "WXYZ 120"], program=MECH, year=1),
                   text="I took ABCD 110 and WXYZ 120 but I still need the comm requirement. What's left?")
    assert "Counted toward Additional Communication Requirement" not in program_left(owed, facts).text
