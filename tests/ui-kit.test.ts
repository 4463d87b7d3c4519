import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/** The internal UI gallery (/dev/ui) is for development only: a production deployment must not serve it. */
describe("the /dev/ui gallery", () => {
  let devServer: InProcessServer;
  let productionServer: InProcessServer;

  beforeAll(async () => {
    [devServer, productionServer] = await Promise.all([
      startServerInProcess(),
      startServerInProcess({
        env: {
          APP_ENV: "production",
          SESSION_SECRET: "a-test-secret-that-is-long-enough-0123456789",
          PUBLIC_URL: "http://127.0.0.1",
          SMTP_URL: "smtp://127.0.0.1:9",
        },
      }),
    ]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([devServer?.dispose(), productionServer?.dispose()]);
  });

  it("renders outside production, marked noindex", async () => {
    const response = await fetch(`${devServer.url}/dev/ui`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("FixiT UI kit");
    expect(html).toContain('content="noindex, nofollow"');
  });

  it("answers 404 in production, without the gallery", async () => {
    const response = await fetch(`${productionServer.url}/dev/ui`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("FixiT UI kit");
  });

  it("answers 404 in production for its data request too", async () => {
    const response = await fetch(`${productionServer.url}/dev/ui.data`);
    expect(response.status).toBe(404);
  });
});
