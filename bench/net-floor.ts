/**
 * The clients' floor of the open-loop bet benchmark (bench/table-net.ts `--only floor`): a null
 * server, a bare `ws` server in the benchmark's process that answers each bet at once with the
 * two messages the table server sends a bettor (the reply with the placed bet, then the wallet's
 * `balance`, corked into one write as the table server's) and, while bets come in, sends every
 * socket a `bets-summary` every 150 ms (the large table's coalesced event,
 * src/server/coalesce.ts). Driven by the same client process and open loop as the table server,
 * its latency is what the clients and the loopback add by themselves on this machine, and its CPU
 * per bet what the sockets alone cost the server: a table server cannot be measured below it.
 */
import type { Socket } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * Texts shaped and sized as the table server's (a plein of 10 on a European table; the summary
 * as a numbered delta of one position, what a large table sends between its full summaries).
 */
const reply = (requestId: string) =>
  `{"type":"reply","requestId":${JSON.stringify(requestId)},"ok":true,"value":{"kind":"place","coup":1,"bets":[{"id":"c1-1","kind":"plein","numbers":["17"],"key":"plein:17","text":"plein 17","stake":10,"placedAt":1764676800000}],"stake":10}}`;
const BALANCE = '{"type":"balance","table":"t","coup":1,"playerId":"p1","balance":999999990}';
const SUMMARY = JSON.stringify({
  type: 'bets-summary',
  table: 't',
  coup: 1,
  base: 1,
  summary: {
    players: 1000,
    bets: 1000,
    staked: 10000,
    prisoners: 0,
    seq: 2,
    totals: [['rouge', 10000, 1000]],
  },
});

/** A running null server: its ws URL, and `close`. */
export interface NullServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a null server on 127.0.0.1 (see the module doc). */
export async function nullServer(): Promise<NullServer> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  let betting = false;
  wss.on('connection', (ws) =>
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { type?: string; requestId?: string };
      if (m.type !== 'bet' || typeof m.requestId !== 'string') return;
      // both frames in one system call, as the table server sends them (src/server/ws.ts cork)
      const raw = (ws as unknown as { _socket: Socket })._socket;
      raw.cork();
      process.nextTick(() => raw.uncork());
      ws.send(reply(m.requestId));
      ws.send(BALANCE);
      betting = true;
    }),
  );
  const timer = setInterval(() => {
    if (!betting) return;
    betting = false;
    for (const c of wss.clients) c.send(SUMMARY);
  }, 150);
  const port = (wss.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    close: async () => {
      clearInterval(timer);
      await new Promise((r) => wss.close(r));
    },
  };
}
