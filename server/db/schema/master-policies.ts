import { bigint, integer, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { policies } from "./policies";
import { idColumn, timestamps } from "./columns";

/**
 * A master policy's premium (document 3 section 3, master policy payload: base, total, calculation_base, in cents).
 * The master itself is a policy of a master type (policy_types.master), its coverages policy_coverages, its programme
 * master_policy_configurations (configurable Policy), its communities policy_insurables (with auto_assign), and each
 * unit it covers a child policy of a master-coverage type whose policy_id is the master (reference section 4.10).
 */
export const masterPolicyPremiums = pgTable(
  "master_policy_premiums",
  {
    id: idColumn(),
    policy_id: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    base: bigint("base", { mode: "number" }).notNull().default(0),
    total: bigint("total", { mode: "number" }).notNull().default(0),
    calculation_base: bigint("calculation_base", { mode: "number" }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex("master_policy_premiums_policy_key").on(t.policy_id)],
);
