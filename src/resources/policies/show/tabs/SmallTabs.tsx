import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { formatLongDate, humanizeEnum } from "../../../../domain/format";
import { formatCents } from "../../../../domain/money";
import { DetailItem } from "../PolicyDetailsCard";
import type { AcordEntry, Fields } from "../types";
import { formatAddress } from "./CustomersTab";

const obj = (v: unknown): Fields => (v && typeof v === "object" ? (v as Fields) : {});
const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Additional Interest (document 2 section 3): first and last name, email, phone, address. */
export const AdditionalInterestTab = ({ interest }: { interest: Fields }) => (
  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
    {(["first_name", "last_name", "email_address", "phone_number"] as const).map((field) => (
      <DetailItem key={field} label={`app.policy_detail.additional_interest.${field}`}>
        {str(interest[field])}
      </DetailItem>
    ))}
    <DetailItem label="app.policy_detail.additional_interest.address">{formatAddress(obj(interest.address))}</DetailItem>
  </Box>
);

/** ACORD History: change date, transaction, recorded premium, new status; 'No Records Found'. */
export const AcordHistoryTab = ({ entries }: { entries: AcordEntry[] }) => {
  const translate = useTranslate();
  if (entries.length === 0) return <Typography color="text.secondary">{translate("app.policy_detail.acord.empty")}</Typography>;
  return (
    <Table size="small" aria-label={translate("app.policy_detail.tabs.acord_history")}>
      <TableHead>
        <TableRow>
          {["file_date", "transaction", "premium", "updated_status"].map((c) => (
            <TableCell key={c}>{translate(`app.policy_detail.acord.${c}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e, i) => (
          <TableRow key={i}>
            <TableCell>{formatLongDate(e.file_date)}</TableCell>
            <TableCell>{humanizeEnum(e.transaction)}</TableCell>
            <TableCell>{formatCents(e.premium)}</TableCell>
            <TableCell>{humanizeEnum(e.updated_status)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** The rent-guarantee sections the employer, landlord and rent routes open read-only (readings C-44). */
export const ApplicationSection = ({ section, fields }: { section: "employer" | "landlord" | "rent"; fields: Fields }) => {
  const applicant = obj(obj(fields.employment).primary_applicant);
  const landlord = obj(fields.landlord);
  const e = (key: string) => `app.policy_detail.edit.fields.${key}`;
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
      {section === "employer" && (
        <>
          <DetailItem label={e("employment_type")}>{str(applicant.employment_type)}</DetailItem>
          <DetailItem label={e("employment_description")}>{str(applicant.job_description)}</DetailItem>
          <DetailItem label={e("employer_name")}>{str(applicant.company_name)}</DetailItem>
          <DetailItem label={e("employer_address")}>{formatAddress(obj(applicant.address))}</DetailItem>
        </>
      )}
      {section === "landlord" && (
        <>
          <DetailItem label={e("company")}>{str(landlord.company)}</DetailItem>
          <DetailItem label={e("contact_first_name")}>{str(landlord.first_name)}</DetailItem>
          <DetailItem label={e("contact_last_name")}>{str(landlord.last_name)}</DetailItem>
          <DetailItem label={e("phone")}>{str(landlord.phone_number)}</DetailItem>
          <DetailItem label={e("email")}>{str(landlord.email)}</DetailItem>
        </>
      )}
      {section === "rent" && (
        <>
          <DetailItem label="app.policy_detail.rent.guarantee_option">{str(fields.guarantee_option)}</DetailItem>
          <DetailItem label="app.policy_detail.rent.monthly_rent">{typeof fields.monthly_rent === "number" ? formatCents(fields.monthly_rent) : str(fields.monthly_rent)}</DetailItem>
        </>
      )}
    </Box>
  );
};
