from pathlib import Path

import pytest

from assets.sources import scan_saved_site, source_fingerprint, url_for_path
from tests.conftest import HOST, page_html

LIMIT = 1 << 20


def test_url_is_derived_from_the_saved_path():
    assert url_for_path(Path(f"{HOST}/course-descriptions/subject/cpscv.html")) == \
        f"https://{HOST}/course-descriptions/subject/cpscv"
    assert url_for_path(Path(f"{HOST}/fees/index.html")) == f"https://{HOST}/fees"


def test_sample_calendar_reads_every_page_with_hashes(sample_source):
    scan = scan_saved_site(sample_source, LIMIT)
    assert scan.problems == []
    assert len(scan.pages) == 9
    urls = {p.url for p in scan.pages}
    assert f"https://{HOST}/course-descriptions/subject/cpscv" in urls
    page = next(p for p in scan.pages if p.url.endswith("cpscv"))
    import hashlib
    assert page.sha256 == hashlib.sha256(page.html).hexdigest()


def test_fingerprint_ignores_folder_but_not_content(tiny, tmp_path):
    tiny.write("a.html", page_html("A", "<p>alpha</p>"))
    first = scan_saved_site(tiny.root, LIMIT).fingerprint
    moved = tmp_path / "elsewhere"
    (tiny.root).rename(moved)
    assert scan_saved_site(moved, LIMIT).fingerprint == first
    (moved / HOST / "a.html").write_text(page_html("A", "<p>beta</p>"))
    assert scan_saved_site(moved, LIMIT).fingerprint != first


def test_bad_files_are_named_and_the_rest_still_read(tiny):
    tiny.write("good.html", page_html("Good", "<p>fine</p>"))
    tiny.write("empty.html", b"")
    tiny.write("latin1.html", "<main><p>caf\xe9</p></main>".encode("latin-1"))
    tiny.write("big.html", b"<main><p>" + b"x" * (LIMIT + 1) + b"</p></main>")
    tiny.write("dup.html", page_html("Dup", "<p>one</p>"))
    tiny.write("dup/index.html", page_html("Dup", "<p>two</p>"))
    scan = scan_saved_site(tiny.root, LIMIT)
    reasons = {p.path: p.reason for p in scan.problems}
    assert reasons[f"{HOST}/empty.html"] == "empty file"
    assert "not valid UTF-8" in reasons[f"{HOST}/latin1.html"]
    assert "larger than UBCAL_MAX_PAGE_BYTES" in reasons[f"{HOST}/big.html"]
    assert f"same URL https://{HOST}/dup as {HOST}/dup.html" in reasons[f"{HOST}/dup/index.html"]
    assert sorted(p.url for p in scan.pages) == [f"https://{HOST}/dup", f"https://{HOST}/good"]


def test_missing_source_folder_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="does-not-exist"):
        scan_saved_site(tmp_path / "does-not-exist", LIMIT)


def test_folder_without_pages_is_a_clear_error(tmp_path):
    (tmp_path / "x.txt").write_text("hello")
    with pytest.raises(ValueError, match="holds no .html pages"):
        scan_saved_site(tmp_path, LIMIT)


def test_fingerprint_is_order_independent(sample_source):
    scan = scan_saved_site(sample_source, LIMIT)
    assert source_fingerprint(list(reversed(scan.pages))) == scan.fingerprint
