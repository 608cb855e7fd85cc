/** app.policy_billing.*: texts of this area, spec texts verbatim. */
export const policyBillingMessages = {};
