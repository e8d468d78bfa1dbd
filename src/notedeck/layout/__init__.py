"""The slide plan every slide-shaped output shares: a template resolved to roles, boxes, fitted text."""
