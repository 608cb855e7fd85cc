import AccountCircle from "@mui/icons-material/AccountCircle";
import { Box, Button, Divider, IconButton, ListItemText, Menu, MenuItem, Typography } from "@mui/material";
import { useLogout, useTranslate } from "react-admin";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import type { StaffUser } from "../dataProvider/types";
import { USER_DROPDOWN_WIDTH } from "../domain/constants";
import { isExplicitlyOff } from "../domain/permissions";
import { useCurrentUser } from "./useCurrentUser";

interface DropdownLink {
  to: string;
  label: string;
  hint: string;
}

/**
 * The links of the user dropdown (document 1 section 2.3 and 5, readings C-20, C-30): My Profile; Agency for agents;
 * Account for staff unless property_management.users.edit is explicitly false. Policy support gets none.
 */
export function dropdownLinks(user: StaffUser): DropdownLink[] {
  if (user.role === "policy_support") return [];
  const links: DropdownLink[] = [{ to: "/dashboard/profile", label: "app.shell.top_bar.my_profile", hint: "app.shell.top_bar.my_profile_hint" }];
  if (user.role === "agent") {
    links.push({ to: `/dashboard/agencies/view/${user.organizable_id}`, label: "app.shell.top_bar.agency", hint: "app.shell.top_bar.agency_hint" });
  }
  if (user.role === "staff" && !isExplicitlyOff(user, "property_management.users.edit")) {
    links.push({ to: `/dashboard/accounts/view/${user.organizable_id}`, label: "app.shell.top_bar.account", hint: "app.shell.top_bar.account_hint" });
  }
  return links;
}

/** The user dropdown, 350 px wide. Policy support sees neither header nor links, but keeps LOGOUT (C-30). */
export function UserDropdown() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const showHeader = user.role !== "policy_support";
  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={translate("app.shell.top_bar.user_menu")}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: USER_DROPDOWN_WIDTH } } }}>
        {showHeader && (
          <Box sx={{ px: 2, py: 1 }}>
            <Typography fontWeight={600}>{user.profile_attributes?.full_name || user.email}</Typography>
            <Typography variant="body2" color="text.secondary">
              {user.email}
            </Typography>
          </Box>
        )}
        {showHeader && <Divider />}
        {dropdownLinks(user).map((link) => (
          <MenuItem key={link.to} onClick={() => go(link.to)}>
            <ListItemText primary={translate(link.label)} secondary={translate(link.hint)} />
          </MenuItem>
        ))}
        {showHeader && <Divider />}
        <Box sx={{ px: 2, py: 1 }}>
          <Button fullWidth variant="outlined" onClick={() => logout()}>
            {translate("app.shell.top_bar.logout")}
          </Button>
        </Box>
      </Menu>
    </>
  );
}
