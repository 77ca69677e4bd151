/*
** play.js: the Play tab: one game, seen through the API's state (GET /api/games/ID). The board is
** the server's picture with an overlay where the page draws what may be done: the cells where the
** drawn tile fits (at the chosen rotation), the spots where a follower (or the kind of piece
** chosen by its button: a large follower, a builder) may go, and the module decisions as
** buttons. The page acts for every human seat whose token it holds: all of them when
** it made the game (hot seat), one when opened from a seat's link (#play/GAME/TOKEN). Until the
** game is over it asks for the state every second (the other seats play elsewhere: the bots on
** the server, people in other browsers) and redraws when it changed.
*/
'use strict';

const POLL_MS = 1000;

const play = {
  id: null,
  tokens: {},         // seat -> token, the seats this page acts for
  state: null,
  stateKey: '',       // the last state shown, to redraw only what changed
  bagKey: '',
  rot: 0,             // the rotation chosen for the drawn tile
  piece: 'follower',  // the kind of piece chosen to deploy (when several may be)
  version: 0,         // counts the states shown (data-version of the status line, for tests)
  timer: null,
  busy: false,
  asked: 0,           // requests for a state made, and the last one shown: an answer that
  shown: 0,           // comes after a newer one is dropped

  /* Kept per browser tab, so that a reload of #play/GAME still plays the same seats. */
  remember(id, tokens) { sessionStorage.setItem(`meeple-game-${id}`, JSON.stringify(tokens)); },

  async enter(args) {
    this.stop();
    if (args[0]) this.open(args[0], args[1]);
    document.getElementById('play-none').hidden = this.id !== null;
    document.getElementById('play-game').hidden = this.id === null;
    if (this.id !== null) await this.refresh();
  },

  open(id, token) {
    if (id !== this.id) { this.state = null; this.stateKey = ''; this.bagKey = ''; }
    this.id = id;
    if (token) {
      this.tokens = { pending: token };   // its seat is learnt from the first state
    } else {
      try { this.tokens = JSON.parse(sessionStorage.getItem(`meeple-game-${id}`)) || {}; } catch (e) { this.tokens = {}; }
    }
  },

  stop() { clearTimeout(this.timer); this.timer = null; },

  mine() { const s = this.state; return !!(s && !s.over && s.player !== null && this.tokens[s.player]); },

  token() {
    const s = this.state;
    if (s && s.player !== null && this.tokens[s.player]) return this.tokens[s.player];
    return Object.values(this.tokens)[0] || '';
  },

  async refresh(token) {
    this.stop();
    const t = token || this.token(), n = ++this.asked;
    const s = await api('GET', `/api/games/${this.id}${t ? `?token=${t}` : ''}`);
    await this.show(s, n, t);
  },

  /* A state, answer n of the server, asked with token t. */
  async show(s, n, t) {
    if (n < this.shown) return;
    this.shown = n;
    if (this.tokens.pending && s.seat !== null && s.seat !== undefined) {
      this.tokens = { [s.seat]: this.tokens.pending };
    }
    // Hot seat: the decision is another seat's of this page: the state as that seat sees it
    // (its can_undo), asked for before anything is drawn (once: not again if that token was used).
    const next = s.over || s.player === null ? null : this.tokens[s.player];
    if (next && s.player !== s.seat && next !== t) return this.refresh(next);
    const key = JSON.stringify(s);
    if (key !== this.stateKey) {
      const turnChanged = !this.state || this.state.turn !== s.turn || this.state.drawn !== s.drawn;
      this.state = s;
      this.stateKey = key;
      this.version++;
      const rots = s.drawn_rotations || [];
      if (turnChanged || !rots.includes(this.rot)) this.rot = rots.length ? rots[0] : 0;
      if (turnChanged) this.piece = 'follower';
      const board = await api('GET', `/api/games/${this.id}/board`);
      if (n !== this.shown) return;   // a newer state came meanwhile: it draws
      this.board = board;
      this.render();
    }
    this.schedule(!s.over);
  },

  schedule(more) {
    clearTimeout(this.timer);
    this.timer = more && location.hash.startsWith('#play') ? setTimeout(() => this.poll(), POLL_MS) : null;
  },

  /* A poll that fails (the server busy, the network gone a moment) is tried again; said only when
  ** it keeps failing. */
  async poll() {
    try {
      await this.refresh();
      this.failures = 0;
      if (document.getElementById('error').dataset.from === 'poll') showError('');
    } catch (e) {
      this.failures = (this.failures || 0) + 1;
      if (this.failures >= 3) {
        showError(`${e.message} (asking again every second)`);
        document.getElementById('error').dataset.from = 'poll';
      }
      this.schedule(true);
    }
  },

  async act(action) {
    if (this.busy) return;
    this.busy = true;
    try {
      this.stop();
      const n = ++this.asked, t = this.token();
      const s = await api('POST', `/api/games/${this.id}/actions`, { token: t, action });
      await this.show(s, n, t);
    } finally { this.busy = false; }
  },

  async undo() {
    this.stop();
    const n = ++this.asked, t = this.token();
    const s = await api('POST', `/api/games/${this.id}/undo`, { token: t });
    await this.show(s, n, t);
  },

  /* ---------------------------------------------------------------- drawing */

  render() {
    const s = this.state;
    this.renderStatus(s);
    this.renderBoard(s);
    this.renderDecisions(s);
    this.renderDrawn(s);
    this.renderPlayers(s);
    this.renderOver(s);
    this.renderLinks();
    this.renderBag(s);
    const log = clear(document.getElementById('play-log'));
    for (const t of s.turns || []) log.append(el('li', { class: 'notation' }, t));
    document.getElementById('undo').disabled = !(this.mine() && s.can_undo);
    const a = document.getElementById('download-record');
    a.href = `/api/games/${this.id}/record`;
    a.setAttribute('download', `meeple-game-${this.id}.yaml`);
  },

  /* The first fact named `what` of a player (by name; null: the game's), or undefined. */
  fact(s, what, player) {
    return (s.facts || []).find(f => f.what === what && f.player === player);
  },

  /* The tile set's icons that every player holds a count of (the goods of Traders & Builders:
  ** wine, grain, cloth), each with the module that counts it: a column each in the players' table. */
  heldIcons(s) {
    const players = s.players || [];
    return (s.icons || []).filter(i => players.length && players.every(p => (s.facts || []).some(
      f => f.kind === 'count' && f.what === i && f.player === p.name)));
  },

  name(seat) {
    const p = (this.state.players || [])[seat];
    return p ? p.name : `seat ${seat + 1}`;
  },

  renderStatus(s) {
    const what = { place: 'place the tile', deploy: 'place a follower or pass', module: 'decide' }[s.phase] || s.phase;
    let text;
    if (s.over) text = `Game ${s.game} (${s.ruleset}, seed ${s.seed}) is over after ${s.turn} turns.`;
    else if (this.mine()) text = `Turn ${s.turn}: ${this.name(s.player)}, your turn: ${what}. ${s.tiles_left} tiles left.`;
    else text = `Turn ${s.turn}: waiting for ${this.name(s.player)} (${what}). ${s.tiles_left} tiles left.`;
    // A double turn (Traders & Builders' builder), as its module's fact says: 1 the tile just
    // placed has earned a second, 2 the second is being played.
    const double = s.over ? null : this.fact(s, 'double-turn', this.name(s.player));
    if (double && double.value === 2) text += ` Second tile (${double.module}).`;
    else if (double && double.value === 1) text += ` This tile has earned a second tile (${double.module}).`;
    const status = document.getElementById('play-status');
    status.textContent = text;
    status.classList.toggle('yours', this.mine());
    Object.assign(status.dataset, { phase: s.phase, mine: String(this.mine()), over: String(!!s.over), version: String(this.version),
                                    doubleTurn: String(double ? double.value : 0) });
  },

  renderBoard(s) {
    const view = showBoard(document.getElementById('play-board'), 'play', this.board, 'board');
    this.view = view;
    if (s.last) view.overlay.append(this.cellRect(s.last.x, s.last.y, { class: 'last' }));
    if (!this.mine()) return;
    const choices = s.choices || [];
    this.drawPlacements(view, choices.filter(c => c.kind === 'place'));
    this.drawSpots(view, choices.filter(c => c.kind === 'deploy'));
    for (const c of choices.filter(c => c.kind === 'module' && c.x !== undefined && c.x !== null && this.offered(c, s)))
      view.overlay.append(this.cellRect(c.x, c.y, { class: 'module-cell' }));
  },

  cellRect(x, y, attrs) {
    const c = this.view.cell(x, y);
    return svgEl('rect', Object.assign({ x: c.x, y: c.y, width: c.size, height: c.size }, attrs));
  },

  /* One square a cell where the tile fits: bright where it fits at the chosen rotation. */
  drawPlacements(view, places) {
    const cells = new Map();
    for (const c of places) {
      const k = `${c.x},${c.y}`;
      if (!cells.has(k)) cells.set(k, { x: c.x, y: c.y, rots: [] });
      cells.get(k).rots.push(c.rot);
    }
    const preview = svgEl('image', { class: 'preview', visibility: 'hidden' });
    for (const cell of cells.values()) {
      const fits = cell.rots.includes(this.rot);
      const rect = this.cellRect(cell.x, cell.y, {
        class: fits ? 'place fits' : 'place other', 'data-test': `cell-${cell.x}-${cell.y}`,
        'data-rotations': cell.rots.join(' '),
        onclick: guarded(() => this.clickCell(cell)),
        onmouseenter: () => this.showPreview(preview, cell),
        onmouseleave: () => preview.setAttribute('visibility', 'hidden'),
      });
      rect.append(svgEl('title', {}, `${cell.x},${cell.y}: rotation${cell.rots.length > 1 ? 's' : ''} ${cell.rots.join(', ')}`));
      view.overlay.append(rect);
    }
    view.overlay.append(preview);
  },

  showPreview(preview, cell) {
    const rot = cell.rots.includes(this.rot) ? this.rot : cell.rots[0];
    const c = this.view.cell(cell.x, cell.y);
    setAttrs(preview, { href: `/api/games/${this.id}/drawn.svg?rot=${rot}`, x: c.x, y: c.y, width: c.size,
                        height: c.size, visibility: 'visible' });
  },

  /* The chosen rotation where it fits; else the only one that fits; else that cell's first
  ** rotation is chosen, to be seen before it is placed. */
  async clickCell(cell) {
    let rot = null;
    if (cell.rots.includes(this.rot)) rot = this.rot;
    else if (cell.rots.length === 1) rot = cell.rots[0];
    if (rot === null) { this.rot = cell.rots[0]; this.render(); return; }
    const c = this.state.choices.find(ch => ch.kind === 'place' && ch.x === cell.x && ch.y === cell.y && ch.rot === rot);
    await this.act(c.action);
  },

  /* The kinds of piece the deployments offer, in the API's order (the ordinary follower first);
  ** the one chosen is this.piece (the first, unless another was chosen and is still offered). */
  offeredPieces(deploys) {
    const pieces = [...new Set(deploys.map(d => d.piece || 'follower'))];
    if (!pieces.includes(this.piece)) this.piece = pieces[0] || 'follower';
    return pieces;
  },

  /* spot-F, F the feature of the placed tile (and the role, when a feature takes more than one):
  ** where the chosen kind of piece may go; a piece other than the ordinary follower has its name
  ** beside each spot (data-piece: the piece a spot deploys). */
  drawSpots(view, deploys) {
    this.offeredPieces(deploys);
    const mine = deploys.filter(d => (d.piece || 'follower') === this.piece);
    const count = {};
    for (const d of mine) count[d.feature] = (count[d.feature] || 0) + 1;
    mine.forEach(d => {
      const name = count[d.feature] > 1 ? `spot-${d.feature}-${d.role}` : `spot-${d.feature}`;
      const c = view.cell(d.x, d.y), spot = d.spot || { x: 0.5, y: 0.5 }, r = c.size * 0.11;
      const cx = c.x + spot.x * c.size, cy = c.y + spot.y * c.size, other = this.piece !== 'follower';
      const circle = svgEl('circle', { cx, cy, r, class: 'spot', 'data-test': name, 'data-role': d.role,
                                       'data-piece': this.piece, onclick: guarded(() => this.act(d.action)) },
                           svgEl('title', {}, `${other ? `${this.piece} (${d.role})` : d.role || 'follower'} on the ${d.feature_kind || 'feature'}`));
      view.overlay.append(circle);
      if (other) view.overlay.append(svgEl('text', { x: cx + r + 2, y: cy + r * 0.45, class: 'spot-label', 'font-size': r * 1.2 }, this.piece));
    });
  },

  /* When the player may deploy several kinds of piece: a button for each, the chosen one marked;
  ** the spots are those of the chosen kind. */
  pieceButtons(box, s) {
    const pieces = this.offeredPieces((s.choices || []).filter(c => c.kind === 'deploy'));
    if (pieces.length < 2) return;
    const left = {};
    for (const k of ((s.players || [])[s.player] || {}).pieces || []) left[k.name] = k.left;
    for (const p of pieces)
      box.append(el('button', { type: 'button', class: p === this.piece ? 'piece chosen' : 'piece', 'data-test': `piece-${p}`,
                                'data-piece': p, title: `the spots where a ${p} may go`,
                                onclick: () => { this.piece = p; this.render(); } },
                    p, left[p] !== undefined ? el('small', {}, ` ${left[p]} left`) : null));
  },

  /* Passing and the modules' decisions (bridges, castles, bazaars, The Castle's walls): buttons. */
  renderDecisions(s) {
    const box = clear(document.getElementById('play-decisions'));
    if (!this.mine()) return;
    if (s.phase === 'deploy') this.pieceButtons(box, s);
    let k = 0, passes = 0;
    for (const c of s.choices || []) {
      if (c.kind === 'pass') {
        const label = s.phase === 'deploy' && (!c.label || c.label === 'pass') ? 'No follower' : c.label || 'Pass';
        box.append(el('button', { type: 'button', class: 'pass', 'data-test': passes++ ? `pass-${passes - 1}` : 'pass',
                                  onclick: guarded(() => this.act(c.action)) }, label));
      } else if (c.kind === 'module' && this.offered(c, s)) {
        box.append(this.moduleButton(c, k++));
      }
    }
  },

  /* A placement with a module's extra (a tile placed with a bridge) is offered at the chosen
  ** rotation only, as the plain placements are. */
  offered(c, s) {
    return !(s.phase === 'place' && c.rot !== undefined && c.rot !== null && (s.drawn_rotations || []).includes(c.rot) && c.rot !== this.rot);
  },

  moduleButton(c, k) {
    const d = c.decision || {};
    const args = Object.entries(d.args || {}).map(([a, v]) => `${a} ${v}`).join(', ');
    const where = c.x !== undefined && c.x !== null ? ` at ${c.x},${c.y}` : '';
    const hint = [d.module, d.name].filter(Boolean).join(' ');
    const b = el('button', { type: 'button', class: 'module', 'data-test': `choice-${k}`, title: c.action,
                             'data-module': d.module, 'data-decision': d.name,
                             onclick: guarded(() => this.act(c.action)) },
                 c.label || c.action, el('small', {}, [hint, args].filter(Boolean).join(': ') + where));
    if (where) {
      b.addEventListener('mouseenter', () => {
        this.view.overlay.append(this.cellRect(c.x, c.y, { class: 'hover' }));
        if (c.rot !== undefined && c.rot !== null && c.tile) {
          const cell = this.view.cell(c.x, c.y);
          this.view.overlay.append(svgEl('image', { class: 'preview hover', href: `/api/games/${this.id}/drawn.svg?rot=${c.rot}`,
                                                    x: cell.x, y: cell.y, width: cell.size, height: cell.size }));
        }
      });
      b.addEventListener('mouseleave', () => this.view.overlay.querySelectorAll('.hover').forEach(n => n.remove()));
    }
    return b;
  },

  renderDrawn(s) {
    const box = clear(document.getElementById('play-drawn'));
    if (!s.drawn || s.over) return;
    box.append(el('p', {}, `Drawn tile: ${s.drawn}`));
    const rots = s.phase === 'place' && this.mine() ? (s.drawn_rotations || []) : [];
    if (!rots.length) {
      box.append(el('img', { src: `/api/games/${this.id}/drawn.svg?rot=0`, width: 72, height: 72, alt: s.drawn }));
      return;
    }
    for (const r of rots) {
      box.append(el('button', { type: 'button', class: r === this.rot ? 'rotation chosen' : 'rotation',
                                'data-test': `rotation-${r}`, title: `rotation ${r} (${r * 90}°)`,
                                onclick: () => { this.rot = r; this.render(); } },
                    el('img', { src: `/api/games/${this.id}/drawn.svg?rot=${r}`, width: 72, height: 72, alt: `rotation ${r}` })));
    }
  },

  /* The players: each in the colour the board draws him in (the API's rgb, by the ruleset's
  ** colours), his followers left, or each kind of piece's when the ruleset has several. */
  renderPlayers(s) {
    const table = clear(document.getElementById('play-players'));
    const kinds = ((s.players || [])[0] || {}).pieces || [], several = kinds.length > 1;
    const supplies = several ? kinds.map(k => el('th', { class: 'count', title: `${k.name}s left` }, k.name)) : [el('th', {}, 'followers')];
    const held = this.heldIcons(s);
    // A module whose counts are columns here (goods) says the same in words: its words are left out.
    const shown = new Set(held.map(i => (this.fact(s, i, ((s.players || [])[0] || {}).name) || {}).module));
    const words = p => (p.statuses || []).filter(w => !shown.has(w.module)).map(w => w.words).join('; ');
    const heldHeads = held.map(i => el('th', { class: 'count', title: `${i} held`, 'data-test': `held-${i}` }, i));
    const anyTokens = (s.players || []).some(p => (p.tokens || []).length);   // no column for what no ruleset gives
    table.classList.toggle('many', supplies.length + held.length + (anyTokens ? 1 : 0) > 3);
    table.append(el('tr', {}, el('th', {}, ''), el('th', {}, 'player'), el('th', {}, 'score'), supplies, heldHeads,
                    anyTokens ? el('th', {}, 'tokens') : null));
    for (const p of s.players || []) {
      const tokens = (p.tokens || []).map(t => `${t.name} ${t.left}`).join(', ');
      const supply = several
        ? (p.pieces || []).map(k => el('td', { class: 'num', 'data-test': `supply-${p.seat}-${k.name}` }, String(k.left)))
        : el('td', { class: 'num', 'data-test': `supply-${p.seat}` }, p.supply === undefined ? '' : String(p.supply));
      const row = el('tr', { class: p.seat === s.player && !s.over ? 'current' : '' },
                     el('td', {}, el('span', { class: 'swatch', 'data-test': `swatch-${p.seat}`, title: p.colour || '',
                                               style: `background:${p.rgb || colour(p.seat)}` })),
                     el('td', {}, p.name, el('small', {}, ` ${p.kind}${this.tokens[p.seat] ? ' (you)' : ''}`),
                        words(p) ? el('div', { class: 'status-words' }, words(p)) : null),
                     el('td', { class: 'num', 'data-test': `score-${p.seat}` }, String(p.score)),
                     supply,
                     held.map(i => el('td', { class: 'num', 'data-test': `held-${p.seat}-${i}` },
                                      String((this.fact(s, i, p.name) || {}).value || 0))),
                     anyTokens ? el('td', {}, tokens) : null);
      table.append(row);
    }
  },

  renderOver(s) {
    const box = document.getElementById('game-over');
    box.hidden = !s.over;
    if (!s.over) return;
    const winners = (s.winners || []).map(w => this.name(w)).join(' and ');
    clear(box).append(el('h2', {}, 'Game over'), el('p', { 'data-test': 'winners' }, `Winner${(s.winners || []).length > 1 ? 's' : ''}: ${winners}`),
                      el('ul', {}, (s.players || []).map(p => el('li', {}, `${p.name}: `,
                                                              el('b', { 'data-test': `final-${p.seat}` }, String(p.score))))),
                      el('p', {}, el('a', { href: '#choose' }, 'Another game'), ' · ',
                         el('a', { href: '#replay' }, 'Replay a record')));
  },

  /* Each seat's secret link: whoever opens it plays that seat, and only that one. */
  renderLinks() {
    const list = clear(document.querySelector('#play-links ul'));
    for (const [seat, token] of Object.entries(this.tokens)) {
      if (seat === 'pending') continue;
      const href = `${location.origin}${location.pathname}#play/${this.id}/${token}`;
      list.append(el('li', {}, `${this.name(Number(seat))}: `, el('a', { href, 'data-test': `seat-link-${seat}` }, href)));
    }
  },

  renderBag(s) {
    const key = JSON.stringify(s.bag || []);
    if (key === this.bagKey) return;
    this.bagKey = key;
    const box = clear(document.getElementById('play-bag'));
    for (const b of s.bag || []) {
      if (!b.left) continue;
      box.append(el('figure', { 'data-test': `bag-${b.tile}` },
                    el('img', { src: `/api/games/${this.id}/tiles/${encodeURIComponent(b.tile)}.svg`, width: 40, height: 40,
                                alt: b.tile, loading: 'lazy' }),
                    el('figcaption', {}, `${b.tile} ×${b.left}`)));
    }
  },
};

pages.play = play;

window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('undo').addEventListener('click', guarded(() => play.undo()));
  document.addEventListener('keydown', e => {   // r: the next rotation that fits
    if (e.key !== 'r' || !play.mine() || play.state.phase !== 'place' || e.target.tagName === 'INPUT') return;
    const rots = play.state.drawn_rotations || [];
    if (rots.length) { play.rot = rots[(rots.indexOf(play.rot) + 1) % rots.length]; play.render(); }
  });
});
