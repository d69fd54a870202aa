"""Where the stages meet: one build of the site, from data roots to an output folder.

``build`` runs mkdocs into a staging folder and swaps it in atomically (``outdir`` guards the
output folder); mkdocs calls ``mkdocs_plugin``, which asks ``site`` for every generated page:
``site`` loads each dataset (load), analyses it (analysis), renders its pages (render) and
publishes its downloads and citations (cite), keeping each dataset's pages in ``site_cache``.
``cli_data`` holds the data and cache options the commands share.
"""
