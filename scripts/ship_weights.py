"""Ships the question classifiers' weights for the default encoder in the package (``rag/understand/trained/``).

Run after changing any example bank (intent, change, need-polarity examples, the status bank) or anything their
hashes cover; ``tests/rag/understand/test_shipped_weights.py`` fails until you do. Each file keeps the cache
file's own name; shipped files no classifier loads any more are removed.

Given a cache folder (a store's ``cache/`` or ``UBCAL_CLASSIFIER_CACHE``), the weights found there are
shipped: they are the weights the evaluation figures were measured with. Training is not bit-for-bit
repeatable (the status fit stops at its iteration cap, and the BLAS threads' summation order moves its path),
so a retrained model may read a borderline clause differently. What the folder lacks is trained into it
(about 75 s for all four).

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/ship_weights.py [CACHE_DIR]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from rag.index.config import Settings
from rag.index.embedder import load_embedder
from rag.understand.entities import EntityFinder
from rag.understand.intent import SHIPPED_DIR
from rag.understand.reader import Reader


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and not Path(argv[0]).is_dir()):
        print(__doc__, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="ubcal-ship-") as tmp:
        cache = Path(argv[0]) if argv else Path(tmp) / "weights"
        embedder = load_embedder(Settings.from_env(store=tmp))
        # as the answerer builds it: what is in neither the cache nor the package is trained into the cache
        names = Reader(EntityFinder(set(), [], []), embedder.encode_queries, embedder.model_id, cache_dir=cache,
                       batch_encode=embedder.encode_clauses).weights_files
        SHIPPED_DIR.mkdir(exist_ok=True)
        for name in names:
            if (cache / name).is_file():
                shutil.copyfile(cache / name, SHIPPED_DIR / name)
            print(f"{'wrote' if (cache / name).is_file() else 'kept'} {SHIPPED_DIR / name}")
        for old in SHIPPED_DIR.glob("*.npz"):
            if old.name not in names:
                old.unlink()
                print(f"removed {old}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
