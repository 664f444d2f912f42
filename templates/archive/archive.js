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
