/*
** replay.js: the Replay tab: a game record or a .jcz save sent to the server (POST /api/replays),
** stepped through with a slider (the board, scores and notation of each turn), the scores of all
** turns as a chart, and the same game rescored under another ruleset beside it.
*/
'use strict';

const replay = {
  r: null,            // the replay as POST /api/replays answered it
  name: '',
  wanted: 0,          // the turn the slider asks for
  shown: -1,
  loading: false,
  rulesetsLoaded: false,

  async enter() {
    if (this.rulesetsLoaded) return;
    const select = clear(document.getElementById('replay-ruleset'));
    for (const r of await api('GET', '/api/rulesets')) select.append(el('option', { value: r.name }, r.name));
    this.rulesetsLoaded = true;
  },

  async load(input) {
    const file = await readFile(input);
    this.r = await api('POST', '/api/replays', { name: file.name, text: file.text });
    this.name = file.name;
    this.shown = -1;
    const r = this.r;
    document.getElementById('replay-game').hidden = false;
    document.getElementById('replay-title').textContent =
      `${file.name}: ${r.ruleset}, ${(r.players || []).join(' vs ')}, ${r.turns} turns${r.over ? ', finished' : ''}.`;
    const slider = document.getElementById('replay-slider');
    slider.max = r.turns;
    slider.value = 0;
    const select = document.getElementById('replay-ruleset');
    if (select.value === r.ruleset && select.options.length > 1) select.selectedIndex = (select.selectedIndex + 1) % select.options.length;
    clear(document.getElementById('rescore'));
    this.showChart();
    await this.go(0);
  },

  series(scores) {
    return (this.r.players || []).map((name, p) => ({ name, values: scores.map(row => row[p]) }));
  },

  /* A seat's colour as the boards draw it (the API's colours), else the charts'. */
  seatColour(p) {
    return (this.r.colours || [])[p] || colour(p);
  },

  showChart() {
    clear(document.getElementById('replay-chart')).append(lineChart(this.series(this.r.scores || []), { test: 'score-chart' }));
  },

  /* The slider may move faster than the server answers: only the last turn asked for is fetched. */
  async go(turn) {
    this.wanted = turn;
    if (this.loading) return;
    this.loading = true;
    try {
      while (this.shown !== this.wanted) {
        const k = this.wanted;
        const t = await api('GET', `/api/replays/${this.r.replay}?turn=${k}`);
        this.shown = k;
        this.showTurn(t);
      }
    } finally { this.loading = false; }
  },

  showTurn(t) {
    document.getElementById('replay-turn').textContent = String(t.turn);
    document.getElementById('replay-text').textContent = t.text || (t.turn === 0 ? 'the start' : '');
    const view = showBoard(document.getElementById('replay-board'), 'replay', t.board, 'replay-board-image');
    void view;
    const table = clear(document.getElementById('replay-scores'));
    table.append(el('tr', {}, el('th', {}, ''), el('th', {}, 'player'), el('th', {}, `score after turn ${t.turn}`)));
    (this.r.players || []).forEach((name, p) => {
      table.append(el('tr', {}, el('td', {}, el('span', { class: 'swatch', style: `background:${this.seatColour(p)}` })),
                      el('td', {}, name), el('td', { class: 'num', 'data-test': `replay-score-${p}` }, String((t.scores || [])[p]))));
    });
    const marker = document.querySelector('#replay-chart line.now');
    if (marker) marker.remove();
    const chart = document.querySelector('#replay-chart svg');
    if (chart && this.r.turns > 0) {
      const W = Number(chart.getAttribute('width')), x = 40 + t.turn * (W - 50) / this.r.turns;
      chart.append(svgEl('line', { x1: x, x2: x, y1: 10, y2: Number(chart.getAttribute('height')) - 40, class: 'now' }));
    }
  },

  /* The same game under another ruleset: its chart beside the first, the final scores of both
  ** and the rules that differ. */
  async rescore() {
    const ruleset = document.getElementById('replay-ruleset').value;
    const x = await api('POST', `/api/replays/${this.r.replay}/rescore`, { ruleset });
    const box = clear(document.getElementById('rescore'));
    const charts = el('div', { class: 'charts' },
                      el('figure', {}, lineChart(this.series(this.r.scores || []), { width: 420, height: 200 }),
                         el('figcaption', {}, this.r.ruleset)),
                      el('figure', {}, lineChart(this.series(x.scores || []), { width: 420, height: 200, test: 'rescore-chart' }),
                         el('figcaption', {}, x.ruleset)));
    const table = el('table', { class: 'players', 'data-test': 'rescore-table' },
                     el('tr', {}, ['player', this.r.ruleset, x.ruleset, 'difference'].map(h => el('th', {}, h))));
    (this.r.players || []).forEach((name, p) => {
      const a = (this.r.final || [])[p], b = (x.final || [])[p];
      table.append(el('tr', {}, el('td', {}, name), el('td', { class: 'num' }, String(a)),
                      el('td', { class: 'num', 'data-test': `rescore-final-${p}` }, String(b)),
                      el('td', { class: 'num' }, b - a > 0 ? `+${b - a}` : String(b - a))));
    });
    const diffs = el('ul', { 'data-test': 'rescore-differences' },
                     (x.differences || []).map(d => el('li', {}, `${d.rule}: ${d.a} → ${d.b}`)));
    if (!(x.differences || []).length) diffs.append(el('li', {}, 'no rule differs'));
    const notes = (x.notes || []).map(n => el('li', { class: 'note' }, n));
    box.append(el('h2', {}, `Rescored under ${x.ruleset}`), charts,
               el('div', { class: 'columns' }, el('div', { class: 'column' }, table),
                  el('div', { class: 'column' }, el('h3', {}, 'Rules that differ'), diffs, notes.length ? el('ul', {}, notes) : null)));
  },
};

pages.replay = replay;

window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('replay-file').addEventListener('change', e => guarded(() => replay.load(e.target))());
  document.getElementById('replay-slider').addEventListener('input', e => guarded(() => replay.go(Number(e.target.value)))());
  document.getElementById('replay-rescore').addEventListener('click', guarded(() => replay.rescore()));
});
