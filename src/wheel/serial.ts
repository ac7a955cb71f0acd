/**
 * The serial link a wheel driver talks through: a tiny interface over the `serialport` package
 * (a real device path such as /dev/ttyUSB0 works unchanged, and so does a pseudo-terminal), so a
 * driver can also be run over an in-memory link in tests.
 */
import { SerialPort } from 'serialport';

/** Serial line settings. 8 data bits, no parity, 1 stop bit always (the SS2's settings). */
export interface SerialSettings {
  /** Device path, e.g. /dev/ttyUSB0. */
  path: string;
  /** Baud rate (SS2: 9600). */
  baudRate: number;
  /** RTS/CTS hardware flow control (some SS2 integrations run it). */
  rtscts: boolean;
}

/** Callbacks of an open link. */
export interface SerialHandlers {
  /** Received bytes, latin1-decoded (the SS2 protocol is ASCII). */
  onData(chunk: string): void;
  /** The link closed: by {@link SerialLink.close}, or the device went away (`err` set). Called once. */
  onClose(err?: Error): void;
}

/** An open serial link. */
export interface SerialLink {
  /** Queues text (latin1) for sending. */
  write(text: string): void;
  /** Closes the link; resolves when closed. Idempotent. */
  close(): Promise<void>;
}

/** Opens a link; rejects when the device cannot be opened (absent, busy, permissions). */
export type SerialLinkFactory = (settings: SerialSettings, handlers: SerialHandlers) => Promise<SerialLink>;

/** The real link: the `serialport` package (8N1, no software flow control). */
export const openSerialPort: SerialLinkFactory = (settings, handlers) =>
  new Promise((resolve, reject) => {
    const port = new SerialPort({
      path: settings.path,
      baudRate: settings.baudRate,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
      rtscts: settings.rtscts,
      autoOpen: false,
    });
    let opened = false;
    let closed = false;
    const finish = (err?: Error) => {
      if (closed) return;
      closed = true;
      handlers.onClose(err);
    };
    port.on('data', (b: Buffer) => handlers.onData(b.toString('latin1')));
    port.on('close', (err?: Error | null) => finish(err ?? undefined));
    port.on('error', (err: Error) => {
      // after open, an error (a read failing because the device vanished) ends the link
      if (!opened) return;
      if (port.isOpen) port.close(() => finish(err));
      else finish(err);
    });
    port.open((err) => {
      if (err) return reject(err);
      opened = true;
      resolve({
        write(text) {
          if (port.isOpen) port.write(Buffer.from(text, 'latin1'));
        },
        close: () =>
          new Promise<void>((res) => {
            if (!port.isOpen) {
              finish();
              return res();
            }
            port.close(() => {
              finish();
              res();
            });
          }),
      });
    });
  });
