/** app.home.*: the Home screen, a signed-in user's overview of what needs doing (beyond the spec, which names the route only). */
export const homeMessages = {
  title: "Home",
  attention: "Needs attention",
  attention_explain: "Counts within the agencies, accounts and communities you work for. Open one to act on it.",
  coverage: "Covered share of lived-in units",
  coverage_explain: "Today and as forecast from the cover known now; the Compliance screen shows each account and community.",
  change_requests: "Change requests awaiting confirmation",
  open: "Open %{name}",
  failed: "This figure could not be loaded",
};
