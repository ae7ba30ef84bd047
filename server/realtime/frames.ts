/**
 * Outbound messages shared by many sockets. A broadcast reaches thousands of sockets, so its JSON text is encoded
 * once and wrapped in a WebSocket frame once; every socket then gets the same bytes (see ClientConnection.deliver).
 */

export interface SharedFrame {
  /** The message's JSON text (UTF-8). */
  readonly text: Buffer;
  /** `text` as a complete server-to-client WebSocket text frame, ready to write to the TCP socket. */
  readonly wire: Buffer;
}

export function shareFrame(text: string | Buffer): SharedFrame {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  return { text: bytes, wire: encodeTextFrame(bytes) };
}

const FIN_AND_TEXT_OPCODE = 0x81;
const SIXTEEN_BIT_LENGTH = 126;
const SIXTY_FOUR_BIT_LENGTH = 127;

/** RFC 6455 section 5.2: one final text frame, unmasked (the server never masks), with its payload length. */
export function encodeTextFrame(payload: Buffer): Buffer {
  const headerLength = payload.length < SIXTEEN_BIT_LENGTH ? 2 : payload.length <= 0xffff ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + payload.length);
  frame[0] = FIN_AND_TEXT_OPCODE;
  if (headerLength === 2) {
    frame[1] = payload.length;
  } else if (headerLength === 4) {
    frame[1] = SIXTEEN_BIT_LENGTH;
    frame.writeUInt16BE(payload.length, 2);
  } else {
    frame[1] = SIXTY_FOUR_BIT_LENGTH;
    frame.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
