import type { MasterPolicy, MasterPolicyConfiguration, MasterPolicyCoverage } from "./types";

/** The form holds the payload of document 3 section 3 (money in cents): create and edit send it as it is. */
export interface MasterPolicyForm {
  carrier_id: number | null;
  account_id: number | null;
  base: number | null;
  total: number | null;
  calculation_base: number | null;
  policy: {
    number: string;
    effective_date: string | null;
    expiration_date: string | null;
    system_data: { landlord_sumplimental: boolean };
    policy_coverages_attributes: MasterPolicyCoverage[];
    master_policy_configurations_attributes: Array<Partial<MasterPolicyConfiguration>>;
  };
}

export const EMPTY_CONFIGURATION: Partial<MasterPolicyConfiguration> = {
  program_type: "auto",
  program_start_date: null,
  program_delay: 0,
  grace_period: 0,
  placement_cost: 0,
  force_placement_cost: null,
  prorate_charges: false,
  admin_fee: 0,
  force_admin_fee: null,
  prorate_admin_fee: false,
  charge_date: 1,
};

export const NEW_MASTER_POLICY: MasterPolicyForm = {
  carrier_id: null,
  account_id: null,
  base: null,
  total: null,
  calculation_base: null,
  policy: {
    number: "",
    effective_date: null,
    expiration_date: null,
    system_data: { landlord_sumplimental: false },
    policy_coverages_attributes: [{ designation: "liability", limit: null, occurrence_limit: null, deductible: null }],
    master_policy_configurations_attributes: [EMPTY_CONFIGURATION],
  },
};

/** A loaded master policy as the form's values. */
export function formOf(record: MasterPolicy): MasterPolicyForm & { id: number } {
  return {
    id: record.id,
    carrier_id: record.carrier?.id ?? null,
    account_id: record.account?.id ?? null,
    base: record.base,
    total: record.total,
    calculation_base: record.calculation_base,
    policy: {
      number: record.number,
      effective_date: record.effective_date,
      expiration_date: record.expiration_date,
      system_data: { landlord_sumplimental: Boolean(record.system_data?.landlord_sumplimental) },
      policy_coverages_attributes: (record.policy_coverages ?? []).map(({ id, title, designation, limit, occurrence_limit, deductible }) => ({ id, title, designation, limit, occurrence_limit, deductible })),
      master_policy_configurations_attributes: record.master_policy_configurations?.length ? record.master_policy_configurations : [EMPTY_CONFIGURATION],
    },
  };
}

const dropEmpty = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== "")) as Partial<T>;

/** The body sent: empty optional fields left out, so the server's defaults apply (total and calculation base = base). */
export function payloadOf(form: MasterPolicyForm) {
  const p = form.policy;
  return {
    ...dropEmpty({ carrier_id: form.carrier_id, account_id: form.account_id, base: form.base, total: form.total, calculation_base: form.calculation_base }),
    policy: {
      ...dropEmpty({ number: p.number?.trim(), effective_date: p.effective_date, expiration_date: p.expiration_date }),
      system_data: { landlord_sumplimental: Boolean(p.system_data?.landlord_sumplimental) },
      policy_coverages_attributes: (p.policy_coverages_attributes ?? []).map((c) => ({
        ...dropEmpty({ id: c.id, title: c.title, designation: c.designation }),
        limit: c.limit ?? null,
        occurrence_limit: c.occurrence_limit ?? null,
        deductible: c.deductible ?? null,
      })),
      master_policy_configurations_attributes: (p.master_policy_configurations_attributes ?? []).map((c) => ({
        ...dropEmpty({ ...c }),
        force_placement_cost: c.force_placement_cost ?? null,
        force_admin_fee: c.force_admin_fee ?? null,
        program_start_date: c.program_start_date || null,
      })),
    },
  };
}
