/** Types for browser-test-chromium.mjs (a plain script, so `npm test` can import it without a build step). */
export declare function browserTestChromium(env?: Record<string, string | undefined>, exists?: (path: string) => boolean): string;
