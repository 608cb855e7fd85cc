import { useEffect, useState } from "react";
import { Box, Chip, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { TAB_KEYS, TAB_SEGMENT } from "./policyDetailRules";
import { forgetPolicy, readRecent, visitPolicy, type RecentQueue } from "./recentPolicies";

/** The recently viewed policies (document 2 section 2) as chips: a click reopens the policy on its last tab. */
export const RecentPoliciesBar = ({ current }: { current: { id: number; number: string; status: string } }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [queue, setQueue] = useState<RecentQueue>(() => readRecent());
  useEffect(() => setQueue(visitPolicy(current)), [current.id, current.number, current.status]); // eslint-disable-line react-hooks/exhaustive-deps
  const others = queue.items;
  if (others.length < 2) return null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 2 }} aria-label={translate("app.policy_detail.recent.title")} role="navigation">
      <Typography variant="caption" color="text.secondary">
        {translate("app.policy_detail.recent.title")}
      </Typography>
      {others.map((item) => (
        <Chip
          key={item.id}
          label={item.number}
          size="small"
          color={item.id === current.id ? "primary" : "default"}
          variant={item.id === current.id ? "filled" : "outlined"}
          onClick={() => {
            const segment = TAB_SEGMENT[TAB_KEYS[item.tab] ?? "customers"];
            navigate(`/dashboard/policies/view/${item.id}${segment ? `/${segment}` : ""}`);
          }}
          onDelete={item.id === current.id ? undefined : () => setQueue(forgetPolicy(item.id))}
        />
      ))}
    </Box>
  );
};
