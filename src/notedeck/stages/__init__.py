"""The stages of a build in order: read, fill, compose, plan; `build` and `check` run them."""
