/* sidepot report page: grids paged from the embedded JSON, Plotly graphs, the hand replayer.
 * Every value from the store is set as text (textContent), never as markup. */
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("page-data").textContent);
  const HANDS = new Map(DATA.hands.map((h) => [h.k, h]));
  const SYMBOL = { USD: "$", EUR: "\u20ac", GBP: "\u00a3", CAD: "C$" };

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function svg(tag, attrs, text) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  /* hundredths of the currency -> "$1,234.50", "1,500" chips */
  function money(v, cur, dec) {
    if (v === null || v === undefined) return "";
    const places = dec === undefined ? (cur === "CHIPS" ? 0 : 2) : dec;
    const n = v / 100;
    const text = Math.abs(n).toLocaleString("en-US",
      { minimumFractionDigits: places, maximumFractionDigits: Math.max(places, 2) });
    const sign = n < 0 ? "-" : "";
    if (SYMBOL[cur]) return sign + SYMBOL[cur] + text;
    if (!cur || cur === "CHIPS") return sign + text;
    return sign + text + " " + cur;
  }
  function num(v) { return v === null || v === undefined ? "" : String(v); }

  /* ---------- a sortable, searchable, paged grid over rows of arrays ---------- */
  function Grid(opts) {
    this.o = opts; this.sortCol = opts.sortCol; this.dir = opts.dir || -1;
    this.query = ""; this.page = 0; this.view = null;
    const table = document.getElementById(opts.table);
    this.thead = table.querySelector("thead"); this.tbody = table.querySelector("tbody");
    const tr = el("tr");
    opts.cols.forEach((c, i) => {
      const th = el("th", { "data-col": String(i), scope: "col" }, c.label);
      th.addEventListener("click", () => this.sort(i));
      tr.appendChild(th);
    });
    this.thead.appendChild(tr);
    const search = document.getElementById(opts.search);
    if (search) search.addEventListener("input", () => { this.query = search.value.trim().toLowerCase(); this.page = 0; this.view = null; this.render(); });
    this.pager = document.getElementById(opts.pager);
    this.render();
  }
  Grid.prototype.sort = function (i) {
    if (this.sortCol === i) this.dir = -this.dir; else { this.sortCol = i; this.dir = this.o.cols[i].text ? 1 : -1; }
    this.page = 0; this.view = null; this.render();
  };
  Grid.prototype.rows = function () {
    if (this.view) return this.view;
    const q = this.query, o = this.o;
    let rows = q ? o.rows.filter((r) => o.searchText(r).includes(q)) : o.rows.slice();
    if (this.sortCol !== null && this.sortCol !== undefined) {
      const key = o.cols[this.sortCol].key, d = this.dir;
      rows.sort((a, b) => {
        const x = key(a), y = key(b);
        if (x === y) return 0;
        if (x === null || x === undefined) return 1;
        if (y === null || y === undefined) return -1;
        return (x < y ? -1 : 1) * d;
      });
    }
    this.view = rows; return rows;
  };
  Grid.prototype.render = function () {
    const rows = this.rows(), size = this.o.pageSize || 50;
    const pages = Math.max(1, Math.ceil(rows.length / size));
    this.page = Math.min(this.page, pages - 1);
    this.thead.querySelectorAll("th").forEach((th, i) => {
      if (i === this.sortCol) th.setAttribute("aria-sort", this.dir > 0 ? "ascending" : "descending");
      else th.removeAttribute("aria-sort");
    });
    const body = document.createDocumentFragment();
    for (const r of rows.slice(this.page * size, (this.page + 1) * size)) {
      const tr = el("tr");
      this.o.cols.forEach((c) => {
        const td = el("td", c.text ? { class: "t" } : {});
        if (c.cell) c.cell(r, td); else td.textContent = c.show(r);
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
    this.tbody.replaceChildren(body);
    if (this.pager) {
      this.pager.replaceChildren();
      const prev = el("button", { type: "button", class: "prev" }, "\u2039 prev");
      const next = el("button", { type: "button", class: "next" }, "next \u203a");
      prev.disabled = this.page === 0; next.disabled = this.page >= pages - 1;
      prev.addEventListener("click", () => { this.page--; this.render(); });
      next.addEventListener("click", () => { this.page++; this.render(); });
      this.pager.append(prev, el("span", { class: "page-info" },
        `page ${this.page + 1} of ${pages} \u00b7 ${rows.length.toLocaleString("en-US")} rows`), next);
    }
  };
  Grid.prototype.search = function (text) {
    const box = document.getElementById(this.o.search);
    if (box) box.value = text;
    this.query = text.toLowerCase(); this.page = 0; this.view = null; this.render();
  };

  /* ---------- the statistics grid ---------- */
  const S = DATA.stats, ci = Object.fromEntries(S.cols.map((c, i) => [c, i]));
  const LABELS = { player: "player", site: "site", currency: "currency", hands: "hands",
    vpip: "VPIP", pfr: "PFR", three_bet: "3-bet", fold_to_three_bet: "fold to 3-bet",
    cbet_flop: "c-bet flop", fold_to_cbet_flop: "fold to c-bet", steal: "steal", wtsd: "WTSD",
    wsd: "W$SD", wwsf: "WWSF", af: "AF", net_won: "net won", bb_per_100: "bb/100",
    rake_paid: "rake paid" };
  let handsGrid = null;
  const statCols = S.cols.map((c) => {
    const i = ci[c];
    const col = { label: LABELS[c] || c, key: (r) => r[i], text: ["player", "site", "currency"].includes(c) };
    if (S.money.includes(c)) col.show = (r) => money(r[i], r[ci.currency]);
    else if (c === "player") col.cell = (r, td) => {
      const a = el("a", { href: "#hands-section", class: "player-link", title: "this player's hands on the page" }, r[i]);
      a.addEventListener("click", () => { if (handsGrid) handsGrid.search(String(r[i])); });
      td.appendChild(a);
    };
    else col.show = (r) => num(r[i]);
    return col;
  });
  const statsGrid = new Grid({ table: "stats", search: "stats-search", pager: "stats-pager",
    cols: statCols, rows: S.rows, sortCol: ci.hands, dir: -1, pageSize: 50,
    searchText: (r) => (String(r[ci.player]) + " " + String(r[ci.site])).toLowerCase() });
  window.sidepotStatsGrid = statsGrid;

  /* ---------- breakdowns ---------- */
  const B = DATA.breakdowns, bSelect = document.getElementById("breakdown-dim");
  function drawBreakdown() {
    const dim = bSelect.value, rows = B[dim] || [];
    const tbody = document.querySelector("#breakdown tbody");
    tbody.replaceChildren(...rows.map((r) => {
      const tr = el("tr");
      [[r[0], 1], [r[1], 1], [r[2]], [money(r[3], r[1])], [num(r[4])], [num(r[5])], [num(r[6])], [num(r[7])]]
        .forEach(([v, t]) => tr.appendChild(el("td", t ? { class: "t" } : {}, v)));
      return tr;
    }));
    if (window.Plotly) {
      const byCur = new Map();
      rows.forEach((r) => { if (!byCur.has(r[1])) byCur.set(r[1], []); byCur.get(r[1]).push(r); });
      const traces = [...byCur.entries()].map(([cur, rs]) => ({ type: "bar", name: cur || "?",
        x: rs.map((r) => r[0]), y: rs.map((r) => r[5]), customdata: rs.map((r) => r[2]),
        hovertemplate: "%{x}: %{y:.1f} bb/100 over %{customdata} hands<extra>" + (cur || "") + "</extra>" }));
      Plotly.react("breakdown-graph", traces, { title: { text: "bb/100 by " + dim }, barmode: "group",
        margin: { t: 40, b: 80 }, height: 320, xaxis: { type: "category" } }, { displaylogo: false, responsive: true });
    }
  }
  bSelect.addEventListener("change", drawBreakdown);
  drawBreakdown();

  /* ---------- graphs ---------- */
  const G = DATA.graph;
  if (window.Plotly && G && !G.error) {
    const line = (name, y, color, dash) => ({ type: "scattergl", mode: "lines", name, x: G.x, y,
      line: { color, width: name === "net won" ? 2 : 1.2, dash: dash || "solid" } });
    const traces = [line("net won", G.net, "#2a9d3a"), line("showdown", G.sd, "#1f5fbf"),
      line("non-showdown", G.nsd, "#d62728")];
    if (G.adj) traces.push(line(`all-in adjusted (${G.adjusted_hands} hands)`, G.adj, "#ff9f1c", "dash"));
    Plotly.newPlot("graph-winnings", traces, {
      title: { text: `${G.player}: won in big blinds over ${G.hands} hands` },
      xaxis: { title: { text: G.dated ? "date (UTC)" : "hands" }, type: G.dated ? "date" : "linear" },
      yaxis: { title: { text: "big blinds" } }, hovermode: "x unified", height: 420,
      legend: { orientation: "h" } }, { displaylogo: false, responsive: true });
    const P = G.positions || [];
    Plotly.newPlot("graph-positions", [{ type: "bar", x: P.map((p) => p[0]), y: P.map((p) => p[2]),
      customdata: P.map((p) => p[1]), marker: { color: P.map((p) => (p[2] >= 0 ? "#2a9d3a" : "#d62728")) },
      hovertemplate: "%{x}: %{y:.1f} bb/100 over %{customdata} hands<extra></extra>" }],
    { title: { text: `${G.player}: bb/100 by position` }, height: 320, xaxis: { type: "category" } },
    { displaylogo: false, responsive: true });
  }

  /* ---------- hands list ---------- */
  const stakes = (h) => (h.sb !== null && h.bb !== null ? money(h.sb, h.cur, h.dec) + "/" + money(h.bb, h.cur, h.dec) : "");
  handsGrid = new Grid({ table: "hands", search: "hands-search", pager: "hands-pager", pageSize: 25,
    rows: DATA.hands, sortCol: 1, dir: 1,
    searchText: (h) => (h.k + " " + h.seats.map((s) => s[1]).join(" ")).toLowerCase(),
    cols: [
      { label: "hand", text: true, key: (h) => h.k, cell: (h, td) => td.appendChild(el("a", { href: "#hand=" + encodeURIComponent(h.k), class: "hand-link" }, h.k)) },
      { label: "started (UTC)", text: true, key: (h) => h.t, show: (h) => h.t || "" },
      { label: "stakes", text: true, key: (h) => h.bb, show: (h) => stakes(h) + (h.tour ? " T" + h.tour : "") },
      { label: "game", text: true, key: (h) => h.game, show: (h) => `${h.game || ""} ${h.limit || ""}` },
      { label: "players", key: (h) => h.seats.length, show: (h) => h.seats.length },
      { label: "pot", key: (h) => totalPot(h), show: (h) => money(totalPot(h), h.cur, h.dec) },
      { label: "findings", key: (h) => h.nf, show: (h) => h.nf },
    ] });

  /* ---------- the replayer ---------- */
  const R = { hand: null, steps: [], at: 0 };
  const SUIT = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  const SUIT_COLOR = { s: "#111", h: "#c00", d: "#1a5fd0", c: "#187a2f" };
  const PAYS = new Set(["post_sb", "post_bb", "post_ante", "post_dead", "post_straddle", "call", "bet", "raise"]);

  function buildSteps(h) {
    const stack = {}, bet = {}, folded = {};
    h.seats.forEach((s) => { stack[s[0]] = s[3] || 0; bet[s[0]] = 0; folded[s[0]] = false; });
    const snap = (label, act, street, pot) => ({ label, act, street, pot,
      stack: { ...stack }, bet: { ...bet }, folded: { ...folded } });
    const steps = [snap("cards dealt", -1, "preflop", 0)];
    let street = "preflop";
    h.acts.forEach((a, i) => {
      const [st, seat, kind, amount, to, allIn, cards, potAfter] = a;
      if (st !== street && st !== "showdown") { Object.keys(bet).forEach((k) => { bet[k] = 0; }); street = st; }
      if (PAYS.has(kind)) { stack[seat] -= amount || 0; bet[seat] += amount || 0; }
      else if (kind === "uncalled_return") { stack[seat] += amount || 0; bet[seat] = Math.max(0, bet[seat] - (amount || 0)); }
      else if (kind === "fold") folded[seat] = true;
      steps.push(snap(describe(h, a), i, st === "showdown" ? street : st, potAfter));
      if (st === "showdown") street = "showdown";
    });
    h.seats.forEach((s) => { stack[s[0]] += s[6] || 0; bet[s[0]] = 0; });
    steps.push(snap("pots awarded", h.acts.length, "end", totalPot(h)));
    return steps;
  }
  /* the pot the site printed; where it printed none, the engine's pots (or the pot after the
     last action), so the last step never reads "pot " with no amount */
  function totalPot(h) {
    if (h.pot !== null && h.pot !== undefined) return h.pot;
    if (h.pots.length) return h.pots.reduce((sum, p) => sum + (p[0] || 0), 0);
    const last = h.acts.length ? h.acts[h.acts.length - 1][7] : null;
    return last === null || last === undefined ? 0 : last;
  }
  function seatName(h, seat) { const s = h.seats.find((x) => x[0] === seat); return s ? s[1] : "seat " + seat; }
  function describe(h, a) {
    const [st, seat, kind, amount, to, allIn, cards] = a, who = seatName(h, seat);
    const m = (v) => money(v, h.cur, h.dec);
    let text = {
      post_sb: `posts small blind ${m(amount)}`, post_bb: `posts big blind ${m(amount)}`,
      post_ante: `posts ante ${m(amount)}`, post_dead: `posts dead ${m(amount)}`,
      post_straddle: `straddles ${m(amount)}`, fold: "folds", check: "checks",
      call: `calls ${m(amount)}`, bet: `bets ${m(amount)}`, raise: `raises to ${m(to)}`,
      uncalled_return: `takes back ${m(amount)} uncalled`, show: `shows ${cards || ""}`,
      muck: "mucks" + (cards ? " " + cards : ""), protected: "is protected on disconnection",
    }[kind] || `${kind} ${m(amount)}`;
    if (allIn) text += " (all in)";
    return `${who} ${text}`;
  }
  function boardShown(step, board) {
    const n = { preflop: 0, flop: 3, turn: 4, river: 5 }[step.street];
    return n === undefined ? board.length : Math.min(n, board.length);
  }
  function drawCard(g, x, y, text, w, cls) {
    const card = svg("g", { class: cls });
    card.appendChild(svg("rect", { x, y, width: w, height: w * 1.4, rx: 3, fill: text ? "#fff" : "#5a6fb0", stroke: "#333" }));
    if (text) {
      const suit = text.slice(-1).toLowerCase();
      card.appendChild(svg("text", { x: x + w / 2, y: y + w * 0.95, "text-anchor": "middle", "font-size": w * 0.62,
        fill: SUIT_COLOR[suit] || "#111", "font-weight": "bold" }, text.slice(0, -1).toUpperCase() + (SUIT[suit] || suit)));
    }
    g.appendChild(card);
  }
  function draw() {
    const h = R.hand, step = R.steps[R.at], root = document.getElementById("table-svg");
    root.replaceChildren();
    const W = 760, H = 480, cx = W / 2, cy = 250;
    root.appendChild(svg("ellipse", { cx, cy, rx: 270, ry: 135, fill: "#2e7d4f", stroke: "#6b4a2b", "stroke-width": 14 }));
    const seats = h.seats.map((s) => s[0]);
    const maxSeat = Math.max(h.max || 0, ...seats);
    h.seats.forEach((s) => {
      const [seat, name, pos, , cards, , collected] = s;
      const ang = Math.PI / 2 + (2 * Math.PI * (seat - 1)) / maxSeat;
      const x = cx + 300 * Math.cos(ang), y = cy + 175 * Math.sin(ang);
      const g = svg("g", { class: "seat" + (step.folded[seat] ? " folded" : ""), "data-seat": String(seat), opacity: step.folded[seat] ? 0.45 : 1 });
      g.appendChild(svg("rect", { x: x - 70, y: y - 26, width: 140, height: 52, rx: 8, fill: "#fdfdf8", stroke: seat === h.btn ? "#e0a800" : "#555", "stroke-width": seat === h.btn ? 3 : 1 }));
      g.appendChild(svg("text", { x, y: y - 9, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", class: "seat-name" }, name));
      g.appendChild(svg("text", { x, y: y + 7, "text-anchor": "middle", "font-size": 12, class: "seat-stack" }, money(step.stack[seat], h.cur, h.dec)));
      g.appendChild(svg("text", { x, y: y + 21, "text-anchor": "middle", "font-size": 10, fill: "#555" }, (pos || "") + (seat === h.btn ? " \u00b7 dealer" : "")));
      const hole = cards ? cards.split(" ") : [];
      (hole.length ? hole : ["", ""]).forEach((c, i) => drawCard(g, x - 24 + i * 25, y - 60, c, 22, "hole-card" + (c ? "" : " hidden")));
      const b = step.bet[seat];
      if (b > 0) {
        const bx = cx + 200 * Math.cos(ang), by = cy + 95 * Math.sin(ang);
        g.appendChild(svg("circle", { cx: bx - 24, cy: by, r: 6, fill: "#e9c46a", stroke: "#333" }));
        g.appendChild(svg("text", { x: bx - 14, y: by + 4, "font-size": 12, fill: "#fff", class: "seat-bet" }, money(b, h.cur, h.dec)));
      }
      if (step.street === "end" && collected > 0) {
        const wx = cx + 200 * Math.cos(ang), wy = cy + 95 * Math.sin(ang);
        g.appendChild(svg("text", { x: wx, y: wy + 4, "text-anchor": "middle", "font-size": 13, fill: "#ffe066", "font-weight": "bold", class: "seat-won" }, "wins " + money(collected, h.cur, h.dec)));
      }
      root.appendChild(g);
    });
    const board = h.board ? h.board.split(" ") : [], shown = boardShown(step, board);
    const bg = svg("g", { id: "board" });
    for (let i = 0; i < shown; i++) drawCard(bg, cx - 2.5 * 40 + i * 40, cy - 30, board[i], 34, "board-card");
    root.appendChild(bg);
    root.appendChild(svg("text", { x: cx, y: cy + 40, "text-anchor": "middle", "font-size": 15, fill: "#fff", id: "pot-total" }, "pot " + money(step.pot, h.cur, h.dec)));
    document.getElementById("step-label").textContent = `${R.at} / ${R.steps.length - 1}: ${step.label}`;
    document.getElementById("step-range").value = String(R.at);
    document.querySelectorAll("#action-log li[data-step]").forEach((li) => li.classList.toggle("current", Number(li.dataset.step) === R.at));
    const cur = document.querySelector("#action-log li.current");
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
  }
  function openHand(key) {
    const h = HANDS.get(key), box = document.getElementById("replayer");
    box.hidden = false;
    document.getElementById("replay-title").textContent = h ? `${h.k} \u00b7 ${h.t || "no date"} \u00b7 ${h.table || ""} \u00b7 ${stakes(h)} ${h.cur || ""}` : `${key}: not embedded in this page (see --max-hands)`;
    document.getElementById("replay-body").hidden = !h;
    if (!h) return;
    R.hand = h; R.steps = buildSteps(h); R.at = R.steps.length - 1;
    const range = document.getElementById("step-range");
    range.max = String(R.steps.length - 1);
    const byAct = new Map(), loose = [];
    h.fnd.forEach((f) => { if (f[3] === null) loose.push(f); else { if (!byAct.has(f[3])) byAct.set(f[3], []); byAct.get(f[3]).push(f); } });
    const log = document.getElementById("action-log");
    log.replaceChildren();
    const finding = (f) => el("span", { class: "finding " + f[1], title: f[0] }, `${f[1]} ${f[0]}: ${f[2]}`);
    loose.forEach((f) => { const li = el("li", { class: "hand-finding" }); li.appendChild(finding(f)); log.appendChild(li); });
    let street = null;
    R.steps.forEach((s, i) => {
      if (i === 0) return;
      const a = s.act < h.acts.length ? h.acts[s.act] : null, st = a ? a[0] : "result";
      if (st !== street) { log.appendChild(el("li", { class: "street" }, st)); street = st; }
      const li = el("li", { "data-step": String(i) }, s.label);
      (a ? byAct.get(s.act) || [] : []).forEach((f) => li.appendChild(finding(f)));
      li.addEventListener("click", () => { R.at = i; draw(); });
      log.appendChild(li);
    });
    const pots = document.getElementById("pots");
    pots.replaceChildren(...h.pots.map((p, i) => el("li", {},
      `${i === 0 ? "main pot" : "side pot " + i} ${money(p[0], h.cur, h.dec)}: eligible ${p[1].map((s) => seatName(h, s)).join(", ")}; won by ${p[2].map((s) => seatName(h, s)).join(", ") || "nobody"}`)));
    const adj = h.seats.filter((s) => s[10] !== null);
    document.getElementById("allin-note").textContent = adj.length ? "all-in adjusted: " + adj.map((s) => `${s[1]} ${money(s[10], h.cur, h.dec)} (real ${money(s[7], h.cur, h.dec)})`).join("; ") : "";
    draw();
    box.scrollIntoView();
  }
  document.getElementById("step-first").addEventListener("click", () => { R.at = 0; draw(); });
  document.getElementById("step-prev").addEventListener("click", () => { R.at = Math.max(0, R.at - 1); draw(); });
  document.getElementById("step-next").addEventListener("click", () => { R.at = Math.min(R.steps.length - 1, R.at + 1); draw(); });
  document.getElementById("step-last").addEventListener("click", () => { R.at = R.steps.length - 1; draw(); });
  document.getElementById("step-range").addEventListener("input", (e) => { R.at = Number(e.target.value); draw(); });
  function fromHash() {
    const m = /^#hand=(.+)$/.exec(location.hash);
    if (m) openHand(decodeURIComponent(m[1]));
  }
  window.addEventListener("hashchange", fromHash);
  document.querySelectorAll("a.example").forEach((a) => {
    if (!HANDS.has(a.dataset.hand)) { a.classList.add("missing"); a.title = "not embedded in this page"; }
  });
  window.sidepotOpenHand = openHand;
  fromHash();
})();
