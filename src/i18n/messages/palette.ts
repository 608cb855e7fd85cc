/** The command palette (issue 17 section 6): Ctrl/Cmd+K from anywhere. */
export const paletteMessages = {
  open: "Search and jump (Ctrl+K)",
  placeholder: "Jump to a screen, or find a policy, customer, property or account…",
  label: "Command palette",
  screens: "Screens",
  records: "Records",
  searching: "Searching…",
  nothing: "Nothing found",
  min_term: "Type two characters or more to find records",
  hint: "↑↓ to move, Enter to open, Esc to close",
  kinds: {
    policies: "Policy",
    users: "Customer",
    insurable: "Property",
    accounts: "Account",
    leads: "Lead",
    "tracking-url": "Tracking URL",
  },
} as const;
