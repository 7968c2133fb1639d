import { describe, expect, it } from "vitest";
import { publicTown } from "./public-listings.server";

describe("publicTown", () => {
  it("keeps a town or region as the seller wrote it", () => {
    expect(publicTown("Leeds")).toBe("Leeds");
    expect(publicTown("West Yorkshire")).toBe("West Yorkshire");
    expect(publicTown("Leeds LS1")).toBe("Leeds LS1");
  });

  it("cuts a full UK postcode to its district, wherever it stands and however it is spaced", () => {
    expect(publicTown("Leeds LS1 4AP")).toBe("Leeds LS1");
    expect(publicTown("ls14ap, Leeds")).toBe("LS1, Leeds");
    expect(publicTown("London SW1A 1AA")).toBe("London SW1A");
    expect(publicTown("M1 1AE Manchester")).toBe("M1 Manchester");
  });
});
