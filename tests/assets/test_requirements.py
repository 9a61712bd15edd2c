"""The requirement parser: sentences written for these tests in the calendar's style, and malformed input."""

from __future__ import annotations

import pytest

from assets.requirements import normalize_requirement, parse_requirement, split_notes
from rag.index.requirement_tree import NO, YES, History, describe, evaluate, tree_codes, unparsed_parts


def test_one_of_list_is_an_alternative_of_courses():
    tree = parse_requirement("One of ABCD 110, ABCD_V 111, EFGH 120.")
    assert tree == {"op": "one", "n": 1, "items": [{"op": "course", "code": c}
                                                   for c in ("ABCD 110", "ABCD 111", "EFGH 120")]}


def test_roman_numeral_parts_are_read_like_lettered_ones():
    tree = parse_requirement("All of (i) a score of 68% or higher in one of ABCD 101, ABCD 310; (ii) a score of 68% "
                             "or higher in one of EFGH 100, EFGH 102; and (iii) completion of one of EFGH 101, EFGH 103.")
    assert tree["op"] == "all" and [item["op"] for item in tree["items"]] == ["score", "score", "one"]
    said = History({"ABCD 101", "EFGH 100", "EFGH 101"}, scores={"ABCD 101": 72.0, "EFGH 100": 75.0})
    assert evaluate(tree, said) == YES  # not "still needed: ABCD 310" ("or higher" had split the list)


def test_all_of_with_abbreviated_numbers_expands_the_subject():
    tree = parse_requirement("All of ABCD 200, 210 and 220.")
    assert tree["op"] == "all" and tree_codes(tree) == ["ABCD 200", "ABCD 210", "ABCD 220"]


def test_course_and_either_labelled_alternatives():
    tree = parse_requirement("One of ABCD 210, WXYZ 221 and either (a) one of ABCD 121, MNOP 220 or "
                             "(b) a score of 70% or higher in MNOP 226.")
    assert tree["op"] == "all"
    first, second = tree["items"]
    assert first["op"] == "one" and tree_codes(first) == ["ABCD 210", "WXYZ 221"]
    assert second["op"] == "one"
    assert second["items"][1] == {"op": "score", "min": 70, "codes": ["MNOP 226"],
                                  "text": "a score of 70% or higher in MNOP 226", "quant": "one"}
    assert describe(tree) == ("all of (a) one of ABCD 210, WXYZ 221; (b) one of (i) one of ABCD 121, MNOP 220; "
                              "(ii) a score of 70% or higher in MNOP 226")


def test_two_of_is_a_count():
    tree = parse_requirement("Two of ABCD 301, ABCD 302, ABCD 303.")
    assert tree["op"] == "n_of" and tree["n"] == 2 and len(tree["items"]) == 3


def test_standing_and_permission_are_typed_leaves():
    tree = parse_requirement("ABCD 300 and third-year standing. Permission of the department is required.")
    ops = [item["op"] for item in tree["items"]]
    assert tree["op"] == "all" and "permission" in ops
    assert not unparsed_parts(tree)
    assert parse_requirement("Fourth-year standing in the Faculty.")["op"] == "standing"


def test_semicolon_or_is_an_alternative():
    tree = parse_requirement("ABCD 200 and one of EFGH 233, EFGH 260; or a corequisite of EFGH 213.")
    assert tree["op"] == "one"
    assert tree["items"][1]["op"] == "coreq"


def test_unreadable_course_text_is_flagged_not_guessed():
    tree = parse_requirement("ABCD 482 must be taken prior to or at the same time as ABCD 481.")
    assert unparsed_parts(tree), tree


def test_notes_are_split_off():
    kept, notes = split_notes("ABCD 230. ABCD 324 is recommended.")
    assert kept == "ABCD 230." and notes == ["ABCD 324 is recommended."]


@pytest.mark.parametrize("text", ["", "((((", "One of", "Either (a) or (b)", "and and or ;;; .", "(a) (b) (c)",
                                  "One of ABCD 1000000000, ,,, or", "All of (a) ABCD 100 (b)", "\u00a0\u2014"])
def test_malformed_text_never_raises(text):
    tree = parse_requirement(text)
    assert tree["op"] in {"all", "one", "n_of", "course", "score", "coreq", "standing", "permission", "program",
                          "credits", "high_school", "placement", "other", "unparsed"}


def test_a_campus_suffix_typed_with_a_space_is_still_a_code():
    tree = parse_requirement(normalize_requirement("One of ABCD _V 301, ABCD _V 202."))
    assert tree_codes(tree) == ["ABCD 301", "ABCD 202"] and tree["op"] == "one"


def test_a_code_run_into_the_next_sentence_is_the_requirement_and_the_rest_a_note():
    kept, notes = split_notes("ABCD402 A minimum standing of 65% is recommended.")
    assert tree_codes(parse_requirement(normalize_requirement(kept))) == ["ABCD 402"]
    assert notes == ["A minimum standing of 65% is recommended."]
    kept, notes = split_notes("ABCD 110 Or third-year standing.")  # a capitalised joiner is not a new sentence
    assert notes == [] and kept == "ABCD 110 Or third-year standing."


@pytest.mark.parametrize("text, kept, note", [
    ("ABCD 320 (ABCD 351 strongly recommended).", "ABCD 320.", "ABCD 351 strongly recommended."),
    ("Minimum 2nd year standing, 3rd year standing recommended.", "Minimum 2nd year standing.",
     "3rd year standing recommended."),
    # a sentence of advice alone stays a note, and a list of advised courses is not cut into a requirement
    ("ABCD 121, ABCD 344 are recommended.", "", "ABCD 121, ABCD 344 are recommended."),
])
def test_advice_inside_a_requirement_sentence_is_cut_off_and_the_requirement_kept(text, kept, note):
    assert split_notes(text) == (kept, [note])


def test_a_prerequisite_grade_requirement_is_a_minimum_score_not_a_note():
    kept, notes = split_notes("All of ABCD 321, ABCD 322. Prerequisite grade requirement: 68% in ABCD322,ABCD321.")
    tree = parse_requirement(kept)
    assert notes == [] and tree["op"] == "all"
    assert {"op": "score", "min": 68, "codes": ["ABCD 322", "ABCD 321"], "quant": "all"}.items() <= tree["items"][1].items()


def test_an_either_group_after_and_binds_its_own_or():
    # the "or" inside "either ... or ..." does not split the whole sentence into two routes
    tree = parse_requirement("All of ABCD 204 and EFGH 241, and either ABCD 154 or all of ABCD 121, ABCD 123.")
    assert tree["op"] == "all"
    assert evaluate(tree, {"ABCD 204", "EFGH 241", "ABCD 154"}) == YES
    assert evaluate(tree, {"ABCD 121", "ABCD 123", "ABCD 154"}) == NO  # was a "yes" route on its own
    tree = parse_requirement("ABCD 100, either ABCD 210 or EFGH 323, and either ABCD 107 or ABCD 110.")
    assert evaluate(tree, {"ABCD 100", "ABCD 110"}) == NO
    assert evaluate(tree, {"ABCD 100", "EFGH 323", "ABCD 107"}) == YES


def test_a_lettered_part_then_and_either_lettered_alternatives():
    tree = parse_requirement("(a) ABCD 255 or ABCD 256, and either (b) all of EFGH 202, EFGH 292 or "
                             "(c) all of IJKL 220, IJKL 257.")
    assert not unparsed_parts(tree)
    assert evaluate(tree, {"ABCD 256", "EFGH 202", "EFGH 292"}) == YES
    assert evaluate(tree, {"ABCD 256", "EFGH 202", "IJKL 257"}) == NO  # neither alternative whole
    assert evaluate(tree, {"EFGH 202", "EFGH 292"}) == NO  # (a) is needed as well


def test_a_credit_count_with_exceptions_is_one_count_and_or_higher_joins_no_items():
    tree = parse_requirement("One of ABCD 441, ABCD 451. Or any 6 credits of Widgetry at the 200-level or above "
                             "(except ABCD 220, ABCD 222, ABCD 320).")
    assert tree["items"][1] == {"op": "credits", "text": "any 6 credits of Widgetry at the 200-level or above "
                                                         "(except ABCD 220, ABCD 222, ABCD 320)"}  # no option ABCD 222
    graded = parse_requirement("One of ABCD 202 or ABCD 201 with a grade of 76% or higher")
    assert [i.get("text", i.get("code")) for i in graded["items"]] == ["ABCD 202", "ABCD 201 with a grade of 76% or higher"]


def test_bracketed_alternatives_inside_an_all_of_list_are_one_choice():
    tree = parse_requirement("All of ABCD_V 200, ABCD_V 201 (or EFGH_V 202 or 203), IJK_V 233, and ABCD_V 212 (or 202).")
    assert evaluate(tree, History({"ABCD 200", "EFGH 203", "IJK 233", "ABCD 202"})) == YES
    assert evaluate(tree, History({"ABCD 200", "IJK 233", "ABCD 202"})) == NO  # nothing in place of ABCD 201
    assert not unparsed_parts(tree)
    assert normalize_requirement("ABCD 180 (or ABCD 140)") == "ABCD 180 or ABCD 140"


def test_a_bracketed_code_run_into_the_next_sentence_is_its_own_requirement():
    text, notes = split_notes("[ABCD319] Permission of instructor is required.")
    tree = parse_requirement(text)
    assert tree["op"] == "all" and {"op": "course", "code": "ABCD 319"} in tree["items"] and not unparsed_parts(tree)
