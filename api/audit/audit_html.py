"""``referee audit --html REPORT.html``: the audit as one page a person would rather look at than
read (issue 30). One self-contained file: inline CSS and SVG, no script, nothing fetched (its
Content-Security-Policy allows no request at all), so it opens from a mail or a pipeline's
artefacts with the network off.

The page: the summary (documents, hands, agreement with the recorded money, duplicates, the exit
status and why), a bar chart of findings by clause (ruled, unreported, dismissed), a bar chart of
the money disagreements by game (hands that disagree, and the points they are off by), the
rejected documents by first error, then every finding and every disagreeing hand as a row that
links to its hand's text ruling (``api.text.text.hand_texts``), embedded below in a closed
``<details>``; the anchor is on the ruling inside it, so that following the link opens it (a
browser reveals a fragment's closed ``<details>`` ancestors; no script).

Every string that comes from a record (file names, player names inside the rulings, decisions,
labels) is escaped (``html.escape``, after ``api.text.neutral.text``): a player named ``<script>…`` is
shown as text, and a right-to-left override as ``\\u202e``. The hands
embedded are capped (``MAX_HANDS``); the JSON report holds everything.
"""
from __future__ import annotations

import html
from typing import Optional

from api.text import neutral
from api.audit.audit_items import RULED

MAX_HANDS = 1000  # hands with a finding or disagreement embedded with their text ruling
MAX_GAMES = 30  # games in the chart of money disagreements
STATUS_COLOURS = (("ruled", "#c0392b"), ("unreported", "#e67e22"), ("dismissed", "#95a5a6"))
CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#222}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse}td,th{padding:.15rem .6rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}tr:nth-child(even){background:#f6f6f6}
.exit{font-weight:600;padding:.5rem;border-left:4px solid #888;background:#f4f4f4}
.exit.s0{border-color:#27ae60}.exit.s1{border-color:#c0392b}.exit.s2{border-color:#8e44ad}
svg{max-width:100%;height:auto;display:block}svg text{font:12px system-ui,sans-serif}
details{margin:.4rem 0;border:1px solid #ddd;border-radius:4px;padding:.3rem .6rem}
details:has(:target){border-color:#2980b9;box-shadow:0 0 0 2px #2980b9}
summary{cursor:pointer;font-weight:600;overflow-wrap:anywhere}td:first-child{white-space:nowrap}
pre{white-space:pre-wrap;font:13px/1.4 ui-monospace,monospace,sans-serif}
.key span{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 1rem;vertical-align:middle}
"""


def esc(value: object) -> str:
    """Text for the page: control characters and bidirectional overrides shown as their escapes
    (``api.text.neutral``, as on a terminal), then every ``<>&"'`` escaped for HTML."""
    return html.escape(neutral.text(value), quote=True)


class HtmlReport:
    """Collects, from each outcome as it arrives, the hands to show (those with a finding or a
    disagreement, with their text) and per game the disagreements; ``close`` writes the page."""

    def __init__(self, path: str):
        self.path = path
        self.hands: list[dict] = []  # {"id", "source", "label", "text", "findings", "difference"}
        self.left_out = 0  # hands with a finding or disagreement beyond MAX_HANDS
        self.games: list[tuple[str, int, int]] = []  # (source, hands disagreeing, points off)

    def add(self, outcome: dict, document: Optional[dict]) -> None:
        if outcome["status"] != RULED:
            return
        ruling = outcome["ruling"]
        recorded = outcome.get("recorded") or {}
        differences = {d["hand"]: d for d in recorded.get("disagreements", [])}
        if differences:
            off = sum(abs(n) for d in differences.values() for n in d["difference"].values()) // 2
            self.games.append((outcome["source"], len(differences), off))
        wanted = [k for k, hand in enumerate(ruling["hands"]) if hand["rulings"] or k in differences]
        if not wanted:
            return
        room = MAX_HANDS - len(self.hands)
        self.left_out += max(0, len(wanted) - room)
        if room <= 0:
            return
        from api.text.text import hand_texts

        try:
            texts = hand_texts(ruling, document)
        except Exception as err:  # a defect of the text form: the page says so, the audit goes on
            texts = [f"(no text ruling: internal error {type(err).__name__}: {err})"] * len(ruling["hands"])
        for k in wanted[:room]:
            hand, text = ruling["hands"][k], texts[k]  # its first line: "Hand 4 (East 4, 0 honba): …"
            label = text.split("\n", 1)[0].split(":")[0].replace("Result", "Hand 1", 1)
            self.hands.append({"id": f"hand-{len(self.hands) + 1}", "source": outcome["source"],
                               "label": label, "text": text, "findings": hand["rulings"],
                               "difference": differences.get(k, {}).get("difference")})

    def close(self, summary) -> None:
        from api.files import write_text

        write_text(self.path, self.page(summary))

    # --- the page --------------------------------------------------------------------------------

    def page(self, summary) -> str:
        data = summary.as_json()
        parts = [
            "<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            'style-src \'unsafe-inline\'">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<title>Audit report</title>", f"<style>{CSS}</style></head><body>",
            "<h1>Audit report</h1>", self._summary(data, summary),
            "<h2 id=\"clauses\">Findings by clause</h2>", self._clause_chart(data["irregularities"]),
            "<h2 id=\"money\">Money disagreements by game</h2>", self._money_chart(data),
            self._rejections(data), self._findings(), self._texts(), "</body></html>"]
        return "\n".join(p for p in parts if p) + "\n"

    def _summary(self, data: dict, summary) -> str:
        status, reason = summary.exit()
        rows = [("documents audited", data["documents"]), ("ruled", data["ruled"]),
                ("rejected", data["rejected"]), ("internal errors", data["internal_errors"]),
                ("hands", data["hands"]), ("winners", data["winners"]),
                ("duplicates left out" if not data["duplicates"]["kept"] else "duplicates kept",
                 len(data["duplicates"]["found"]))]
        tenhou = data.get("tenhou")
        if tenhou:
            rows += [("Tenhou records", tenhou["records"]),
                     ("finished hands agreeing with the recorded money",
                      f"{tenhou['hands_agreeing']:,} of {tenhou['hands_compared']:,}"),
                     ("next hands following the ruling",
                      f"{tenhou['next_hands_following']:,} of {tenhou['next_hands']:,}")]
        rows += [(f"hands: {result}", n) for result, n in data["results"].items() if n]
        body = "".join(f"<tr><th>{esc(k)}</th><td class=\"n\">{esc(_num(v))}</td></tr>" for k, v in rows)
        dups = "".join(f"<li>{esc(d['source'])}: same game as {esc(d['duplicate_of'])} ({esc(d['same'])})</li>"
                       for d in data["duplicates"]["found"][:50])
        more = len(data["duplicates"]["found"]) - 50
        dups += f"<li>… and {more:,} more (the JSON report lists all)</li>" if more > 0 else ""
        return (f'<p class="exit s{status}" id="exit">{esc(reason)}</p>'
                f'<table id="summary">{body}</table>'
                + (f"<details><summary>Duplicates</summary><ul>{dups}</ul></details>" if dups else ""))

    def _clause_chart(self, clauses: dict) -> str:
        if not clauses:
            return "<p>No finding.</p>"
        rows = sorted(clauses.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
        top = max(sum(c.values()) for _, c in rows) or 1
        width, left, bar = 640, 130, 24
        svg = [f'<svg id="clause-chart" viewBox="0 0 {width} {len(rows) * bar + 10}" role="img" '
               f'aria-label="findings by clause">']
        for i, (rule, counts) in enumerate(rows):
            y, x = i * bar + 5, left
            svg.append(f'<text x="{left - 8}" y="{y + 15}" text-anchor="end">{esc(rule)}</text>')
            for status, colour in STATUS_COLOURS:
                w = counts.get(status, 0) * (width - left - 60) / top
                if w:
                    svg.append(f'<rect class="bar" data-rule="{esc(rule)}" data-status="{status}" '
                               f'data-count="{counts[status]}" x="{x:.1f}" y="{y}" width="{w:.1f}" '
                               f'height="{bar - 6}" fill="{colour}"><title>{esc(rule)} {status}: '
                               f'{counts[status]:,}</title></rect>')
                    x += w
            svg.append(f'<text x="{x + 6:.1f}" y="{y + 15}">{sum(counts.values()):,}</text>')
        key = "".join(f'<span style="background:{c}"></span>{s}' for s, c in STATUS_COLOURS)
        return "".join(svg) + f'</svg><p class="key">{key}</p>'

    def _money_chart(self, data: dict) -> str:
        tenhou = data.get("tenhou")
        if not tenhou:
            return "<p>No record carries money recorded by a server to compare with.</p>"
        if not self.games:
            return (f"<p>No disagreement: {tenhou['hands_agreeing']:,} of {tenhou['hands_compared']:,} "
                    "finished hands agree with the recorded money.</p>")
        games = sorted(self.games, key=lambda g: (-g[1], -g[2], g[0]))[:MAX_GAMES]
        top = max(g[1] for g in games)
        width, left, bar = 640, 260, 24
        svg = [f'<svg id="money-chart" viewBox="0 0 {width} {len(games) * bar + 10}" role="img" '
               f'aria-label="money disagreements by game">']
        for i, (source, hands, off) in enumerate(games):
            y, w = i * bar + 5, hands * (width - left - 200) / top
            name = source if len(source) <= 38 else "…" + source[-37:]
            svg.append(f'<text x="{left - 8}" y="{y + 15}" text-anchor="end">{esc(name)}'
                       f'<title>{esc(source)}</title></text>'
                       f'<rect class="bar" data-source="{esc(source)}" data-count="{hands}" x="{left}" '
                       f'y="{y}" width="{w:.1f}" height="{bar - 6}" fill="#8e44ad"></rect>'
                       f'<text x="{left + w + 6:.1f}" y="{y + 15}">{hands:,} hand(s), {off:,} points off'
                       f'</text>')
        more = len(self.games) - len(games)
        return "".join(svg) + "</svg>" + (f"<p>… and {more:,} more games.</p>" if more > 0 else "")

    def _rejections(self, data: dict) -> str:
        if not data["rejections"]:
            return ""
        rows = "".join(f'<tr><td class="n">{r["documents"]:,}</td><td>{esc(r["first_error"])}<br>'
                       f'e.g. {esc(r["example"])}</td></tr>' for r in data["rejections"])
        return f'<h2 id="rejected">Documents rejected, by first error</h2><table>{rows}</table>'

    def _findings(self) -> str:
        if not self.hands:
            return ""
        rows = []
        for hand in self.hands:
            link = f'<a href="#{hand["id"]}">{esc(hand["source"])}: {esc(hand["label"])}</a>'
            for f in hand["findings"]:
                decision = esc(f["decision"]) + (f"<br>{esc(f['decision_zh'])}" if f.get("decision_zh") else "")
                rows.append(f'<tr class="finding"><td>{esc(f["rule"])}</td><td>{esc(f["status"])}</td>'
                            f"<td>{link}</td><td>{decision}</td></tr>")
            if hand["difference"]:
                money = ", ".join(f"{esc(p)} {n:+,d}" if n else f"{esc(p)} 0"
                                  for p, n in hand["difference"].items())
                rows.append(f'<tr class="disagreement"><td>money</td><td>ruled − recorded</td>'
                            f"<td>{link}</td><td>{money}</td></tr>")
        more = (f"<p>… and {self.left_out:,} more hands with a finding or disagreement (the JSON "
                "report holds all).</p>") if self.left_out else ""
        return ('<h2 id="findings">Findings and disagreements</h2><table><tr><th>clause</th>'
                "<th>status</th><th>hand</th><th>decision</th></tr>" + "".join(rows) + "</table>" + more)

    def _texts(self) -> str:
        if not self.hands:
            return ""
        blocks = [f'<details><summary>{esc(h["source"])}: {esc(h["label"])}</summary>'
                  f'<pre id="{h["id"]}">{esc(h["text"])}</pre></details>' for h in self.hands]
        return '<h2 id="rulings">The hands\' rulings</h2>' + "".join(blocks)


def _num(value: object) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)
