"""The one resource the build needs: where the calendar and the store are, and the embedder."""


from functools import lru_cache

from dagster import ConfigurableResource

from rag.index.config import Settings
from rag.index.embedder import Embedder, load_embedder


@lru_cache(maxsize=4)
def _embedder_for(settings: Settings) -> Embedder:
    # one model per process and configuration: loading it costs seconds
    return load_embedder(settings)


class UbcalConfig(ConfigurableResource):
    """Empty strings mean "use the UBCAL_* environment variable (or its default)"."""

    source: str = ""
    store: str = ""
    show_progress: bool = False
    crawl_url: str = ""

    def settings(self) -> Settings:
        return Settings.from_env(source=self.source or None, store=self.store or None,
                                 crawl_url=self.crawl_url or None)

    def embedder(self) -> Embedder:
        return _embedder_for(self.settings())
