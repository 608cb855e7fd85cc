import { Card, CardContent } from "@mui/material";
import { useTranslate } from "react-admin";
import { PageHeader } from "../../../layout/PageHeader";
import { useCurrentUser } from "../../../layout/useCurrentUser";
import { resourcePath } from "../../paths";
import { CoverageProofForm } from "./CoverageProofForm";
import { newUploadValues } from "./coverageProofRules";

/** policies/upload-coverage-proof: 'Upload Coverage Proof Policy' (document 2 section 2; readings C-05). */
export const UploadCoverageProofPage = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  if (!user) return null;
  // Staff cannot choose an account: theirs is used (document 2 section 5).
  const initial = newUploadValues(user.role === "staff" && user.organizable_id ? { account_id: user.organizable_id } : {});
  return (
    <>
      <PageHeader titleKey="app.coverage_proof.title" crumbs={[{ label: translate("app.policy_detail.crumbs.policies"), to: resourcePath.browse("policies") }]} />
      <Card>
        <CardContent>
          <CoverageProofForm role={user.role} initial={initial} />
        </CardContent>
      </Card>
    </>
  );
};
