import { describe, expect, it } from "vitest";
import { loadApiConfig } from "../../api/config";

const base = { NODE_ENV: "test", DATA_DIR: ".tmp/unused" };

describe("API configuration", () => {
  it("emailed links default to the web's PORT, and PUBLIC_URL wins when set", () => {
    expect(loadApiConfig({ ...base }).publicUrl).toBe("http://localhost:3000");
    expect(loadApiConfig({ ...base, PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
    expect(loadApiConfig({ ...base, PORT: "4000", PUBLIC_URL: "https://care.example" }).publicUrl).toBe("https://care.example");
  });

  it("reads ENCRYPTION_KEYS (first is current) and refuses a malformed one", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(loadApiConfig({ ...base, ENCRYPTION_KEYS: `k2:${key},k1:${key}` }).encryptionKeys.map((k) => k.id)).toEqual(["k2", "k1"]);
    expect(() => loadApiConfig({ ...base, ENCRYPTION_KEYS: "k1:c2hvcnQ=" })).toThrow(/ENCRYPTION_KEYS/);
    expect(() => loadApiConfig({ ...base, ENCRYPTION_KEYS: `k.1:${key}` })).toThrow(/ENCRYPTION_KEYS/);
  });
});
