"""serve's preview: the slides, the handout's pages and the web page as one page, updated in place."""
