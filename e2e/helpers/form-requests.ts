import type { Page } from "./test";

const isSchemaChunk = (url: string) => /\/assets\/schemas-[\w-]+\.js$/.test(new URL(url).pathname);

/**
 * What a page requests for its forms from now on: the chunks holding forms' rules (`schemas-*.js`,
 * decision 036) and every POST. `rulesArrived()` resolves when the next rules chunk has loaded and
 * run; start waiting before the action that should fetch it.
 */
export function watchFormRequests(page: Page) {
  const schemaRequests: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (isSchemaChunk(request.url())) schemaRequests.push(request.url());
    if (request.method() === "POST") posts.push(request.url());
  });
  const rulesArrived = async () => {
    const response = await page.waitForResponse((response) => isSchemaChunk(response.url()) && response.ok());
    // The chunk's answer is not the rules in use: the module still loads what it imports and runs,
    // and only then does the form hold its rules. A submit in between goes to the server, which
    // checks it (a flaky "nothing was sent" under load). The page's own import of the same URL
    // settles once the module has run, after the form's.
    await page.evaluate((url) => import(url).then(() => undefined), response.url());
  };
  return { schemaRequests, posts, rulesArrived };
}
