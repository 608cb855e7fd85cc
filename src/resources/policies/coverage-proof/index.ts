export { CoverageProofForm } from "./CoverageProofForm";
export { UploadCoverageProofPage } from "./UploadCoverageProofPage";
export { valuesFromPolicy } from "./coverageProofRules";
