"""Fact extraction from tiny calendars written here: course rows, the requirement graph, program rows."""

from __future__ import annotations

import json

import pytest

from assets.facts import exclusion_sentences, extract_facts, subjects_of
from assets.parse import parse_page
from assets.sources import scan_saved_site
from tests.conftest import page_html

COURSES = [
    ("110", "4", "Programming One", "Writing programs. [3-2-0]"),
    ("121", "4", "Logic", "Sets and logic. [3-1-0]"),
    ("210", "4", "Programming Two", "Design. [3-2-0] Prerequisite: One of ABCD 110, ABCD 107."),
    ("213", "4", "Systems", "Machines. [3-2-0] Prerequisite: All of ABCD 121, ABCD 210. "
                            "This course is not eligible for Credit/D/Fail grading."),
    ("221", "4", "Algorithms", "Data structures. Credit will be granted for only one of ABCD 221 or EFGH 221. "
                               "[3-2-0] Prerequisite: ABCD 210 and either (a) ABCD 121 or (b) a score of 70% or "
                               "higher in EFGH 120. Corequisite: EFGH 200."),
    ("310", "3-6", "Projects", "Teams. Prerequisite: All of ABCD 213, 221 and third-year standing."),
    ("311", "3", "Listed", "Prerequisite: ABCD 213, ABCD 221."),
    ("320", "3", "Odd", "Prerequisite: ABCD 221 must be taken prior to or at the same time as ABCD 320."),
    ("330", "3", "Advice", "Prerequisite: ABCD 213 is recommended."),
]
PROGRAM = """<p>Requirements of the Example specialization.</p>
<h2>Year 1</h2><table><thead><tr><th>Course</th><th>Credits</th><th>Notes</th></tr></thead><tbody>
<tr><td>ABCD 110 (or 107 and 108)</td><td>4</td><td></td></tr>
<tr><td>EFGH 100, 101</td><td>6</td><td>Either order.</td></tr></tbody></table>
<h2>Year 2, Term 1</h2><table><thead><tr><th>Course</th><th>Credits</th><th>Notes</th></tr></thead><tbody>
<tr><td>ABCD /EFGH 221</td><td>4</td><td></td></tr>
<tr><td>Electives</td><td>3</td><td>Any arts 100-level courses</td></tr></tbody></table>"""


def _facts(tiny):
    tiny.subject("abcdv", "ABCD", COURSES)
    tiny.subject("efghv", "EFGH", [("100", "3", "A", "x"), ("101", "3", "B", "y"), ("120", "3", "C", "z"),
                                   ("200", "3", "D", "w"), ("221", "4", "E", "v")])
    tiny.write("faculties-colleges-and-schools/example.html", page_html("Example", PROGRAM))
    return _extracted(tiny)


def _extracted(tiny):
    """The facts the build extracts from the tiny calendar as written so far."""
    pages = [parse_page(r) for r in scan_saved_site(tiny.root, 1 << 20).pages]
    return extract_facts(pages, subjects_of(pages))


def _course_rows(tiny) -> dict:
    """The tiny calendar's course rows by code."""
    return {r["code"]: r for r in _extracted(tiny).courses.to_pylist()}


def test_course_rows_hold_credits_sentences_and_trees(tiny):
    facts = _facts(tiny)
    rows = {r["code"]: r for r in facts.courses.to_pylist()}
    c221 = rows["ABCD 221"]
    assert c221["credits"] == "4" and c221["level"] == 2 and c221["title"] == "Algorithms"
    assert c221["prerequisite"].startswith("ABCD 210 and either (a)")
    assert c221["corequisite"] == "EFGH 200."
    assert c221["excluded_with"] == ["EFGH 221"]
    tree = json.loads(c221["prerequisite_tree"])
    assert tree["op"] == "all" and tree["items"][0] == {"op": "course", "code": "ABCD 210"}
    assert rows["ABCD 310"]["credits_min"] == 3 and rows["ABCD 310"]["credits_max"] == 6
    # Credit/D/Fail is about grading: dropped, neither a requirement nor advice
    assert rows["ABCD 213"]["prerequisite_notes"] == []
    assert "Credit/D/Fail" not in rows["ABCD 213"]["prerequisite_tree"]
    assert json.loads(rows["ABCD 213"]["prerequisite_tree"])["op"] == "all"


def test_unparseable_prerequisite_is_flagged_and_counted(tiny):
    facts = _facts(tiny)
    rows = {r["code"]: r for r in facts.courses.to_pylist()}
    assert not rows["ABCD 320"]["prerequisite_parsed"]
    assert rows["ABCD 320"]["prerequisite_unparsed"]
    assert rows["ABCD 330"]["prerequisite_parsed"] and not rows["ABCD 330"]["prerequisite_tree"]  # advice only
    # "ABCD 213, ABCD 221" without "and"/"or" could mean both or either: flagged, not guessed
    assert not rows["ABCD 311"]["prerequisite_parsed"]
    assert facts.prerequisite_sentences == 7 and facts.prerequisite_parsed == 5
    assert [e["code"] for e in facts.unparsed_examples] == ["ABCD 311", "ABCD 320"]


def test_requirement_graph_edges(tiny):
    edges = {(e["source"], e["target"], e["kind"], e["parsed"]) for e in _facts(tiny).edges.to_pylist()}
    assert ("ABCD 310", "ABCD 221", "prerequisite", True) in edges  # from the abbreviated "ABCD 213, 221"
    assert ("ABCD 221", "EFGH 120", "prerequisite", True) in edges  # inside a score condition
    assert ("ABCD 221", "EFGH 200", "corequisite", True) in edges
    assert ("ABCD 221", "EFGH 221", "exclusion", True) in edges
    assert ("ABCD 320", "ABCD 221", "prerequisite", False) in edges  # unparsed text, kept and flagged
    assert not any(e[1] == "ABCD 213" and e[0] == "ABCD 330" for e in edges)  # recommended is not required


def test_program_rows_expand_abbreviations_by_year_and_term(tiny):
    rows = _facts(tiny).programs.to_pylist()
    by_req = {r["requirement"]: r for r in rows}
    assert by_req["ABCD 110 (or 107 and 108)"]["codes"] == ["ABCD 110", "ABCD 107", "ABCD 108"]
    assert by_req["EFGH 100, 101"]["codes"] == ["EFGH 100", "EFGH 101"] and by_req["EFGH 100, 101"]["year"] == 1
    shared = by_req["ABCD /EFGH 221"]
    assert set(shared["codes"]) == {"ABCD 221", "EFGH 221"} and (shared["year"], shared["term"]) == (2, 1)
    assert by_req["Electives"]["codes"] == []  # "arts 100-level courses" names no course
    assert by_req["EFGH 100, 101"]["notes"] == "Either order."


def test_who_may_register_is_kept_however_the_calendar_words_it(tiny):
    tiny.subject("ijklv", "IJKL", [
        ("300", "3", "Open", "Topics. Open only to students in IJKL specializations."),
        ("301", "3", "Avail", "Topics. Prerequisite: IJKL 300. Available only to students in the Faculty of Arts."),
        ("302", "3", "Limited", "Topics. Prerequisite: IJKL 300. Limited to students in second year."),
        ("303", "3", "Cap", "Topics. Enrolment is limited to a maximum of 12 credits in this course."),
        ("304", "3", "Consent", "Topics. Prerequisite: IJKL 300. Consent of Department required."),
        ("305", "3", "Asks", "Topics. Registration requires consent of the Department and enrolment may be limited."),
        ("306", "3", "Mark", "Topics. Open to students with a mark of A (86%) in English 12."),
        ("307", "3", "Ordinarily", "Open ordinarily to students in IJKL with at least a 72% average and permission of "
                                   "the department. Supervised reading."),
        ("308", "3", "Instructor", "Topics. Permission of the instructor is required."),
        ("309", "3", "Repeat", "Topics. May be taken more than once for credit with permission of the department."),
    ])
    rows = _course_rows(tiny)
    assert rows["IJKL 300"]["restriction"] == "Open only to students in IJKL specializations."
    assert rows["IJKL 301"]["restriction"].startswith("Available only to students in the Faculty")
    assert rows["IJKL 302"]["restriction"] == "Limited to students in second year."
    assert rows["IJKL 303"]["restriction"] == ""  # a limit on credits, not on who may register
    # a consent or a mark asked outside the prerequisite sentence still decides who may register
    assert rows["IJKL 304"]["restriction"] == "Consent of Department required."
    assert rows["IJKL 305"]["restriction"].startswith("Registration requires consent of the Department")
    assert rows["IJKL 306"]["restriction"].startswith("Open to students with a mark of A")
    assert rows["IJKL 307"]["restriction"].endswith("and permission of the department.")
    assert rows["IJKL 308"]["restriction"] == "Permission of the instructor is required."
    assert rows["IJKL 309"]["restriction"] == ""  # a permission to repeat, not to register


def test_a_restriction_runs_on_past_a_degrees_initials_but_not_into_the_next_field(tiny):
    tiny.subject("ijklv", "IJKL", [
        ("500", "3", "Econ", "Topics. Restricted to M.A. ECON, Ph.D. ECON. External students may ask."),
        ("501", "3", "Acting", "Topics. Open only to B.F.A. Acting students. Prerequisite: IJKL 500."),
        ("502", "3", "Music", "Topics. Restricted to B.Mus. students. This course is not eligible for Credit/D/Fail."),
        ("503", "3", "Sci", "Topics. Restricted to students in the B.Sc. Prerequisite: IJKL 500."),
    ])
    rows = _course_rows(tiny)
    assert rows["IJKL 500"]["restriction"] == "Restricted to M.A. ECON, Ph.D. ECON."
    assert rows["IJKL 501"]["restriction"] == "Open only to B.F.A. Acting students."
    assert rows["IJKL 502"]["restriction"] == "Restricted to B.Mus. students."
    assert rows["IJKL 503"]["restriction"] == "Restricted to students in the B.Sc."


def test_every_restriction_sentence_is_kept_and_a_sections_one_is_not(tiny):
    tiny.subject("ijklv", "IJKL", [
        ("510", "3", "Issues", "Topics. Restricted to students with third-year standing or above. This course is "
                               "not open to students in the Major in Widgetry."),
        ("511", "3", "Policy", "Topics. One section reserved for Widgetry Majors. Restricted to students in "
                               "fourth-year standing or above."),
        ("512", "3", "Immersion", "Topics. For Widget Management - Dual Degree Option students only. This course "
                                  "is not eligible for Credit/D/Fail grading."),
        ("513", "3", "Strategy", "Topics of strategy (For non-Widgetry students only). Prerequisite: IJKL 510."),
        ("514", "3", "Seminar", "Topics vary by section; Restricted to Honours students."),
    ])
    rows = _course_rows(tiny)
    assert rows["IJKL 510"]["restriction"] == ("Restricted to students with third-year standing or above. "
                                               "This course is not open to students in the Major in Widgetry.")
    assert rows["IJKL 511"]["restriction"] == "Restricted to students in fourth-year standing or above."
    assert rows["IJKL 512"]["restriction"] == "For Widget Management - Dual Degree Option students only."
    assert rows["IJKL 513"]["restriction"] == "For non-Widgetry students only."
    assert rows["IJKL 514"]["restriction"] == "Restricted to Honours students."  # a section named elsewhere


@pytest.mark.parametrize("sentence", [
    "Students may receive credit for only one of ABCD 341 or EFGH 443.",
    "Credit will be allowed for only one of ABCD 341 or EFGH 443.",
    "Credits will be granted for only one of ABCD 341 or EFGH 443.",
    "Credit is given for either ABCD 341 or EFGH 443, not both.",
    "Credit will only be given to one of ABCD 341 or EFGH 443.",
    "Students who obtain credit for ABCD 341 cannot in the same or later terms obtain credit for EFGH 443.",
    "Students with credit for EFGH 443 cannot in the same term or later terms obtain credit for ABCD 341.",
])
def test_every_wording_of_an_exclusion_is_found(sentence):
    assert [s for _, s in exclusion_sentences("Remote sensing. " + sentence + " Prerequisite: ABCD 241.")] \
        == [" " + sentence]


def test_a_repeat_limit_is_not_an_exclusion():
    assert exclusion_sentences("May be repeated. A maximum of 6 credits may be taken. Prerequisite: ABCD 241.") == []
    assert exclusion_sentences("A maximum of 12 credits can be granted for either one of or any combination of "
                               "ABCD 401, ABCD 501.") == []


@pytest.mark.parametrize("code, excluded", [
    ("EFGH 230", ["ABCD 435"]), ("EFGH 330", ["ABCD 435"]), ("ABCD 435", ["EFGH 230", "EFGH 330"])])
def test_a_two_sided_exclusion_excludes_each_side_from_the_other_not_within_a_side(code, excluded):
    from assets.facts import excluded_by
    sentence = "Students who have received credit for ABCD 435 cannot also receive credit for EFGH 230 or EFGH 330."
    assert excluded_by(sentence, code, ["ABCD", "EFGH"]) == excluded


def test_two_courses_together_excluded_with_two_others_do_not_exclude_each_other():
    from assets.facts import excluded_by
    sentence = "ABCD 160 and 161 together are credit-excluded with EFGH 153 and 155."
    assert excluded_by(sentence, "ABCD 161", ["ABCD", "EFGH"]) == ["EFGH 153", "EFGH 155"]
    assert excluded_by(sentence, "EFGH 153", ["ABCD", "EFGH"]) == ["ABCD 160", "ABCD 161"]


def test_a_one_sided_list_still_excludes_every_member_from_the_others():
    from assets.facts import excluded_by
    assert excluded_by("Credit will be granted for only one of ABCD 100, EFGH 100 or ABCD 110.", "ABCD 100",
                       ["ABCD", "EFGH"]) == ["EFGH 100", "ABCD 110"]


@pytest.mark.parametrize("text, sentences", [
    ("Pre-requisites: One of ABCD 206, ABCD 207.", {"prerequisite": "One of ABCD 206, ABCD 207."}),
    ("Pre-requisite: ABCD 300. Co-requisite: ABCD 305.", {"prerequisite": "ABCD 300.", "corequisite": "ABCD 305."}),
    # before or alongside: what a corequisite asks
    ("Pre- or co-requisite: ABCD 505 and ABCD 506.", {"corequisite": "ABCD 505 and ABCD 506."}),
    ("Pre- or Co-requisite: ABCD 505.", {"corequisite": "ABCD 505."}),
    # advice stays advice, however it is spelled
    ("Recommended pre-requisite: completion of ABCD 300.", {}),
    ("Recommend pre-requisite: ABCD 300.", {}),
    ("Strongly recommended as corequisite: ABCD 300.", {}),
])
def test_a_hyphenated_label_is_the_label_and_advice_is_not(text, sentences):
    from assets.facts import labelled_sentences

    assert labelled_sentences(text) == sentences


def test_an_old_code_of_a_subject_the_calendar_no_longer_has_is_still_excluded():
    from assets.facts import excluded_by

    assert excluded_by("Credit will be granted for only one of ABCD 453 or WXYZ 407.", "ABCD 453", ["ABCD"]) == \
        ["WXYZ 407"]
    assert excluded_by("Credit will be granted for only one of ABCD 453 or an LSAT score.", "ABCD 453", ["ABCD"]) == []
