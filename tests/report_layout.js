// Measures a report page in the browser and appends the results as JSON in a pre element of id mj-layout (read by
// tests/test_report_browser.py through chromium --dump-dom): every <details> opened first; per table its right edge
// and the body's content edge; the header cells that wrap inside a word (a line break between two characters
// neither of which is a space or a punctuation mark a line may break at); per image whether it loaded and its
// natural width; the page's rendered text; the first font family of the body and whether Chromium loaded it.
(async () => {
  const out = {tables: [], headers: [], images: [], text: "", font: null, width: 0};
  try {
    document.querySelectorAll("details").forEach(d => { d.open = true; });
    await Promise.all([...document.images].map(img => img.decode().catch(() => null)));
    const family = getComputedStyle(document.body).fontFamily.split(",")[0].trim().replace(/^"|"$/g, "");
    out.text = document.title + document.body.innerText;
    await document.fonts.load(`16px "${family}"`, out.text).catch(() => null);
    await document.fonts.ready;
    const face = [...document.fonts].find(f => f.family.replace(/^"|"$/g, "") === family);
    out.font = {family, status: face ? face.status : "absent"};
    const body = document.body, style = getComputedStyle(body);
    const right = body.getBoundingClientRect().right - parseFloat(style.paddingRight);
    out.width = right;
    document.querySelectorAll("table").forEach((t, i) => {
      const r = t.getBoundingClientRect();
      out.tables.push({index: i, right: r.right, limit: right, head: t.rows[0] ? t.rows[0].innerText : ""});
    });
    const breakable = /[\s（(［\[、，；：/]/;
    document.querySelectorAll("th").forEach(th => {
      const text = th.textContent, node = th.firstChild;
      if (!node || node.nodeType !== 3) return;
      let previous = null;
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (previous !== null && rect.top > previous.top + rect.height / 2) {
          const before = text[i - 1], here = text[i];
          if (!breakable.test(before) && !breakable.test(here) && !/[）)\]］、，；：]/.test(before))
            out.headers.push({text, at: i});
        }
        previous = rect;
      }
    });
    [...document.images].forEach((img, i) => out.images.push({index: i, complete: img.complete,
                                                               width: img.naturalWidth}));
  } catch (error) { out.error = String(error); }
  const pre = document.createElement("pre");
  pre.id = "mj-layout"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
