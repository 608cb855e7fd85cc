export { CoverageProofForm } from "./CoverageProofForm";
export { UploadCoverageProofPage } from "./UploadCoverageProofPage";
export { valuesFromPolicy, valuesFromRevision, type SubmittedProof } from "./coverageProofRules";
