/**
 * The Bus port: the broadcast channel between table drivers (publishers) and WebSocket hubs
 * (subscribers). In one process the {@link LocalBus} is enough; several processes use the
 * Redis adapter (src/server/bus-redis.ts). Both pass test/app/bus.contract.test.ts: every
 * subscriber gets every message published after it subscribed, in publication order, until it
 * unsubscribes; an unsubscribed handler gets nothing more; close() ends delivery.
 */
import { EventEmitter } from 'node:events';
import type { Published } from '../table/machine.ts';
import type { BusHealth } from '../protocol/views.ts';

/** A publish/subscribe channel of live table events. */
export interface Bus {
  /** Sends a message to every subscriber (of every process sharing the bus). Never throws. */
  publish(message: Published): void;
  /** Registers a handler; returns the unsubscribe function. */
  subscribe(handler: (message: Published) => void): () => void;
  close(): Promise<void>;
  /** The bus's state for `/api/health` (a bus without it is always ok). */
  health?(): BusHealth;
  /**
   * Registers a handler called when the bus is back after an outage: subscribers may have
   * missed events from other processes, so clients refetch their state (the hub sends `resync`).
   * Returns the unregister function.
   */
  onResync?(handler: () => void): () => void;
}

/** In-process bus: handlers run synchronously inside publish, in subscription order. */
export class LocalBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(message: Published): void {
    this.emitter.emit('m', message);
  }

  subscribe(handler: (message: Published) => void): () => void {
    this.emitter.on('m', handler);
    return () => this.emitter.off('m', handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
