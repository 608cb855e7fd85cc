import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import ApartmentIcon from "@mui/icons-material/Apartment";
import AssignmentIcon from "@mui/icons-material/Assignment";
import BuildIcon from "@mui/icons-material/Build";
import BusinessIcon from "@mui/icons-material/Business";
import DescriptionIcon from "@mui/icons-material/Description";
import EmailIcon from "@mui/icons-material/Email";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import RateReviewIcon from "@mui/icons-material/RateReview";
import StoreIcon from "@mui/icons-material/Store";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import VerifiedUserIcon from "@mui/icons-material/VerifiedUser";

/** The icons the menus of domain/menus.ts name (the domain stays free of UI imports). */
export const MENU_ICONS: Record<string, typeof AccountBalanceIcon> = {
  account: AccountBalanceIcon,
  add_admin_support: PersonAddIcon,
  agency: StoreIcon,
  compliance: VerifiedUserIcon,
  csv_imports: UploadFileIcon,
  email_history: EmailIcon,
  leases: DescriptionIcon,
  policy_review: RateReviewIcon,
  properties: ApartmentIcon,
  property_management: BusinessIcon,
  requests: AssignmentIcon,
  tools: BuildIcon,
};
