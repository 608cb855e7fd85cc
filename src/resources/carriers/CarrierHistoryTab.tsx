import { useTranslate } from "react-admin";
import { formatLongDate, humanizeEnum } from "../../domain/format";
import { type HistoryChanges, historyValue } from "../../domain/history";
import { AccountTabTable } from "../accounts/AccountTabTable";
import type { Carrier } from "./types";

interface HistoryRow {
  id: number;
  recordable_type: "Carrier" | "CarrierAgency";
  action: string;
  author: string;
  data: HistoryChanges;
  created_at: string;
}

const changesOf = (row: HistoryRow) =>
  Object.entries(row.data ?? {})
    .map(([field, change]) => `${field}: ${historyValue(change, change.previous_value)} → ${historyValue(change, change.new_value)}`)
    .join("; ");

/** History tab (DESIGN.md section 3, super admins): the carrier's changes and its agency assignments', newest first. */
export const CarrierHistoryTab = ({ carrier }: { carrier: Carrier }) => {
  const translate = useTranslate();
  return (
    <AccountTabTable<HistoryRow>
      label="resources.carriers.tabs.history"
      columnTexts="resources.carriers.history"
      path={`/carriers/${carrier.id}/histories`}
      columns={[
        { key: "created_at", render: (row) => `${formatLongDate(row.created_at)} ${new Date(row.created_at).toLocaleTimeString("en-US")}` },
        { key: "author" },
        { key: "record", render: (row) => translate(`resources.carriers.history.records.${row.recordable_type}`) },
        { key: "action", render: (row) => humanizeEnum(row.action) },
        { key: "changes", render: changesOf },
      ]}
    />
  );
};
