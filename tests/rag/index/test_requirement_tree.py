"""Three-valued evaluation of requirement trees: yes, no, and cannot tell."""

from __future__ import annotations

import pytest

from assets.requirements import parse_requirement
from rag.index.requirement_tree import NO, UNKNOWN, YES, describe, evaluate, missing, unchecked

TREE = parse_requirement("All of ABCD 213, ABCD 221.")
EITHER = parse_requirement("Either (a) a score of 64% or higher in one of ABCD 101, ABCD 103 or (b) one of ABCD 121, ABCD 200.")


def test_all_of_satisfied_and_missing():
    assert evaluate(TREE, {"ABCD 213", "ABCD 221"}) == YES
    assert evaluate(TREE, {"ABCD 210"}) == NO
    assert missing(TREE, {"ABCD 213"}) == ["ABCD 221"]


def test_a_grade_condition_is_cannot_tell_and_named():
    assert evaluate(EITHER, {"ABCD 101"}) == UNKNOWN
    assert unchecked(EITHER, {"ABCD 101"}) == ["a score of 64% or higher in one of ABCD 101, ABCD 103"]
    assert evaluate(EITHER, {"ABCD 200"}) == YES
    assert evaluate(EITHER, set()) == NO


def test_standing_is_never_assumed():
    tree = parse_requirement("ABCD 300 and third-year standing.")
    assert evaluate(tree, {"ABCD 300"}) == UNKNOWN
    assert evaluate(tree, set()) == NO


def test_a_stated_grade_settles_a_grade_condition():
    from rag.index.requirement_tree import History

    assert evaluate(EITHER, History({"ABCD 101"}, scores={"ABCD 101": 70})) == YES
    assert evaluate(EITHER, History({"ABCD 101"}, scores={"ABCD 101": 60})) == NO
    # a second course of the condition done without a stated grade still leaves it open
    assert evaluate(EITHER, History({"ABCD 101", "ABCD 103"}, scores={"ABCD 101": 60})) == UNKNOWN
    assert evaluate(EITHER, {"ABCD 101"}) == UNKNOWN  # a plain set: no grade known, as before


def test_a_stated_year_settles_a_standing_condition_only_when_it_is_only_a_standing():
    from rag.index.requirement_tree import History, standing_met, standing_year

    tree = parse_requirement("All of ABCD 100, ABCD 101. Or third-year standing or higher.")
    assert evaluate(tree, History({"ABCD 100"}, year=3)) == YES
    assert evaluate(tree, History({"ABCD 100"}, year=2)) == NO
    assert evaluate(tree, {"ABCD 100"}) == UNKNOWN
    assert standing_year("Restricted to students with second-year standing or higher.") == 2
    assert standing_year("Restricted to second- or higher-year standing.") == 2  # the year once, "or higher" before the noun
    assert standing_year("Third-year standing in a B.Sc. Major in ABCD.") == 0  # says more: not checkable
    assert standing_met("fourth-year standing", History(year=3)) == NO
    assert standing_met("fourth-year standing", History()) == UNKNOWN
    assert standing_met("Minimum 2nd year standing", History(year=1)) == NO  # "minimum" as "at least"


def test_a_condition_on_which_years_may_register_is_settled_by_the_stated_year():
    from rag.index.requirement_tree import History, standing_met, standing_years

    assert standing_years("Limited to students in second year.") == (2, 2)  # that year only
    assert standing_met("Limited to students in second year.", History(year=3)) == NO
    assert standing_met("Limited to students in second year.", History(year=2)) == YES
    assert standing_years("Restricted to third- and fourth-year students.") == (3, 4)
    assert standing_met("Restricted to students of third and fourth years.", History(year=2)) == NO
    assert standing_years("Restricted to students in third year or above") == (3, 0)
    assert standing_met("Open only to fourth-year students", History(year=4)) == YES
    assert standing_years("Restricted to students with at least second year status") == (2, 0)
    assert standing_years("Open only to students in Chemistry specializations") is None  # not about year
    assert standing_met("Limited to students in second year.", History()) == UNKNOWN


def test_a_stated_program_settles_a_restriction_that_names_it_and_only_then():
    from rag.index.requirement_tree import History, restriction_met

    chem = History(year=3, programs=("Widgetry",))
    assert restriction_met("Open only to students in Widgetry or Gadgetry specializations.", chem) == YES
    assert restriction_met("Open only to students in Widgetry specializations.", History(year=3)) == UNKNOWN
    # another program, or words beyond a program title, are not settled by it: never a "yes"
    assert restriction_met("Open only to students in Gadgetry specializations.", chem) == UNKNOWN
    assert restriction_met("Restricted to students in the Widgetry Honours program.", chem) == UNKNOWN
    assert restriction_met("Restricted to students in Widgetry and Gadgetry combined.", chem) == UNKNOWN
    assert restriction_met("Limited to students in second year.", chem) == NO  # the year still decides


def test_every_restriction_sentence_must_be_met_and_a_group_shut_out_refuses():
    from rag.index.requirement_tree import History, restriction_met

    both = ("Restricted to students with third-year standing or above. This course is not open to students in "
            "the Major, Honours and Minor in Widget Science or the Major in Gadgetry.")
    assert restriction_met(both, History(year=3, programs=("widget sci",))) == NO  # the year alone said YES
    assert restriction_met(both, History(year=3, programs=("gadgetry",))) == NO
    assert restriction_met(both, History(year=2, programs=("history",))) == NO
    # a group not named is not shown to be outside the words the calendar shuts out: never a "yes"
    assert restriction_met(both, History(year=3, programs=("history",))) == UNKNOWN
    assert restriction_met(both, History(year=3)) == UNKNOWN
    assert restriction_met("Not open to students in the B.Sc. in Widgetry.", History(programs=("widgetry",))) == NO


def test_a_year_written_before_a_group_refuses_a_student_below_it_and_settles_nothing_else():
    from rag.index.requirement_tree import History, restriction_met

    only = "Restricted to fourth-year Widget Studies majors."
    assert restriction_met(only, History(year=3, programs=("widget studies",))) == NO
    # the group's words are not matched here: a fourth-year, in it or not, is not told "yes"
    assert restriction_met(only, History(year=4, programs=("widget studies",))) == UNKNOWN
    assert restriction_met(only, History(year=4, programs=("history",))) == UNKNOWN


def test_a_student_in_one_degree_is_outside_a_restriction_that_admits_only_others():
    from rag.index.requirement_tree import History, restriction_met

    degrees = "Restricted to students with third-year standing or higher in B.A.Sc. or B.Sc."
    assert restriction_met(degrees, History(year=3, programs=("BA",))) == NO
    assert restriction_met(degrees, History(year=3, programs=("BASc",))) == YES
    assert restriction_met(degrees, History(year=3, programs=("english",))) == UNKNOWN  # a field names no degree
    assert restriction_met("Restricted to fourth-year B.Mus. students.", History(year=4, programs=("BA",))) == NO
    # groups that are not all degrees are not settled by a degree
    assert restriction_met("Restricted to fourth-year Widget Studies majors.", History(year=4, programs=("BA",))) == UNKNOWN


def test_for_some_students_only_reads_as_restricted_to_them():
    from rag.index.requirement_tree import History, restriction_met

    only = "For Widget Management - Dual Degree Option students only."
    assert restriction_met(only, History(not_in=("Widget Management dual degree",))) == NO
    assert restriction_met(only, History(year=2, programs=("history",))) == UNKNOWN
    # "non-" shuts the group out: never read as the group admitted
    non = "For non-Widgetry students only."
    assert restriction_met(non, History(programs=("widgetry",))) == NO
    assert restriction_met(non, History(not_in=("widgetry",))) == UNKNOWN
    assert restriction_met("Restricted to non-B.Wid. students only.", History(programs=("BWid",))) == NO


def test_groups_named_before_students_and_a_standing_beside_them_are_read():
    from rag.index.requirement_tree import History, restriction_met

    gadget = History(year=3, programs=("G.D.T.",))
    assert restriction_met("Restricted to G.D.T. students with third-year standing.", gadget) == YES
    assert restriction_met("Restricted to G.D.T. students with third-year standing.",
                           History(year=2, programs=("G.D.T.",))) == NO  # the year is outside
    assert restriction_met("Restricted to G.D.T. students with third-year standing.",
                           History(programs=("G.D.T.",))) == UNKNOWN  # no year said
    assert restriction_met("restricted to Widgetry students.", History(programs=("Widgetry",))) == YES
    assert restriction_met("Restricted to students with second-year standing or higher who are in the "
                           "Widgetry Major or Honours.", History(year=3, programs=("Widgetry",))) == YES
    # another group, a bare kind of group, or a permission beside it: never a "yes"
    assert restriction_met("restricted to Widgetry students.", History(programs=("Gadgetry",))) == UNKNOWN
    assert restriction_met("Restricted to Gadgetry Major or Honours students.", History(programs=("Honours",))) == UNKNOWN
    assert restriction_met("Restricted to Widgetry students with approval of the Director.",
                           History(programs=("Widgetry",))) == UNKNOWN


def test_a_standing_sentence_with_is_required_is_still_only_a_standing():
    from rag.index.requirement_tree import History, standing_met

    assert standing_met("Second-year standing is required.", History(year=1)) == NO
    assert standing_met("Second-year standing is required.", History(year=2)) == YES
    assert standing_met("Second-year standing in Science is required.", History(year=2)) == UNKNOWN


def test_a_count_of_courses_is_described_in_words_as_the_calendar_writes_it():
    from rag.index.requirement_tree import describe

    tree = parse_requirement("Two of ABCD 301, ABCD 302, ABCD 303.")
    if tree["op"] == "n_of":  # the answer must not state a digit the cited sentence lacks
        assert describe(tree).startswith("two of ")
    assert describe({"op": "n_of", "n": 2, "items": [{"op": "course", "code": "ABCD 301"},
                                                     {"op": "course", "code": "ABCD 302"}]}).startswith("two of ")


def test_a_standing_within_a_group_is_settled_by_the_stated_year_and_group():
    from rag.index.requirement_tree import History, standing_condition, standing_met

    assert standing_condition("Third- or fourth-year standing") == (3, 0, [])
    assert standing_condition("3rd-year class standing or higher in Widgetry or Applied Gadgetry") \
        == (3, 0, ["Widgetry", "Applied Gadgetry"])
    assert standing_condition("Restricted to students in second year of the Gizmo Engineering Program.") \
        == (2, 2, ["Gizmo Engineering Program"])
    assert standing_condition("Class standing 3") == (3, 0, [])
    assert standing_condition("At least third-year standing in any faculty") == (3, 0, [])
    # a second way in, or a second condition, is not a standing alone
    assert standing_condition("Third-year standing in Widgetry or permission of the instructor") is None
    sci = "Third year standing in Widgetry"
    assert standing_met(sci, History(year=3, programs=("widgetry",))) == YES
    assert standing_met(sci, History(year=3, programs=("applied widgetry",))) == UNKNOWN  # another group
    assert standing_met(sci, History(year=3)) == UNKNOWN  # group not said
    assert standing_met(sci, History(year=2, programs=("widgetry",))) == NO  # too early, whatever the group
    # initials either way round, dotted or not
    assert standing_met("third year standing in the B.G.W. program", History(year=3, programs=("BGW",))) == YES
    assert standing_met("Fourth-year standing in Bachelor of Gizmo Works", History(year=4, programs=("BGW",))) == YES
    assert standing_met("Restricted to students in second year of the Gizmo Engineering Program.",
                        History(year=3, programs=("gizmo engineering",))) == NO  # that year only


def test_a_year_not_reached_refuses_a_standing_at_or_above_it():
    from rag.index.requirement_tree import History, standing_met

    assert standing_met("Third-year standing", History(below=3)) == NO
    assert standing_met("Second-year standing", History(below=3)) == UNKNOWN  # first or second year: not said


def test_the_routes_left_without_some_courses():
    from rag.index.requirement_tree import describe, without

    tree = parse_requirement("One of ABCD 100, ABCD 102, ABCD 180 and one of EFGH 100, EFGH 101.")
    assert describe(without(tree, {"ABCD 100", "ABCD 180"})) == "all of (a) ABCD 102; (b) one of EFGH 100, EFGH 101"
    assert without(tree, {"ABCD 100", "ABCD 102", "ABCD 180"}) is None  # no route left
    assert without(TREE, set()) == TREE


def test_a_student_without_permission_is_judged_on_the_other_way_in():
    from rag.index.requirement_tree import History, standing_met

    admits = "Third-year standing or above in any program. Second year students may be admitted with permission of instructor"
    assert standing_met(admits, History(year=2)) == UNKNOWN  # permission not said: could be given
    assert standing_met(admits, History(year=2).without_permission()) == NO
    assert standing_met(admits, History(year=3).without_permission()) == YES
    assert standing_met("Fourth-year standing or permission of the instructor", History(year=3).without_permission()) == NO
    # permission asked of everyone: not asked yet is not a refusal, a missing standing is
    assert standing_met("Third-year standing and permission of the instructor are required",
                        History(year=4).without_permission()) == UNKNOWN
    assert standing_met("Third-year standing and permission of the instructor are required",
                        History(year=2).without_permission()) == NO
    either = parse_requirement("ABCD 200 or permission of the instructor.")
    assert evaluate(either, History({"ABCD 100"})) == UNKNOWN
    assert evaluate(either, History({"ABCD 100"}).without_permission()) == NO


def test_an_all_of_inside_an_all_of_is_flattened_and_levels_are_marked_apart():
    c = lambda code: {"op": "course", "code": code}  # noqa: E731
    tree = {"op": "all", "items": [{"op": "all", "items": [c("ABCD 101"), c("ABCD 102")]},
                                   {"op": "one", "items": [c("EFGH 100"), {"op": "all", "items": [c("EFGH 110"),
                                                                                               c("EFGH 120")]}]}]}
    assert describe(tree) == ("all of (a) ABCD 101; (b) ABCD 102; "
                              "(c) one of (i) EFGH 100; (ii) all of EFGH 110, EFGH 120")
    # a "one of" inside a "one of" stays a group: its options keep their own condition
    tree = {"op": "one", "items": [{"op": "one", "items": [c("ABCD 101"), c("ABCD 102")]}, c("EFGH 100")]}
    assert describe(tree) == "one of (a) one of ABCD 101, ABCD 102; (b) EFGH 100"


def test_a_student_who_names_the_group_closely_is_in_it():
    from rag.index.requirement_tree import History, in_group, restriction_met

    coop = "the Co-operative Education Program in Widget Products Processing"
    assert in_group(coop, ("Widget Products Processing co-op",))
    assert not in_group(coop, ("Widget Products Processing",))  # 3 of its 5 words: not the co-op program
    # a short form stands for all the words it shortens: "co-op" is "co-operative education"
    assert in_group("the Co-operative Education Program in Widgetry", ("widgetry co-op",))
    assert not in_group("the Co-operative Education Program in Widgetry", ("co-op",))
    assert in_group("the Graduate Certificate in Orthopaedic Widget Physical Therapy program",
                    ("orthopaedic widget PT certificate",))
    assert not in_group("Faculty of Science", ("political science",))
    said = History({"ABCD 525"}, 0, programs=("MWS computational widgets",))
    assert restriction_met("Restricted to students in the M.W.S. program with Computational Widgets option.",
                           said) == "yes"


def test_a_stated_year_meets_a_standing_that_permission_could_also_meet():
    from rag.index.requirement_tree import History, standing_met

    text = "Fourth-year standing or permission of the instructor"
    assert standing_met(text, History(set(), 4)) == "yes"
    assert standing_met(text, History(set(), 3)) == "cannot tell"  # permission may still let a third-year in


def test_majors_in_a_subject_admit_a_student_who_names_it():
    from rag.index.requirement_tree import History, restriction_met

    said = History({"ABCD 409"}, 0, programs=("WIDG", "widget writing"))
    assert restriction_met("Restricted to Majors in Widget Writing.", said) == "yes"
    assert restriction_met("Restricted to Majors in Widget Writing.", History({"ABCD 409"}, 0, programs=("history",))) \
        == "cannot tell"


def test_a_year_written_as_year_n_beside_a_group_is_never_read_as_met():
    from rag.index.requirement_tree import History, restriction_met

    second = History(year=2, programs=("Widgetry",))
    for text in ("Restricted to Widgetry students in year 4.", "Restricted to Year 4 Widgetry students.",
                 "Restricted to students in Year 3 of the Widgetry program."):
        assert restriction_met(text, second) != YES, text


def test_corequisites_open_are_the_groups_that_would_complete_a_route():
    from rag.index.requirement_tree import corequisites_open

    tree = parse_requirement("Either (a) ABCD 112 and ABCD 123; or (b) one of ABCD 112, ABCD 121 and a corequisite "
                             "of one of ABCD 203, ABCD 223.")
    assert [describe(g) for g in corequisites_open(tree, {"ABCD 121"})] == ["one of ABCD 203, ABCD 223"]
    assert corequisites_open(tree, set()) == []  # no route is one corequisite away
    assert corequisites_open(tree, {"ABCD 121", "ABCD 223"}) == []  # met already


def test_one_of_a_list_joined_by_and_is_met_by_the_reading_every_other_reading_accepts():
    tree = parse_requirement("One of ABCD 251, EFGH 215 and ABCD 256.")
    assert tree["op"] == "ambiguous"
    assert evaluate(tree, {"ABCD 251", "ABCD 256"}) == YES  # one of the first two, and the last: met either way
    assert evaluate(tree, {"ABCD 251"}) == UNKNOWN  # met only if "one of the three" is meant
    assert evaluate(tree, set()) == NO
    bare = parse_requirement("ABCD 327, ABCD 425")  # no word says one or all: met only with all done
    assert evaluate(bare, {"ABCD 327"}) == UNKNOWN and evaluate(bare, {"ABCD 327", "ABCD 425"}) == YES



def test_a_list_of_years_is_a_standing_from_the_first_of_them():
    from rag.index.requirement_tree import standing_condition

    assert standing_condition("second-, third-, or fourth-year standing") == (2, 0, [])
    assert standing_condition("second-, third- or fourth-year standing") == (2, 0, [])


def test_a_student_who_names_another_faculty_is_not_in_the_faculty_a_standing_asks_for():
    from rag.index.requirement_tree import History, standing_met

    arts = History(year=3, programs=("Cognitive Systems", "Faculty of Arts"))
    assert standing_met("Third-year standing in the Faculty of Science", arts) == NO
    science = History(year=3, programs=("Faculty of Science",))
    assert standing_met("Third-year standing in the Faculty of Science", science) == YES
    unnamed = History(year=3, programs=("Cognitive Systems",))  # no faculty said: a program may still be in it
    assert standing_met("Third-year standing in the Faculty of Science", unnamed) == UNKNOWN


def test_a_year_completed_is_the_standing_of_the_year_after_it():
    from assets.requirements import parse_requirement
    from rag.index.requirement_tree import History, standing_met

    rule = "Completion of second year in a widgetry program."
    assert parse_requirement(rule) == {"op": "standing", "text": rule.rstrip(".")}
    assert standing_met(rule, History(set(), 2, programs=("widgetry",))) == "no"  # in second year, not past it
    assert standing_met(rule, History(set(), 3, programs=("widgetry",))) == "yes"
    # a year's requirement completed is not a year standing
    assert standing_met("the second-year widget requirement", History(set(), 3)) == "cannot tell"


def test_a_group_said_not_in_is_turned_away_through_initials_and_a_widened_year():
    from rag.index.requirement_tree import NO, History, restriction_met

    assert restriction_met("Restricted to B.Mus. students.", History(not_in=("BMus",))) == NO
    assert restriction_met("Restricted to Widget Honours students in third-year or higher.",
                           History(year=3, not_in=("honours",))) == NO


def test_a_degree_one_faculty_grants_named_by_its_initials_is_that_faculty():
    from rag.index.requirement_tree import in_group

    assert in_group("Applied Science", ("BASc",))
    # B.Sc. is granted by more than one faculty; one shared word names no group
    assert not in_group("Science", ("B.Sc.",)) and not in_group("Science", ("political science",))


def test_more_wordings_of_who_is_admitted_are_restrictions():
    from rag.index.requirement_tree import History, restriction_met
    from rag.index.restrictions import restriction_text

    assert restriction_text("Seminar. For students in the Widget Teacher Program (WTP) only.") \
        == "For students in the Widget Teacher Program (WTP) only."
    assert restriction_text("Intro. Course available to students enrolled in the Widget Bridging Program only. "
                            "This course is not eligible for Credit/D/Fail grading.") \
        == "Course available to students enrolled in the Widget Bridging Program only."
    assert restriction_text("Given with ABCD 425. (Open to Widget and Gadget students only.)") \
        == "Open to Widget and Gadget students only."
    assert restriction_text("Open to all UBC students regardless of prior experience.") == ""
    outside = restriction_text("Opera from 1600. Open to students outside the B.Wid. program. Credit will be granted.")
    assert restriction_met(outside, History(programs=("BWid",))) == NO  # the program outside which it is open
    assert restriction_met(outside, History(programs=("history",))) == UNKNOWN
    only = restriction_text("For students in the Widget Teacher Program (WTP) only.")
    assert restriction_met(only, History(not_in=("WTP",))) == NO


def test_a_field_named_without_the_groups_kind_is_not_that_group():
    from rag.index.requirement_tree import History, restriction_met

    honours = "Restricted to students with an Honours or Honours with specialization in Widget Science."
    assert restriction_met(honours, History(year=4, programs=("widget sci",))) == UNKNOWN  # a major, or honours?
    assert restriction_met(honours, History(year=4, programs=("widget sci hons",))) == YES
    assert restriction_met(honours, History(year=4, programs=("widget sci",), not_in=("honours",))) == NO


def test_a_restriction_open_to_one_level_of_study_turns_the_other_away():
    from rag.index.requirement_tree import History, refusing_group, restriction_met

    graduate = "Restricted to students in one of M.A. WIDG, Ph.D. WIDG."
    assert restriction_met(graduate, History(year=4, programs=("undergraduate",))) == NO
    assert restriction_met(graduate, History(programs=("BMus",))) == NO  # a bachelor's degree is undergraduate
    assert refusing_group(graduate, History(programs=("undergraduate",))) == ("level", "undergraduate")
    assert restriction_met("Open only to graduate students.", History(programs=("BSc",))) == NO
    assert restriction_met("Restricted to students in the Master of Widgetry program.",
                           History(programs=("undergraduate",))) == NO
    # a graduate student, or a field with no level: not settled by the level
    assert restriction_met(graduate, History(programs=("graduate",))) == UNKNOWN
    assert restriction_met(graduate, History(programs=("widget studies",))) == UNKNOWN
    undergraduate = "Restricted to Undergraduate Students."
    assert restriction_met(undergraduate, History(programs=("graduate",))) == NO
    assert restriction_met(undergraduate, History(programs=("MBA",))) == NO
    # groups of both levels, or none named: never a refusal by level
    assert restriction_met("Restricted to students in the BWID or M.A. WIDG programs.",
                           History(programs=("undergraduate",))) == UNKNOWN


@pytest.mark.parametrize("entry, restriction", [
    ("Work term. For students in the Co-operative Education Program.", "For students in the Co-operative Education Program."),
    ("For students in fourth-year Honours.", "For students in fourth-year Honours."),
    ("Topic. Open to third- and fourth-year widget students.", "Open to third- and fourth-year widget students."),
    ("Health. Not for students with Biology 12, or enrolled in the Faculty of Widgets. [3-0-0]",
     "Not for students with Biology 12, or enrolled in the Faculty of Widgets."),
    # descriptions of who a course suits, an opening to all, one more group, or a credit exclusion: none
    ("For students new to ASL.", ""),
    ("For students interested in lab-focused sciences such as Widgetry.", ""),
    ("Open to all UBC students regardless of prior experience.", ""),
    ("Open to non-heritage and heritage speakers of Widgetese.", ""),
    ("Also open to Widget Honours students.", ""),
    ("Not for students with credit for, or exemption from, ABCD_V 192.", ""),
])
def test_who_a_course_is_for_or_open_to_is_a_restriction(entry, restriction):
    from rag.index.restrictions import restriction_text

    assert restriction_text(entry) == restriction


def test_for_and_open_to_read_as_who_is_admitted():
    from rag.index.requirement_tree import History, restriction_met

    assert restriction_met("Open to GRSJ majors or minors.", History(programs=("BMus",))) == UNKNOWN
    assert restriction_met("For students in the Widget Teacher Program.", History(not_in=("widget teacher",))) == NO
    assert restriction_met("Not for students enrolled in the Faculty of Widgets.",
                           History(programs=("Faculty of Widgets",))) == NO


def test_years_and_a_group_admitted_with_a_permission_as_another_way_in():
    from rag.index.requirement_tree import History, restriction_met

    years = "Restricted to third- and fourth-year students in Widgetry."
    assert restriction_met(years, History(year=3, programs=("Widgetry",))) == YES
    assert restriction_met(years, History(year=2, programs=("Widgetry",))) == NO
    assert restriction_met(years, History(year=3, programs=("Gadgetry",))) == UNKNOWN
    permission = "Open to third- and fourth-year students in Widgetry, or with permission of the Department Head."
    assert restriction_met(permission, History(year=4, programs=("Widgetry",))) == YES
    assert restriction_met(permission, History(year=2, programs=("Widgetry",))) == UNKNOWN  # the head may let them in


def test_a_student_in_one_engineering_program_is_outside_a_condition_for_another():
    from rag.index.requirement_tree import History, restriction_met, standing_met

    mining = "Fourth-year standing in Widget Engineering"
    assert standing_met(mining, History(year=4, programs=("gadget engineering",))) == NO
    assert standing_met(mining, History(year=4, programs=("engineering",))) == UNKNOWN  # which one, not said
    assert standing_met(mining, History(year=4, programs=("history",))) == UNKNOWN  # a field of another kind
    assert restriction_met("Restricted to students in Widget Engineering.", History(programs=("gadget engineering",))) == NO
    assert restriction_met("Restricted to students in Widget Engineering.", History(programs=("widget engineering",))) == YES


def test_the_group_that_refuses_a_student_in_another_program_is_theirs():
    from rag.index.requirement_tree import History, refusing_group

    said = History(year=2, programs=("gadget engineering",))
    assert refusing_group("Restricted to students in second year of the Widget Engineering Program.", said) \
        == ("another", "gadget engineering")
    assert refusing_group("Restricted to students in third year.", said) == ("", "")  # the year refuses


def test_a_standing_in_groups_listed_with_a_final_or_keeps_every_group():
    from rag.index.requirement_tree import History, standing_condition, standing_met

    text = "Third or fourth-year standing in Widgetry, Applied Widgetry, or Gadget Studies."
    assert standing_condition(text)[2] == ["Widgetry", "Applied Widgetry", "Gadget Studies"]
    assert standing_met(text, History(year=4, programs=("history",))) == UNKNOWN  # not "anyone in year 4"


def test_review_cases_of_levels_programs_and_permission_are_no_refusal():
    from rag.index.requirement_tree import History, restriction_met
    from rag.index.restrictions import restriction_text

    mech = History(year=3, programs=("mechanical engineering",))
    for many in ("Restricted to students in the Faculty of Applied Science (Engineering).",
                 "Restricted to Engineering and Forestry students.", "Open to students in Engineering and Science."):
        assert restriction_met(many, mech) != NO, many  # a faculty or several programs, not one other program
    assert restriction_met("Restricted to students in Widget Engineering.",
                           History(programs=("master of engineering",))) != NO
    graduate = History(programs=("graduate",))
    assert restriction_met("Restricted to graduate students and fourth-year undergraduate students.", graduate) != NO
    assert restriction_met("Restricted to undergraduate students, or with permission of the instructor.", graduate) != NO
    fourth = History(year=4, programs=("undergraduate",))
    others = restriction_text("Topic. Restricted to graduate students. Undergraduates may register with permission "
                              "of the instructor. [3-0-0]")
    assert "Undergraduates may register" in others and restriction_met(others, fourth) != NO
    assert restriction_text("For students in the B.Wid. program, this course counts toward the Arts requirement.") == ""
