"""Store layout: what counts as a version id (a path component built from user input)."""

import pytest

from rag.index.store import StoreError, StoreLayout


def test_a_version_id_with_a_trailing_newline_is_not_a_version_id(tmp_path):
    with pytest.raises(StoreError, match="not a version id"):
        StoreLayout(tmp_path).version_dir("0123456789abcdef\n")
    assert StoreLayout(tmp_path).version_dir("0123456789abcdef").name == "0123456789abcdef"
