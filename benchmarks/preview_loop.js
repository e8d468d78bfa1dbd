// The writing loop, timed in Chromium driven by Playwright (benchmarks/preview_loop.py runs it):
// a one-word edit of a slide's heading is saved as an editor saves (a new file renamed over the
// old), and the script times, from the save, (1) the edited slide's new picture loaded in the
// preview page, without a reload, and (2) deck.pptx and handout.pdf republished (their inodes
// change: os.replace). Prints one JSON line per edit.
//   node preview_loop.js URL SECTION_FILE OUT_FOLDER EDITS
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const [url, section, out, edits] = process.argv.slice(2);
// each edit a word not used before in the run, so no picture is one the browser has seen
const WORDS = ["hats", "caps", "wigs", "coats", "boots", "gloves", "scarves", "socks", "belts",
               "rings", "masks", "capes", "cloaks", "veils", "crowns", "helmets", "badges"];
const heading = (word) => "Six " + word + " of judgement";

function save(file, from, to) {
  const text = fs.readFileSync(file, "utf8");
  const draft = path.join(path.dirname(file), "." + path.basename(file) + ".edit");
  fs.writeFileSync(draft, text.replace("## " + from, "## " + to));
  const saved = Date.now();
  fs.renameSync(draft, file);
  return saved;
}

function inode(file) { try { return fs.statSync(file).ino; } catch (e) { return -1; } }

async function republished(before, saved) {
  const files = ["deck.pptx", "handout.pdf"].map((f) => path.join(out, f));
  for (;;) {
    if (files.every((f, i) => inode(f) !== before[i])) { return Date.now() - saved; }
    await new Promise((r) => setTimeout(r, 2));
  }
}

(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run"] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => document.body.getAttribute("data-build") !== null);
  await page.evaluate(() => { window.notReloaded = true; });
  for (let i = 0; i < Number(edits); i++) {
    const [from, to] = [heading(WORDS[i % WORDS.length]), heading(WORDS[(i + 1) % WORDS.length])];
    await page.evaluate((from) => {
      const img = [...document.querySelectorAll(".slide img")].find((x) => x.alt.endsWith(from));
      img.scrollIntoView();
    }, from);
    await page.waitForTimeout(400);                 // settled: the last edit's files are out
    const before = ["deck.pptx", "handout.pdf"].map((f) => inode(path.join(out, f)));
    const saved = save(section, from, to);
    const files = republished(before, saved);
    const shown = await page.waitForFunction(([to, saved]) => {
      const img = [...document.querySelectorAll(".slide img")].find((x) => x.alt.endsWith(to));
      if (!img || !img.complete || img.naturalWidth === 0) { return false; }
      const key = img.closest(".slide").getAttribute("data-key").slice(0, 20);
      const seen = window.notedeckShown.find((e) => e[0].startsWith(key) && e[1] >= saved);
      return seen ? seen[1] : false;
    }, [to, saved], { polling: "raf", timeout: 20000 });
    const at = await shown.jsonValue();
    const reloaded = !(await page.evaluate(() => window.notReloaded === true));
    console.log(JSON.stringify({ edit: i + 1, preview_ms: Math.round(at - saved),
                                 files_ms: await files, reloaded }));
  }
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
