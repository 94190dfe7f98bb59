import { describe, expect, it } from "vitest";
import { messageState, nextMessageState, previewText, refuseMessageChange } from "./chats.ts";

const msg = (over: Partial<{ senderId: number | null; deletedAt: Date | null; automatic: boolean }> = {}) => ({ senderId: 7, deletedAt: null, automatic: false, ...over });

describe("chat message states", () => {
  it("the sender edits and deletes an active message", () => {
    for (const action of ["edit", "delete"] as const) expect(refuseMessageChange(msg(), 7, action)).toBeNull();
    expect(nextMessageState("edit")).toBe("active");
    expect(nextMessageState("delete")).toBe("deleted");
  });
  it("anyone else, and anyone on an automatic message, is refused (notOwn)", () => {
    for (const action of ["edit", "delete"] as const) {
      expect(refuseMessageChange(msg(), 8, action)).toBe("notOwn");
      expect(refuseMessageChange(msg({ senderId: null, automatic: true }), 7, action)).toBe("notOwn");
    }
  });
  it("a deleted message takes no change (deleted)", () => {
    const deleted = msg({ deletedAt: new Date() });
    expect(messageState(deleted)).toBe("deleted");
    for (const action of ["edit", "delete"] as const) expect(refuseMessageChange(deleted, 7, action)).toBe("deleted");
  });
  it("previews message HTML as plain text, shortened", () => {
    expect(previewText("<p>Hi <b>there</b></p><p>A &amp; B</p>")).toBe("Hi there A & B");
    expect(previewText(`<p>${"x".repeat(300)}</p>`)).toHaveLength(200);
  });
});
