import pytest

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


# -- the embedding model's token window ----------------------------------------------------------

def _window():
    from assets.tokens import TokenWindow
    from rag.index.embedder import default_embedding_model_dir

    return TokenWindow(default_embedding_model_dir())


def test_chunks_fit_the_embedding_models_token_window():
    window = _window()
    assert window.max_tokens == 256
    # under the 1000-character limit, but course codes cost several tokens each: far over 256 tokens
    text = " ".join(f"CPSC {100 + i}, MATH {200 + i};" for i in range(45))
    assert len(text) < 1000 and window.count(f"P > Year 1\n{text}") > window.max_tokens
    assert len(chunk_section(section(text), "P", 1000, 120, ["CPSC", "MATH"])) == 1  # by characters alone
    chunks = chunk_section(section(text), "P", 1000, 120, ["CPSC", "MATH"], window)
    assert len(chunks) > 1
    for c in chunks:
        assert window.count(f"{c.context_header}\n{c.text}") <= window.max_tokens
    joined = " ".join(c.text for c in chunks)
    assert all(f"CPSC {100 + i}," in joined and f"MATH {200 + i};" in joined for i in range(45))
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))


def test_a_chunk_that_fits_the_window_is_unchanged_by_it():
    window = _window()
    plain = chunk_section(section("Take CPSC 110 and MATH 100."), "Computer Science", 1000, 120, ["CPSC", "MATH"])
    fitted = chunk_section(section("Take CPSC 110 and MATH 100."), "Computer Science", 1000, 120, ["CPSC", "MATH"],
                           window)
    assert [c.chunk_id for c in plain] == [c.chunk_id for c in fitted]


# A fixed handful of real pages, chosen because they are the hardest for the window: LAW (262 courses,
# the longest subject page), MECH (a course at exactly 256 tokens), CPSC, the course-descriptions index
# and three program pages whose requirement tables overflow 256 tokens unless the window splits them.
REAL_SUBSET = [
    "course-descriptions/subject/lawv.html",
    "course-descriptions/subject/mechv.html",
    "course-descriptions/subject/cpscv.html",
    "course-descriptions.html",
    "faculties-colleges-and-schools/faculty-science/bachelor-science/pharmacology.html",
    "faculties-colleges-and-schools/faculty-science/bachelor-science/geological-sciences.html",
    "faculties-colleges-and-schools/faculty-science/bachelor-science/biology.html",
]


def _real_chunks(real_source, paths=None):
    """The build's own parse and chunk steps over the real snapshot (or only ``paths`` of it)."""
    from assets.build_steps import chunk_calendar, parse_calendar
    from assets.sources import SourceScan, scan_saved_site
    from rag.index.config import Settings
    from tests.conftest import HOST

    scan = scan_saved_site(real_source, 5 << 20)
    if paths is not None:
        wanted = {f"{HOST}/{p}" for p in paths}
        scan = SourceScan(root=scan.root, pages=[r for r in scan.pages if r.path in wanted], problems=[])
        assert {r.path for r in scan.pages} == wanted, "a subset page is missing from the snapshot"
    parsed = parse_calendar(scan)
    assert not parsed.problems, parsed.problems
    window = _window()
    table, _ = chunk_calendar(parsed, Settings.from_env(), window)
    plain, _ = chunk_calendar(parsed, Settings.from_env())
    return window, table.to_pydict(), plain.to_pydict()


def _overflowing(window, chunks) -> list[str]:
    texts = [f"{h}\n{t}" for h, t in zip(chunks["context_header"], chunks["text"])]
    return [t[:80] for t, n in zip(texts, window.count_many(texts)) if n > window.max_tokens]


@pytest.mark.real
def test_real_chunks_fit_the_window_on_a_subset_of_the_snapshot(real_source):
    window, chunks, plain = _real_chunks(real_source, REAL_SUBSET)
    assert len({code for code in chunks["course_code"] if code.startswith("LAW ")}) == 262  # the whole LAW page
    assert len(_overflowing(window, plain)) >= 10  # without the window these pages do overflow
    over = _overflowing(window, chunks)
    assert not over, f"{len(over)} chunks overflow the window, e.g. {over[:3]}"


@pytest.mark.real
@pytest.mark.slow
def test_every_real_chunk_fits_the_window(real_index):
    """The whole snapshot as published (built once per session, about a minute and a half): `make bench`."""
    window = _window()
    over = _overflowing(window, {"context_header": real_index.chunks["context_header"],
                                 "text": real_index.chunks["text"]})
    assert not over, f"{len(over)} chunks overflow the window, e.g. {over[:3]}"
