import { Box, Card, CardContent, CardHeader, Link, Stack, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatLongDate, humanizeEnum } from "../../../../domain/format";
import { DetailItem } from "../PolicyDetailsCard";
import type { Address, PolicyUser } from "../types";

export const formatAddress = (a: Partial<Address> | null | undefined) =>
  a ? [[a.street_number, a.street_name].filter(Boolean).join(" "), a.street_two, a.city, [a.state, a.zip_code].filter(Boolean).join(" ")].filter((x) => x && String(x).trim()).join(", ") : "";

const c = (key: string) => `app.policy_detail.customers.${key}`;

/** Customers: the primary one, then Customer 2, 3 … (document 2 section 2). */
export const CustomersTab = ({ users }: { users: PolicyUser[] }) => {
  const translate = useTranslate();
  if (users.length === 0) return <Typography color="text.secondary">{translate(c("none"))}</Typography>;
  return (
    <Stack spacing={2}>
      {users.map((user, index) => (
        <Card key={user.id} variant="outlined">
          <CardHeader
            title={index === 0 ? translate(c("primary")) : translate(c("numbered"), { n: index + 1 })}
            slotProps={{ title: { component: "h3", variant: "subtitle1" } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
              <DetailItem label={c("name")}>
                <Link component={RouterLink} to={`/dashboard/users/view/${user.id}`}>
                  {user.profile_attributes.full_name ?? user.email}
                </Link>
              </DetailItem>
              <DetailItem label={c("email")}>{user.email}</DetailItem>
              <DetailItem label={c("phone")}>{user.profile_attributes.contact_phone}</DetailItem>
              <DetailItem label={c("birth_date")}>{formatLongDate(user.profile_attributes.birth_date)}</DetailItem>
              <DetailItem label={c("address")}>{formatAddress(user.address_attributes)}</DetailItem>
              <DetailItem label={c("resident_type")}>{humanizeEnum(user.resident_type)}</DetailItem>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
};
