"""Program-table answers on tiny entries: whether a program lists a course."""

from __future__ import annotations

import pytest

from tests.rag.answer.tiny_facts import tiny_course


def test_a_program_page_whose_tables_stop_before_the_year_asked_is_cannot_tell_not_no():
    from rag.answer.programs import program_course
    from rag.index.facts import FactStore, ProgramRow
    from rag.understand import Question
    from rag.understand.entities import Entities

    rows = [ProgramRow("Widgetry", "https://example.test/widgetry", "year-1", "Year 1", 1, 0, "ABCD 110", ["ABCD 110"],
                       "3", "")]
    facts = FactStore(courses={c.code: c for c in (tiny_course("ABCD 110"), tiny_course("ABCD 221"))},
                      required_by={}, coreq_of={}, excluded={}, programs={"Widgetry": rows})

    def lists(code, year=0):
        return program_course(Question(text="", entities=Entities(courses=[code], programs=["Widgetry"]),
                                       intent="program_course", target=code, targets=[code], year=year), facts)

    later = lists("ABCD 221")
    assert later.verdict == "cannot tell" and "list only Year 1" in later.text
    assert lists("ABCD 110").verdict == "yes"
    assert lists("ABCD 110", year=2).verdict == "yes"  # listed in Year 1, so listed


@pytest.mark.parametrize("requirement, codes, duty, verdict", [
    ("ABCD 110 or ABCD 111", ["ABCD 110", "ABCD 111"], True, "no"),  # one option is not required
    ("Two of ABCD 110, 111, 112", ["ABCD 110", "ABCD 111", "ABCD 112"], True, "no"),
    ("ABCD 110, 111", ["ABCD 110", "ABCD 111"], True, "yes"),  # a list asks for every course
    ("ABCD 110 or ABCD 111", ["ABCD 110", "ABCD 111"], False, "yes"),  # listed as one option: listed
    ("ABCD 112 (or 110 or 111)", ["ABCD 112", "ABCD 110", "ABCD 111"], True, "no"),  # an alternative in brackets
    ("ABCD 110 (or 111 and 112)", ["ABCD 110", "ABCD 111", "ABCD 112"], True, "no"),  # it has one in brackets
    ("ABCD 110, 233 (or 234)", ["ABCD 110", "ABCD 233", "ABCD 234"], True, "yes"),  # another item's alternative
    ("At least one of ABCD 110, EFGH 335", ["ABCD 110", "EFGH 335"], True, "no"),
    # an item whose code the build could not read is still an item of the choice
    ("One of ABCD 110, EFGH (or IJKL ) 200", ["ABCD 110"], True, "no"),
    ("ABCD 110 or EFGH (or IJKL ) 270", ["ABCD 110"], True, "no"),
])
def test_a_course_a_program_lists_as_one_option_is_not_required(requirement, codes, duty, verdict):
    from rag.answer.programs import program_course
    from rag.index.facts import FactStore, ProgramRow
    from rag.understand import Question
    from rag.understand.entities import Entities

    rows = [ProgramRow("Widgetry", "https://example.test/widgetry", "year-2", "Year 2", 2, 0, requirement, codes, "3",
                       "")]
    facts = FactStore(courses={c: tiny_course(c) for c in codes}, required_by={}, coreq_of={}, excluded={},
                      programs={"Widgetry": rows})
    q = Question(text="", entities=Entities(courses=["ABCD 110"], programs=["Widgetry"]), intent="program_course",
                 target="ABCD 110", targets=["ABCD 110"], asks_duty=duty)
    a = program_course(q, facts)
    assert a.verdict == verdict and a.text.lower().startswith(verdict)


@pytest.mark.parametrize("requirement, codes, lead", [
    ("ABCD 110", ["ABCD 110"], "No, it cannot be skipped"),
    ("ABCD 110 or ABCD 111", ["ABCD 110", "ABCD 111"], "Yes, by taking another option"),
    ("ABCD 111", ["ABCD 111"], "Yes, as far as the table goes"),  # not listed by code
])
def test_a_skip_question_about_a_program_turns_its_duty_around(requirement, codes, lead):
    from rag.answer.programs import program_course
    from rag.index.facts import FactStore, ProgramRow
    from rag.understand import Question
    from rag.understand.entities import Entities

    rows = [ProgramRow("Widgetry", "https://example.test/widgetry", "year-2", "Year 2", 2, 0, requirement, codes, "3",
                       "")]
    facts = FactStore(courses={c: tiny_course(c) for c in codes + ["ABCD 110"]}, required_by={}, coreq_of={},
                      excluded={}, programs={"Widgetry": rows})
    q = Question(text="", entities=Entities(courses=["ABCD 110"], programs=["Widgetry"]), intent="program_course",
                 target="ABCD 110", targets=["ABCD 110"], asks_skip=True)
    assert program_course(q, facts).text.startswith(lead)
