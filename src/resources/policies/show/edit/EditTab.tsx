import { Alert } from "@mui/material";
import { useTranslate } from "react-admin";
import type { Role } from "../../../../domain/roles";
import { CoverageProofForm, valuesFromPolicy } from "../../coverage-proof";
import { editorFor } from "../policyDetailRules";
import type { PolicyDetail } from "../types";
import { PersonEditForm } from "./PersonEditForm";
import { RentGuaranteeEditForm } from "./RentGuaranteeEditForm";

/** The Edit tab's editor by policy (document 2 section 2; readings C-10). */
export const EditTab = ({ policy, onSaved, role }: { policy: PolicyDetail; onSaved: () => void; role?: Role }) => {
  const translate = useTranslate();
  switch (editorFor(policy)) {
    case "rent_guarantee":
      return <RentGuaranteeEditForm policy={policy} onSaved={onSaved} />;
    case "residential":
      return <PersonEditForm policy={policy} onSaved={onSaved} commercial={false} />;
    case "commercial":
      return <PersonEditForm policy={policy} onSaved={onSaved} commercial />;
    case "coverage_proof":
      return <CoverageProofForm role={role} policy={policy} initial={valuesFromPolicy(policy)} onSaved={onSaved} />;
    default:
      return <Alert severity="info">{translate("app.policy_detail.edit.not_editable")}</Alert>;
  }
};
