"""Credit counts in requirements, read in full or not at all, and checked against the credits of courses done."""

from __future__ import annotations

import pytest

from rag.index.credit_count import NO, UNKNOWN, YES, count_met, read_count
from rag.index.requirement_tree import History, credit_condition_met

CREDITS = {"ABCD 225": 3.0, "ABCD 230": 3.0, "ABCD 270": 3.0, "ABCD 310": 3.0, "ABCD 311": 3.0, "EFGH 301": 1.0}


@pytest.mark.parametrize("text, subjects, lowest, highest", [
    ("3 credits of ABCD_V coursework at any level", {"ABCD"}, 0, 9),
    ("6 credits of 200-level ABCD", {"ABCD"}, 2, 2),
    ("6 credits of 300-level ABCD_V", {"ABCD"}, 3, 3),
    ("9 credits of ABCD_V/EFGH_V at the 200-level or above", {"ABCD", "EFGH"}, 2, 9),
    ("6 credits of ABCD numbered 300 or above", {"ABCD"}, 3, 9),
    ("9 credits of upper level ABCD", {"ABCD"}, 3, 9),
    ("24 credits of ABCD and EFGH courses", {"ABCD", "EFGH"}, 0, 9),
    ("6 credits of ABCD_V courses at the 300-or 400-level", {"ABCD"}, 3, 4),
    ("9 credits of widgetry", {"ABCD"}, 0, 9),  # a subject by name, through the names given
])
def test_a_count_is_read_with_its_subjects_and_levels(text, subjects, lowest, highest):
    count = read_count(text, {"widgetry": "ABCD"})
    assert count is not None and set(count.subjects) == subjects and (count.lowest, count.highest) == (lowest, highest)


@pytest.mark.parametrize("text", [
    "A minimum of 6 credits of third-year level life science courses",  # no code for "life science"
    "Plus an additional 3 credits of 300-level ABCD",  # must not reuse courses counted elsewhere
    "no more than 18 credits outstanding beyond ABCD 549",
    "3 credits from one of ABCD 150, ABCD 151, Arts One",  # a program in the list: not only courses
])
def test_words_not_read_in_full_give_no_count(text):
    assert read_count(text, {}) is None


def test_a_count_is_met_by_the_credits_of_the_courses_done_and_not_met_on_what_was_said():
    history = History({"ABCD 225", "ABCD 230"}).with_credits(CREDITS)
    assert count_met(read_count("3 credits of ABCD_V coursework at any level"), history) == YES
    assert count_met(read_count("6 credits of 200-level ABCD"), history) == YES
    assert count_met(read_count("6 credits of 300-level ABCD"), history) == NO  # none at that level said done
    assert count_met(read_count("6 credits of ABCD_V 225, ABCD_V 310"), history) == NO
    assert count_met(read_count("3 credits of ABCD 225"), History({"ABCD 225"}).with_credits({})) == UNKNOWN  # no value


def test_credits_the_student_states_count_where_they_lie_inside_the_count_and_never_add_to_courses():
    nine = read_count("9 credits of 300-level ABCD")
    stated = History({"ABCD 310"}).with_credits(CREDITS, {}, (nine,))
    assert count_met(read_count("6 credits of ABCD_V courses numbered 300 or higher"), stated) == YES
    assert count_met(read_count("12 credits of ABCD_V courses numbered 300 or higher"), stated) == NO  # 9, not 9 + 3
    assert count_met(read_count("6 credits of 400-level ABCD"), stated) == NO  # another level
    assert count_met(read_count("9 credits of ABCD_V/EFGH_V at the 200-level or above"), stated) == YES
    assert nine.said() == "9 credits of 300-level ABCD"


def test_courses_a_count_excepts_do_not_count_and_stated_credits_cannot_be_known_to_avoid_them():
    count = read_count("any 6 credits of ABCD at the 200-level or above (except ABCD 225, ABCD 310)")
    assert count is not None and count.excluded == {"ABCD 225", "ABCD 310"}
    assert count_met(count, History({"ABCD 225", "ABCD 230"}).with_credits(CREDITS)) == NO  # 3 of 6 count
    assert count_met(count, History({"ABCD 230", "ABCD 270"}).with_credits(CREDITS)) == YES
    stated = History().with_credits(CREDITS, {}, (read_count("6 credits of 300-level ABCD"),))
    assert count_met(count, stated) == UNKNOWN  # the stated six may or may not include ABCD 310


def test_an_average_is_checked_only_from_stated_grades():
    count = read_count("6 credits of 200-level ABCD with an average of at least 72%")
    assert count_met(count, History({"ABCD 230", "ABCD 270"},
                                    scores={"ABCD 230": 68, "ABCD 270": 74}).with_credits(CREDITS)) == NO  # 71%
    assert count_met(count, History({"ABCD 230", "ABCD 270"},
                                    scores={"ABCD 230": 78, "ABCD 270": 74}).with_credits(CREDITS)) == YES
    assert count_met(count, History({"ABCD 230", "ABCD 270"}).with_credits(CREDITS)) == UNKNOWN


def test_a_count_beside_a_standing_is_one_of_two_routes_or_both():
    names = {"philosophy": "ABCD"}
    third = History({"ABCD 310", "ABCD 311", "ABCD 225"}, year=3).with_credits(CREDITS, names)
    assert credit_condition_met("Fourth-year standing in any degree program or 9 credits of philosophy", third) == YES
    one = History({"ABCD 310"}, year=3).with_credits(CREDITS, names)
    assert credit_condition_met("Fourth-year standing in any degree program or 9 credits of philosophy", one) == NO
    assert credit_condition_met("3 credits of ABCD and at least third-year standing", one) == YES
    # a history without the courses' credits leaves every count unchecked
    assert credit_condition_met("3 credits of ABCD", History({"ABCD 310"}, year=3)) == UNKNOWN
