import { describe, expect, it } from "vitest";
import { acceptedEncoding } from "./accepted-encoding.ts";

describe("acceptedEncoding", () => {
  it("prefers brotli, then gzip, and sends the plain body when neither is accepted", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("deflate")).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding("")).toBeNull();
  });

  it("honours q=0 and reads the codings whatever their case and spacing", () => {
    expect(acceptedEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(acceptedEncoding("br; q=0.0, gzip;q=0")).toBeNull();
    expect(acceptedEncoding(" GZIP ;q=1 ,BR;q=0.2")).toBe("br");
  });
});
