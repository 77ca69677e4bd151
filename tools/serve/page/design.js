/*
** design.js: the Design tab: a tile set or ruleset (a file given to meeple serve, or one uploaded)
** checked by the server (POST /api/design): its diagnostics, each tile's picture with what is said
** about it, the tile sheet; then a tilestats run as a job (polled every 300 ms) and its results
** drawn as bar charts. The designs directory (meeple serve --designs DIR): its files opened, the
** design saved there (the hash it was opened with sent as "expect", so that a file changed on disk
** since is not overwritten; confirm() before a file is replaced), and downloaded.
*/
'use strict';

const JOB_POLL_MS = 300;

const design = {
  d: null,
  job: null,
  hashes: {},   // a file of the designs directory: the hash it had when opened or saved here

  async enter() {
    const files = await api('GET', '/api/design');
    const box = clear(document.getElementById('design-given'));
    if (!files.length) box.append('none (meeple serve FILE... names some)');
    files.forEach((f, i) => box.append(el('button', { type: 'button', 'data-test': `design-open-${i}`,
                                                      onclick: guarded(() => this.open({ file: f.file })) }, f.file), ' '));
    await this.listSaved();
  },

  /* ---------------------------------------------------------------- the designs directory */

  async listSaved() {
    const box = clear(document.getElementById('design-saved'));
    const button = document.getElementById('design-save');
    let dir;
    try {
      dir = await api('GET', '/api/design/files');
    } catch (e) {
      if (e.status !== 404) throw e;
      box.append(el('span', { class: 'hint' }, 'none: start meeple serve --designs DIR to save designs there'));
      button.disabled = true;
      button.title = 'meeple serve was started without --designs DIR';
      return;
    }
    button.disabled = false;
    button.title = `save into ${dir.dir}`;
    box.append(el('code', {}, dir.dir), ': ');
    if (!dir.files.length) box.append(el('span', { class: 'hint' }, 'no files yet'));
    for (const f of dir.files)
      box.append(el('button', { type: 'button', 'data-test': `design-saved-${f.name}`, title: `${f.bytes} bytes`,
                                onclick: guarded(() => this.open({ saved: f.name })) }, f.name), ' ');
  },

  async save() {
    const name = document.getElementById('design-save-name').value.trim();
    const state = document.getElementById('design-save-state');
    const body = { name, replace: false, expect: this.hashes[name] || null };
    let r;
    try {
      r = await api('POST', `/api/design/${this.d.design}/save`, body);
    } catch (e) {
      if (!(e.status === 409 && e.data && e.data.exists)) throw e;
      if (!window.confirm(`${name} exists in the designs directory: replace it? (the old one is kept as ${name}.bak)`)) {
        state.textContent = `not saved: ${name} exists`;
        return;
      }
      r = await api('POST', `/api/design/${this.d.design}/save`, { ...body, replace: true });
    }
    this.hashes[r.name] = r.hash;
    state.textContent = r.backup ? `saved ${r.name} (backup ${r.backup})` : `saved ${r.name}`;
    await this.listSaved();
  },

  async upload(input) {
    const file = await readFile(input);
    input.value = '';
    await this.open({ name: file.name, text: file.text });
  },

  async open(body) {
    this.d = await api('POST', '/api/design', body);
    this.job = null;
    if (body.saved) this.hashes[body.saved] = this.d.hash;
    this.show(this.d);
  },

  show(d) {
    document.getElementById('design-result').hidden = false;
    document.getElementById('design-title').textContent = `${d.name} (${d.kind === 'ruleset' ? 'a ruleset' : 'a tile set'})`;
    document.getElementById('design-summary').textContent =
      `${d.errors} error${d.errors === 1 ? '' : 's'}, ${d.warnings} warning${d.warnings === 1 ? '' : 's'}, ` +
      `${(d.tiles || []).length} kind${(d.tiles || []).length === 1 ? '' : 's'} of tile.`;
    const list = clear(document.getElementById('design-diagnostics'));
    for (const g of d.diagnostics || []) list.append(this.diagnostic(g));
    const tiles = clear(document.getElementById('design-tiles'));
    for (const t of d.tiles || []) tiles.append(this.tile(t));
    const sheet = clear(document.getElementById('design-sheet'));
    if (d.sheet) sheet.append(el('img', { src: svgUrl('design-sheet', d.sheet), alt: 'the tile sheet', class: 'sheet' }));
    document.getElementById('tilestats-block').hidden = !(d.tiles || []).length || d.errors > 0;
    document.getElementById('tilestats-ruleset').textContent = '';
    clear(document.getElementById('tilestats-charts'));
    document.getElementById('tilestats-state').textContent = '';
    document.getElementById('tilestats-progress').value = 0;
    editor.refresh(d);
    document.getElementById('design-save-name').value = d.name.split('/').pop();
    document.getElementById('design-save-state').textContent = '';
    document.getElementById('design-download').href = `/api/design/${d.design}/text`;
    balance.show(d);   // balance.js: the Balance block
  },

  diagnostic(g) {
    const where = g.line ? `${g.line}:${g.column}: ` : '';
    return el('li', { class: g.warning ? 'diag-warning' : 'diag-error' }, `${g.warning ? 'warning' : 'error'}: ${where}${g.message}`);
  },

  tile(t) {
    const diags = t.diagnostics || [];
    return el('div', { class: diags.length ? 'design-tile flagged' : 'design-tile', 'data-test': `design-tile-${t.id}` },
              el('img', { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(t.svg || '')}`, width: 72, height: 72, alt: t.id }),
              el('div', {}, el('b', {}, t.id), ` ×${t.count}`,
                 el('ul', { class: 'diagnostics', 'data-test': `design-diag-${t.id}` }, diags.map(g => this.diagnostic(g)))));
  },

  /* ---------------------------------------------------------------- tilestats */

  async run() {
    const games = parseInt(document.getElementById('tilestats-games').value, 10) || 1;
    const players = document.getElementById('tilestats-players').value.trim() || 'greedy,greedy';
    const j = await api('POST', `/api/design/${this.d.design}/tilestats`, { games, seed: 1, players });
    this.job = j.job;
    document.getElementById('tilestats-ruleset').textContent = j.ruleset_text || '';
    clear(document.getElementById('tilestats-charts'));
    await this.poll(j.job);
  },

  async poll(id) {
    if (this.job !== id) return;   // another file or run since
    const j = await api('GET', `/api/jobs/${id}`);
    const bar = document.getElementById('tilestats-progress');
    bar.max = Math.max(1, j.total || 1);
    bar.value = j.done || 0;
    const state = document.getElementById('tilestats-state');
    state.textContent = `${j.state}: ${j.done || 0}/${j.total || 0} games`;
    state.dataset.state = j.state;
    if (j.state === 'running') { setTimeout(guarded(() => this.poll(id)), JOB_POLL_MS); return; }
    if (j.state === 'failed') throw new Error(`tilestats failed: ${j.error || 'no reason given'}`);
    this.charts(j.result || {});
  },

  charts(res) {
    const box = clear(document.getElementById('tilestats-charts'));
    const tiles = res.tiles || [], kinds = res.kinds || [];
    box.append(
      barChart(`Drawn and unplaceable per tile (${res.games} games)`, tiles.map(t => ({ label: t.id, values: [t.drawn, t.unplaceable] })),
               ['drawn', 'unplaceable'], { test: 'chart-drawn' }),
      barChart('Placements per decision', tiles.map(t => ({ label: t.id, values: [t.mean_placements] })), ['placements'],
               { test: 'chart-placements' }),
      barChart('Points per copy', tiles.map(t => ({ label: t.id, values: [t.mean_points] })), ['points'], { test: 'chart-points' }),
      barChart('Completion rate per kind', kinds.map(k => ({ label: k.kind, values: [k.completion_rate] })), ['completed'],
               { test: 'chart-kinds' }));
  },
};

pages.design = design;

window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('design-file').addEventListener('change', e => guarded(() => design.upload(e.target))());
  document.getElementById('tilestats').addEventListener('submit', e => { e.preventDefault(); guarded(() => design.run())(); });
  document.getElementById('design-save-form').addEventListener('submit', e => { e.preventDefault(); guarded(() => design.save())(); });
});
