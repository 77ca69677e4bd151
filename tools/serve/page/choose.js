/*
** choose.js: the Choose tab: the rulesets with their descriptions, the differences between two,
** the seats (human or a bot each) and the seed of a new game, or a record to resume. A game made
** here keeps the tokens of all its human seats (hot seat: sessionStorage, play.js).
*/
'use strict';

const SEAT_KINDS = ['human', 'random', 'greedy', 'mcts'];

const choose = {
  rulesets: [],
  ruleset: 'c3',
  seats: ['human', 'greedy'],
  loaded: false,

  async enter() {
    if (!this.loaded) {
      this.rulesets = await api('GET', '/api/rulesets');
      this.loaded = true;
      this.showRulesets();
      this.fillDiffSelects();
    }
    this.showSeats();
  },

  current() { return this.rulesets.find(r => r.name === this.ruleset) || {}; },

  showRulesets() {
    const list = clear(document.getElementById('rulesets'));
    if (!this.rulesets.some(r => r.name === this.ruleset) && this.rulesets.length) this.ruleset = this.rulesets[0].name;
    for (const r of this.rulesets) {
      const radio = el('input', { type: 'radio', name: 'ruleset', value: r.name, checked: r.name === this.ruleset,
                                  'data-test': `ruleset-${r.name}`, onchange: () => this.pick(r.name) });
      const players = !r.min_players ? '' : r.min_players === r.max_players ? ` (${r.min_players} players)`
        : ` (${r.min_players}–${r.max_players} players)`;
      const modules = (r.modules || []).length ? `; modules: ${r.modules.join(', ')}` : '';
      list.append(el('li', {}, el('label', {}, radio, el('b', {}, r.name), players,
                                  el('span', { class: 'description' }, (r.description || '') + modules))));
    }
  },

  pick(name) {
    this.ruleset = name;
    document.getElementById('diff-b').value = name;
    this.showSeats();
    guarded(() => this.showDiff())();
  },

  /* The seat count stays within the ruleset's players (2..6 when the API does not say). */
  limits() {
    const r = this.current();
    return { min: r.min_players || 1, max: r.max_players || 6 };
  },

  showSeats() {
    const { min, max } = this.limits();
    while (this.seats.length < min) this.seats.push('greedy');
    if (this.seats.length > max) this.seats.length = max;
    const box = clear(document.getElementById('seats'));
    this.seats.forEach((kind, i) => {
      const select = el('select', { 'data-test': `seat-${i}-kind`, onchange: e => { this.seats[i] = e.target.value; } },
                        SEAT_KINDS.map(k => el('option', { value: k, selected: k === kind }, k)));
      box.append(el('p', { class: 'seat' }, el('label', {}, `Seat ${i + 1} `, select)));
    });
    document.getElementById('add-seat').disabled = this.seats.length >= max;
    document.getElementById('remove-seat').disabled = this.seats.length <= min;
  },

  fillDiffSelects() {
    for (const [id, value] of [['diff-a', 'c1'], ['diff-b', this.ruleset]]) {
      const select = clear(document.getElementById(id));
      for (const r of this.rulesets) select.append(el('option', { value: r.name, selected: r.name === value }, r.name));
    }
  },

  async showDiff() {
    const a = document.getElementById('diff-a').value, b = document.getElementById('diff-b').value;
    const d = await api('GET', `/api/rulesets/diff?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`);
    document.getElementById('diff-text').textContent = d.text || `${a} and ${b} play the same rules.`;
  },

  async start(extra) {
    const seed = parseInt(document.getElementById('seed').value, 10) || 0;
    const body = Object.assign({ ruleset: this.ruleset, seats: this.seats.slice(), seed }, extra || {});
    const made = await api('POST', '/api/games', body);
    const tokens = {};
    for (const s of made.seats || []) tokens[s.seat] = s.token;
    play.remember(made.game, tokens);
    location.hash = `#play/${made.game}`;
  },

  /* A record resumed: its ruleset, seed and seats' kinds (a kind the page does not offer is a
  ** human's seat). */
  async resume(input) {
    const file = await readFile(input);
    const ruleset = (file.text.match(/^ruleset:\s*"?([^"\s]+)"?/m) || [])[1];
    const seed = parseInt((file.text.match(/^seed:\s*(\d+)/m) || [])[1], 10);
    const kinds = [...file.text.matchAll(/^-\s*\{\s*name:.*kind:\s*"?([\w:.]+)"?\s*\}/gm)].map(m => m[1]);
    const seats = kinds.map(k => (SEAT_KINDS.includes(k) || /^mcts:/.test(k) ? k : 'human'));
    input.value = '';
    await this.start({ ruleset: ruleset || this.ruleset, seed: Number.isNaN(seed) ? 0 : seed,
                       seats: seats.length ? seats : this.seats.slice(), record: file.text });
  },
};

pages.choose = choose;

window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('add-seat').addEventListener('click', () => { choose.seats.push('greedy'); choose.showSeats(); });
  document.getElementById('remove-seat').addEventListener('click', () => { choose.seats.pop(); choose.showSeats(); });
  document.getElementById('new-game').addEventListener('submit', e => { e.preventDefault(); guarded(() => choose.start())(); });
  document.getElementById('diff-show').addEventListener('click', guarded(() => choose.showDiff()));
  for (const id of ['diff-a', 'diff-b']) document.getElementById(id).addEventListener('change', guarded(() => choose.showDiff()));
  document.getElementById('resume-file').addEventListener('change', e => guarded(() => choose.resume(e.target))());
});
