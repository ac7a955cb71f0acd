/**
 * The client side of the table server's API (docs/API.md; src/server/app.ts): HTTP commands
 * with a bearer token, and the WebSocket live stream (`/ws?token=`), reconnecting on loss.
 *
 * Only the fields the web table reads are typed here; amounts are integer minor units,
 * times epoch milliseconds of the server clock (the client keeps the offset to its own clock).
 */
import type { PocketLabel } from '../../src/engine/index.ts';
import type { LiveEvent } from '../../src/protocol/events.ts';
import type { ServerMessage } from '../../src/protocol/messages.ts';
import type {
  BetView,
  CoupRecordView,
  CroupierStepView,
  HealthView,
  HistoryView,
  LoginView,
  MeView,
  OkView,
  PaymentsView,
  ResultView,
  TableHistoryView,
  TablesView,
  LastCoupView,
  PaymentView,
  PlayerCoupView,
  PrisonerView,
  TableConfigView,
  TableView,
} from '../../src/protocol/views.ts';

/** A table / engine / server rejection. */
export interface ApiError {
  code: string;
  message: string;
  betId?: string;
  detail?: Record<string, unknown>;
}

/** Raised by {@link Api} calls that the server refused. */
export class ApiFailure extends Error {
  constructor(
    readonly error: ApiError,
    readonly status: number,
  ) {
    super(error.message);
  }
}

// The wire types are the server's (src/protocol/): the names below are the web's short names
// for them, so that the browser and the server cannot drift apart.
export type { Phase } from '../../src/protocol/events.ts';
/** A table's public configuration. */
export type TableConfigJson = TableConfigView;
/** A bet on the layout (engine betJson + owner). */
export type BetJson = BetView;
/** A chance simple en prison. */
export type PrisonerJson = PrisonerView;
/** A payment line (engine paymentJson). */
export type PaymentJson = PaymentView;
/** The last settled coup as the table view shows it. */
export type LastCoupJson = LastCoupView;
/** A table's state (GET /api/tables/:id, the WebSocket `state`), with the viewer's part. */
export type TableViewJson = TableView;
/** A recorded coup of a table, redacted for the viewer. */
export type CoupRecordJson = CoupRecordView;
/** A coup as the player recalls it (GET /api/me/history). */
export type PlayerCoupJson = PlayerCoupView;
/** A message of the live stream: a table event or a message of the connection (hello, state, pong, reply, error). */
export type LiveMessage = LiveEvent | ServerMessage;

let seq = 0;
/** A fresh client request id (idempotent commands). */
export function requestId(): string {
  seq += 1;
  const rnd = Math.random().toString(36).slice(2, 10);
  return `w${Date.now().toString(36)}${seq}${rnd}`;
}

/** HTTP + WebSocket client. */
export class Api {
  /** serverTime - Date.now() at the last answer that carried it. */
  offset = 0;
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private readonly subscriptions = new Set<string>();

  constructor(
    public token: string | null,
    private readonly base = '',
  ) {}

  /** The server's clock now (epoch ms), as well as the client can tell. */
  now(): number {
    return Date.now() + this.offset;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      throw new ApiFailure({ code: 'NETWORK', message: `the server cannot be reached (${(e as Error).message})` }, 0);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const err = (json as { error?: ApiError } | null)?.error ?? {
        code: `HTTP_${res.status}`,
        message: text.slice(0, 200) || res.statusText,
      };
      throw new ApiFailure(err, res.status);
    }
    const st = (json as { serverTime?: number } | null)?.serverTime;
    if (typeof st === 'number') this.offset = st - Date.now();
    return json as T;
  }

  // ------------------------------------------------------------------ players
  /**
   * Logs in by name (docs/API.md): `existing` — a known player only (UNKNOWN_PLAYER otherwise);
   * `new` — a new player only (open registration; PLAYER_EXISTS if taken); `any` — either.
   */
  login(name: string, mode: 'existing' | 'new' | 'any' = 'existing') {
    return this.call<LoginView>('POST', '/api/login', {
      name,
      ...(mode === 'any' ? {} : { register: mode === 'new' }),
    });
  }
  /** The server's health, with what the login screen offers: open registration and the demo players. */
  health() {
    return this.call<HealthView>('GET', '/api/health');
  }
  /** Ends the player's session on the server (the token stops working). */
  logout() {
    return this.call<OkView>('POST', '/api/logout');
  }
  me() {
    return this.call<MeView>('GET', '/api/me');
  }
  tables() {
    return this.call<TablesView>('GET', '/api/tables');
  }
  table(id: string) {
    return this.call<TableViewJson>('GET', `/api/tables/${encodeURIComponent(id)}`);
  }
  tableHistory(id: string, limit = 500, before?: number) {
    const q = new URLSearchParams({
      limit: String(limit),
      ...(before !== undefined ? { before: String(before) } : {}),
    });
    return this.call<TableHistoryView>('GET', `/api/tables/${encodeURIComponent(id)}/history?${q}`);
  }
  myHistory(limit = 20) {
    return this.call<HistoryView>('GET', `/api/me/history?limit=${limit}`);
  }
  bet(table: string, bet: Record<string, unknown>) {
    return this.call<{ bets: BetJson[]; stake: number; balance: number }>(
      'POST',
      `/api/tables/${encodeURIComponent(table)}/bets`,
      { requestId: requestId(), bet },
    );
  }
  removeBet(table: string, betId: string) {
    return this.call<{ balance: number }>(
      'DELETE',
      `/api/tables/${encodeURIComponent(table)}/bets/${encodeURIComponent(betId)}`,
    );
  }
  command(table: string, kind: 'undo' | 'clear' | 'rebet' | 'double') {
    return this.call<{ balance: number; coup?: number; bets?: BetJson[]; stake?: number }>(
      'POST',
      `/api/tables/${encodeURIComponent(table)}/${kind}`,
      { requestId: requestId() },
    );
  }
  choose(
    table: string,
    prisonerId: string,
    choice: 'partage' | 'prison' | 'move' | 'on-zero',
    opts: { chance?: string; onZero?: 'partage' | 'prison' } = {},
  ) {
    return this.call<{ balance: number }>(
      'POST',
      `/api/tables/${encodeURIComponent(table)}/prisoners/${encodeURIComponent(prisonerId)}`,
      { choice, ...(opts.chance ? { chance: opts.chance } : {}), ...(opts.onZero ? { onZero: opts.onZero } : {}) },
    );
  }

  // ------------------------------------------------------------------ croupier
  croupier(table: string, kind: 'open' | 'launch' | 'close' | 'pause') {
    return this.call<CroupierStepView>('POST', `/api/tables/${encodeURIComponent(table)}/${kind}`, {});
  }
  result(table: string, pocket: PocketLabel) {
    return this.call<ResultView>('POST', `/api/tables/${encodeURIComponent(table)}/result`, { pocket });
  }
  payments(table: string) {
    return this.call<PaymentsView>('GET', `/api/tables/${encodeURIComponent(table)}/payments`);
  }

  // ------------------------------------------------------------------ live events
  /**
   * Opens the live stream and subscribes to `table`; `onEvent` gets every event, `onStatus`
   * the connection state. Reconnects with back-off and subscribes again (the server then
   * sends a fresh `state`).
   */
  live(table: string, onEvent: (e: LiveMessage) => void, onStatus: (up: boolean) => void): void {
    this.subscriptions.add(table);
    if (this.ws) {
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'subscribe', table }));
      return;
    }
    const open = () => {
      if (this.closed) return;
      const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
      const url = `${proto}//${location.host}${this.base}/ws${this.token ? `?token=${encodeURIComponent(this.token)}` : ''}`;
      const ws = new WebSocket(url);
      this.ws = ws;
      ws.onopen = () => {
        this.retry = 0;
        onStatus(true);
        for (const t of this.subscriptions) ws.send(JSON.stringify({ type: 'subscribe', table: t }));
      };
      ws.onmessage = (m) => {
        let e: LiveMessage;
        try {
          e = JSON.parse(String(m.data)) as LiveMessage;
        } catch {
          return;
        }
        const st = 'serverTime' in e ? e.serverTime : undefined;
        if (typeof st === 'number') this.offset = st - Date.now();
        onEvent(e);
      };
      ws.onclose = () => {
        this.ws = null;
        if (this.closed) return;
        onStatus(false);
        this.retry = Math.min(this.retry + 1, 6);
        setTimeout(open, 300 * 2 ** this.retry);
      };
    };
    open();
  }

  /** Subscribes the open stream to another table (and drops the previous ones). */
  switchTable(table: string): void {
    for (const t of this.subscriptions)
      if (t !== table && this.ws?.readyState === WebSocket.OPEN)
        this.ws.send(JSON.stringify({ type: 'unsubscribe', table: t }));
    this.subscriptions.clear();
    this.subscriptions.add(table);
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'subscribe', table }));
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
