"""Credit-exclusion answers on tiny entries: exclusion lists and the sentences about credit."""

from __future__ import annotations

from dataclasses import replace

from tests.rag.answer.tiny_facts import tiny_course


def test_credit_for_both_is_not_a_yes_when_an_entry_speaks_of_credit_and_names_the_other():
    from dataclasses import replace as with_

    from rag.answer.exclusions import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    a = with_(tiny_course("ABCD 341"), text="Remote sensing. Students taking ABCD_V 341 get no credit for EFGH_V 443.")
    b = tiny_course("EFGH 443")
    c = with_(tiny_course("ABCD 201"), text="Credit will be granted for either ABCD 203 or both ABCD 201, ABCD 202.")
    d = tiny_course("ABCD 202")
    facts = FactStore(courses={x.code: x for x in (a, b, c, d)}, required_by={}, coreq_of={}, excluded={})

    def both(x, y):
        return exclusion(Question(text="", entities=Entities(courses=[x, y]), intent="exclusion",
                                  target=x, targets=[x, y]), facts)

    unread = both("ABCD 341", "EFGH 443")
    assert unread.verdict == "cannot tell" and "get no credit for EFGH_V 443" in unread.text
    assert both("ABCD 201", "ABCD 202").verdict == "yes"  # named together, as one way to the credit


def test_a_third_entrys_only_one_of_list_naming_both_courses_excludes_them():
    from dataclasses import replace

    from rag.answer.exclusions import shared_exclusion
    from tests.rag.answer.test_chain import _course, _facts

    holder = replace(_course("WXYZ 191"), exclusion="Credit will be granted for only one of WXYZ_V 191, ABCD 300, "
                                                    "EFGH_V 200 or IJKL 203.")
    facts = _facts(holder, _course("ABCD 300"), _course("EFGH 200"), _course("MNOP 100"))
    found = shared_exclusion(facts.courses["ABCD 300"], facts.courses["EFGH 200"], facts)
    assert found is not None and found[0].code == "WXYZ 191"
    assert shared_exclusion(facts.courses["ABCD 300"], facts.courses["MNOP 100"], facts) is None


def test_a_group_inside_an_only_one_of_list_does_not_exclude_its_own_members():
    from dataclasses import replace

    from rag.answer.exclusions import shared_exclusion
    from tests.rag.answer.test_chain import _course, _facts

    holder = replace(_course("WXYZ 191"), exclusion="Credit will be granted for only one of WXYZ 191 or both "
                                                    "ABCD 201 and ABCD 202.")
    facts = _facts(holder, _course("ABCD 201"), _course("ABCD 202"))
    assert shared_exclusion(facts.courses["ABCD 201"], facts.courses["ABCD 202"], facts) is None
    pair = replace(holder, exclusion="Credit will be granted for only one of WXYZ 191 or ABCD 201 and 202.")
    assert shared_exclusion(facts.courses["ABCD 201"], facts.courses["ABCD 202"],
                             _facts(pair, _course("ABCD 201"), _course("ABCD 202"))) is None
    # an exclusion field that runs on into the prerequisite, with no full stop between
    runs_on = replace(holder, exclusion="Credit will be granted for only one of WXYZ 191 or MNOP 362 "
                                        "Prerequisite: One of ABCD 201, ABCD 310 and one of ABCD 202, ABCD 311")
    assert shared_exclusion(facts.courses["ABCD 201"], facts.courses["ABCD 202"],
                             _facts(runs_on, _course("ABCD 201"), _course("ABCD 202"))) is None
    slash = replace(holder, exclusion="Credit will be granted for only one of ABCD 201/202 or WXYZ 191.")
    assert shared_exclusion(facts.courses["ABCD 201"], facts.courses["ABCD 202"],
                             _facts(slash, _course("ABCD 201"), _course("ABCD 202"))) is None


def test_an_equivalent_named_by_the_one_entry_there_settles_credit_for_both():
    from rag.answer.exclusions import exclusion, exclusions_of
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = replace(tiny_course("ABCD 549"), equivalency="WXYZ_V 549.")
    facts = FactStore(courses={"ABCD 549": course}, required_by={}, coreq_of={},
                      excluded={"ABCD 549": {"WXYZ 549"}, "WXYZ 549": {"ABCD 549"}})
    q = Question(text="", entities=Entities(courses=["ABCD 549"], unknown_courses=["WXYZ 549"]), intent="exclusion",
                 target="ABCD 549", targets=["ABCD 549", "WXYZ 549"])
    a = exclusion(q, facts)
    assert a.verdict == "no" and "credit for only one" in a.text and "Equivalency: WXYZ_V 549." in a.text
    assert exclusion(replace(q, asks_excluded=True), facts).verdict == "yes"
    own = exclusions_of(replace(q, targets=["ABCD 549"]), facts)
    assert own.text.startswith("ABCD 549 is equivalent to WXYZ 549")


def test_a_course_with_no_entry_named_only_in_a_both_group_is_not_excluded_alone():
    from rag.answer.exclusions import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    course = replace(tiny_course("ABCD 494"), excluded_with=["WXYZ 434", "WXYZ 431", "WXYZ 433"],
                     exclusion="Credit will be granted for only one of ABCD_V 494 or WXYZ_V 434 or both WXYZ_V 431, "
                               "WXYZ_V 433.")
    facts = FactStore(courses={"ABCD 494": course}, required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 494"], unknown_courses=["WXYZ 433"]), intent="exclusion",
                 target="ABCD 494", targets=["ABCD 494", "WXYZ 433"])
    a = exclusion(q, facts)
    assert a.verdict == "cannot tell" and a.text.startswith("Only if you do not also have WXYZ 431"), a.text
    assert exclusion(replace(q, asks_excluded=True), facts).text.startswith("Only together with WXYZ 431")
    alone = exclusion(replace(q, entities=Entities(courses=["ABCD 494"], unknown_courses=["WXYZ 434"]),
                              targets=["ABCD 494", "WXYZ 434"]), facts)
    assert alone.verdict == "no"  # named alone: excluded


def test_an_exclusion_question_naming_a_course_with_no_entry_says_so_first():
    from rag.answer.exclusions import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    facts = FactStore(courses={"ABCD 200": tiny_course("ABCD 200")}, required_by={}, coreq_of={}, excluded={})
    q = Question(text="", entities=Entities(courses=["ABCD 200"], unknown_courses=["ABCD 241"]), intent="exclusion",
                 target="ABCD 200", targets=["ABCD 200", "ABCD 241"])
    a = exclusion(q, facts)
    assert a.verdict == "cannot tell" and a.text.startswith("Cannot tell: ABCD 241 has no entry in this calendar")


def test_two_courses_of_one_group_in_a_third_entrys_list_are_not_excluded_from_each_other():
    from rag.answer.exclusions import shared_exclusion
    from rag.index.facts import FactStore

    grouped = replace(tiny_course("ABCD 203"), exclusion="Credit will be granted for only one of ABCD 203 or "
                                                         "ABCD 223, ABCD 225 or ABCD 233, 235.")
    plain = replace(tiny_course("EFGH 100"), exclusion="Credit will be granted for only one of EFGH 101, "
                                                       "EFGH 102 or EFGH 103.")
    courses = [grouped, plain] + [tiny_course(c) for c in ("ABCD 233", "ABCD 235", "EFGH 101", "EFGH 102")]
    facts = FactStore(courses={c.code: c for c in courses}, required_by={}, coreq_of={}, excluded={})
    c = facts.courses
    assert shared_exclusion(c["ABCD 233"], c["ABCD 235"], facts) is None  # taken together, one alternative
    assert shared_exclusion(c["ABCD 203"], c["ABCD 233"], facts) is None  # its own entry: not a third course's
    assert shared_exclusion(c["EFGH 101"], c["EFGH 102"], facts)[0].code == "EFGH 100"  # a plain list



def test_a_pair_asked_beside_a_third_course_gets_the_pairs_facts_with_no_yes():
    from rag.answer.exclusions import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    sentence = "Credit will be granted for only one of ABCD 100 and either or both ABCD 101 or ABCD 102."
    third = replace(tiny_course("ABCD 100"), exclusion=sentence, excluded_with=["ABCD 101", "ABCD 102"])
    facts = FactStore(courses={c.code: c for c in (third, tiny_course("ABCD 101"), tiny_course("ABCD 102"))},
                      required_by={}, coreq_of={}, excluded={"ABCD 101": {"ABCD 100"}, "ABCD 102": {"ABCD 100"},
                                                               "ABCD 100": {"ABCD 101", "ABCD 102"}})
    # "both ABCD 101 and ABCD 102 for credit, or do they exclude each other like ABCD 100 does?"
    q = Question(text="", entities=Entities(courses=["ABCD 101", "ABCD 102", "ABCD 100"]), intent="exclusion",
                 target="ABCD 101", targets=["ABCD 101", "ABCD 102"])
    fact = exclusion(q, facts)
    assert fact.verdict == "" and fact.text.startswith("Neither ABCD 101")
    assert fact.text.count(sentence) == 1 and "ABCD 100 and ABCD 101, ABCD 102 are credit-excluded" in fact.text
    # a pair that is excluded keeps its "No"
    pair = replace(q, entities=Entities(courses=["ABCD 100", "ABCD 101", "ABCD 102"]), target="ABCD 100",
                   targets=["ABCD 100", "ABCD 101"])
    assert exclusion(pair, facts).verdict == "no"


def test_a_story_weighs_the_course_the_reader_settled_on_against_what_was_done():
    from dataclasses import replace as with_

    from rag.answer.exclusions import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    asked = with_(tiny_course("ABCD 332"), exclusion="Credit will only be granted for one of ABCD 332 or EFGH 377.",
                  excluded_with=["EFGH 377"])
    courses = [asked, tiny_course("EFGH 377"), tiny_course("ABCD 230"), tiny_course("ABCD 339")]
    facts = FactStore(courses={c.code: c for c in courses}, required_by={}, coreq_of={}, excluded={})
    # passed EFGH 377, failed ABCD 230, thinking about ABCD 339; can ABCD 332 count?
    q = Question(text="", entities=Entities(courses=["EFGH 377", "ABCD 230", "ABCD 339", "ABCD 332"]),
                 intent="exclusion", target="ABCD 332", targets=["ABCD 332", "EFGH 377"], completed=["EFGH 377"],
                 not_completed=["ABCD 230", "ABCD 339"])
    a = exclusion(q, facts)
    assert a.verdict == "no" and a.text.startswith("No: ABCD 332 and EFGH 377 are credit-excluded, and you have done")


def test_a_pair_course_the_student_has_not_taken_does_not_stop_the_credit():
    from dataclasses import replace as with_

    from rag.answer.exclusions import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    asked = with_(tiny_course("ABCD 336"), exclusion="Credit will only be granted for one of ABCD 336 or EFGH 430.",
                  excluded_with=["EFGH 430"])
    facts = FactStore(courses={"ABCD 336": asked, "EFGH 430": tiny_course("EFGH 430")}, required_by={},
                      coreq_of={}, excluded={})

    def told(**history):
        return exclusion(Question(text="", entities=Entities(courses=["EFGH 430", "ABCD 336"]), intent="exclusion",
                                  target="EFGH 430", targets=["EFGH 430", "ABCD 336"], **history), facts)

    assert told(not_completed=["EFGH 430"]).verdict == "yes"  # "dropped EFGH 430. will ABCD 336 count?"
    assert told(unclear=["EFGH 430"]).text.startswith("Only if you have no credit for EFGH 430")  # a friend's
    assert told(completed=["EFGH 430"]).verdict == "no"
    assert told().verdict == "no"  # "credit for both?"


def test_credit_withheld_after_any_course_of_a_subject_is_no_yes_for_a_course_of_it():
    from rag.answer.exclusions import exclusion
    from rag.index.facts import FactStore
    from rag.understand import Question
    from rag.understand.entities import Entities

    general = replace(tiny_course("MATH 230"), text="Topics. Students who obtain UBC credit for any other mathematics "
                                                    "course cannot in the same or later years obtain credit for MATH 230.")
    facts = FactStore(courses={x.code: x for x in (general, tiny_course("MATH 100"), tiny_course("ENGL 110"))},
                      required_by={}, coreq_of={}, excluded={})

    def both(x, y):
        return exclusion(Question(text="", entities=Entities(courses=[x, y]), intent="exclusion",
                                  target=x, targets=[x, y]), facts)

    math = both("MATH 230", "MATH 100")
    assert math.verdict == "cannot tell" and "any other mathematics course" in math.text
    # a course of another subject: the pair does not settle it, since the student may hold another MATH course
    # (named in words, "a first-year calculus course"); only with none of that subject said is it a "Yes"
    other = both("MATH 230", "ENGL 110")
    assert other.verdict == "cannot tell" and other.text.startswith("Only if you have no UBC credit for another MATH")
    none = exclusion(Question(text="", entities=Entities(courses=["MATH 230", "ENGL 110"]), intent="exclusion",
                              target="MATH 230", targets=["MATH 230", "ENGL 110"], no_courses_in=["MATH"]), facts)
    assert none.verdict == "yes"
    done = Question(text="", entities=Entities(courses=["MATH 230", "MATH 100"]), intent="exclusion",
                    target="MATH 230", targets=["MATH 230"], completed=["MATH 100"])
    assert exclusion(done, facts).verdict == "cannot tell"  # a course done of that subject
