import { Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { failureText, useRequest, useLoaded } from "../common/useRequest";
import type { BillingStrategy, Carrier } from "./types";

const t = (key: string) => `resources.carriers.billing.${key}`;

/** Billing strategies tab: the agencies' strategies per policy type; the switch answers 'Billing strategy is switched on|off'. */
export const CarrierBillingTab = ({ carrier }: { carrier: Carrier }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { rows, reload } = useLoaded<BillingStrategy[]>(`/carriers/${carrier.id}/billing_strategies_list`);
  const { canAccess: canToggle } = useCanAccess({ resource: "carrier-billing-strategies", action: "edit" });
  const toggle = async (strategy: BillingStrategy) => {
    try {
      const { json } = await request<{ message: string }>(`/carriers/${carrier.id}/toggle_billing_strategy`, { query: { billing_strategy_id: strategy.id } });
      say("success", json.message, json.message);
      reload();
    } catch (e) {
      say("error", "resources.carriers.failure", failureText(e));
    }
  };
  if (rows && rows.length === 0) return <Typography>{translate(t("none"))}</Typography>;
  return (
    <Table size="small" aria-label={translate("resources.carriers.tabs.billing_strategies")}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(t("agency"))}</TableCell>
          <TableCell>{translate(t("policy_type"))}</TableCell>
          <TableCell>{translate(t("title"))}</TableCell>
          <TableCell>{translate(t("payments_per_term"))}</TableCell>
          <TableCell>{translate(t("enabled"))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(rows ?? []).map((strategy) => (
          <TableRow key={strategy.id}>
            <TableCell>{strategy.agency_title}</TableCell>
            <TableCell>{strategy.policy_type_title}</TableCell>
            <TableCell>{strategy.title}</TableCell>
            <TableCell>{strategy.new_business.payments_per_term}</TableCell>
            <TableCell>
              <Switch
                checked={strategy.enabled}
                disabled={!canToggle}
                onChange={() => void toggle(strategy)}
                slotProps={{ input: { "aria-label": `${strategy.agency_title} ${strategy.policy_type_title} ${strategy.title}` } }}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
