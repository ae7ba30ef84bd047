import * as ws from "ws";
import { describe, expect, it } from "vitest";
import { encodeTextFrame, shareFrame } from "./frames.ts";

/** ws's own framing (public but left out of @types/ws), as the reference. */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] } };

function framedByWs(payload: Buffer): Buffer {
  return Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));
}

describe("encodeTextFrame", () => {
  it.each([0, 1, 125, 126, 65_535, 65_536])("frames a %i-byte payload as ws does", (length) => {
    const payload = Buffer.alloc(length, "a");
    expect(encodeTextFrame(payload).equals(framedByWs(payload))).toBe(true);
  });
});

describe("shareFrame", () => {
  it("keeps the UTF-8 text and frames it", () => {
    const frame = shareFrame('{"event":"é"}');
    expect(frame.text.toString("utf8")).toBe('{"event":"é"}');
    expect(frame.wire.equals(framedByWs(frame.text))).toBe(true);
  });
});
