/* pi-session-report: conveniences only. The page is complete without this script. */
(() => {
  const outline = document.getElementById("outline");
  const list = outline ? outline.querySelector(".outline-list") : null;
  const entries = Array.from(document.querySelectorAll("article.entry"));
  const items = list ? Array.from(list.children) : [];
  const filters = [
    ["all", "All", () => true],
    ["prompt", "Prompts", (el) => el.dataset.kind === "prompt" || el.dataset.kind === "user"],
    ["tool", "Tools", (el) => Boolean(el.dataset.tool || el.dataset.tools)],
    ["error", "Errors", (el) => el.hasAttribute("data-error")],
    ["label", "Labels", (el) => el.hasAttribute("data-labels")],
  ];
  let filter = "all";
  let keysOn = true;
  let tool = "";
  let query = "";

  function openAncestors(element) {
    for (let at = element; at; at = at.parentElement) {
      if (at.tagName === "DETAILS") at.open = true;
    }
  }

  // A fragment is whatever the address holds: one that is not valid percent-encoding (`#%E0%A4%A`)
  // is looked up as written rather than stopping the script.
  function idOf(hash) {
    try {
      return decodeURIComponent(hash.slice(1));
    } catch {
      return hash.slice(1);
    }
  }

  function reveal(hash) {
    if (!hash || hash.length < 2) return;
    const target = document.getElementById(idOf(hash));
    if (!target) return;
    openAncestors(target);
    target.scrollIntoView({ block: "start" });
  }

  // Pi's share viewer tells the page its own address and the entry its link named (`&targetId=<id>`).
  function viewerMeta(name) {
    const meta = document.querySelector(`meta[name="${name}"]`);
    return meta ? meta.content : "";
  }

  // An entry's link in Pi's viewer: the viewer's address and the entry's id, as Pi's own pages link them.
  function shareLink(hash) {
    const base = viewerMeta("pi-share-base-url");
    if (!base) return "";
    const id = /^#e-([0-9a-f]{8})$/i.exec(hash || "");
    return id ? `${base}&targetId=${id[1].toLowerCase()}` : base;
  }

  function matches(element, text) {
    const [, , test] = filters.find(([key]) => key === filter);
    if (!test(element)) return false;
    if (tool) {
      const tools = `${element.dataset.tool || ""} ${element.dataset.tools || ""}`.split(" ");
      if (!tools.includes(tool)) return false;
    }
    return query === "" || text.toLowerCase().includes(query);
  }

  function apply() {
    let shown = 0;
    for (const item of items) {
      const visible = matches(item, item.textContent || "");
      item.classList.toggle("is-filtered-out", !visible);
      if (visible) shown += 1;
    }
    const active = filter !== "all" || tool !== "" || query !== "";
    let entriesShown = 0;
    for (const entry of entries) {
      const hidden = active && !matches(entry, entry.textContent || "");
      entry.classList.toggle("is-filtered-out", hidden);
      if (!hidden) entriesShown += 1;
    }
    // Counted as the transcript shows them: an entry can match by text its outline line does not hold.
    if (status) {
      status.textContent = active
        ? `${entriesShown} of ${entries.length} entries match (${shown} in the outline)`
        : "";
    }
  }

  let status = null;
  let search = null;
  if (outline && list) {
    const tools = document.createElement("div");
    tools.className = "outline-tools";
    search = document.createElement("input");
    search.type = "search";
    search.placeholder = "Search (/)";
    search.setAttribute("aria-label", "Search the session");
    let timer = 0;
    search.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        query = search.value.trim().toLowerCase();
        apply();
      }, 150);
    });
    tools.append(search);
    for (const [key, label, test] of filters) {
      // A filter no entry passes would only blank the transcript: offered only when something matches.
      if (key !== "all" && !entries.some((entry) => test(entry))) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "filter";
      button.textContent = label;
      button.setAttribute("aria-pressed", String(key === filter));
      button.addEventListener("click", () => {
        filter = key;
        for (const other of tools.querySelectorAll("button.filter"))
          other.setAttribute("aria-pressed", String(other === button));
        apply();
      });
      tools.append(button);
    }
    const names = new Set();
    for (const item of items) if (item.dataset.tool) names.add(item.dataset.tool);
    if (names.size > 0) {
      const select = document.createElement("select");
      select.setAttribute("aria-label", "Show one tool");
      select.append(new Option("any tool", ""));
      for (const name of Array.from(names).sort()) select.append(new Option(name, name));
      select.addEventListener("change", () => {
        tool = select.value;
        apply();
      });
      tools.append(select);
    }
    status = document.createElement("p");
    status.className = "filter-status";
    status.setAttribute("aria-live", "polite");
    tools.append(status);
    const help = document.createElement("p");
    help.className = "filter-status";
    help.textContent = "Keys: t thinking · o outputs · e expand all · c collapse all · / search ";
    // Single-key shortcuts can be turned off (WCAG 2.1.4): for speech input, and for anyone they get in the way of.
    // Its words are its name, the same pressed or not; the state is `aria-pressed`, shown by report.css.
    const keysButton = document.createElement("button");
    keysButton.type = "button";
    keysButton.className = "keys-toggle";
    keysButton.textContent = "Single-key shortcuts";
    keysButton.setAttribute("aria-pressed", "true");
    keysButton.addEventListener("click", () => {
      keysOn = !keysOn;
      keysButton.setAttribute("aria-pressed", String(keysOn));
    });
    help.append(keysButton);
    tools.append(help);
    list.before(tools);
  }

  function toggleAll(selector) {
    const all = Array.from(document.querySelectorAll(selector));
    const open = all.some((element) => !element.open);
    for (const element of all) element.open = open;
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (
      target &&
      (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")
    ) {
      if (event.key === "Escape" && target === search) {
        search.value = "";
        query = "";
        apply();
        search.blur();
      }
      return;
    }
    if (!keysOn) return;
    const key = event.key;
    if (key === "t") toggleAll("details.thinking");
    else if (key === "o") toggleAll("details.output");
    else if (key === "e") for (const element of document.querySelectorAll("details")) element.open = true;
    else if (key === "c") for (const element of document.querySelectorAll("details")) element.open = false;
    else if (key === "/" && search) {
      event.preventDefault();
      search.focus();
    } else return;
  });

  // A permalink copies its address too.
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a.permalink") : null;
    if (!link || !navigator.clipboard) return;
    const url =
      shareLink(link.getAttribute("href")) || new URL(link.getAttribute("href"), location.href).href;
    navigator.clipboard.writeText(url).then(
      () => {
        link.dataset.copied = "";
        link.title = "Link copied";
      },
      () => {},
    );
  });

  // Links into folded sections open them; printing opens everything, then restores.
  window.addEventListener("hashchange", () => reveal(location.hash));
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
    if (!link) return;
    // In an iframe's srcdoc (Pi's share viewer) `#x` resolves against the viewer's address, and following
    // it would load the viewer into the frame: the fragment is set on this document instead.
    if (link.href.split("#")[0] !== location.href.split("#")[0]) {
      event.preventDefault();
      location.hash = link.getAttribute("href");
    }
    reveal(link.getAttribute("href"));
  });
  let closedBeforePrint = [];
  window.addEventListener("beforeprint", () => {
    closedBeforePrint = Array.from(document.querySelectorAll("details:not([open])"));
    for (const element of closedBeforePrint) element.open = true;
  });
  window.addEventListener("afterprint", () => {
    for (const element of closedBeforePrint) element.open = false;
  });
  // Cards off screen start skipped (report.css) so a long page is up at once; then they are drawn a batch
  // per idle moment, so a full-page screenshot soon paints every one. `data-cards="drawn"` says when.
  function drawCards() {
    const cards = document.querySelectorAll(".entry, .fold");
    const idle = window.requestIdleCallback || ((step) => setTimeout(step, 16));
    let next = 0;
    const step = () => {
      const end = Math.min(next + 100, cards.length);
      for (; next < end; next += 1) cards[next].classList.add("drawn");
      if (next < cards.length) idle(step);
      else document.documentElement.dataset.cards = "drawn";
    };
    idle(step);
  }
  // A block that scrolls sideways (code, a diff, a wide table) takes the keyboard's focus, so that arrow
  // keys scroll it; only while it does scroll, so the page gains no stops it does not need. A resize
  // observer sees a block when it is drawn, opened, filtered back in or resized, with its layout done.
  if (window.ResizeObserver) {
    const scrollers = new ResizeObserver((seen) => {
      for (const { target } of seen) {
        if (target.scrollWidth > target.clientWidth) target.setAttribute("tabindex", "0");
        else target.removeAttribute("tabindex");
      }
    });
    for (const block of document.querySelectorAll("pre, table.diff, .table-scroll")) scrollers.observe(block);
  }
  if (document.readyState === "complete") drawCards();
  else window.addEventListener("load", drawCards);
  const target = new URLSearchParams(viewerMeta("pi-url-params")).get("targetId");
  if (target && !location.hash && document.getElementById(`e-${target}`)) location.hash = `#e-${target}`;
  reveal(location.hash);
})();
