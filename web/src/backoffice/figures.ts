/**
 * The figures screen (GET /api/backoffice/figures): per table and gaming day the drop, win, hold
 * against the theoretical hold of the bets actually made (exact edges, src/app/figures.ts), coups
 * per hour, players, bets, average bet; a chart of the cumulative win against the theoretical
 * over the day (uPlot, bundled: no CDN); CSV export.
 */
import uPlot from 'uplot';
import type { FiguresView, TableFiguresView } from '../../../src/protocol/views-backoffice.ts';
import { h } from '../dom.ts';
import { bw, downloadCsv, enc, field, grid, input, money, section, todayLocal, type ScreenCtx } from './common.ts';
import { roundExpectation } from '../../../src/protocol/rounding.ts';
import { coupsText, numberText, percentText } from './figures-text.ts';
import { dayRuleLine, emptyDayText, tableDayLine } from './dates.ts';
import type { BoKey } from './words/en.ts';

/** The figures screen: `args` = [table?]. */
export async function figuresScreen(root: HTMLElement, ctx: ScreenCtx, args: string[]): Promise<void> {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const date = input('date', todayLocal(), 'date', { id: 'fig-date' });
  const body = h('div', { id: 'figures-body' });
  let chart: uPlot | null = null;
  const load = async () => {
    const v = await ctx.api.call<FiguresView>('GET', `/api/backoffice/figures?date=${enc(date.value)}`);
    chart?.destroy();
    chart = null;
    // a day without coups (a future date, a quiet day) says so instead of grids of zeros (new-user QA)
    const empty = v.tables.every((t) => t.coups === 0 && t.voids === 0);
    const chosen = empty
      ? undefined
      : (v.tables.find((t) => t.tableId === args[0]) ?? v.tables.find((t) => t.coups > 0) ?? v.tables[0]);
    const chartBox = h('div', { class: 'bo-chart', id: 'figures-chart' });
    const parts: HTMLElement[] = [
      section(
        `${w('tabFigures')} — ${v.date}`,
        h('p', { class: 'bo-day', id: 'figures-day' }, dayRuleLine(ctx.lang, v.date)),
        empty
          ? h('p', { class: 'empty', id: 'figures-empty' }, emptyDayText(ctx.lang, v.date, 'noCoupsDay'))
          : figuresGrid(ctx, v.tables),
      ),
    ];
    if (chosen)
      parts.push(
        section(
          `${chosen.name} (${chosen.tableId})`,
          h('p', { class: 'bo-day', id: 'figures-table-day' }, tableDayLine(ctx.lang, chosen)),
          stats(ctx, chosen),
        ),
        section(w('chartTitle'), chartBox),
      );
    body.replaceChildren(...parts);
    if (chosen) chart = drawChart(ctx, chosen, chartBox);
  };
  date.addEventListener('change', () => void load().catch(ctx.toast));
  root.replaceChildren(
    h(
      'div',
      { class: 'bo-actions' },
      field(w('date'), date),
      h(
        'button',
        {
          class: 'btn',
          id: 'figures-csv',
          onclick: () =>
            void downloadCsv(
              ctx.api,
              `/api/backoffice/figures?date=${enc(date.value)}&format=csv`,
              `figures-${date.value}.csv`,
            ).catch(ctx.toast),
        },
        w('exportCsv'),
      ),
    ),
    body,
  );
  await load();
}

function figuresGrid(ctx: ScreenCtx, tables: readonly TableFiguresView[]): HTMLElement {
  const w = (k: BoKey) => bw(ctx.lang, k);
  return grid(
    [
      w('table'),
      w('coupsPlayed'),
      w('drop'),
      w('win'),
      w('theoretical'),
      w('hold'),
      w('theoreticalHold'),
      w('coupsPerHour'),
      w('players'),
      w('bets'),
      w('averageBet'),
    ],
    tables.map((t) => {
      const m = (x: number) => money(ctx.lang, x, t.currency, t.decimals);
      return [
        h('a', { href: `#figures/${enc(t.tableId)}`, 'data-table': t.tableId }, t.name),
        coupsText(t.coups, t.voids),
        m(t.drop),
        h('span', { 'data-win': String(t.win) }, m(t.win)),
        m(roundExpectation(t.theoretical)),
        percentText(t.hold, ctx.lang),
        percentText(t.theoreticalHold, ctx.lang),
        numberText(t.coupsPerHour, 1, ctx.lang),
        t.players,
        t.bets,
        t.averageBet === null ? '—' : m(t.averageBet),
      ];
    }),
    { id: 'figures-grid' },
  );
}

function stats(ctx: ScreenCtx, t: TableFiguresView): HTMLElement {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const m = (x: number) => money(ctx.lang, x, t.currency, t.decimals);
  const card = (k: BoKey, v: string) => h('div', { class: 'bo-stat' }, h('b', {}, v), h('span', {}, w(k)));
  return h(
    'div',
    { class: 'bo-figures' },
    card('drop', m(t.drop)),
    card('win', m(t.win)),
    card('theoretical', m(roundExpectation(t.theoretical))),
    card('hold', percentText(t.hold, ctx.lang)),
    card('theoreticalHold', percentText(t.theoreticalHold, ctx.lang)),
    card('coupsPerHour', numberText(t.coupsPerHour, 1, ctx.lang)),
  );
}

/** The chart's height, px. */
const CHART_HEIGHT = 300;
/** The chart box's horizontal padding (web/backoffice.css `.bo-chart`: 6 px each side), px. */
const CHART_PADDING = 12;
/** The narrowest chart drawn, px (a narrower panel scrolls it rather than squash the axes). */
const CHART_MIN_WIDTH = 240;

/** The cumulative win and theoretical per coup (major units) over time, as wide as its box (resized with it). */
function drawChart(ctx: ScreenCtx, t: TableFiguresView, box: HTMLElement): uPlot | null {
  if (t.series.length === 0) {
    box.append(h('p', { class: 'empty' }, bw(ctx.lang, 'none')));
    return null;
  }
  const unit = 10 ** t.decimals;
  const data: uPlot.AlignedData = [
    t.series.map((p) => p.at / 1000),
    t.series.map((p) => p.win / unit),
    t.series.map((p) => p.theoretical / unit),
  ];
  // as wide as its panel, following it (QA: a fixed 1320 px ran out of the page at 1280 and 1024)
  const width = () => Math.max(CHART_MIN_WIDTH, box.clientWidth - CHART_PADDING);
  const watch = new ResizeObserver(() => {
    if (box.isConnected) chart.setSize({ width: width(), height: CHART_HEIGHT });
  });
  const chart = new uPlot(
    {
      width: width(),
      height: CHART_HEIGHT,
      hooks: { destroy: [() => watch.disconnect()] },
      series: [
        {},
        { label: `${bw(ctx.lang, 'win')} (${t.currency})`, stroke: '#c62828', width: 2 },
        { label: `${bw(ctx.lang, 'theoretical')} (${t.currency})`, stroke: '#0d6b35', width: 2, dash: [6, 4] },
      ],
      axes: [{}, {}],
    },
    data,
    box,
  );
  watch.observe(box);
  return chart;
}
