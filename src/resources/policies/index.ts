import DescriptionIcon from "@mui/icons-material/Description";
import { defineResource, lazyView } from "../definition";
import access from "./access";

/**
 * Policies (document 2): policies/browse, policies/view/{id} with its tabs (Edit is one of them), and
 * policies/upload-coverage-proof, and the rent-guarantee mass import (policies/import, import/add, import/view/{id}).
 */
export default defineResource({
  name: "policies",
  api: { path: "policies", list: "post_list", one: "bare", body: "policy" },
  access,
  icon: DescriptionIcon,
  list: lazyView(() => import("./browse/PolicyList"), "PolicyList"),
  show: lazyView(() => import("./show/PolicyShow"), "PolicyShow"),
  routes: {
    "upload-coverage-proof": lazyView(() => import("./coverage-proof/UploadCoverageProofPage"), "UploadCoverageProofPage"),
    // Rent-guarantee mass import (document 2 section 2): staff only (route rule policies/import).
    import: lazyView(() => import("./mass-import/GroupList"), "GroupList"),
    "import/add": lazyView(() => import("./mass-import/GroupAddPage"), "GroupAddPage"),
    "import/view/:id": lazyView(() => import("./mass-import/GroupViewPage"), "GroupViewPage"),
  },
});
