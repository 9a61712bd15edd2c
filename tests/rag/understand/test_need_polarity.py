"""The need-polarity classifier's use: which way a need question points when the words do not say."""
import json

import pytest

from rag.understand import need_polarity as np_


def test_the_bank_holds_every_direction_with_both_courses_in_each_example():
    examples = np_.load_examples()
    assert set(examples) == {"required", "membership", "skip", "order"}
    assert all(len(texts) >= 250 for texts in examples.values())
    assert all("ABC 100" in t and "DEF 200" in t for texts in examples.values() for t in texts)


def test_a_bad_bank_line_is_named(tmp_path):
    bank = tmp_path / "bank.jsonl"
    bank.write_text(json.dumps({"text": "is ABC 100 needed for DEF 200", "label": "required"}) + "\n{oops\n")
    with pytest.raises(ValueError, match=r"bank\.jsonl:2"):
        np_.load_examples(bank)


def test_an_unsure_reading_is_no_reading():
    assert np_.sure_label({"skip": np_.POLARITY_SURE + 0.01, "required": 0.1}) == "skip"
    assert np_.sure_label({"skip": np_.POLARITY_SURE - 0.01, "required": 0.3}) == ""


@pytest.mark.parametrize("words, label, weighed", [
    ((False, False, False), "skip", (True, False, True)),        # "is there a way around A for B": skip
    ((False, False, False), "membership", (True, True, False)),  # "would B accept A": one option counts
    ((False, False, False), "required", (True, False, False)),   # "will B insist on A": necessity
    ((False, False, False), "", (False, False, False)),          # unsure: no verdict word, as before
    ((True, False, False), "skip", (False, False, False)),       # words say need, the classifier skip: neither
    ((True, False, True), "required", (False, False, False)),    # words say skip, the classifier need: neither
    ((True, True, False), "required", (True, True, False)),      # membership and necessity: the words decide
    ((True, False, False), "order", (True, False, False)),       # a sequence reading changes nothing
])
def test_the_words_and_a_sure_classifier_are_weighed(words, label, weighed):
    assert np_.weigh(words, label) == weighed
