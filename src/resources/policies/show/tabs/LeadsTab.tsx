import { FormControlLabel, Switch, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useNavigate, useSearchParams } from "react-router-dom";
import { formatLongDate } from "../../../../domain/format";
import { formatCents } from "../../../../domain/money";
import { LeadArchiveMenu } from "../../../leads/LeadArchiveMenu";
import { usePagedRequest } from "../usePagedRequest";
import { LEADS_PAGE_OPTIONS, LEADS_PER_PAGE } from "../../../../domain/leads";

interface Lead {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  agency_name: string | null;
  created_at: string;
  last_visit: string | null;
  last_visited_page: string | null;
  site_visits: number;
  premium_total: number | null;
  interested_product: string | null;
  archived: boolean;
}

const l = (key: string) => `app.policy_detail.leads.${key}`;

/** Leads of the policy: paginated (20; 10, 20, 50, 250, 500), Archived toggle, state kept in the address. */
export const LeadsTab = ({ policyId }: { policyId: number }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const archived = params.get("archived") === "true";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const per = LEADS_PAGE_OPTIONS.includes(Number(params.get("per"))) ? Number(params.get("per")) : LEADS_PER_PAGE;
  const update = (changes: Record<string, string>) => setParams((p) => ({ ...Object.fromEntries(p), ...changes }), { replace: true });
  const { rows, total, loading, refetch } = usePagedRequest<Lead>(`/policies/${policyId}/get_leads`, {
    sort: { column: "created_at", direction: "desc" },
    pagination: { page, per },
    filter: { archived },
  });

  return (
    <>
      <FormControlLabel control={<Switch checked={archived} onChange={(e) => update({ archived: String(e.target.checked), page: "1" })} />} label={translate(l("archived"))} />
      {!loading && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 2 }}>
          {translate(l("empty"))}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate("app.policy_detail.tabs.leads")}>
          <TableHead>
            <TableRow>
              {["email", "name", "agency", "created_at", "last_visit", "last_visited_page", "site_visits", "premium_total", "interested_product"].map((c) => (
                <TableCell key={c}>{translate(l(c))}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((lead) => (
              <TableRow key={lead.id} hover sx={{ cursor: "pointer" }} onClick={() => navigate(`/dashboard/leads/view/${lead.id}`)}>
                <TableCell>{lead.email}</TableCell>
                <TableCell>{[lead.first_name, lead.last_name].filter(Boolean).join(" ")}</TableCell>
                <TableCell>{lead.agency_name}</TableCell>
                <TableCell>{formatLongDate(lead.created_at)}</TableCell>
                <TableCell>{formatLongDate(lead.last_visit)}</TableCell>
                <TableCell>{lead.last_visited_page}</TableCell>
                <TableCell>{lead.site_visits}</TableCell>
                <TableCell>{formatCents(lead.premium_total)}</TableCell>
                <TableCell>{lead.interested_product}</TableCell>
                <TableCell>
                  <LeadArchiveMenu lead={lead} onDone={refetch} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page - 1, Math.max(0, Math.ceil(total / per) - 1))}
        rowsPerPage={per}
        rowsPerPageOptions={LEADS_PAGE_OPTIONS}
        onPageChange={(_e, p) => update({ page: String(p + 1) })}
        onRowsPerPageChange={(e) => update({ per: e.target.value, page: "1" })}
      />
    </>
  );
};
