import { defineConfig } from "drizzle-kit";

// One schema, one set of SQL migrations for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/*.ts",
  out: "./drizzle",
});
