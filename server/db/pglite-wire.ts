import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

/**
 * The PostgreSQL wire protocol in front of one PGlite instance (ADR 0093), so that the web process talks to the
 * embedded database through `pg` like to any PostgreSQL server while PGlite's WebAssembly runs in another process.
 *
 * PGlite is one database session: it answers the protocol's messages itself (startup included) through
 * `execProtocolRawStream`, and this server only cuts the byte stream into messages and hands them over in order.
 * One client connection at a time holds the session; a connection that arrives meanwhile waits for it to close
 * (the web process's pool has one connection, so none ever waits in practice). A connection that closes inside a
 * transaction has it rolled back, and every closed connection's prepared statements and settings are discarded, so the
 * next one never inherits them.
 */
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

export type WireServer = { close(): Promise<void> };

export async function serveOverWire(db: PGlite, socketPath: string): Promise<WireServer> {
  const waiting: net.Socket[] = [];
  let current: net.Socket | null = null;
  const open = new Set<net.Socket>();

  const admitNext = () => {
    while (current === null && waiting.length > 0) {
      const next = waiting.shift()!;
      if (!next.destroyed) attach(next);
    }
  };

  function attach(socket: net.Socket) {
    current = socket;
    let buffered: Buffer = Buffer.alloc(0);
    let started = false;
    let queue = Promise.resolve();
    const release = () => {
      queue = queue.then(async () => {
        // Nothing to clean when the database has closed meanwhile (the platform stopping).
        if (!db.closed) {
          if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => undefined);
          // The next connection starts as a new PostgreSQL session would: no prepared statement of this one (the web
          // process names its statements, ADR 0095, and would otherwise be told that a name it prepares exists).
          await db.exec("DISCARD ALL").catch(() => undefined);
        }
        if (current === socket) current = null;
        admitNext();
      });
    };
    socket.on("close", release);
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const messages: Buffer[] = [];
      try {
        for (;;) {
          const length = nextMessageLength(buffered, started);
          if (length === null) break;
          const message = buffered.subarray(0, length);
          if (!started && message.readInt32BE(4) === PROTOCOL_3) started = true;
          messages.push(message);
          buffered = buffered.subarray(length);
        }
      } catch {
        socket.destroy();
        return;
      }
      if (messages.length === 0) return;
      queue = queue.then(() => handle(socket, messages)).catch(() => void socket.destroy());
    });
    socket.resume();
  }

  async function handle(socket: net.Socket, messages: Buffer[]) {
    for (const message of messages) {
      if (socket.destroyed) return;
      if (message.length === 8 && message.readInt32BE(4) === SSL_REQUEST) {
        socket.write("N");
        continue;
      }
      if (message.length === 16 && message.readInt32BE(4) === CANCEL_REQUEST) continue;
      await db.runExclusive(() =>
        db.execProtocolRawStream(new Uint8Array(message.buffer, message.byteOffset, message.length), {
          onRawData: (data) => {
            if (data.length > 0 && !socket.destroyed) socket.write(data);
          },
        }),
      );
    }
  }

  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    if (current === null) attach(socket);
    else waiting.push(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The length of the first whole message in `buffer`, or null when it is not all there yet. Until the startup message
 * (`started` false) a client sends messages without a type byte (startup, SSL and cancel requests): a length, then a
 * code; after it, every message is a type byte then a length.
 */
export function nextMessageLength(buffer: Buffer, started: boolean): number | null {
  if (!started) {
    if (buffer.length < 8) return null;
    const length = buffer.readInt32BE(0);
    if (length < 8) throw new Error(`invalid startup message length ${length}`);
    return buffer.length >= length ? length : null;
  }
  if (buffer.length < 5) return null;
  const length = 1 + buffer.readInt32BE(1);
  return buffer.length >= length ? length : null;
}
