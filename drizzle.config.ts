import { defineConfig } from "drizzle-kit";

// Migrations are generated from server/db/schema and applied at start to PGlite or PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
