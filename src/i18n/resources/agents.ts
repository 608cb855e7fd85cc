import staff from "./staff";

/** resources.agents: the agents screen (staff of agencies) shares the staff texts, with its own names. */
export default {
  ...staff,
  name: "Agent |||| Agents",
  fields: { ...staff.fields, organizable: { title: "Agency" } },
  filters: { agency: "Agency", enabled: "Enabled" },
  actions: { ...staff.actions, create: "Add Agent" },
  title: { ...staff.title, browse: "Agents", create: "Add Agent" },
};
