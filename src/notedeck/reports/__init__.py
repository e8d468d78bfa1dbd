"""The back ends of commands that inspect and report: verify, diff, template show/check/export."""
