/**
 * The public terms of service (document 1 section 9 lists what they cover; the wording is ours). Provider names and
 * postal details stay neutral placeholders (readings C-47).
 */
export const termsMessages = {
  title: "Terms of Service",
  updated: "Last updated: November 1, 2026",
  intro: "These terms govern your use of Coverdesk, a service for managing renter and property insurance. By using the service you agree to them.",
  sections: {
    eligibility: {
      title: "1. Eligibility",
      body: "You must be at least 13 years old to use the service. If you use it for an organization, you confirm that you may bind that organization to these terms.",
    },
    accounts: {
      title: "2. Your account",
      body: "Keep your sign-in details confidential and tell us at once of any unauthorized use. You are responsible for what happens under your account.",
    },
    acceptable_use: {
      title: "3. Acceptable use",
      body: "Do not misuse the service: no unlawful activity, no attempts to access data you are not entitled to, no interference with its operation, and no automated scraping without our written consent.",
    },
    license: {
      title: "4. Licence to your data",
      body: "You keep ownership of the data you submit. You grant us a licence to host, process and display it only as needed to provide and improve the service.",
    },
    privacy: {
      title: "5. Privacy",
      body: "Our privacy notice explains what personal information we collect and how we use it. We process insurance and resident data only for the purposes of the service.",
    },
    security: {
      title: "6. Security",
      body: "We protect the service with administrative, technical and physical safeguards. No system is perfectly secure; report any vulnerability you find to us.",
    },
    payments: {
      title: "7. Payments",
      body: "Payments are handled by a third-party card payment provider under its own terms. We do not store full card numbers.",
    },
    indemnity: { title: "8. Indemnity", body: "You will indemnify us against claims arising from your breach of these terms or your misuse of the service." },
    warranty: {
      title: "9. Disclaimer of warranties",
      body: "The service is provided “as is” and “as available”, without warranties of any kind, to the extent the law allows.",
    },
    liability: {
      title: "10. Limitation of liability",
      body: "Our total liability for any claim is limited to the greater of the amount you paid us in the twelve months before the claim or 100 dollars.",
    },
    law: { title: "11. Governing law", body: "These terms are governed by the laws of the State of California, without regard to its conflict-of-law rules." },
    arbitration: {
      title: "12. Arbitration",
      body: "Before filing a claim, you and we will try for 60 days to resolve the dispute informally. If that fails, the dispute is settled by binding individual arbitration.",
    },
    class_action: {
      title: "13. Class-action and jury waiver",
      body: "Claims may be brought only individually, not as a plaintiff or class member in any class or representative proceeding, and you and we waive a trial by jury.",
    },
    general: {
      title: "14. General terms",
      body: "You consent to receive communications from us electronically. You may not assign these terms; we may assign them to a successor. We may change these terms and will notify you of material changes; continued use means acceptance. These terms are the entire agreement between us, and a failure to enforce a provision is not a waiver.",
    },
    california: {
      title: "15. Notice to California residents",
      body: "Under California Civil Code section 1789.3, California residents may contact the Complaint Assistance Unit of the Division of Consumer Services of the California Department of Consumer Affairs in writing. Our postal address is: [Provider name], [Street address], New York, NY [ZIP code]. To stop receiving marketing email from us, use the opt-out link in any such message or write to us at [privacy contact email].",
    },
  },
} as const;

export const TERMS_SECTION_IDS = Object.keys(termsMessages.sections) as Array<keyof typeof termsMessages.sections>;
