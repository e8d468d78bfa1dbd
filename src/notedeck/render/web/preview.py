"""The page as `notedeck serve` sends it: the built page plus a reload script, never written."""

from __future__ import annotations

import html
import re

from notedeck.render.web.plan import asset, content_hash

POLICY_META = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)')
BUILD_ID = "__BUILD_ID__"


def with_reload(page: str, build_id: str) -> str:
    """`page` with the reload script before </body>, and a policy that lets it run and ask
    the preview server (same origin) for the current build id."""
    script = asset("reload.js").replace(BUILD_ID, re.sub(r"[^0-9a-f]", "", build_id))

    def widened(match: re.Match) -> str:
        policy = html.unescape(match.group(2))
        policy = re.sub(r"script-src 'none'", "script-src", policy)
        policy = re.sub(r"script-src([^;]*)", lambda m: f"script-src{m.group(1)} "
                        f"{content_hash(script)}", policy, count=1)
        policy += "; connect-src 'self'"
        return match.group(1) + html.escape(policy, quote=True) + match.group(3)

    page = POLICY_META.sub(widened, page, count=1)
    at = page.rfind("</body>")
    return page[:at] + f"<script>{script}</script>\n" + page[at:]
