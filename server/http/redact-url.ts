/** Query parameters that carry secrets in a URL: VIP codes on the blog link, one-time tokens in email links. */
const SECRET_PARAMS = ["code", "token"];

/**
 * A request URL safe to write to the logs: the values of secret query parameters are replaced.
 * Works on the raw path+query Express sees, without parsing it into a URL (which could throw).
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url || !url.includes("?")) return url;
  const queryStart = url.indexOf("?");
  const query = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* a malformed name is kept as it is */
      }
      return SECRET_PARAMS.includes(decoded.toLowerCase()) && pair.includes("=") ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, queryStart)}?${query}`;
}
