/*
** editor.js: the tile editor of the Design tab. It edits one tile of the tile set shown (the
** design of design.js) as the JSON of its entry (the design's "model", meeple-tileset(5)'s keys);
** every change is sent to the server (POST /api/design/ID/tile), which writes the entry as YAML
** into the set's text, lints it and draws it: the reply is a new design, shown at once, so the
** picture and the diagnostics are the server's, the same as meeple lint and meeple render say.
** Undo and redo show an earlier or later text again (POST /api/design with that text).
*/
'use strict';

const SIDES = ['N', 'E', 'S', 'W'];
const HALVES = ['Nw', 'Ne', 'En', 'Es', 'Se', 'Sw', 'Ws', 'Wn'];   // clockwise from the north-west corner
const HALVES_OF = { N: ['Nw', 'Ne'], E: ['En', 'Es'], S: ['Se', 'Sw'], W: ['Ws', 'Wn'] };
const SIDE_OF_HALF = h => h[0];
const SHAPES = ['', 'cap', 'triangle', 'irregular', 'none'];

const editor = {
  index: -1,       // the tile edited: its place in the set's tiles
  history: [],     // [{name, text, index}]: the texts shown, oldest first
  at: -1,          // the one shown now
  busy: false,

  /* ---------------------------------------------------------------- the set */

  model() { return (design.d && design.d.model) || {}; },
  kinds() { return this.model().kinds || {}; },
  tiles() { return this.model().tiles || []; },
  tile() { return this.tiles()[this.index]; },
  covers(kind, what) { const k = this.kinds()[kind]; return !!k && Array.isArray(k.covers) && k.covers.includes(what); },
  carries(kind, what) { const k = this.kinds()[kind]; return !!k && Array.isArray(k.carries) && k.carries.includes(what); },
  letter(kind) { const k = this.kinds()[kind]; return k && k.letter ? String(k.letter) : '?'; },
  kindOfLetter(ch) { return Object.keys(this.kinds()).find(k => this.letter(k) === ch) || ''; },
  /* The kind of halves a side of kind k leaves to fields: its own when it covers halves, else the
  ** first kind that does (the field), none under a kind that covers the whole side. */
  fieldKind(k) {
    if (this.covers(k, 'halves')) return k;
    if (this.covers(k, 'side')) return '';
    return Object.keys(this.kinds()).find(x => this.covers(x, 'halves')) || '';
  },

  /* Called by design.show for every design shown: a tile set shows the editor, open on the tile
  ** edited, or on none until one is chosen. */
  refresh(d) {
    const box = document.getElementById('editor');
    box.hidden = d.kind !== 'tiles' || !d.model || !Array.isArray(d.model.tiles);
    if (box.hidden) return;
    if (this.at < 0 || this.history[this.at].text !== d.text) {   // not one of ours: a new history
      this.history = [{ name: d.name, text: d.text, index: -1 }];
      this.at = 0;
      this.index = -1;
    }
    this.draw();
  },

  /* POST an edit, show the new design, remember it. */
  async send(path, body, index) {
    if (this.busy) return;
    this.busy = true;
    try {
      const d = await api('POST', path, body);
      this.index = index;
      this.history.splice(this.at + 1);
      this.history.push({ name: d.name, text: d.text, index });
      this.at = this.history.length - 1;
      document.getElementById('editor-layout').textContent = d.layout === 'rewritten'
        ? 'The set was written anew from its data: its comments are lost (its tiles: is not one entry a line).'
        : d.layout === 'kept' ? 'Only this tile\'s entry was written anew: the rest of the file, comments included, is as it was.' : '';
      design.d = d;
      design.show(d);
    } finally { this.busy = false; }
  },

  edit(change) {
    const t = JSON.parse(JSON.stringify(this.tile()));
    change(t);
    return this.send(`/api/design/${design.d.design}/tile`, { index: this.index, tile: t }, this.index);
  },

  async goTo(at) {
    if (at < 0 || at >= this.history.length || this.busy) return;
    this.busy = true;
    try {
      const h = this.history[at];
      const d = await api('POST', '/api/design', { name: h.name, text: h.text });
      this.at = at;
      this.index = h.index;
      design.d = d;
      design.show(d);
    } finally { this.busy = false; }
  },

  undo() { return this.goTo(this.at - 1); },
  redo() { return this.goTo(this.at + 1); },

  open(index) { this.index = index; this.history[this.at].index = index; this.draw(); },

  newTile() {
    const field = Object.keys(this.kinds()).find(k => this.covers(k, 'halves'));
    const ids = new Set(this.tiles().map(t => String(t.id)));
    let n = this.tiles().length + 1;
    while (ids.has(`T${n}`)) n++;
    const t = { id: `T${n}`, count: 2, edges: this.letter(field).repeat(4), features: [{ kind: field, halves: HALVES.slice() }] };
    return this.send(`/api/design/${design.d.design}/tile`, { index: null, tile: t }, this.tiles().length);
  },

  /* A new tile that starts as a copy of the one edited, under an id of its own. */
  copyTile() {
    const t = JSON.parse(JSON.stringify(this.tile() || {}));
    if (!this.tile()) return undefined;
    const ids = new Set(this.tiles().map(x => String(x.id)));
    let n = 2;
    while (ids.has(`${t.id}-${n}`)) n++;
    t.id = `${t.id}-${n}`;
    delete t.start;
    delete t.aliases;
    delete t.jcz;
    return this.send(`/api/design/${design.d.design}/tile`, { index: null, tile: t }, this.tiles().length);
  },

  deleteTile() {
    if (this.index < 0) return undefined;
    return this.send(`/api/design/${design.d.design}/tile`, { index: this.index, delete: true }, -1);
  },

  async newSet(name, ruleset) {
    this.at = -1;
    const d = await api('POST', '/api/design', { blank: name, ruleset });
    design.d = d;
    design.job = null;
    design.show(d);
    this.open(0);
  },

  /* ---------------------------------------------------------------- what an edit does */

  /* Side s becomes kind k: its letter in edges:, the side taken out of every segment, a new segment
  ** of k on it (unless k covers half-sides), and the fields drawn anew. */
  setSide(t, s, k) {
    const edges = (t.edges || '????').padEnd(4, '?').split('');
    edges[SIDES.indexOf(s)] = this.letter(k);
    t.edges = edges.join('');
    t.features = t.features || [];
    for (const f of t.features) if (Array.isArray(f.sides)) f.sides = f.sides.filter(x => x !== s);
    if (!this.covers(k, 'halves')) t.features.push({ kind: k, sides: [s] });
    this.drawFields(t);
  },

  /* The fields of t anew from its sides: going round the eight half-sides, a field runs on until a
  ** side covered whole (a city) or a middle covered (a road) cuts it; each field touches the
  ** whole-side segments at its two ends. */
  drawFields(t) {
    const sideKind = s => {
      const f = t.features.find(x => Array.isArray(x.sides) && x.sides.includes(s));
      return f ? f.kind : this.kindOfLetter((t.edges || '')[SIDES.indexOf(s)]);
    };
    const whole = s => { const k = sideKind(s); return !!k && this.covers(k, 'side'); };
    const middle = s => { const k = sideKind(s); return !!k && this.covers(k, 'middle') && !this.covers(k, 'side'); };
    const kindAt = h => (whole(SIDE_OF_HALF(h)) ? '' : this.fieldKind(sideKind(SIDE_OF_HALF(h))));
    // A cut before half i: between the two halves of a side with a middle, or a kind change.
    const cut = i => {
      const a = HALVES[(i + 7) % 8], b = HALVES[i];
      return !kindAt(a) || !kindAt(b) || kindAt(a) !== kindAt(b) || (SIDE_OF_HALF(a) === SIDE_OF_HALF(b) && middle(SIDE_OF_HALF(b)));
    };
    let start = [...Array(8).keys()].find(cut);
    const runs = [];
    if (start === undefined) start = 0;
    for (let k = 0; k < 8; k++) {
      const i = (start + k) % 8, h = HALVES[i];
      if (!kindAt(h)) continue;
      if (!runs.length || cut(i)) runs.push({ kind: kindAt(h), halves: [], first: i, last: i });
      const r = runs[runs.length - 1];
      r.halves.push(h);
      r.last = i;
    }
    const keep = t.features.filter(f => !(this.covers(f.kind, 'halves') && !f.inner));
    t.features = keep.filter(f => !Array.isArray(f.sides) || f.sides.length || this.covers(f.kind, 'none'));
    for (const r of runs) {
      const touches = [];
      for (const h of [HALVES[(r.first + 7) % 8], HALVES[(r.last + 1) % 8]]) {
        const s = SIDE_OF_HALF(h);
        if (whole(s) && !touches.includes(s)) touches.push(s);
      }
      const f = { kind: r.kind, halves: r.halves };
      if (touches.length) f.touches = SIDES.filter(s => touches.includes(s));
      t.features.push(f);
    }
  },

  /* Port p (a side or a half-side) into feature i, out of every other feature that holds it. */
  togglePort(t, i, p) {
    const f = t.features[i], half = HALVES.includes(p), key = half ? 'halves' : 'sides';
    const list = Array.isArray(f[key]) ? f[key] : [];
    if (list.includes(p)) { f[key] = list.filter(x => x !== p); return; }
    for (const g of t.features) {
      if (g === f) continue;
      if (Array.isArray(g[key])) g[key] = g[key].filter(x => x !== p);
      if (!half && this.covers(f.kind, 'side') && Array.isArray(g.halves)) g.halves = g.halves.filter(h => !HALVES_OF[p].includes(h));
    }
    const order = half ? HALVES : SIDES;
    f[key] = order.filter(x => x === p || list.includes(x));
  },

  join(t, i, j) {
    const f = t.features[i], g = t.features[j];
    for (const key of ['sides', 'halves', 'touches', 'markers']) {
      const all = [...(f[key] || []), ...(g[key] || [])];
      if (all.length) f[key] = (key === 'halves' ? HALVES : key === 'markers' ? [...new Set(all)] : SIDES).filter(x => all.includes(x));
    }
    for (const [icon, n] of Object.entries(g.icons || {})) f.icons = { ...(f.icons || {}), [icon]: ((f.icons || {})[icon] || 0) + n };
    t.features.splice(j, 1);
  },

  setKind(f, k) {
    f.kind = k;
    if (!this.covers(k, 'halves')) { delete f.halves; delete f.touches; delete f.inner; }
    if (!this.covers(k, 'side') && !this.covers(k, 'middle')) delete f.sides;
    if (!this.covers(k, 'side')) delete f.shape;
  },

  /* ---------------------------------------------------------------- drawing the form */

  draw() {
    const tile = this.tile(), d = design.d;
    document.getElementById('editor-undo').disabled = this.at <= 0;
    document.getElementById('editor-redo').disabled = this.at >= this.history.length - 1;
    document.getElementById('editor-delete-tile').disabled = !tile;
    document.getElementById('editor-copy-tile').disabled = !tile;
    document.getElementById('editor-title').textContent = tile ? `tile ${tile.id} of ${d.name}` : `${d.name}: choose a tile below to edit, or make a new one`;
    const picker = clear(document.getElementById('editor-tiles'));
    this.tiles().forEach((t, i) => picker.append(el('button', { type: 'button', class: i === this.index ? 'chosen' : null,
      'data-test': `editor-pick-${t.id}`, onclick: () => this.open(i) }, String(t.id)), ' '));
    const form = clear(document.getElementById('editor-form'));
    const picture = document.getElementById('editor-picture'), valid = document.getElementById('editor-valid');
    const diags = clear(document.getElementById('editor-diagnostics'));
    picture.hidden = !tile;
    valid.textContent = '';
    if (!tile) return;
    const shown = (d.tiles || []).find(x => x.id === String(tile.id));
    const mine = [...(shown ? shown.diagnostics : []), ...(d.diagnostics || []).filter(g => g.tile === String(tile.id))];
    for (const g of mine) diags.append(design.diagnostic(g));
    if (shown) picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(shown.svg || '')}`;
    picture.classList.toggle('stale', !shown);
    const errors = mine.filter(g => !g.warning).length;
    valid.dataset.valid = String(!errors && !!shown);
    valid.textContent = errors ? `${errors} error${errors === 1 ? '' : 's'}: the tile cannot be valid as it is${shown ? '' : ' (the picture is the last one drawn)'}`
      : shown ? 'valid' : `the set does not load (${d.errors} error${d.errors === 1 ? '' : 's'}, see above)`;
    form.append(this.tileFields(tile), this.sideFields(tile), ...((tile.features || []).map((f, i) => this.featureRow(tile, f, i))),
                this.addFeature());
  },

  /* An input changing one key of the tile: on change (not on each key pressed). */
  input(test, value, attrs, apply) {
    return el('input', { ...attrs, value: value === undefined || value === null ? '' : value, 'data-test': test,
                         onchange: e => guarded(() => this.edit(t => apply(t, e.target)))() });
  },

  toggle(test, label, on, apply, title) {
    return el('button', { type: 'button', class: on ? 'port on' : 'port', 'data-test': test, 'aria-pressed': String(on), title,
                          onclick: guarded(() => this.edit(apply)) }, label);
  },

  tileFields(tile) {
    const markers = this.model().markers || [];
    return el('div', { class: 'editor-row' },
      el('label', {}, 'id ', this.input('editor-id', tile.id, { size: 12 }, (t, e) => { t.id = e.value; })),
      el('label', {}, ' count ', this.input('editor-count', tile.count === undefined ? 1 : tile.count, { type: 'number', min: 0, max: 1000, style: 'width:5em' },
                                           (t, e) => { t.count = e.value === '' ? null : Number(e.value); })),
      el('label', {}, ' ', el('input', { type: 'checkbox', checked: !!tile.start, 'data-test': 'editor-start',
                                         onchange: e => guarded(() => this.edit(t => { t.start = e.target.checked ? true : null; }))() }), ' start tile'),
      el('label', { class: 'wide' }, ' note ', this.input('editor-note', tile.note, { size: 40 }, (t, e) => { t.note = e.value || null; })),
      markers.length ? el('span', {}, ' tile markers: ', markers.map(m => this.toggle(`editor-tile-marker-${m}`, m, (tile.markers || []).includes(m),
        t => { const on = (t.markers || []).includes(m); t.markers = on ? t.markers.filter(x => x !== m) : [...(t.markers || []), m]; if (!t.markers.length) t.markers = null; }))) : null);
  },

  sideFields(tile) {
    const kinds = Object.keys(this.kinds()).filter(k => ['side', 'middle', 'halves'].some(c => this.covers(k, c)));
    return el('div', { class: 'editor-row' }, 'sides: ', SIDES.map(s => {
      const now = this.kindOfLetter((tile.edges || '')[SIDES.indexOf(s)]);
      return el('label', {}, ` ${s} `, el('select', { 'data-test': `editor-side-${s}`,
        onchange: e => guarded(() => this.edit(t => this.setSide(t, s, e.target.value)))() },
        (now ? [] : [el('option', { value: '', selected: true }, '?')]).concat(
          kinds.map(k => el('option', { value: k, selected: k === now }, k)))));
    }));
  },

  featureRow(tile, f, i) {
    const k = f.kind, test = `editor-feature-${i}`;
    const kinds = Object.keys(this.kinds());
    const row = el('div', { class: 'editor-feature', 'data-test': test });
    row.append(el('select', { 'data-test': `${test}-kind`, onchange: e => guarded(() => this.edit(t => this.setKind(t.features[i], e.target.value)))() },
                  kinds.map(x => el('option', { value: x, selected: x === k }, x)).concat(kinds.includes(k) ? [] : [el('option', { value: k, selected: true }, String(k))])));
    if (this.covers(k, 'side') || this.covers(k, 'middle'))
      row.append(' sides ', ...SIDES.map(s => this.toggle(`${test}-port-${s}`, s, (f.sides || []).includes(s), t => this.togglePort(t, i, s),
                                                          this.covers(k, 'side') ? `the whole side ${s}` : `the middle of side ${s}`)));
    if (this.covers(k, 'halves')) {
      row.append(' halves ', ...HALVES.map(h => this.toggle(`${test}-port-${h}`, h, (f.halves || []).includes(h), t => this.togglePort(t, i, h))));
      row.append(' touches ', ...SIDES.map(s => this.toggle(`${test}-touch-${s}`, s, (f.touches || []).includes(s), t => {
        const g = t.features[i], on = (g.touches || []).includes(s);
        g.touches = SIDES.filter(x => (x === s ? !on : (g.touches || []).includes(x)));
        if (!g.touches.length) delete g.touches;
      }, `borders the segment covering side ${s}`)));
      row.append(' ', el('label', {}, el('input', { type: 'checkbox', checked: !!f.inner, 'data-test': `${test}-inner`,
        onchange: e => guarded(() => this.edit(t => { if (e.target.checked) { t.features[i].inner = true; delete t.features[i].halves; } else delete t.features[i].inner; }))() }), ' inner'));
    }
    for (const icon of this.model().icons || []) {
      const n = (f.icons || {})[icon] || 0;
      if (!n && !this.carries(k, icon)) continue;
      row.append(' ', el('label', {}, `${icon} `, this.input(`${test}-icon-${icon}`, n, { type: 'number', min: 0, max: 20, style: 'width:3.5em' }, (t, e) => {
        const g = t.features[i], v = Number(e.value) || 0;
        g.icons = { ...(g.icons || {}), [icon]: v };
        if (!v) delete g.icons[icon];
        if (!Object.keys(g.icons).length) delete g.icons;
      })));
    }
    for (const m of this.model().markers || []) {
      const on = (f.markers || []).includes(m);
      if (!on && !this.carries(k, m)) continue;
      row.append(' ', this.toggle(`${test}-marker-${m}`, m, on, t => {
        const g = t.features[i];
        g.markers = on ? (g.markers || []).filter(x => x !== m) : [...(g.markers || []), m];
        if (!g.markers.length) delete g.markers;
      }));
    }
    if (this.covers(k, 'side'))
      row.append(' shape ', el('select', { 'data-test': `${test}-shape`, onchange: e => guarded(() => this.edit(t => {
        if (e.target.value) t.features[i].shape = e.target.value; else delete t.features[i].shape;
      }))() }, SHAPES.map(s => el('option', { value: s, selected: (f.shape || '') === s }, s || '(default)'))));
    const others = tile.features.map((g, j) => ({ g, j })).filter(x => x.j !== i && x.g.kind === k);
    if (others.length)
      row.append(' ', el('select', { 'data-test': `${test}-join`, onchange: e => guarded(() => this.edit(t => this.join(t, i, Number(e.target.value))))() },
        el('option', { value: '' }, 'join with…'), ...others.map(x => el('option', { value: x.j }, `${k} ${x.j + 1}: ${this.ports(x.g)}`))));
    row.append(' ', el('button', { type: 'button', 'data-test': `${test}-delete`, title: 'delete this segment',
                                   onclick: guarded(() => this.edit(t => t.features.splice(i, 1))) }, '✕'));
    return row;
  },

  ports(f) { return [...(f.sides || []), ...(f.halves || [])].join(' ') || (f.inner ? 'inner' : 'inside the tile'); },

  addFeature() {
    const kinds = Object.keys(this.kinds());
    const pick = el('select', { 'data-test': 'editor-add-kind' }, kinds.map(k => el('option', { value: k }, k)));
    return el('div', { class: 'editor-row' }, 'add a segment: ', pick, ' ',
              el('button', { type: 'button', 'data-test': 'editor-add-feature',
                             onclick: guarded(() => this.edit(t => { t.features = [...(t.features || []), { kind: pick.value }]; })) }, 'Add'));
  },
};

window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('editor-undo').addEventListener('click', guarded(() => editor.undo()));
  document.getElementById('editor-redo').addEventListener('click', guarded(() => editor.redo()));
  document.getElementById('editor-new-tile').addEventListener('click', guarded(() => editor.newTile()));
  document.getElementById('editor-delete-tile').addEventListener('click', guarded(() => editor.deleteTile()));
  document.getElementById('editor-copy-tile').addEventListener('click', guarded(() => editor.copyTile()));
  document.getElementById('editor-new-set-form').addEventListener('submit', e => {
    e.preventDefault();
    guarded(() => editor.newSet(document.getElementById('editor-set-name').value.trim() || 'mine.yaml',
                                document.getElementById('editor-set-ruleset').value.trim() || 'c3'))();
  });
  document.addEventListener('keydown', e => {
    if (document.getElementById('editor').hidden || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
    if (e.target instanceof HTMLInputElement && e.target.type !== 'checkbox') return;   // the input's own undo
    e.preventDefault();
    guarded(() => (e.shiftKey ? editor.redo() : editor.undo()))();
  });
});
