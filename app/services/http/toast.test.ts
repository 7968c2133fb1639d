import { describe, expect, it } from "vitest";
import { isUrgent, sameToast, toastDuration, toToast } from "~/services/http/toast";

describe("how long a toast shows", () => {
  it("gives successes 2 seconds, notes and warnings 5, errors 7", () => {
    expect(toastDuration({ type: "success" })).toBe(2000);
    expect(toastDuration({ type: "info" })).toBe(5000);
    expect(toastDuration({ type: "warning" })).toBe(5000);
    expect(toastDuration({ type: "error" })).toBe(7000);
  });

  it("keeps a toast with an action at least 8 seconds, and a toast may ask for its own time", () => {
    expect(toastDuration({ type: "success", action: { label: "Undo", href: "/app/community" } })).toBe(8000);
    expect(toastDuration({ type: "success", duration: 15_000 })).toBe(15_000);
    expect(toastDuration({ type: "error", duration: 1000, action: { label: "Retry" } })).toBe(1000);
  });
});

describe("the same toast twice", () => {
  const linkCopied = toToast({ type: "success", title: "Link copied", message: "Paste it anywhere." });

  it("is the same when type, title, message and action match, whatever its id", () => {
    expect(sameToast(linkCopied, toToast({ type: "success", title: "Link copied", message: "Paste it anywhere." }))).toBe(true);
    expect(sameToast(linkCopied, toToast({ type: "error", title: "Link copied", message: "Paste it anywhere." }))).toBe(false);
    expect(sameToast(linkCopied, toToast({ type: "success", title: "Link copied" }))).toBe(false);
    expect(sameToast(linkCopied, { ...linkCopied, action: { label: "Open" } })).toBe(false);
  });
});

describe("which toasts interrupt a screen reader", () => {
  it("errors only", () => {
    expect(["success", "info", "warning", "error"].filter((type) => isUrgent({ type: type as "error" }))).toEqual(["error"]);
  });
});
