// negotiator 1.x (a dependency of Express, used directly by ./content-encoding.ts): only what we call.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encodings(available: string[], options?: { preferred?: string[] }): string[];
  }
}
