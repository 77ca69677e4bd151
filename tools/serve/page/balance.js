/*
** balance.js: the Design tab's Balance block: a `meeple balance` run on the design shown, as a
** job (POST /api/design/ID/balance, polled every 300 ms: its games and the time left), then its
** chart (the SVG the command draws, meeple-balance(1), SVG chart) and its table: one row per
** tile kind with its picture where the design has one (a tile set mixed into c3 has no pictures
** of the base tiles: those rows show the id alone), flagged rows highlighted.
*/
'use strict';

const BALANCE_POLL_MS = 300;

const balance = {
  d: null,     // the design shown (POST /api/design's reply)
  job: null,   // the job followed; another design or run since makes its polls stop

  /* A design shown by design.js: the block, empty, where the design can be played. */
  show(d) {
    this.d = d;
    this.job = null;
    document.getElementById('balance-block').hidden = !(d.tiles || []).length || d.errors > 0;
    const state = document.getElementById('balance-state');
    state.textContent = '';
    delete state.dataset.state;
    document.getElementById('balance-progress').value = 0;
    clear(document.getElementById('balance-chart'));
    clear(document.getElementById('balance-table'));
  },

  async run() {
    const games = parseInt(document.getElementById('balance-games').value, 10) || 1;
    const players = document.getElementById('balance-players').value.trim() || 'mcts:1000,mcts:1000';
    const j = await api('POST', `/api/design/${this.d.design}/balance`, { games, seed: 1, players });
    this.job = j.job;
    clear(document.getElementById('balance-chart'));
    clear(document.getElementById('balance-table'));
    await this.poll(j.job);
  },

  async poll(id) {
    if (this.job !== id) return;
    const j = await api('GET', `/api/jobs/${id}`);
    if (this.job !== id) return;
    const bar = document.getElementById('balance-progress');
    bar.max = Math.max(1, j.total || 1);
    bar.value = j.done || 0;
    const state = document.getElementById('balance-state');
    state.dataset.state = j.state;
    state.textContent = `${j.state}: ${j.done || 0}/${j.total || 0} games${j.left ? `, ${j.left} left` : ''}`;
    if (j.state === 'running') { setTimeout(guarded(() => this.poll(id)), BALANCE_POLL_MS); return; }
    if (j.state === 'failed') {
      state.textContent = `failed: ${j.error || 'no reason given'}`;
      throw new Error(`balance failed: ${j.error || 'no reason given'}`);
    }
    this.result(j.result || {});
  },

  result(res) {
    const chart = clear(document.getElementById('balance-chart'));
    if (res.svg) chart.append(el('img', { src: svgUrl('balance-chart', res.svg), alt: 'the value per copy of each tile' }));
    const pictures = new Map((this.d.tiles || []).map(t => [t.id, t.svg]));
    const table = clear(document.getElementById('balance-table'));
    table.append(el('tr', {}, ['tile', 'set', 'count', 'drawn', 'placed', 'discarded', 'value', '95% interval', 'against base', 'flag']
      .map(h => el('th', {}, h))));
    for (const t of res.tiles || []) table.append(this.row(t, pictures.get(t.id)));
  },

  /* A tile's row: the figures of `meeple balance --json` (a '-' where there is none). */
  row(t, svg) {
    const num = v => (v === null || v === undefined ? '-' : v.toFixed(2));
    const interval = t.interval ? `${num(t.interval[0])}..${num(t.interval[1])}` : '-';
    const against = !t.against ? '-'
      : t.against.ratio === null ? `- (base ${t.against.base})` : `${num(t.against.ratio)}x base ${t.against.base}`;
    const picture = svg ? el('img', { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, width: 28, height: 28, alt: t.id })
      : null;
    const cell = (v, cls) => el('td', { class: cls }, v);
    return el('tr', { class: t.flag ? 'flagged' : null, 'data-test': `balance-row-${t.id}` },
              el('td', {}, picture, el('b', {}, t.id)), cell(t.set), cell(String(t.count), 'num'), cell(String(t.drawn), 'num'),
              cell(String(t.placed), 'num'), cell(String(t.discarded), 'num'), cell(num(t.value), 'num'), cell(interval, 'num'),
              cell(against), cell(t.flag || '', 'flag'));
  },
};

window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('balance').addEventListener('submit', e => { e.preventDefault(); guarded(() => balance.run())(); });
});
