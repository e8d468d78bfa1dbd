"""The PowerPoint template as data: package, geometry, roles, styles, colours, backdrop, legibility."""
