import re
from collections import Counter

import pytest

from assets.parse import PageParseError, parse_page
from assets.sources import PageRecord, scan_saved_site
from tests.conftest import HOST, course_article, page_html

BOILERPLATE = ("NAVTEXT", "SIDEBARTEXT", "FOOTERTEXT", "Terms of Use", "In this section", "Search the Calendar",
               "Emergency Procedures", "Home")


def record(html: str, path: str = "x/page.html") -> PageRecord:
    data = html.encode()
    return PageRecord(url=f"https://{HOST}/{path[:-5]}", path=path, html=data, sha256="0" * 64)


def parsed_sample(sample_source):
    return [parse_page(r) for r in scan_saved_site(sample_source, 1 << 20).pages]


def test_course_articles_become_sections_with_codes_credits_and_anchors():
    body = course_article("CPSC", "221", "4", "Algorithms", "Sorting. Prerequisite: CPSC 210.") + \
        course_article("LAW", "490", "3-6", "Directed Research", "Supervised.")
    page = parse_page(record(page_html("CPSC_V", body), "course-descriptions/subject/cpscv.html"))
    courses = [s for s in page.sections if s.kind == "course"]
    assert [(s.course_code, s.course_code_raw, s.credits, s.course_title) for s in courses] == [
        ("CPSC 221", "CPSC_V 221", "4", "Algorithms"), ("LAW 490", "LAW_V 490", "3-6", "Directed Research")]
    assert courses[0].anchor == "cpsc-v-221-4-algorithms"
    assert courses[0].section_id.endswith("/course-descriptions/subject/cpscv#cpsc-v-221-4-algorithms")
    assert courses[0].text == "Sorting. Prerequisite: CPSC 210."
    assert page.title == "CPSC_V" and page.kind == "course"


def test_program_tables_render_as_readable_rows_under_their_headings():
    body = """<p>Intro text.</p><h2>Year 1</h2><table class="requirements"><thead><tr><th>Course</th>
    <th>Credits</th><th>Notes</th></tr></thead><tbody><tr><td>CPSC 110</td><td>4</td><td>Or CPSC 103.</td></tr>
    <tr><td></td><td>3</td><td></td></tr></tbody></table><h2>Year 2</h2><table><thead><tr><th>Course</th>
    <th>Credits</th></tr></thead><tbody><tr><td>CPSC 210</td><td>4</td></tr></tbody></table>"""
    page = parse_page(record(page_html("Computer Science", body),
                             "faculties-colleges-and-schools/faculty-science/cs.html"))
    assert page.kind == "program"
    by_anchor = {s.anchor: s for s in page.sections}
    assert list(by_anchor) == ["overview", "year-1", "year-2"]
    assert by_anchor["year-1"].text.splitlines() == [
        "- CPSC 110 (4 credits). Notes: Or CPSC 103.", "- (untitled requirement) (3 credits)"]
    assert by_anchor["year-2"].heading_path == ["Computer Science", "Year 2"]


def test_no_boilerplate_reaches_any_section(sample_source):
    for page in parsed_sample(sample_source):
        for section in page.sections:
            for phrase in BOILERPLATE[3:]:
                assert phrase not in section.text, (section.section_id, phrase)
    page = parse_page(record(page_html("P", "<h2>A</h2><p>Body.</p>")))
    assert all(w not in s.text for s in page.sections for w in BOILERPLATE[:3])
    assert page.breadcrumb == ["Home"]


def test_sample_pages_give_expected_sections(sample_source):
    pages = {p.url.rsplit("/", 1)[-1]: p for p in parsed_sample(sample_source)}
    kinds = Counter(p.kind for p in pages.values())
    assert kinds == {"course": 3, "program": 2, "policy": 2, "page": 2}
    courses = [s for p in pages.values() for s in p.sections if s.kind == "course"]
    assert len(courses) == 33
    assert len({s.section_id for p in pages.values() for s in p.sections}) == sum(
        len(p.sections) for p in pages.values())
    concession = pages["academic-concession"]
    assert [s.anchor for s in concession.sections] == [
        "who-may-request-concession", "how-to-request-concession", "forms-of-concession"]
    assert "48 hours" in concession.sections[1].text
    no_description = next(s for s in courses if s.course_code == "CPSC 490")
    assert no_description.text == "No description is given in the calendar."


def test_page_without_main_is_named_in_the_error():
    with pytest.raises(PageParseError, match="x/page.html: no <main>"):
        parse_page(record("<html><body><p>just a body</p></body></html>"))


def test_main_without_text_is_an_error():
    with pytest.raises(PageParseError, match="holds no text"):
        parse_page(record("<html><body><main id='main-content'><nav>menu</nav></main></body></html>"))


def test_duplicate_headings_get_distinct_anchors():
    page = parse_page(record(page_html("P", "<h2>Notes</h2><p>a</p><h2>Notes</h2><p>b</p>")))
    assert [s.anchor for s in page.sections] == ["notes", "notes-2"]


@pytest.mark.real
def test_real_snapshot_counts_and_anchors(real_source):
    scan = scan_saved_site(real_source, 5 << 20)
    assert scan.problems == []
    pages = [parse_page(r) for r in scan.pages]
    courses = [s for p in pages for s in p.sections if s.kind == "course"]
    assert len(courses) == 9450
    assert sum(p.kind == "program" for p in pages) == 36
    assert len({s.section_id for s in courses}) == 9450
    cpsc221 = [s for s in courses if s.course_code == "CPSC 221"]
    assert len(cpsc221) == 1 and cpsc221[0].anchor == "cpsc-v-221-4-basic-algorithms-and-data-structures"
    assert any(s.credits == "3-6" for s in courses)
    law = next(p for p in pages if p.url.endswith("/lawv"))
    assert sum(s.kind == "course" for s in law.sections) == 262
    footer = re.compile(r"Terms of Use|Emergency Procedures|In this section|Search the Calendar")
    assert not any(footer.search(s.text) for p in pages for s in p.sections)
