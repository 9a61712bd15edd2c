"""What an opened version offers the reader beyond its tables: the subjects a question's codes may use."""

from __future__ import annotations

from types import SimpleNamespace

from rag.index.loader import LoadedIndex


def test_a_subject_only_a_requirement_still_names_is_a_subject_codes_are_read_in():
    # "GEOB 207" is named in a prerequisite list, though no GEOB course has an entry any more
    version = SimpleNamespace(bm25=SimpleNamespace(subjects=["GEOS", "BIOL"]),
                              facts=SimpleNamespace(required_by={"GEOB 207": {"GEOS 407"}, "BIOL 230": {"GEOS 407"}}))
    assert LoadedIndex.subjects.func(version) == ["GEOS", "BIOL", "GEOB"]
    assert LoadedIndex.subjects.func(SimpleNamespace(bm25=version.bm25, facts=None)) == ["GEOS", "BIOL"]
