import { describe, expect, test } from "vitest";
import { nextMessageLength } from "./pglite-wire.ts";

function typed(type: string, payload: Buffer) {
  const header = Buffer.alloc(5);
  header.write(type, 0, "ascii");
  header.writeInt32BE(4 + payload.length, 1);
  return Buffer.concat([header, payload]);
}

function startup(code: number, payload = Buffer.alloc(0)) {
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + payload.length, 0);
  header.writeInt32BE(code, 4);
  return Buffer.concat([header, payload]);
}

describe("PostgreSQL wire framing (nextMessageLength)", () => {
  test("before the startup message: a length then a code, whatever the first byte", () => {
    const message = startup(196608, Buffer.from("user\0postgres\0\0"));
    expect(nextMessageLength(message, false)).toBe(message.length);
    expect(nextMessageLength(startup(80877103), false)).toBe(8);
    expect(nextMessageLength(message.subarray(0, 7), false)).toBeNull();
    expect(nextMessageLength(message.subarray(0, message.length - 1), false)).toBeNull();
    expect(() => nextMessageLength(Buffer.from([0, 0, 0, 2, 0, 0, 0, 0]), false)).toThrow(/invalid startup/);
  });

  test("after it: a type byte then a length that counts itself, even when the bytes look like a startup code", () => {
    const sync = typed("S", Buffer.alloc(0));
    expect(nextMessageLength(sync, true)).toBe(5);
    // Bytes 4 to 7 of this Bind read 0x00030000, the startup code: it is still framed by its type byte and length.
    const bind = typed("B", Buffer.concat([Buffer.from([3, 0, 0]), Buffer.alloc(256 - 4 - 3)]));
    expect(bind.readInt32BE(4)).toBe(196608);
    expect(nextMessageLength(Buffer.concat([bind, sync]), true)).toBe(bind.length);
    expect(nextMessageLength(bind.subarray(0, 4), true)).toBeNull();
    expect(nextMessageLength(bind.subarray(0, 100), true)).toBeNull();
  });
});
