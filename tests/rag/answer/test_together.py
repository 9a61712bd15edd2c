"""Two courses in one term: decided by how each course's requirements name the other."""

from rag.answer.together import together
from rag.index.facts import FactStore
from tests.rag.answer.tiny_facts import tiny_course, tiny_question


def _asked(pair: list[str], *courses) -> object:
    q = tiny_question(pair[0])
    q.targets, q.concurrent, q.asks_together = pair, [], True
    return together(q, FactStore(courses={c.code: c for c in courses}, required_by={}, coreq_of={}, excluded={}))


def test_a_course_the_other_requires_first_cannot_share_its_term():
    a = _asked(["ABCD 453", "ABCD 454"], tiny_course("ABCD 453"), tiny_course("ABCD 454", prerequisite="ABCD 453."))
    assert a.verdict == "no" and a.text.startswith("No: ABCD 454 requires ABCD 453 before it, not alongside")


def test_a_corequisite_may_share_its_term():
    a = _asked(["ABCD 101", "ABCD 158"], tiny_course("ABCD 101"),
               tiny_course("ABCD 158", prerequisite="ABCD 157.", corequisite="One of ABCD 101, ABCD 103."))
    assert a.verdict == "yes" and a.text.startswith("Yes: ABCD 158 names ABCD 101 as a corequisite")
    assert "ABCD 158: prerequisite \u201cABCD 157.\u201d" in a.text  # its own prerequisite still shown


def test_a_corequisite_under_way_is_no_yes_to_a_course_whose_own_prerequisite_is_unsaid():
    courses = [tiny_course("ABCD 202"), tiny_course("ABCD 322", prerequisite="ABCD 211.", corequisite="ABCD 202.")]
    facts = FactStore(courses={c.code: c for c in courses}, required_by={}, coreq_of={}, excluded={})
    q = tiny_question("ABCD 322", not_completed=["ABCD 202"])  # "in the middle of ABCD 202 now; ABCD 322 too?"
    q.targets, q.concurrent, q.under_way = ["ABCD 322"], ["ABCD 202"], ["ABCD 202"]
    a = together(q, facts)
    assert a.verdict == "cannot tell" and a.text.startswith("Only if you also meet ABCD 322's own prerequisite, ABCD 211")
    q.completed = ["ABCD 211"]
    assert together(q, facts).verdict == "yes"


def test_one_option_of_the_others_prerequisite_leaves_it_to_another_route():
    a = _asked(["ABCD 200", "ABCD 300"], tiny_course("ABCD 200"),
               tiny_course("ABCD 300", prerequisite="One of ABCD 200, ABCD 210."))
    assert a.verdict == "cannot tell" and "one option of its prerequisite" in a.text
    assert "needs another route: ABCD 210." in a.text  # the other routes, not the one taken alongside


def test_a_course_named_only_in_words_the_tree_keeps_as_text_is_never_a_yes():
    # "3 credits of A" stays text in the tree; the course is still named, so it may have to come first
    a = _asked(["ABCD 191", "ABCD 192"], tiny_course("ABCD 191"),
               tiny_course("ABCD 192", prerequisite="3 credits of ABCD 191"))
    assert a.verdict == "cannot tell" and "names ABCD 191 in words ubcal cannot read in full" in a.text
    same_term = _asked(["ABCD 482", "ABCD 481"], tiny_course("ABCD 482"), tiny_course(
        "ABCD 481", prerequisite="ABCD 482 must be taken prior to or at the same time as ABCD 481."))
    assert same_term.verdict == "yes" and "share its term" in same_term.text
    other_sentence = _asked(["ABCD 191", "ABCD 392"], tiny_course("ABCD 191"), tiny_course(
        "ABCD 392", prerequisite="3 credits of ABCD 191. ABCD 200 may be taken concurrently."))
    assert other_sentence.verdict == "cannot tell"  # the same-term words are ABCD 200's, not ABCD 191's


def test_neither_naming_the_other_is_yes_as_far_as_the_pair_goes():
    a = _asked(["ABCD 335", "ABCD 336"], tiny_course("ABCD 335", prerequisite="ABCD 233."),
               tiny_course("ABCD 336", prerequisite="ABCD 234."))
    assert a.verdict == "yes" and a.text.startswith("Yes, as far as these two go")
    assert "ABCD 335: prerequisite" in a.text and "ABCD 336: prerequisite" in a.text


def test_a_question_about_one_course_alone_is_not_a_pair():
    q = tiny_question("ABCD 335")
    q.asks_together = True
    assert together(q, FactStore(courses={}, required_by={}, coreq_of={}, excluded={})) is None


def test_an_entry_that_keeps_a_course_out_of_its_term_is_a_no():
    from dataclasses import replace

    from rag.answer.together import not_alongside

    text = ("Not to be taken concurrently with any of the following ABCD 400-level language courses: "
            "ABCD_V 441, 443/ 435. Credit will be granted for only one of ABCD 481 or ABCD 484.")
    apart = replace(tiny_course("ABCD 481"), text=text)
    assert not_alongside(apart)[0] == ["ABCD 441", "ABCD 443", "ABCD 435"]  # bare numbers take the subject before
    a = _asked(["ABCD 481", "ABCD 443"], apart, tiny_course("ABCD 443"))
    assert a.verdict == "no" and "keeps ABCD 443 out of its term" in a.text


def test_an_entry_may_keep_lower_level_courses_of_its_subject_out_of_its_term():
    from dataclasses import replace

    from rag.answer.together import kept_apart

    upper = replace(tiny_course("ABCD 473"), text="Not to be taken concurrently with any ABCD courses lower than "
                                                  "400-level.")
    assert kept_apart(upper, "ABCD 335") and not kept_apart(upper, "ABCD 441") and not kept_apart(upper, "EFGH 335")
    a = _asked(["ABCD 335", "ABCD 473"], tiny_course("ABCD 335"), upper)
    assert a.verdict == "no" and "keeps ABCD 335 out of its term" in a.text


def test_a_course_described_in_words_may_be_the_other_one_so_no_yes():
    a = _asked(["ABCD 513", "EFGH 595"], tiny_course("ABCD 513", prerequisite="A qualitative research methods course."),
               tiny_course("EFGH 595"))
    assert a.verdict == "cannot tell" and "if EFGH 595 is that course, it comes before ABCD 513" in a.text
