import { useEffect, useState } from "react";
import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { formatLongDate } from "../../domain/format";

interface FieldChange {
  field: string;
  current: string;
  proposed: string;
}

interface Revision {
  id: number;
  created_at: string;
  submitted_by: string | null;
  diff: FieldChange[];
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
 * What pending updates would change (GET /policies/{id}/policy_revisions/{revId}): field, current and proposed value,
 * so the reviewer sees the difference before reading the new certificate.
 */
export function RevisionChanges({ policyId, revisionId }: { policyId: number; revisionId: number }) {
  const translate = useTranslate();
  const label = useFieldLabel();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [revision, setRevision] = useState<Revision | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setRevision(null);
    setFailed(false);
    dataProvider
      .request<Revision>(`/policies/${policyId}/policy_revisions/${revisionId}`)
      .then(({ json }) => live && setRevision(json))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [dataProvider, policyId, revisionId]);

  if (failed) return <Alert severity="error">{translate("app.review.failure")}</Alert>;
  if (!revision) return <CircularProgress size={24} />;
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
