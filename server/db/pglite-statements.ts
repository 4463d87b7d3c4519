import { parse as pgliteParse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/**
 * Named prepared statements for the embedded PGlite, as node-postgres gets them from drizzle's
 * `.prepare(name)` and postgres.js makes them by itself.
 *
 * PGlite's `query()` sends every statement unnamed, so PostgreSQL parses, analyses and plans it on
 * every call, and answers in five trips into WebAssembly (parse, describe, bind, describe, execute).
 * A signed-in page's two queries spent most of their time there: the session query took 8.6 ms
 * unnamed against 3.0 ms as a prepared statement in one run (issue 47, decision 077). Here each
 * query text outside a transaction is parsed once under a name of its own; a call then binds and
 * executes it in one trip, and PostgreSQL keeps a generic plan once it is as good as a custom one.
 *
 * Statements in a transaction (drizzle's `tx`) go through PGlite's own `tx.query`, unchanged.
 * At most `limit` statements are kept: the least recently used one is closed to make room (texts
 * such as IN-lists of varying length would otherwise grow without bound).
 */
export function keepStatementsPrepared(client: PGlite, limit = 200): { statements(): number } {
  const { serialize } = protocol;
  const plainQuery = client.query.bind(client);
  // Query text → its statement's name and parameter types; a Map iterates in insertion order, so
  // re-inserting on use keeps the least recently used first.
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let nextId = 0;

  const prepare = async (text: string, options: QueryOptions | undefined) => {
    const name = `fixit_s${++nextId}`;
    const replies = await client.execProtocolStream(concat(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: "S", name }), serialize.sync()), { syncToFs: false });
    const paramTypes = pgliteParse.parseDescribeStatementResults(replies);
    if (statements.size >= limit) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await client.execProtocolStream(concat(serialize.close({ type: "S", name: oldest.name }), serialize.sync()), { syncToFs: false });
    }
    const statement = { name, paramTypes };
    statements.set(text, statement);
    return statement;
  };

  const run = async (text: string, params: unknown[], options: QueryOptions | undefined) => {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const replies = await client.execProtocolStream(
      concat(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()),
      { syncToFs: false },
    );
    await client.syncToFs();
    return pgliteParse.parseResults(replies, client.parsers, options)[0]!;
  };

  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    // Blobs (COPY) take PGlite's own path, which reads and writes the device files around the query.
    if (options?.blob) return plainQuery<T>(text, params, options);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return (await run(text, params, options)) as Results<T>;
        } catch (error) {
          // A schema change that alters a statement's result ("cached plan must not change result
          // type") or a statement PostgreSQL no longer has: forget it, the next call prepares anew.
          if (isStaleStatement(error)) statements.delete(text);
          throw annotate(error, text, params, options);
        }
      }),
    );
  }) as PGlite["query"];

  return { statements: () => statements.size };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function isStaleStatement(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "0A000" || code === "26000";
}

/** The query, its parameters and options on the error, as PGlite's own `query()` sets them. */
function annotate(error: unknown, query: string, params: unknown[], queryOptions: QueryOptions | undefined): unknown {
  if (error && typeof error === "object" && "severity" in error) Object.assign(error, { query, params, queryOptions });
  return error;
}
