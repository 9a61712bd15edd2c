"""Course-code recognition: abbreviated lists, shared numbers, and words that only look like codes."""

from rag.index.codes import find_codes, unique_codes

SUBJECTS = ["MATH", "STAT", "CPSC", "BIOL", "MICB", "ARTS"]


def test_abbreviated_lists_expand_to_full_codes():
    assert unique_codes("MATH 200, 220, 221", SUBJECTS) == ["MATH 200", "MATH 220", "MATH 221"]
    assert unique_codes("MATH 100 or 102 or 104 (or 180 or 184)", SUBJECTS) == [
        "MATH 100", "MATH 102", "MATH 104", "MATH 180", "MATH 184"]
    assert unique_codes("CPSC 110 (or 103 and 107)", SUBJECTS) == ["CPSC 110", "CPSC 103", "CPSC 107"]
    assert unique_codes("Two of BIOL 203, 204, or MICB 201 or 211", SUBJECTS) == [
        "BIOL 203", "BIOL 204", "MICB 201", "MICB 211"]


def test_a_slash_shares_the_number():
    assert unique_codes("STAT /MATH 302", SUBJECTS) == ["STAT 302", "MATH 302"]


def test_a_former_subject_in_brackets_shares_the_number():
    assert unique_codes("EOSC 211 or GEOS (or GEOB ) 270", {"EOSC", "GEOS", "GEOB"}, strict=True) == [
        "EOSC 211", "GEOS 270", "GEOB 270"]
    assert unique_codes("One of ATSC 201, GEOS (or GEOB) 200") == ["ATSC 201", "GEOS 200", "GEOB 200"]
    assert unique_codes("GEOS (or WXYZ) 200", {"GEOS"}, strict=True) == ["GEOS 200"]  # only known subjects
    assert unique_codes("Three of ATSC 303, GEOS (or GEOB ) 309, 370, EOSC 352", {"ATSC", "GEOS", "EOSC"},
                        strict=True) == ["ATSC 303", "GEOS 309", "GEOS 370", "EOSC 352"]


def test_expanded_codes_span_only_their_number():
    text = "MATH 200, 220"
    (_, s1, e1), (_, s2, e2) = find_codes(text, SUBJECTS)
    assert text[s1:e1] == "MATH 200" and text[s2:e2] == "220"


def test_levels_scores_credits_and_unknown_words_are_not_codes():
    assert unique_codes("any arts 100-level courses", SUBJECTS) == []
    assert unique_codes("MATH 200 and 300-level courses", SUBJECTS) == ["MATH 200"]
    assert unique_codes("a score of 68% in MATH 226 and 200 hours of practice", SUBJECTS) == ["MATH 226"]
    assert unique_codes("an LSAT 160", SUBJECTS, strict=True) == []
    # questions are read leniently, so a made-up code in capitals is noticed (and declined)
    assert unique_codes("What is QWRT 101?", SUBJECTS) == ["QWRT 101"]


def test_a_number_followed_by_level_is_never_a_code():
    assert unique_codes("PCTH 400 level courses", ["PCTH"]) == []
    assert unique_codes("any FRE 300-level course, or FRE 302", ["FRE"]) == ["FRE 302"]


def test_a_campus_suffix_after_a_space_is_part_of_the_code():
    assert [c for c, _, _ in find_codes("Equivalency: CLST _V 105 and LATN_V 301")] == ["CLST 105", "LATN 301"]
