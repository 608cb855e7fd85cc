import UploadFileIcon from "@mui/icons-material/UploadFile";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { CsvImport } from "./types";

/** Past CSV uploads (issue 16 section 5): /dashboard/csv-imports, every import of the caller's tenant with its result file. */
export default defineResource({
  name: "csv-imports",
  api: { path: "csv_imports", list: "get", one: "bare" },
  access,
  icon: UploadFileIcon,
  recordRepresentation: (record: CsvImport) => record.file_name,
  routes: { "": lazyView(() => import("./CsvImportList"), "CsvImportList") },
});
