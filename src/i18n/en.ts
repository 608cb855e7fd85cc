import englishMessages from "ra-language-english";
import { authMessages } from "./messages/auth";
import { changeRequestsMessages } from "./messages/changeRequests";
import { complianceMessages } from "./messages/compliance";
import { coverageProofMessages } from "./messages/coverageProof";
import { rentGuaranteeImportMessages } from "./messages/rentGuaranteeImport";
import { dmrMessages } from "./messages/dmr";
import { policyBillingMessages } from "./messages/policyBilling";
import { policyBrowseMessages } from "./messages/policyBrowse";
import { policyDetailMessages } from "./messages/policyDetail";
import { errorMessages } from "./messages/errors";
import { gridMessages } from "./messages/grid";
import { gridKitMessages } from "./messages/gridKit";
import { homeMessages } from "./messages/home";
import { paletteMessages } from "./messages/palette";
import { reportsMessages } from "./messages/reports";
import { residentUploadMessages } from "./messages/residentUpload";
import { resourceMessages } from "./messages/resources";
import { reviewMessages } from "./messages/review";
import { shellMessages } from "./messages/shell";
import { termsMessages } from "./messages/terms";

/** resources.<name>: each resource's texts, the default export of src/i18n/resources/<name>.ts. */
const perResource = import.meta.glob<Record<string, unknown>>("./resources/*.ts", { eager: true, import: "default" });
const resourceTexts = Object.fromEntries(Object.entries(perResource).map(([path, texts]) => [path.slice("./resources/".length, -".ts".length), texts]));

/**
 * The English catalogue: react-admin's own texts plus every Coverdesk text, spec texts written exactly as the spec
 * writes them. Each area keeps its messages in ./messages; other locales are merged over this one.
 */
export const en = {
  ...englishMessages,
  resources: { ...resourceMessages, ...resourceTexts },
  app: {
    auth: authMessages,
    errors: errorMessages,
    grid: gridMessages,
    grid_kit: gridKitMessages,
    home: homeMessages,
    palette: paletteMessages,
    shell: shellMessages,
    terms: termsMessages,
    change_requests: changeRequestsMessages,
    compliance: complianceMessages,
    coverage_proof: coverageProofMessages,
    dmr: dmrMessages,
    policy_billing: policyBillingMessages,
    policy_browse: policyBrowseMessages,
    policy_detail: policyDetailMessages,
    review: reviewMessages,
    rent_guarantee_import: rentGuaranteeImportMessages,
    reports: reportsMessages,
    resident_upload: residentUploadMessages,
  },
};

export type Messages = typeof en;
