/*
** common.js: what the four tabs share: the API's calls, building elements, the routing by
** location.hash, a board shown as an image with an overlay for highlights and clicks, and the
** charts (SVG drawn here from numbers). No framework: plain DOM.
*/
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';

/* ------------------------------------------------------------------ the API */

/* fetch() of the server's own API; the reply's JSON, or an Error with the API's message. */
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!res.ok) {
    const why = data && data.error ? data.error : `${res.status} ${res.statusText}`;
    const err = new Error(why);
    err.status = res.status;
    err.data = data;   // the whole reply: {"error", "exists": true} tells one 409 from another
    throw err;
  }
  return data;
}

function showError(message) {
  const box = document.getElementById('error');
  box.textContent = message;
  box.hidden = !message;
  delete box.dataset.from;
}

/* Runs an async action, showing its error in the page's error line instead of losing it. */
function guarded(fn) {
  return async (...args) => {
    try { showError(''); return await fn(...args); } catch (e) { showError(e.message); return undefined; }
  };
}

function readFile(input) {
  return new Promise((resolve, reject) => {
    const file = input.files[0];
    if (!file) { reject(new Error('no file chosen')); return; }
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, text: reader.result });
    reader.onerror = () => reject(new Error(`cannot read ${file.name}`));
    reader.readAsText(file);
  });
}

/* ------------------------------------------------------------------ elements */

/* el('p', {class: 'x', 'data-test': 'y', onclick: f}, 'text', child, ...) */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
}

function clear(node) { node.replaceChildren(); return node; }

/* An object URL of an SVG text, for an <img>; the previous one of the same slot is let go. */
const svgUrls = {};
function svgUrl(slot, text) {
  if (svgUrls[slot]) URL.revokeObjectURL(svgUrls[slot]);
  svgUrls[slot] = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  return svgUrls[slot];
}

/* width, height (pixels) and viewBox of an SVG text's root. */
function svgSize(text) {
  const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  const box = (root.getAttribute('viewBox') || '').split(/[\s,]+/).map(Number);
  const vw = box.length === 4 ? box[2] : parseFloat(root.getAttribute('width')) || 100;
  const vh = box.length === 4 ? box[3] : parseFloat(root.getAttribute('height')) || 100;
  return {
    width: parseFloat(root.getAttribute('width')) || vw,
    height: parseFloat(root.getAttribute('height')) || vh,
    viewBox: box.length === 4 ? box.join(' ') : `0 0 ${vw} ${vh}`,
  };
}

/* ------------------------------------------------------------------ a board */

/* Shows board {svg, geometry} in the container: the picture as an <img>, and over it an <svg> of
** the same size and viewBox where cell(x, y) gives the square of a board cell in its units. */
function showBoard(container, slot, board, testName) {
  const size = svgSize(board.svg);
  const g = board.geometry || { size: 1, x0: 0, y0: 0 };
  const img = el('img', { src: svgUrl(slot, board.svg), width: size.width, height: size.height,
                          alt: 'the board', 'data-test': testName });
  const overlay = svgEl('svg', { class: 'overlay', width: size.width, height: size.height, viewBox: size.viewBox });
  const wrap = el('div', { class: 'board', style: `width:${size.width}px;height:${size.height}px` }, img, overlay);
  wrap.style.zoom = String(zooms[slot] || 1);
  clear(container).append(wrap);
  return {
    overlay,
    cell: (x, y) => ({ x: g.x0 + x * g.size, y: g.y0 + y * g.size, size: g.size }),
  };
}

/* How large each board is shown (CSS zoom: the overlay's clicks follow), set by the buttons of
** class "zoom" (data-board: the container's id, data-zoom: "in", "out" or "fit"). */
const zooms = {};

function zoomBoard(button) {
  const slot = button.dataset.board.replace(/-board$/, ''), container = document.getElementById(button.dataset.board);
  const board = container.querySelector('.board');
  if (!board) return;
  const z = zooms[slot] || 1;
  if (button.dataset.zoom === 'in') zooms[slot] = Math.min(3, z * 1.25);
  else if (button.dataset.zoom === 'out') zooms[slot] = Math.max(0.2, z / 1.25);
  else zooms[slot] = Math.min(1, (container.clientWidth - 4) / board.offsetWidth, (container.clientHeight - 4) / board.offsetHeight);
  board.style.zoom = String(zooms[slot]);
}

window.addEventListener('DOMContentLoaded', () => {
  for (const b of document.querySelectorAll('button.zoom')) b.addEventListener('click', () => zoomBoard(b));
});

/* ------------------------------------------------------------------ charts */

/* The charts' colours, and a seat's when the API gives none: the default seats' (meeple-ruleset(5),
** COLOURS; a darker yellow, readable on white). The API gives each player's as the board draws it. */
const COLOURS = ['#2b63c9', '#d62728', '#d4b000', '#2ca02c', '#222222', '#8e44ad', '#ff8c1a', '#ec7fc0'];

function colour(i) { return COLOURS[i % COLOURS.length]; }

/* A line chart: series [{name, values: [..]}] over x = 0..n-1, with axes and a legend. */
function lineChart(series, opts = {}) {
  const W = opts.width || 420, H = opts.height || 220, L = 40, R = 10, T = 10, B = 40;
  const n = Math.max(1, ...series.map(s => s.values.length));
  const all = series.flatMap(s => s.values);
  const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  const X = i => L + (n <= 1 ? 0 : i * (W - L - R) / (n - 1));
  const Y = v => T + (hi - v) * (H - T - B) / (hi - lo);
  const chart = svgEl('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: 'chart-svg',
                               'data-test': opts.test });
  chart.append(svgEl('line', { x1: L, y1: Y(lo), x2: W - R, y2: Y(lo), class: 'axis' }),
               svgEl('line', { x1: L, y1: T, x2: L, y2: Y(lo), class: 'axis' }));
  for (const v of niceTicks(lo, hi)) {
    chart.append(svgEl('text', { x: L - 4, y: Y(v) + 4, class: 'tick', 'text-anchor': 'end' }, String(v)),
                 svgEl('line', { x1: L, y1: Y(v), x2: W - R, y2: Y(v), class: 'grid' }));
  }
  chart.append(svgEl('text', { x: W - R, y: H - B + 14, class: 'tick', 'text-anchor': 'end' }, `turn ${n - 1}`));
  series.forEach((s, i) => {
    const points = s.values.map((v, k) => `${X(k).toFixed(1)},${Y(v).toFixed(1)}`).join(' ');
    chart.append(svgEl('polyline', { points, fill: 'none', stroke: colour(i), 'stroke-width': 2,
                                     'stroke-dasharray': s.dashed ? '5 3' : null }));
    chart.append(svgEl('text', { x: L + 4 + i * 110, y: H - 6, fill: colour(i), class: 'legend' },
                       `${s.name}: ${s.values[s.values.length - 1]}`));
  });
  return chart;
}

function niceTicks(lo, hi) {
  const span = hi - lo, raw = span / 4, mag = Math.pow(10, Math.floor(Math.log10(raw || 1)));
  const step = [1, 2, 5, 10].map(m => m * mag).find(s => span / s <= 5) || mag * 10;
  const ticks = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return ticks;
}

/* A bar chart: rows [{label, values: [..]}] with one bar per value (names the legend's). */
function barChart(title, rows, names, opts = {}) {
  const barH = names.length > 1 ? 9 : 10, gap = 4, L = 70, R = 50, T = names.length > 1 ? 36 : 24;
  const groupH = names.length * barH + gap;
  const W = opts.width || 420, H = T + rows.length * groupH + 10;
  const hi = Math.max(1e-9, ...rows.flatMap(r => r.values));
  const chart = svgEl('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: 'chart-svg',
                               'data-test': opts.test });
  chart.append(svgEl('text', { x: 6, y: 16, class: 'chart-title' }, title));
  names.forEach((name, i) => {
    if (names.length > 1) chart.append(svgEl('text', { x: L + i * 90, y: 30, fill: colour(i), class: 'legend' }, `■ ${name}`));
  });
  rows.forEach((r, k) => {
    const y = T + k * groupH;
    chart.append(svgEl('text', { x: L - 4, y: y + names.length * barH / 2 + 4, class: 'tick', 'text-anchor': 'end' }, r.label));
    r.values.forEach((v, i) => {
      const w = Math.max(0, v) * (W - L - R) / hi;
      chart.append(svgEl('rect', { x: L, y: y + i * barH, width: w.toFixed(1), height: barH - 1, fill: colour(i) },
                         svgEl('title', {}, `${r.label} ${names[i]}: ${v}`)));
      chart.append(svgEl('text', { x: L + w + 3, y: y + i * barH + barH - 1, class: 'tick' }, fmt(v)));
    });
  });
  return chart;
}

function fmt(v) { return Number.isInteger(v) ? String(v) : v.toFixed(2); }

/* ------------------------------------------------------------------ routing */

/* Each tab registers {enter(args)}: called when the hash names it (#play/3/TOKEN: args ['3', 'TOKEN']). */
const pages = {};

function route() {
  const parts = (location.hash || '#choose').slice(1).split('/');
  const name = pages[parts[0]] ? parts[0] : 'choose';
  for (const section of document.querySelectorAll('section.tab')) section.hidden = section.id !== name;
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('active', a.dataset.tab === name);
  showError('');
  guarded(() => pages[name].enter(parts.slice(1)))();
}

window.addEventListener('hashchange', route);
window.addEventListener('DOMContentLoaded', route);
