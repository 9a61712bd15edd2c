from assets.chunk import chunk_section, split_text
from assets.parse import Section

URL = "https://vancouver.calendar.ubc.ca/x"


def section(text: str, heading: str = "Year 1", code: str = "") -> Section:
    return Section(url=URL, anchor="year-1", kind="program", heading=heading, heading_path=["P", heading],
                   text=text, order=0, course_code=code)


def test_a_section_that_fits_is_one_chunk_with_its_context():
    chunks = chunk_section(section("Take CPSC 110 and MATH 100."), "Computer Science", 200, 20, ["CPSC", "MATH"])
    assert len(chunks) == 1
    c = chunks[0]
    assert c.text == "Take CPSC 110 and MATH 100."
    assert c.context_header == "Computer Science > Year 1"
    assert c.course_codes == ["CPSC 110", "MATH 100"]
    assert (c.url, c.anchor, c.section_id) == (URL, "year-1", f"{URL}#year-1")


def test_long_text_splits_at_lines_before_sentences_and_stays_within_size():
    rows = "\n".join(f"- COURSE {i:03d} ({i % 5} credits). Notes: some note words here." for i in range(60))
    pieces = split_text(rows, 300, 60)
    assert len(pieces) > 5
    assert all(len(p) <= 300 for p in pieces)
    # every piece is made of whole rows: splitting at lines keeps rows intact
    assert all(line.startswith("- COURSE") for p in pieces for line in p.splitlines())
    # consecutive pieces overlap by whole rows
    assert pieces[0].splitlines()[-1] == pieces[1].splitlines()[0]


def test_unbroken_text_is_cut_by_characters_with_overlap():
    pieces = split_text("x" * 250, 100, 20)
    assert all(len(p) <= 100 for p in pieces)
    assert "".join(p[:80] for p in pieces[:-1]) + pieces[-1] == "x" * 250


def test_sentences_split_when_a_paragraph_is_too_long():
    text = " ".join(f"Sentence number {i} says something." for i in range(40))
    pieces = split_text(text, 200, 40)
    assert all(len(p) <= 200 for p in pieces)
    assert all(p.rstrip().endswith(".") for p in pieces)


def test_chunk_ids_are_stable_and_change_with_text():
    a = chunk_section(section("Same text."), "P", 200, 20, [])[0].chunk_id
    b = chunk_section(section("Same text."), "P", 200, 20, [])[0].chunk_id
    c = chunk_section(section("Other text."), "P", 200, 20, [])[0].chunk_id
    assert a == b != c


def test_course_chunk_lists_its_own_code_first():
    chunks = chunk_section(section("Prerequisite: CPSC 210.", "CPSC_V 221 (4) Algorithms", "CPSC 221"),
                           "CPSC_V", 200, 20, ["CPSC"])
    assert chunks[0].course_codes == ["CPSC 221", "CPSC 210"]
    assert chunks[0].context_header == "CPSC_V > CPSC_V 221 (4) Algorithms"
