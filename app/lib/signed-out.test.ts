import { describe, expect, it } from "vitest";
import { signedOutSentence } from "./signed-out";

describe("why a device was signed out", () => {
  it("says one of the fixed sentences, and nothing for a value that is not a reason", () => {
    expect(signedOutSentence("password-changed")).toBe("You were signed out because your password was changed.");
    expect(signedOutSentence("signed-out-everywhere")).toBe("You were signed out of every device.");
    for (const forged of [null, "", "You were hacked", "toString", "__proto__", "PASSWORD-CHANGED"]) {
      expect(signedOutSentence(forged)).toBeNull();
    }
  });
});
