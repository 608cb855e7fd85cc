export { CoverageProofForm } from "./CoverageProofForm";
export { valuesFromPolicy, valuesFromRevision, type SubmittedProof } from "./coverageProofRules";
