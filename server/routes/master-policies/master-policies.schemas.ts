import { z } from "zod";
import { COVERAGE_DESIGNATIONS } from "../../../src/domain/policies";
import { POLICY_NUMBER_MAX, SHORT_TEXT, TEXT, cents, date, flag, id, requiredText, text } from "../../lib/input";
import { MESSAGES } from "../../lib/validators";

/** A whole number between `min` and `max` (days, a day of the month), from JSON or digits. */
const whole = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,6}$/, MESSAGES.wholeNumber)], { error: MESSAGES.wholeNumber })
    .pipe(z.coerce.number<string | number>().int(MESSAGES.wholeNumber).min(min, MESSAGES.min(min)).max(max, MESSAGES.max(max)));

const coverage = z
  .object({
    id: id.optional(),
    title: text(TEXT).nullable().optional(),
    designation: z.enum(COVERAGE_DESIGNATIONS, { error: MESSAGES.notInList }),
    limit: cents.nullable().optional(),
    occurrence_limit: cents.nullable().optional(),
    deductible: cents.nullable().optional(),
    enabled: flag.optional(),
  })
  .strip();

/** Document 2 section 3 / document 3 section 3: master policy configuration; money in cents (readings C-35). */
const configuration = z
  .object({
    id: id.optional(),
    program_type: z.enum(["auto", "opt_in", "opt_out"], { error: MESSAGES.notInList }).optional(),
    program_start_date: date.nullable().optional(),
    program_delay: whole(0, 3650).optional(),
    grace_period: whole(0, 3650).optional(),
    placement_cost: cents.optional(),
    force_placement_cost: cents.nullable().optional(),
    prorate_charges: flag.optional(),
    admin_fee: cents.optional(),
    force_admin_fee: cents.nullable().optional(),
    prorate_admin_fee: flag.optional(),
    charge_date: whole(1, 28).nullable().optional(),
  })
  .strip();

/** The master policy payload of document 3 section 3 (create and edit; every part optional on edit). */
export const masterPolicyBody = z
  .object({
    carrier_id: id.optional(),
    account_id: id.optional(),
    base: cents.optional(),
    total: cents.optional(),
    calculation_base: cents.optional(),
    policy: z
      .object({
        number: requiredText(POLICY_NUMBER_MAX).optional(),
        policy_type_id: id.optional(),
        effective_date: date.optional(),
        expiration_date: date.optional(),
        system_data: z.object({ landlord_sumplimental: flag.optional() }).strip().optional(),
        policy_coverages_attributes: z.array(coverage).max(30, MESSAGES.tooMany(30)).optional(),
        master_policy_configurations_attributes: z.array(configuration).max(1, MESSAGES.tooMany(1)).optional(),
      })
      .strip()
      .optional(),
  })
  .strip();

export const insurableBody = z.object({ insurable_id: id }).strip();
export const addInsurableBody = z.object({ insurable_id: id, auto_assign: flag.optional() }).strip();
export const cancelCoverageBody = z.object({ master_policy_coverage_id: id }).strip();
export const autoAssignAllBody = z.object({ auto_assign_value: flag }).strip();
export const calculateCostBody = z.object({ id, insurable_id: id, start_date: date }).strip();
export const coverageOptionsBody = z.object({ carrier_id: id.optional(), policy_type_id: id.optional(), search: text(SHORT_TEXT).optional() }).strip().default({});
