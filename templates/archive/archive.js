/* pi-session-report archive index: conveniences only (sorting, a filter box). The page is complete without it. */
(() => {
  const sortValue = (cell) => (cell ? (cell.dataset.sort ?? cell.textContent.trim()) : "");

  function makeSortable(table) {
    const body = table.tBodies[0];
    const headers = Array.from(table.querySelectorAll("thead th"));
    headers.forEach((th, column) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      button.textContent = th.textContent;
      th.textContent = "";
      th.append(button);
      button.addEventListener("click", () => {
        const numeric = th.dataset.type === "number";
        // A first click puts numbers largest first and text from A; the next one turns the order round.
        const current = th.getAttribute("aria-sort");
        const descending = current === null ? numeric : current === "ascending";
        for (const other of headers) other.removeAttribute("aria-sort");
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
        const rows = Array.from(body.rows).filter((row) => row.cells.length === headers.length);
        rows.sort((a, b) => {
          const x = sortValue(a.cells[column]);
          const y = sortValue(b.cells[column]);
          const order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
          return descending ? -order : order;
        });
        body.append(...rows);
      });
    });
  }

  function makeFilterable(table, label) {
    const input = label.querySelector("input");
    const count = label.querySelector("output");
    const rows = Array.from(table.tBodies[0].rows);
    const texts = rows.map((row) => row.textContent.toLowerCase());
    label.hidden = false;
    input.addEventListener("input", () => {
      const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      rows.forEach((row, index) => {
        const match = words.every((word) => texts[index].includes(word));
        row.hidden = !match;
        if (match) shown += 1;
      });
      count.textContent = words.length === 0 ? "" : `${shown} of ${rows.length}`;
    });
  }

  for (const table of document.querySelectorAll("table.sortable")) makeSortable(table);
  const sessions = document.getElementById("sessions-table");
  const filter = document.getElementById("session-filter");
  if (sessions && filter) makeFilterable(sessions, filter);
})();

/* Search every session's text: the index is in shards under search/, loaded on the first query. */
(() => {
  const section = document.getElementById("search");
  if (!section) return;
  const input = section.querySelector("input");
  const status = section.querySelector("output");
  const list = section.querySelector(".search-results");
  const options = { fields: ["t"], idField: "i" };
  const shards = [];
  let loading = null;

  const load = (src) =>
    new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`cannot load ${src}`));
      document.head.append(script);
    });

  function loadAll() {
    if (loading) return loading;
    window.piSearchShard = (data) => {
      // The shard's words, for matching inside them: MiniSearch itself matches from a word's start only.
      const words = data.index.index.map((entry) => entry[0]);
      shards.push({ ...data, words, index: window.MiniSearch.loadJS(data.index, options) });
    };
    status.textContent = "Loading the search index…";
    loading = load(section.dataset.library).then(() =>
      Promise.all(section.dataset.shards.split(" ").filter(Boolean).map(load)),
    );
    return loading;
  }

  // How a word of the index that holds what was typed weighs against one that is it, or starts with it.
  const weight = (word, typed) => (word === typed ? 1 : word.startsWith(typed) ? 0.5 : 0.25);

  /** Scores by doc of the shard's docs holding a word that contains `typed` (from 3 characters; else starts with it). */
  function matching(shard, typed) {
    const scores = new Map();
    const words = typed.length < 3 ? [] : shard.words.filter((word) => word.includes(typed));
    const hits =
      typed.length < 3
        ? shard.index.search(typed, { prefix: true })
        : words.length === 0
          ? []
          : shard.index.search(
              { combineWith: "OR", queries: words },
              { boostTerm: (word) => weight(word, typed) },
            );
    for (const hit of hits) scores.set(hit.id, hit.score);
    return scores;
  }

  /** The shard's docs that match every word typed, with the sum of their scores. */
  function searchShard(shard, typed) {
    let found = null;
    for (const word of typed) {
      const scores = matching(shard, word);
      if (found === null) found = scores;
      else {
        for (const [id, score] of found) {
          if (scores.has(id)) found.set(id, score + scores.get(id));
          else found.delete(id);
        }
      }
      if (found.size === 0) break;
    }
    return found ?? new Map();
  }

  function show(query) {
    list.replaceChildren();
    const words = query.trim();
    if (words.length < 2) {
      status.textContent = "";
      return;
    }
    const typed = window.MiniSearch.getDefault("tokenize")(words)
      .map((word) => word.toLowerCase())
      .filter(Boolean);
    const hits = [];
    for (const shard of shards) {
      for (const [id, score] of searchShard(shard, typed)) {
        const [session, anchor, kind, text, count] = shard.docs[id];
        const [href, title] = shard.sessions[session];
        hits.push({ score, href: `${href}#${anchor}`, kind, text, title, count: count ?? 1 });
      }
    }
    hits.sort((a, b) => b.score - a.score);
    const shown = hits.slice(0, 100);
    for (const hit of shown) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = hit.href;
      link.textContent = hit.text;
      // Each text in its own direction: an Arabic hit or title must not reorder the words around it.
      link.dir = "auto";
      const kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = hit.kind;
      const where = document.createElement("span");
      where.className = "note";
      const title = document.createElement("bdi");
      title.textContent = hit.title;
      where.append(hit.count > 1 ? ` ×${hit.count} in ` : " in ", title);
      item.append(kind, " ", link, where);
      list.append(item);
    }
    status.textContent =
      hits.length === 0
        ? "Nothing found."
        : `${hits.length} found${hits.length > shown.length ? `, the first ${shown.length} shown` : ""}.`;
  }

  let timer;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      loadAll()
        .then(() => show(input.value))
        .catch((error) => {
          status.textContent = `Search is not available: ${error.message}`;
        });
    }, 150);
  });
  section.hidden = false;
})();
