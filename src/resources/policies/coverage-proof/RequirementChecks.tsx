import { useEffect, useState } from "react";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import CancelIcon from "@mui/icons-material/Cancel";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import { Box, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useWatch } from "react-hook-form";
import { formatLongDate } from "../../../domain/format";
import { formatCents, toCents } from "../../../domain/money";
import type { DeclineReasonKey } from "../../../domain/policies";
import type { ProfileSource, RuleCheck } from "../../../domain/requirements";
import { useRequest } from "../../common/useRequest";
import type { CoverageProofValues } from "./coverageProofRules";

export interface RequirementFacts {
  /** What assisted review read of the additional interests; null when the certificate names none. */
  interestedParties?: string[] | null;
  /** The largest deductible known (cents). */
  deductible?: number | null;
  /** Told the decline reasons the failed rules support, whenever they change. */
  onReasons?: (reasons: DeclineReasonKey[]) => void;
}

interface CheckAnswer {
  source: ProfileSource | null;
  checks: RuleCheck[];
  suggested_reasons: DeclineReasonKey[];
}

const k = (key: string) => `app.compliance.checks.${key}`;
const MONEY_RULES = new Set(["minimum_liability", "maximum_deductible"]);
const DEBOUNCE_MS = 400;

const shown = (rule: string, value: RuleCheck["expected"]) => {
  if (value === null || value === "") return "—";
  if (MONEY_RULES.has(rule) && typeof value === "number") return formatCents(value);
  if (rule === "grace_period" && typeof value === "string") return formatLongDate(value);
  return String(value);
};

const ICON = { met: <CheckCircleIcon color="success" fontSize="small" />, not_met: <CancelIcon color="error" fontSize="small" />, unknown: <HelpOutlineIcon color="disabled" fontSize="small" /> };

/**
 * The proof review's rule panel (issue 17 section 1): the requirement profile of the chosen unit's community (else its
 * account's), each rule met or not by what the form says now (liability, carrier, effective date) and what assisted
 * review read (additional interests, deductible). Asked again a moment after the form changes.
 */
export function RequirementChecks({ interestedParties = null, deductible = null, onReasons }: RequirementFacts) {
  const translate = useTranslate();
  const { request } = useRequest();
  const [accountId, unitId, carrier, effective, coverages] = useWatch<CoverageProofValues, ["account_id", "unit_id", "out_of_system_carrier_title", "effective_date", "coverages"]>({
    name: ["account_id", "unit_id", "out_of_system_carrier_title", "effective_date", "coverages"],
  });
  const liability = (coverages ?? []).find((c) => c.designation === "liability" && c.enabled !== false && c.limit !== "");
  const body = JSON.stringify({
    account_id: accountId || null,
    unit_id: unitId || null,
    proof: {
      liability_limit: liability ? toCents(liability.limit) : null,
      deductible,
      carrier: carrier?.trim() || null,
      interested_parties: interestedParties,
      effective_date: effective || null,
    },
  });
  const [answer, setAnswer] = useState<CheckAnswer | null>(null);

  useEffect(() => {
    const parsed = JSON.parse(body) as { account_id: number | null; unit_id: number | null };
    if (!parsed.account_id && !parsed.unit_id) {
      setAnswer(null);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      request<CheckAnswer>("/requirement_checks", { method: "POST", body: JSON.parse(body) as object, signal: controller.signal })
        .then(({ json }) => setAnswer(json))
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, request]);

  const reasons = (answer?.suggested_reasons ?? []).join(",");
  useEffect(() => {
    onReasons?.(reasons ? (reasons.split(",") as DeclineReasonKey[]) : []);
  }, [reasons, onReasons]);

  if (!answer || !answer.source) {
    return (
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="requirement-checks">
        <Typography variant="subtitle2">{translate(k("title"))}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(k("pick_unit"))}
        </Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="requirement-checks">
      <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
        <Typography variant="subtitle2">{translate(k("title"))}</Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(`app.compliance.profile.source.${answer.source}`)}
        </Typography>
      </Box>
      <List dense disablePadding>
        {answer.checks.map((check) => (
          <ListItem key={check.rule} disableGutters data-rule={check.rule} data-status={check.status}>
            <ListItemIcon sx={{ minWidth: 28 }} aria-label={translate(k(`status.${check.status}`))}>
              {ICON[check.status]}
            </ListItemIcon>
            <ListItemText
              primary={translate(k(`rules.${check.rule}`))}
              secondary={translate(k("expected_actual"), { expected: shown(check.rule, check.expected), actual: shown(check.rule, check.actual), status: translate(k(`status.${check.status}`)) })}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
