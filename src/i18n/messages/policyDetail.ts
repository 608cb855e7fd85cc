/** app.policy_detail.*: texts of this area, spec texts verbatim. */
export const policyDetailMessages = {};
