/**
 * The wheel-integrity screen (GET /api/tables/:id/integrity, docs/MATH.md §6): per table, the
 * open and recent alerts, and per wheel its spins and the tests with their p-values. A table run
 * by another process answers TABLE_ELSEWHERE (said as such).
 */
import type { BackofficeTablesView } from '../../../src/protocol/views-backoffice.ts';
import { h } from '../dom.ts';
import { bw, failureText, grid, section, type ScreenCtx } from './common.ts';
import { filled } from './dates.ts';
import type { BoKey } from './words/en.ts';

/** What the screen reads of GET /api/tables/:id/integrity (src/math/integrity/monitor.ts IntegrityView). */
interface IntegrityView {
  coups: number;
  /** The tests of a wheel run every this many of its spins (once it has enough). */
  checkEvery: number;
  wheels: Array<{
    id: string;
    coups: number;
    tests: Array<{
      test: string;
      scope: string;
      statistic: number;
      pValue: number;
      adjustedP: number;
      alarm: boolean;
      finding: string;
    }>;
  }>;
  alerts: { open: Alert[]; recent: Alert[] };
}
interface Alert {
  test: string;
  scope: string;
  adjustedP: number;
  message: string;
  raisedAt: number;
}

/** The integrity screen: every table, or the one named by the route (`#integrity/<table>`). */
export async function integrityScreen(root: HTMLElement, ctx: ScreenCtx, args: string[]): Promise<void> {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const { tables } = await ctx.api.call<BackofficeTablesView>('GET', '/api/backoffice/tables');
  const shown = args[0] ? tables.filter((t) => t.id === args[0]) : tables;
  const parts: HTMLElement[] = [];
  for (const t of shown) {
    try {
      const v = await ctx.api.call<IntegrityView>('GET', `/api/tables/${encodeURIComponent(t.id)}/integrity`);
      parts.push(tableIntegrity(ctx, `${t.name} (${t.id})`, v));
    } catch (e) {
      parts.push(section(`${t.name} (${t.id})`, h('p', { class: 'err' }, failureText(ctx.lang, e))));
    }
  }
  root.replaceChildren(
    h('h1', { class: 'bo-title' }, w('integrity')),
    ...(parts.length ? parts : [h('p', { class: 'empty', id: 'integrity-empty' }, w('integrityNoTables'))]),
  );
}

function tableIntegrity(ctx: ScreenCtx, title: string, v: IntegrityView): HTMLElement {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const alerts = [...v.alerts.open, ...v.alerts.recent];
  return section(
    title,
    h('p', {}, `${w('spins')}: ${v.coups}`),
    // a table without spins says so (new-user QA: the screen showed nothing)
    v.wheels.length === 0 ? h('p', { class: 'empty integrity-empty' }, w('integrityNoSpins')) : null,
    h('h3', {}, w('alerts')),
    alerts.length
      ? grid(
          [w('spins'), 'test', 'scope', 'adjusted p', w('what')],
          alerts.map((a) => [a.raisedAt, a.test, a.scope, a.adjustedP.toFixed(4), a.message]),
          { class: 'bo-grid bo-alerts' },
        )
      : h('p', { class: 'empty' }, w('noAlerts')),
    ...v.wheels.map((wh) =>
      h(
        'div',
        { class: 'bo-wheel' },
        h('h3', {}, `${w('wheelData')} ${wh.id} — ${w('spins')}: ${wh.coups}`),
        // spins but no test yet says when the tests run (QA: an empty grid without a word)
        wh.tests.length === 0
          ? h(
              'p',
              { class: 'empty integrity-no-tests' },
              filled(ctx.lang, 'integrityNoTests', { every: String(v.checkEvery) }),
            )
          : grid(
              ['test', 'scope', 'statistic', 'p', 'adjusted p', w('alerts')],
              wh.tests.map((x) => [
                x.test,
                x.scope,
                x.statistic.toFixed(3),
                x.pValue.toFixed(4),
                x.adjustedP.toFixed(4),
                x.alarm ? '! ' + x.finding : '—',
              ]),
            ),
      ),
    ),
  );
}
