import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { formatLongDate } from "../../domain/format";
import type { SubmittedProof } from "../../resources/policies/coverage-proof";

export interface FieldChange {
  field: string;
  current: string;
  proposed: string;
}

/** GET /policies/{id}/policy_revisions/{revId} (docs/API.md "Pending revisions"). */
export interface RevisionDetail {
  id: number;
  created_at: string;
  submitted_by: string | null;
  diff: FieldChange[];
  changes: SubmittedProof;
  location: { community_id: number | null; building_id: number | null; unit_id: number } | null;
}

const k = (key: string) => `app.review.updates.${key}`;
const DATE_FIELDS = ["effective_date", "expiration_date"];

/** Dates as the console shows dates everywhere (long form); other values come ready to read. */
const shown = (field: string, value: string) => (!value ? "—" : DATE_FIELDS.includes(field) ? formatLongDate(value) : value);

/** A field key of the server's comparison (`coverage.liability`, `expiration_date`) as its label. */
function useFieldLabel() {
  const translate = useTranslate();
  return (field: string) => {
    if (field.startsWith("coverage.")) {
      const designation = field.slice("coverage.".length);
      return translate(k("fields.coverage"), { designation: translate(`app.coverage_proof.designations.${designation}`, { _: designation }) });
    }
    return translate(k(`fields.${field}`), { _: field });
  };
}

/**
 * What pending updates would change: field, current and proposed value, so the reviewer sees the difference before
 * reading the new certificate.
 */
export function RevisionChanges({ revision }: { revision: RevisionDetail }) {
  const translate = useTranslate();
  const label = useFieldLabel();
  return (
    <Box sx={{ mb: 2 }} aria-label={translate(k("title"))} role="region">
      <Typography variant="subtitle1" component="h3">
        {translate(k("title"))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(k("submitted"), { name: revision.submitted_by ?? "—", date: formatLongDate(revision.created_at) })}
      </Typography>
      {revision.diff.length === 0 ? (
        <Typography variant="body2">{translate(k("none"))}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(k("field"))}</TableCell>
              <TableCell>{translate(k("current"))}</TableCell>
              <TableCell>{translate(k("proposed"))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {revision.diff.map((change) => (
              <TableRow key={change.field}>
                <TableCell>{label(change.field)}</TableCell>
                <TableCell>{shown(change.field, change.current)}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{shown(change.field, change.proposed)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
