import { useEffect, useState } from "react";
import { Box, CircularProgress, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { CoverageProofForm } from "../../resources/policies/coverage-proof";
import { type Assistance, applyAssistance, newUploadValues } from "../../resources/policies/coverage-proof/coverageProofRules";

/**
 * The REVIEW dialog's form (document 1 sections 3 and 5): first the PDF is read (assisted review), then the form
 * opens with what it states filled in and marked; a scan without text opens the form empty.
 */
export function DmrReviewForm({ fileId, role, onSubmitted, readOnly = false }: { fileId: number; role?: Role; onSubmitted: () => void; readOnly?: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [assistance, setAssistance] = useState<Assistance | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setAssistance(undefined);
    dataProvider
      .request<Assistance>(`/dmr/checked_files/${fileId}/extract`)
      .then(({ json }) => live && setAssistance(json))
      .catch(() => live && setAssistance(null));
    return () => {
      live = false;
    };
  }, [dataProvider, fileId]);

  if (assistance === undefined) {
    return (
      <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
        <CircularProgress size={20} />
        <Typography>{translate("app.coverage_proof.reading")}</Typography>
      </Box>
    );
  }
  const { values, prefilled } = applyAssistance(newUploadValues(), assistance);
  const requirements = { interestedParties: assistance?.fields?.interested_parties ?? null, deductible: assistance?.fields?.deductible ?? null };
  return (
    <CoverageProofForm
      key={fileId}
      role={role}
      initial={values}
      prefilled={prefilled}
      knownAccount={assistance?.location?.account}
      dmr={{ fileId, onSubmitted }}
      readOnly={readOnly}
      requirements={requirements}
    />
  );
}
