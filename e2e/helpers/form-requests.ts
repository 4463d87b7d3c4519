import type { Page } from "./test";

const isSchemaChunk = (url: string) => /\/assets\/schemas-[\w-]+\.js$/.test(new URL(url).pathname);

/**
 * What a page requests for its forms from now on: the chunks holding forms' rules (`schemas-*.js`,
 * decision 036) and every POST. `rulesArrived()` resolves when the next rules chunk has loaded;
 * start waiting before the action that should fetch it.
 */
export function watchFormRequests(page: Page) {
  const schemaRequests: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (isSchemaChunk(request.url())) schemaRequests.push(request.url());
    if (request.method() === "POST") posts.push(request.url());
  });
  const rulesArrived = () => page.waitForResponse((response) => isSchemaChunk(response.url()) && response.ok());
  return { schemaRequests, posts, rulesArrived };
}
