import * as s from "../schema";
import { type SeedContext, during, emailPart, personName, phone } from "./context";
import type { Day } from "./days";
import type { Account, Agency } from "./demo-organisations";
import type { SeededPolicy } from "./demo-policies";
import { insertAll, insertReturningIds } from "./insert";

/**
 * Prospects from the agencies' tracking links (reference section 3.6): each visit is a lead event; a converted lead
 * points at the policy it bought; lost leads are often archived.
 */
export const LEAD_TOTAL = 500;

/** The quote funnel a visitor walks through, as lead event tags and the page titles they land on. */
const FUNNEL = [
  ["landing", "Landing Page"],
  ["coverage", "Coverage Options"],
  ["quote", "Quote"],
  ["checkout", "Checkout"],
  ["purchase", "Payment Complete"],
] as const;

/** Each agency's campaign links (reference 3.6): leads mostly arrive through one of them. */
const CAMPAIGNS = [
  { landing_page: "residential", campaign_name: "Spring Renters", campaign_source: "google", campaign_medium: "cpc" },
  { landing_page: "residential", campaign_name: "Move-in Month", campaign_source: "facebook", campaign_medium: "social" },
  { landing_page: "rentguarantee", campaign_name: "Resident Newsletter", campaign_source: "email", campaign_medium: "newsletter" },
] as const;

export async function seedLeads(ctx: SeedContext, agencies: Agency[], policies: SeededPolicy[], userEmails: Map<number, string>, accounts: Account[] = []): Promise<number> {
  const { db, r, today } = ctx;
  // The demo's today is a UTC day: its office hours can still be ahead (Los Angeles evening). A visit is never in
  // the future, or the lead's last visit would fall after the dashboard's window while its earlier events count.
  const now = ctx.now ?? new Date();
  const notFuture = (t: Date) => (t > now ? now : t);
  // Chosen without the random stream, so the rest of the demo stays as it was.
  const urlIds = await insertReturningIds(
    db,
    s.trackingUrls,
    agencies.flatMap((agency) => CAMPAIGNS.map((campaign) => ({ ...campaign, agency_id: agency.id }))),
  );
  const accountsOf = (agencyId: number) => accounts.filter((a) => a.agencyId === agencyId);
  const urlsOf = new Map(agencies.map((agency, a) => [agency.id, urlIds.slice(a * CAMPAIGNS.length, (a + 1) * CAMPAIGNS.length)]));
  const convertible = policies.filter((p) => p.inSystem && p.status !== "BIND_REJECTED");
  const leads: Array<typeof s.leads.$inferInsert> = [];
  const people: Array<{ first: string; last: string; full: string; phone: string }> = [];
  const visits: Day[][] = [];
  // One lead per (email, agency), as the lead-event call keeps it: a second policy of the same customer in the same
  // agency makes a lead of its own address variant.
  const seen = new Set<string>();
  for (let i = 0; i < LEAD_TOTAL; i++) {
    const status = r.weighted({ prospect: 45, return: 20, converted: 15, lost: 12, archived: 8 });
    const policy = status === "converted" ? convertible[(i * 13) % convertible.length] : null;
    const name = personName(r);
    const count = status === "converted" ? r.int(3, 9) : status === "prospect" ? r.int(1, 3) : r.int(2, 7);
    let day = (policy ? policy.created : today) - r.int(count, 150);
    const days = Array.from({ length: count }, () => (day = Math.min(today, day + r.int(0, 6))));
    if (policy) days[days.length - 1] = Math.min(today, policy.created);
    const reached = status === "converted" ? FUNNEL.length - 1 : Math.min(FUNNEL.length - 2, r.int(0, count));
    const agencyId = policy?.agencyId ?? r.pick(agencies).id;
    let email = policy ? userEmails.get(policy.primaryUserId)! : `${emailPart(name.first)}.${emailPart(name.last)}${r.int(1, 999)}@mail.example`;
    if (seen.has(`${email.toLowerCase()} ${agencyId}`)) email = email.replace("@", `+${i}@`);
    seen.add(`${email.toLowerCase()} ${agencyId}`);
    leads.push({
      email,
      identifier: `${r.hex(24)}${i.toString(16).padStart(8, "0")}`,
      user_id: policy?.primaryUserId ?? null,
      status,
      archived: status === "archived" || (status === "lost" && r.chance(0.5)),
      last_visit: notFuture(during(r, days[days.length - 1])),
      last_visited_page: FUNNEL[reached][1],
      agency_id: agencyId,
      // One lead in five came without a campaign link.
      tracking_url_id: i % 5 === 4 ? null : (urlsOf.get(agencyId)?.[i % CAMPAIGNS.length] ?? null),
      // Two prospects in three came through a property's page, so their account's staff see them too.
      account_id: policy?.accountId ?? (i % 3 === 2 ? null : (accountsOf(agencyId)[i % Math.max(1, accountsOf(agencyId).length)]?.id ?? null)),
      policy_id: policy?.id ?? null,
      lead_events_cx: count,
      premium_total: policy ? policy.premium : reached >= 2 ? r.int(9_600, 30_000) : null,
      created_at: notFuture(during(r, days[0])),
    });
    people.push({ ...name, phone: phone(r) });
    visits.push(days);
  }
  const ids = await insertReturningIds(db, s.leads, leads);
  await insertAll(
    db,
    s.profiles,
    ids.map((id, i) => ({
      profileable_type: "Lead" as const,
      profileable_id: id,
      first_name: people[i].first,
      last_name: people[i].last,
      full_name: people[i].full,
      contact_email: leads[i].email,
      contact_phone: people[i].phone,
    })),
  );
  await insertAll(
    db,
    s.leadEvents,
    ids.flatMap((id, i) =>
      visits[i].map((day, k) => {
        // Visits walk down the funnel and stay at the furthest page reached.
        const step = FUNNEL[Math.min(k, FUNNEL.findIndex(([, page]) => page === leads[i].last_visited_page))];
        // From the quote on, the event carries the premium the visitor was offered.
        const premium = k >= 2 && leads[i].premium_total ? { premium_total: leads[i].premium_total } : {};
        return { lead_id: id, tag: step[0], policy_type_id: 1, agency_id: leads[i].agency_id, data: { page: step[1], ...premium }, created_at: notFuture(during(r, day)) };
      }),
    ),
  );
  return ids.length;
}
